// `skc build --target` over several builds of a project, through bin/skc.mjs (DECISIONS #51, #53;
// RFC-0009 `[build] targets`; README "skc build", "Where the links go"): the note on making the
// targets the default, the links an earlier target left, and `-v`'s one line on an index up to date.
import { existsSync, lstatSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

const SKILL = (name: string) => `---\nname: ${name}\ndescription: A skill for tests. Use when testing.\n---\n\n# Title\n\n## Part\n`

/** A project with these skills in its store. */
const project = (...names: Array<string>) => {
  const sb = sandbox()
  for (const name of names) {
    mkdirSync(join(sb.work, ".skillc", "skills", name), { recursive: true })
    writeFileSync(join(sb.work, ".skillc", "skills", name, "SKILL.md"), SKILL(name))
  }
  return sb
}

const NOTE = 'note: to deploy here by default, set [build] targets = ["claude", "agents"] in .skillc/config.toml\n'

describe("DECISIONS #51, #53: a --target other than the project's default says how to make it the default", () => {
  it("skc build --all --target claude,agents: the note once, after the build's lines; not with the default's targets, nor --global, nor in the JSON", async () => {
    const sb = project("a", "b")
    const r = await sb.runAsync(["build", "--all", "--target", "claude,agents"])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout.split("\n").at(-2)).toBe("2 skills: 2 built, 0 failed")
    expect(r.stderr).toBe(NOTE)
    // One skill: the same note; in JSON, stdout is the document alone.
    const json = await sb.runAsync(["build", "a", "--target", "claude,agents", "--format", "json"])
    expect(JSON.parse(json.stdout).skill).toBe("a")
    expect(json.stderr).toBe(NOTE)
    // The default's own targets, in any order: no note (the .agents/skills links just made are warned of, below).
    expect((await sb.runAsync(["build", "a", "--target", "claude"])).stderr).not.toContain("note:")
    mkdirSync(join(sb.work, ".skillc"), { recursive: true })
    writeFileSync(join(sb.work, ".skillc", "config.toml"), 'version = 1\n\n[build]\ntargets = ["claude", "agents"]\n')
    expect((await sb.runAsync(["build", "--all", "--target", "agents,claude"])).stderr).toBe("")
    expect((await sb.runAsync(["build", "--all"])).stderr).toBe("")
    // What the note offers works: the teammate's plain build deploys a skill added later to both.
    mkdirSync(join(sb.work, ".skillc", "skills", "c"), { recursive: true })
    writeFileSync(join(sb.work, ".skillc", "skills", "c", "SKILL.md"), SKILL("c"))
    expect((await sb.runAsync(["build", "--all"])).code).toBe(0)
    for (const d of [".claude", ".agents"]) expect(lstatSync(join(sb.work, d, "skills", "c")).isSymbolicLink()).toBe(true)
  })

  it("a directory given from a subdirectory is offered relative to the project root, as the config file's targets are read (a probe: it landed two levels above the project)", async () => {
    const sb = project("a")
    const sub = join(sb.work, "src", "x y")
    mkdirSync(sub, { recursive: true })
    const r = await sb.runAsync(["build", "a", "--target", "../../my agents/skills,agents"], sub)
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).toContain(`set [build] targets = ["my agents/skills", "agents"] in ${join(sb.work, ".skillc", "config.toml")}\n`)
    expect(lstatSync(join(sb.work, "my agents", "skills", "a")).isSymbolicLink()).toBe(true)
    // Followed, it deploys where the --target did, from the root and from the subdirectory alike.
    writeFileSync(join(sb.work, ".skillc", "config.toml"), 'version = 1\n\n[build]\ntargets = ["my agents/skills", "agents"]\n')
    rmSync(join(sb.work, "my agents"), { recursive: true })
    expect((await sb.runAsync(["build", "a"], sub)).code).toBe(0)
    expect(lstatSync(join(sb.work, "my agents", "skills", "a")).isSymbolicLink()).toBe(true)
  })

  it("a --global build says nothing: no project file holds its targets", async () => {
    const sb = project()
    mkdirSync(join(sb.home, ".skillc", "skills", "g"), { recursive: true })
    writeFileSync(join(sb.home, ".skillc", "skills", "g", "SKILL.md"), SKILL("g"))
    const r = await sb.runAsync(["build", "g", "--global", "--target", "cursor"])
    expect([r.code, r.stderr]).toEqual([0, ""])
  })
})

describe("DECISIONS #53: links an earlier --target left to the same runtime are named, never removed", () => {
  it("build (claude), then --target agents: warns once naming .claude/skills/pdf, who finds it twice, and the commands; the link stays", async () => {
    const sb = project("pdf")
    expect((await sb.runAsync(["build", "pdf"])).code).toBe(0)
    const r = await sb.runAsync(["build", "pdf", "--target", "agents"])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).toBe(
      "warning: .claude/skills/pdf still links to this build from an earlier --target claude: GitHub Copilot, OpenCode and Amp read both .agents/skills and .claude/skills: " +
        // Claude Code reads .claude/skills alone: the link is its only copy, never offered for removal (a probe:
        // the rm offered before hid the skill from Claude Code).
        "they find 'pdf' twice, one copy shadowing the other; .claude/skills/pdf is the only copy Claude Code and Cursor read (do not remove it); to keep deploying there, build with --target agents,claude\n" +
        'note: to deploy here by default, set [build] targets = ["agents"] in .skillc/config.toml\n'
    )
    expect(lstatSync(join(sb.work, ".claude/skills/pdf")).isSymbolicLink()).toBe(true)
    // Both kept as targets: no warning about the link (Copilot's two directories are then the targets' own, said with -v).
    const both = await sb.runAsync(["build", "pdf", "--target", "agents,claude"])
    expect(both.stderr).not.toContain("still links")
  })

  it("--all: one warning for every skill, the rm naming each link; a link to another runtime is not skc's deployment of this build", async () => {
    const sb = project("a", "b")
    expect((await sb.runAsync(["build", "--all"])).code).toBe(0)
    const r = await sb.runAsync(["build", "--all", "--target", "agents"])
    expect(r.code, r.stderr).toBe(0)
    const warnings = r.stderr.split("\n").filter((l) => l.startsWith("warning:"))
    expect(warnings).toEqual([
      "warning: .claude/skills still holds skc's links to 'a' and 'b' of this build from an earlier --target claude: GitHub Copilot, OpenCode and Amp read both .agents/skills and .claude/skills: " +
        "they find 'a' and 'b' twice, one copy of each shadowing the other; .claude/skills/a and .claude/skills/b are each the only copy Claude Code and Cursor read (do not remove them); to keep deploying there, build with --target agents,claude"
    ])
    expect(existsSync(join(sb.work, ".claude/skills/a"))).toBe(true)
    // A link there to something else (another checkout's runtime, a hand-made folder) is not this build's: not named.
    rmSync(join(sb.work, ".claude/skills/b"))
    mkdirSync(join(sb.root, "elsewhere", "b"), { recursive: true })
    symlinkSync(join(sb.root, "elsewhere", "b"), join(sb.work, ".claude/skills/b"))
    const again = await sb.runAsync(["build", "--all", "--target", "agents"])
    expect(again.stderr).toContain("warning: .claude/skills/a still links to this build from an earlier --target claude:")
    expect(again.stderr).not.toContain("skills/b")
  })

  it("a link left where keeping it would make the build warn in turn (gemini beside agents): only the rm is offered", async () => {
    const sb = project("pdf")
    expect((await sb.runAsync(["build", "pdf", "--target", "gemini"])).code).toBe(0)
    const r = await sb.runAsync(["build", "pdf", "--target", "agents"])
    expect(r.stderr.split("\n")[0]).toBe(
      "warning: .gemini/skills/pdf still links to this build from an earlier --target gemini: Gemini CLI reads both .agents/skills and its own directory (.gemini/skills): it finds 'pdf' twice, one copy shadowing the other; remove it (rm .gemini/skills/pdf)"
    )
  })
})

describe("RFC-0004:C-INDEX skc build -v says an index is up to date once", () => {
  it("the second build's -v has one line for the index, `search index up-to-date: <path>`", async () => {
    const sb = project("pdf")
    expect((await sb.runAsync(["build", "pdf"])).code).toBe(0)
    const r = await sb.runAsync(["build", "pdf", "-v"])
    expect(r.code).toBe(0)
    const lines = r.stderr.split("\n").filter((l) => /search index/.test(l))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/search index up-to-date: .*\.db$/)
  })
})
