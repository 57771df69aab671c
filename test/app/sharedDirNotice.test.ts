// DECISIONS #53: the shared `.agents/skills` is read by Codex, Copilot, Gemini CLI, OpenCode and Amp, not by
// Claude Code. `skc load` said so of one skill; `discover`, `prompt` and `budget` for claude answered "No
// skills discovered" over a project whose skills all sit there. They now say which skills of it the agent
// does not read, and which agents do. In memory.
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { renderWarning } from "../../src/domain/errors.js"
import { discoverCommand } from "../../src/app/skills/discover.js"
import { memoryWorld } from "../../src/testing.js"

const SKILL = (name: string) => `---\nname: ${name}\ndescription: ${name} skill for tests. Use when testing.\n---\n# ${name}\n`
const NOTE = /skills? in the shared \.agents\/skills/

describe("DECISIONS #53 skills of the shared .agents/skills an agent does not read", () => {
  const world = (extra: Record<string, string> = {}) =>
    memoryWorld({
      cwd: "/proj",
      files: {
        "/proj/.git/HEAD": "ref: refs/heads/main\n",
        "/proj/.agents/skills/shared/SKILL.md": SKILL("shared"),
        "/home/u/.agents/skills/mine/SKILL.md": SKILL("mine"),
        ...extra
      }
    })

  it("discover for claude names them, with their level, and the agents that read the directory", async () => {
    const w = world()
    const r = Result.getOrThrow(await w.run(discoverCommand({})))
    expect(r.skills).toEqual([])
    const notes = w.diagnostics.warnings.map(renderWarning).filter((l) => NOTE.test(l))
    expect(notes).toEqual([
      "warning: 2 skills in the shared .agents/skills (shared (project), mine (user)) are nowhere claude reads: Claude Code does not read that directory (codex, copilot, gemini, opencode, amp do: skc discover --agent codex)"
    ])
  })

  it("an agent that reads it says nothing of it, and lists them", async () => {
    const w = world()
    const r = Result.getOrThrow(await w.run(discoverCommand({ agent: "codex" })))
    expect(r.skills.map((s) => s.name).sort()).toEqual(["mine", "shared"])
    expect(w.diagnostics.warnings.map(renderWarning).filter((l) => NOTE.test(l))).toEqual([])
  })

  it("a name claude finds in its own directory is not missing, and a store skill is left to the store's notice", async () => {
    const w = world({
      "/proj/.claude/skills/shared/SKILL.md": SKILL("shared"),
      "/proj/.skillc/skills/mine/SKILL.md": SKILL("mine")
    })
    Result.getOrThrow(await w.run(discoverCommand({})))
    const lines = w.diagnostics.warnings.map(renderWarning)
    expect(lines.filter((l) => NOTE.test(l))).toEqual([])
    expect(lines.join("\n")).toContain("1 skill of skc's stores is nowhere claude reads (mine (project))")
  })

  it("names the skills grouped in folders there, which Codex finds (docs/agents.md: every skill there it finds under no name)", async () => {
    const w = world({
      "/proj/.agents/skills/grp/nested/SKILL.md": SKILL("nested"),
      // Deeper than Codex's scan goes (6 directories): no agent that groups skills bounded so finds it.
      "/proj/.agents/skills/a/b/c/d/e/f/deep/SKILL.md": SKILL("deep")
    })
    Result.getOrThrow(await w.run(discoverCommand({})))
    const notes = w.diagnostics.warnings.map(renderWarning).filter((l) => NOTE.test(l))
    expect(notes).toEqual([
      "warning: 3 skills in the shared .agents/skills (shared (project), nested (project), mine (user)) are nowhere claude reads: Claude Code does not read that directory (codex, copilot, gemini, opencode, amp do: skc discover --agent codex)"
    ])
  })
})
