// visibleSkills (DECISIONS #38): what resolves by name from the cwd, with scope, in memory.
import { Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import { visibleSkills } from "../../src/app/skills/visibleSkills.js"
import { build } from "../../src/app/build/build.js"
import { resolveSkill } from "../../src/app/skills/resolve.js"
import { memoryWorld } from "../../src/testing.js"

const SKILL = (name: string) => `---\nname: ${name}\ndescription: d\n---\n# ${name}\n`

describe("visibleSkills", () => {
  it("stores, then agent directories; a deployment of a store skill is not a second row; first entry of a name wins", async () => {
    const w = memoryWorld({
      cwd: "/proj/sub",
      files: {
        "/proj/.skillc/skills/demo/SKILL.md": SKILL("demo"),
        "/home/u/.skillc/skills/demo/SKILL.md": SKILL("demo"),
        "/home/u/.skillc/skills/glob/SKILL.md": SKILL("glob"),
        "/proj/.claude/skills/pdf/SKILL.md": SKILL("pdf"),
        "/proj/.cursor/skills/pdf/SKILL.md": SKILL("pdf"),
        "/home/u/.claude/skills/pdf/SKILL.md": SKILL("pdf"),
        "/home/u/.claude/skills/notes/SKILL.md": SKILL("notes"),
        "/home/u/.claude/skills/broken/SKILL.md": "no frontmatter"
      }
    })
    Result.getOrThrow(await w.run(build({ skill: "demo" })))
    const rows = Result.getOrThrow(await w.run(visibleSkills())).map((s) => [s.scope, s.name, s.sourceDir, s.foreign, s.shadowed])
    expect(rows).toEqual([
      ["project", "demo", "/proj/.skillc/skills/demo", false, false],
      ["global", "demo", "/home/u/.skillc/skills/demo", false, true],
      ["global", "glob", "/home/u/.skillc/skills/glob", false, false],
      ["agent-project", "pdf", "/proj/.claude/skills/pdf", true, false],
      ["agent-user", "notes", "/home/u/.claude/skills/notes", true, false]
    ])
    // Each listed, unshadowed row is what resolveSkill gives for its name.
    for (const s of Result.getOrThrow(await w.run(visibleSkills())).filter((x) => !x.shadowed)) {
      expect(Result.getOrThrow(await w.run(resolveSkill(s.name))).sourceDir).toBe(s.sourceDir)
    }
  })

  it("a deployment of another project's skill is listed with its agent scope and that project's runtime", async () => {
    const w = memoryWorld({
      cwd: "/elsewhere",
      files: {
        "/a/.skillc/skills/demo/SKILL.md": SKILL("demo"),
        "/a/.skillc/runtime/demo/SKILL.md": "stub",
        "/a/.skillc/runtime/demo/.skillc-meta/manifest.json": JSON.stringify({
          skill: "demo", version: 1, built_at: "2026-01-01T00:00:00Z", source_hash: "x", source_path: "/a/.skillc/skills/demo"
        })
      }
    })
    Effect.runSync(w.fs.makeDirectory("/home/u/.claude/skills", { recursive: true }))
    Effect.runSync(w.fs.symlink("/a/.skillc/runtime/demo", "/home/u/.claude/skills/demo", "dir"))
    const rows = Result.getOrThrow(await w.run(visibleSkills()))
    expect(rows.map((s) => [s.scope, s.name, s.sourceDir, s.runtimeDir, s.foreign])).toEqual([
      ["agent-user", "demo", "/a/.skillc/skills/demo", "/a/.skillc/runtime/demo", false]
    ])
  })

  it("a skill in an agent directory with an unquoted ': ' is listed as agents read it, and resolves to that row; a store's is skipped", async () => {
    const colon = (name: string) => `---\nname: ${name}\ndescription: Use when: the user asks for ${name}\n---\n# ${name}\n`
    const w = memoryWorld({
      cwd: "/proj",
      files: {
        "/proj/.skillc/skills/mine/SKILL.md": colon("mine"),
        "/proj/.claude/skills/colon/SKILL.md": colon("colon"),
        "/proj/.agents/skills/other/SKILL.md": colon("other")
      }
    })
    const rows = Result.getOrThrow(await w.run(visibleSkills()))
    expect(rows.map((s) => [s.scope, s.name, s.frontmatter.description]).sort()).toEqual([
      ["agent-project", "colon", "Use when: the user asks for colon"],
      ["agent-project", "other", "Use when: the user asks for other"]
    ])
    for (const s of rows) expect(Result.getOrThrow(await w.run(resolveSkill(s.name))).sourceDir).toBe(s.sourceDir)
    // The author's own store skill is read strictly: skc lints and builds it, and says why it is skipped.
    expect(rows.some((s) => s.name === "mine")).toBe(false)
  })
})
