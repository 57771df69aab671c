/**
 * Claude Code knows a skill by its directory's name, and the user's copy wins over the project's
 * (docs/agents.md; DECISIONS #51). Of `~/.claude/skills/baz` (name `qux`) and the project's
 * `.claude/skills/baz` (name `baz`) it lists the user's alone. `skc prompt` and `budget` said so;
 * `skc discover` listed both as live and named the project's copy nowhere as hidden (sixty-third pass's
 * probe of the agents' view).
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { discoverCommand } from "../../src/app/skills/discover.js"
import { prompt } from "../../src/app/skills/prompt.js"
import { memoryWorld } from "../../src/testing.js"

const SKILL = (name: string, what: string) => `---\nname: ${name}\ndescription: "${what}. Use when asked."\n---\n# ${name}\n`
const ok = <A, E>(r: Result.Result<A, E>): A => Result.getOrThrow(r)

describe("discover --agent claude: a skill hidden by another's directory name", () => {
  const files = {
    "/proj/.git/HEAD": "ref: refs/heads/main\n",
    "/home/u/.claude/skills/baz/SKILL.md": SKILL("qux", "User baz dir named qux"),
    "/proj/.claude/skills/baz/SKILL.md": SKILL("baz", "Project baz dir named baz"),
    "/proj/.claude/skills/other/SKILL.md": SKILL("other", "Another project skill")
  }

  it("is shadowed by the skill listed in its place, as the listing (skc prompt) has it", async () => {
    const w = memoryWorld({ files })
    const r = ok(await w.run(discoverCommand({ agent: "claude" })))
    expect(r.skills.map((s) => `${s.scope} ${s.name}`).sort()).toEqual(["project other", "user qux"])
    expect(r.shadowed).toEqual([
      expect.objectContaining({ scope: "project", name: "baz", path: "/proj/.claude/skills/baz/SKILL.md", winner: { scope: "user", path: "/home/u/.claude/skills/baz/SKILL.md" } })
    ])
    expect(r.shadowed[0]).not.toHaveProperty("also_listed")
    const listed = ok(await w.run(prompt({ agent: "claude" })))
    const text = JSON.stringify(listed)
    expect(text).toContain("User baz dir named qux")
    expect(text).not.toContain("Project baz dir named baz")
  })

  it("other agents know skills by name: both stay live for them", async () => {
    const agents = { ...files, "/home/u/.agents/skills/baz/SKILL.md": SKILL("qux", "User baz"), "/proj/.agents/skills/baz/SKILL.md": SKILL("baz", "Project baz") }
    const r = ok(await memoryWorld({ files: agents }).run(discoverCommand({ agent: "agentskills" })))
    expect(r.skills.map((s) => s.name).sort()).toEqual(expect.arrayContaining(["baz", "qux"]))
  })
})

describe("prompt --agent claude <directory name>: the name Claude Code lists and invokes the skill by", () => {
  it("picks the skill of a directory whose frontmatter name differs, as load and permissions do; its name still picks it", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.git/HEAD": "ref: refs/heads/main\n",
        "/proj/.claude/skills/pdfdir/SKILL.md": SKILL("pdf", "Fill PDF forms"),
        "/proj/.claude/skills/other/SKILL.md": SKILL("other", "Another project skill")
      }
    })
    const byDir = ok(await w.run(prompt({ agent: "claude", skills: ["pdfdir"] })))
    expect(byDir.xml).toBe("- pdfdir (pdf): Fill PDF forms. Use when asked.")
    const byName = ok(await w.run(prompt({ agent: "claude", skills: ["pdf"] })))
    expect(byName.xml).toBe(byDir.xml)
  })
})
