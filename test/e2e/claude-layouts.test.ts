/**
 * Where Claude Code finds skills beyond `.claude/skills` and `~/.claude/skills`
 * (DECISIONS #51), each as its CHANGELOG says: `$CLAUDE_CONFIG_DIR` in place of
 * `~/.claude`. Every run sets HOME, SKILLC_HOME and CLAUDE_CONFIG_DIR (or
 * leaves the latter unset) explicitly: the real ones are never read.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

const put = (file: string, text: string) => {
  mkdirSync(join(file, ".."), { recursive: true })
  writeFileSync(file, text)
}

const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n`

describe("Claude Code's CLAUDE_CONFIG_DIR (CHANGELOG 1.0.6, 2.1.111, 2.1.208)", () => {
  const sb = sandbox()
  const config = join(sb.root, "claude-config")
  put(join(config, "skills", "moved", "SKILL.md"), skill("moved", "A skill in the moved config directory."))
  put(join(sb.home, ".claude", "skills", "homed", "SKILL.md"), skill("homed", "A skill under the home's .claude."))
  put(join(config, "settings.json"), JSON.stringify({ skillOverrides: { moved: "name-only" } }))
  put(join(config, "commands", "ship.md"), "---\ndescription: Ships it.\n---\nShip.\n")

  it("discover reads $CLAUDE_CONFIG_DIR/skills instead of ~/.claude/skills and says why", async () => {
    const r = await sb.runAsync(["discover", "--agent", "claude", "--format", "json"], sb.work, { CLAUDE_CONFIG_DIR: config })
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.stdout) as { skills: Array<{ name: string }>; searched: Array<{ scope: string; path: string; via?: string }> }
    expect(doc.skills.map((s) => s.name)).toEqual(["moved"])
    expect(doc.searched.filter((d) => d.scope === "user")).toEqual([{ scope: "user", path: join(config, "skills"), exists: true, via: "CLAUDE_CONFIG_DIR" }])
    const text = await sb.runAsync(["discover", "--agent", "claude"], sb.work, { CLAUDE_CONFIG_DIR: config })
    expect(text.stdout).toContain(`user ${join(config, "skills")} (CLAUDE_CONFIG_DIR)`)
  })

  it("budget applies $CLAUDE_CONFIG_DIR/settings.json and counts $CLAUDE_CONFIG_DIR/commands", async () => {
    const r = await sb.runAsync(["budget", "--agent", "claude", "--format", "json"], sb.work, { CLAUDE_CONFIG_DIR: config })
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.stdout) as { names_only: Array<string>; commands: Array<{ name: string }> }
    expect(doc.names_only).toEqual(["moved"])
    expect(doc.commands.map((c) => c.name)).toEqual(["ship"])
  })

  it("unset, ~/.claude is read as before", async () => {
    const r = await sb.runAsync(["discover", "--agent", "claude", "--format", "json"], sb.work, { CLAUDE_CONFIG_DIR: undefined })
    expect((JSON.parse(r.stdout) as { skills: Array<{ name: string }> }).skills.map((s) => s.name)).toEqual(["homed"])
  })
})

describe("Claude Code's plugin layouts (CHANGELOG 2.1.94, 2.1.136, 2.1.142, 2.1.221)", () => {
  const sb = sandbox()
  const env = { CLAUDE_CONFIG_DIR: undefined }
  const plugin = (dir: string, manifest: object | undefined, files: Record<string, string>) => {
    if (manifest !== undefined) put(join(sb.work, dir, ".claude-plugin", "plugin.json"), JSON.stringify(manifest))
    for (const [rel, text] of Object.entries(files)) put(join(sb.work, dir, rel), text)
  }
  // 2.1.142: a root-level SKILL.md and no skills/ directory is the plugin's skill.
  plugin("plugA", { name: "plugA" }, { "SKILL.md": skill("rooty", "Root skill of plugA.") })
  // 2.1.136: a `skills` path adds to skills/, never hides it.
  plugin("plugB", { name: "plugB", skills: ["./extra/"] }, { "skills/dflt/SKILL.md": skill("dflt", "Default dir skill."), "extra/ext/SKILL.md": skill("ext", "Extra dir skill.") })
  // 2.1.221: "." is a skills path (the plugin root's directories are its skills).
  plugin("plugC", { name: "plugC", skills: ["."] }, { "one/SKILL.md": skill("one", "Dot skill.") })
  // 2.1.94: `"skills": ["./"]` is one skill, named by its frontmatter, not the plugin directory.
  plugin("plugD", { name: "plugD", skills: ["./"] }, { "SKILL.md": skill("slashy", "Slash skill.") })
  const dirs = ["plugA", "plugB", "plugC", "plugD"].flatMap((p) => ["--plugin-dir", p])

  it("discover finds every plugin's skills where Claude Code does, with no 'not found' warning", async () => {
    const r = await sb.runAsync(["discover", "--agent", "claude", "--format", "json", ...dirs], sb.work, env)
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).not.toMatch(/not found/)
    const doc = JSON.parse(r.stdout) as { skills: Array<{ name: string; plugin?: string | null }>; searched: Array<{ scope: string; path: string }> }
    expect(doc.skills.map((s) => `${s.plugin}:${s.name}`)).toEqual(["plugA:rooty", "plugB:dflt", "plugB:ext", "plugC:one", "plugD:slashy"])
    expect(doc.searched.filter((d) => d.scope === "plugin").map((d) => d.path)).toEqual(
      [["plugA"], ["plugB", "skills"], ["plugB", "extra"], ["plugC"], ["plugD"]].map((p) => join(sb.work, ...p))
    )
  })

  it("budget lists a root or `./` skill as `<plugin>:<frontmatter name>`", async () => {
    const r = await sb.runAsync(["budget", "--agent", "claude", "--format", "json", ...dirs], sb.work, env)
    const doc = JSON.parse(r.stdout) as { skills: Array<{ name: string; entry_chars: number }> }
    const entry = (name: string) => doc.skills.find((s) => s.name === name)?.entry_chars
    // Each entry is its line and a newline.
    expect(entry("rooty")).toBe("- plugA:rooty: Root skill of plugA.".length + 1)
    expect(entry("slashy")).toBe("- plugD:slashy: Slash skill.".length + 1)
    expect(entry("ext")).toBe("- plugB:ext: Extra dir skill.".length + 1)
  })

  it("a skills path outside the plugin or naming a file is reported, the rest still read", async () => {
    plugin("plugE", { name: "plugE", skills: ["../plugA", "./skills/x/SKILL.md"] }, { "skills/x/SKILL.md": skill("x", "X skill.") })
    const r = await sb.runAsync(["discover", "--agent", "claude", "--format", "json", "--plugin-dir", "plugE"], sb.work, env)
    expect(r.stderr).toMatch(/skills path '\.\.\/plugA' escapes the plugin directory/)
    expect(r.stderr).toMatch(/skills path '\.\/skills\/x\/SKILL\.md' is a file/)
    expect((JSON.parse(r.stdout) as { skills: Array<{ name: string }> }).skills.map((s) => s.name)).toEqual(["x"])
  })
})

describe("Claude Code loads plugins placed in .claude/skills (CHANGELOG 2.1.157)", () => {
  const sb = sandbox()
  const env = { CLAUDE_CONFIG_DIR: undefined }
  const skills = join(sb.work, ".claude", "skills")
  put(join(skills, "myplug", ".claude-plugin", "plugin.json"), JSON.stringify({ name: "myplug" }))
  put(join(skills, "myplug", "skills", "pskill", "SKILL.md"), skill("pskill", "A skill of the plugin in .claude/skills."))
  put(join(skills, "plain", "SKILL.md"), skill("plain", "A plain project skill."))

  it("discover lists myplug:pskill at plugin scope and searched its skills directory", async () => {
    const r = await sb.runAsync(["discover", "--agent", "claude", "--format", "json"], sb.work, env)
    expect(r.code, r.stderr).toBe(0)
    const doc = JSON.parse(r.stdout) as {
      skills: Array<{ name: string; scope: string; plugin?: string | null }>
      invalid: Array<unknown>
      searched: Array<{ scope: string; path: string }>
    }
    expect(doc.skills.map((s) => [s.scope, s.plugin ?? null, s.name])).toEqual([
      ["project", null, "plain"],
      ["plugin", "myplug", "pskill"]
    ])
    expect(doc.invalid).toEqual([])
    expect(doc.searched).toContainEqual({ scope: "plugin", path: join(skills, "myplug", "skills"), exists: true })
  })

  it("budget counts it as `- myplug:pskill: …`", async () => {
    const r = await sb.runAsync(["budget", "--agent", "claude", "--format", "json"], sb.work, env)
    const doc = JSON.parse(r.stdout) as { skills: Array<{ name: string; entry_chars: number }> }
    expect(doc.skills.map((s) => s.name)).toEqual(["plain", "pskill"])
    expect(doc.skills[1]!.entry_chars).toBe("- myplug:pskill: A skill of the plugin in .claude/skills.".length + 1)
  })
  it("list, show and search resolve it by name too (DECISIONS #38: the agent directories as a skill source)", async () => {
    const listed = JSON.parse((await sb.runAsync(["list", "--format", "json"], sb.work, env)).stdout) as { skills: Array<{ name: string; scope: string }> }
    expect(listed.skills.map((x) => [x.name, x.scope])).toEqual([
      ["plain", "agent-project"],
      ["pskill", "plugin"]
    ])
    const shown = await sb.runAsync(["outline", "pskill"], sb.work, env)
    expect(shown.code, shown.stderr).toBe(0)
    expect(shown.stdout).toContain("# pskill")
  })
})

describe("Claude Code from a linked git worktree reads the main checkout's .claude/skills (CHANGELOG 2.1.47)", () => {
  const sb = sandbox()
  const env = { CLAUDE_CONFIG_DIR: undefined }
  const main = join(sb.work, "repo")
  const worktree = join(sb.work, "repo-wt")
  // The layout `git worktree add` leaves, without running git: the worktree's `.git` is a file.
  mkdirSync(join(main, ".git", "worktrees", "repo-wt"), { recursive: true })
  put(join(worktree, ".git"), `gitdir: ${join(main, ".git", "worktrees", "repo-wt")}\n`)
  put(join(main, ".claude", "skills", "only-main", "SKILL.md"), skill("only-main", "A skill of the main checkout only."))
  put(join(main, ".claude", "skills", "both", "SKILL.md"), skill("both", "The main checkout's copy."))
  put(join(worktree, ".claude", "skills", "both", "SKILL.md"), skill("both", "The worktree's copy."))

  it("discover adds the main checkout's skills after the worktree's and says why it read them", async () => {
    const r = await sb.runAsync(["discover", "--agent", "claude", "--format", "json"], worktree, env)
    expect(r.code, r.stderr).toBe(0)
    const doc = JSON.parse(r.stdout) as {
      skills: Array<{ name: string; description: string }>
      searched: Array<{ scope: string; path: string; via?: string }>
    }
    expect(doc.skills.map((s) => [s.name, s.description])).toEqual([
      ["both", "The worktree's copy."],
      ["only-main", "A skill of the main checkout only."]
    ])
    expect(doc.searched).toContainEqual({ scope: "project", path: join(main, ".claude", "skills"), exists: true, via: "main checkout of this git worktree" })
    const text = await sb.runAsync(["discover", "--agent", "claude"], worktree, env)
    expect(text.stdout).toContain(`project ${join(main, ".claude", "skills")} (main checkout of this git worktree)`)
  })

  it("budget counts the main checkout's skill; the main checkout itself reads only its own", async () => {
    const r = await sb.runAsync(["budget", "--agent", "claude", "--format", "json"], worktree, env)
    expect((JSON.parse(r.stdout) as { skills: Array<{ name: string }> }).skills.map((s) => s.name)).toEqual(["both", "only-main"])
    mkdirSync(join(main, ".git", "objects"), { recursive: true })
    const fromMain = await sb.runAsync(["discover", "--agent", "claude", "--format", "json"], main, env)
    expect((JSON.parse(fromMain.stdout) as { searched: Array<{ via?: string }> }).searched.some((d) => d.via !== undefined)).toBe(false)
  })
  it("list and outline resolve the main checkout's skill by name from the worktree; the worktree's copy wins", async () => {
    const listed = JSON.parse((await sb.runAsync(["list", "--format", "json"], worktree, env)).stdout) as { skills: Array<{ name: string; source_path: string }> }
    expect(listed.skills.map((x) => [x.name, x.source_path])).toEqual([
      ["both", join(worktree, ".claude", "skills", "both")],
      ["only-main", join(main, ".claude", "skills", "only-main")]
    ])
    expect((await sb.runAsync(["outline", "only-main"], worktree, env)).code).toBe(0)
  })
})

describe("Claude Code lists skills the specification calls invalid (CHANGELOG 2.1.47, 2.1.69, 2.1.186)", () => {
  const sb = sandbox()
  const env = { CLAUDE_CONFIG_DIR: undefined }
  const skills = join(sb.work, ".claude", "skills")
  put(join(skills, "broken-yaml", "SKILL.md"), "---\nname: broken-yaml\ndescription: [unclosed\n---\n# Broken YAML\n\nBody.\n")
  // Indented lines are not quoted by Claude Code's second reading (claudeFrontmatter.ts): no reading fixes this one.
  put(join(skills, "nested-yaml", "SKILL.md"), "---\nname: nested-yaml\ndescription: Nested.\nmetadata:\n  tags: [a] [b]\n---\n# Nested YAML\n\nBody.\n")
  put(join(skills, "no-desc", "SKILL.md"), "---\nname: no-desc\n---\n\n# Does the no-desc thing\n")
  put(join(skills, "numbers", "SKILL.md"), "---\nname: 3000\ndescription: 42\n---\n# n\n")

  it("discover lists them as Claude Code reads them, each problem a warning; none is invalid", async () => {
    const r = await sb.runAsync(["discover", "--agent", "claude", "--format", "json"], sb.work, env)
    expect(r.code, r.stderr).toBe(0)
    const doc = JSON.parse(r.stdout) as { skills: Array<{ name: string; description: string; warnings: Array<{ rule: string }> }>; invalid: Array<unknown> }
    expect(doc.invalid).toEqual([])
    expect(doc.skills.map((s) => [s.name, s.description, s.warnings.map((w) => w.rule)])).toEqual([
      // A value its YAML parser refuses is quoted and read again (Claude Code 2.1.332, claudeFrontmatter.ts).
      ["broken-yaml", "[unclosed", ["SKL100"]],
      // 2.1.186: malformed YAML the second reading cannot fix is empty metadata: the directory's name and the body's first line.
      ["nested-yaml", "Nested YAML", ["SKL100"]],
      // 2.1.69: no description, listed with the body's first line.
      ["no-desc", "Does the no-desc thing", ["SKL105"]],
      // 2.1.47: bare numbers coerced to text.
      ["3000", "42", ["SKL102", "SKL106"]]
    ])
  })

  it("budget counts them; lint still reports them against the specification", async () => {
    const r = await sb.runAsync(["budget", "--agent", "claude", "--format", "json"], sb.work, env)
    expect((JSON.parse(r.stdout) as { skills: Array<{ name: string }> }).skills.map((s) => s.name)).toEqual(["broken-yaml", "nested-yaml", "no-desc", "3000"])
    const lint = await sb.runAsync(["lint", join(skills, "no-desc"), "--agent", "claude"], sb.work, env)
    expect(lint.code).toBe(1)
    expect(lint.stdout + lint.stderr).toMatch(/SKL105/)
  })
})
