/**
 * DECISIONS #51 (a profile models the agent's listing), checked against the
 * real client: test/fixtures/claude-listing/claude-2.1.332.json holds the
 * lines Claude Code 2.1.332 sent its model (the first request of `claude -p`,
 * recorded by a local server standing in for the API; the command is in the
 * file) for the skills of test/fixtures/claude-listing at five budgets: all
 * whole, one column over, and three tighter ones where texts come back in
 * order while they fit. For the same skills and budgets,
 * `skc prompt --agent claude` must list the same skills in the same order
 * with the same texts. The fixture holds the user's copy of a project skill's
 * name, a skill above the repository root, one below the working directory,
 * a grouping folder, `.agents/skills` at both levels, two manual-only skills
 * (`true` and `yes`), a conditional skill (`paths:`, with a matching file in
 * the working directory: Claude Code still lists it only once such a file is
 * touched), a name that differs from its directory, a block-scalar
 * description, Japanese text (two columns a character) and entries over the
 * 1,536 cap, with and without `when_to_use`.
 */
import { cpSync, mkdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { ROOT, sandbox } from "../helpers/cli.js"

const FIXTURE = join(ROOT, "test", "fixtures", "claude-listing")
const recorded = JSON.parse(readFileSync(join(FIXTURE, "claude-2.1.332.json"), "utf8")) as { budgets: Record<string, ReadonlyArray<string>> }

/**
 * `- label: text` → [label, text]; `- label` → [label, ""]. The label is the directory name, with
 * ` (name)` when the name differs, and `plugin:` before a plugin's skill.
 */
const entryOf = (line: string): readonly [string, string] => {
  const m = /^- ((?:[A-Za-z0-9_-]+:(?! ))*[^:]+?)(?:: (.*))?$/.exec(line)
  if (m === null) throw new Error(`not a listing line: ${line}`)
  return [m[1]!, m[2] ?? ""] as const
}

/**
 * `skc prompt --format json`'s skills as [label, text] ("" for a name-only entry): Claude Code labels a
 * skill by its directory, the name following in brackets when it differs.
 */
const labelled = (stdout: string) =>
  (JSON.parse(stdout) as { skills: ReadonlyArray<{ name: string; description: string | null; location: string }> }).skills.map((s) => {
    const dir = s.location.split(/[\\/]/).slice(-2)[0]!
    return [dir === s.name ? s.name : `${dir} (${s.name})`, s.description ?? ""] as const
  })

describe("skc's Claude Code listing against Claude Code 2.1.332's own (DECISIONS #51)", () => {
  const sb = sandbox()
  cpSync(join(FIXTURE, "outer"), join(sb.work, "outer"), { recursive: true })
  cpSync(join(FIXTURE, "home"), sb.home, { recursive: true })
  // The repository root the client stops at (a fixture cannot hold a .git directory of its own).
  mkdirSync(join(sb.work, "outer", "repo", ".git"), { recursive: true })
  const cwd = join(sb.work, "outer", "repo", "pkg")

  for (const [budget, lines] of Object.entries(recorded.budgets)) {
    it(`SLASH_COMMAND_TOOL_CHAR_BUDGET=${budget}: the same skills, order and texts as Claude Code listed`, async () => {
      const r = await sb.runAsync(["prompt", "--agent", "claude", "--format", "json"], cwd, { SLASH_COMMAND_TOOL_CHAR_BUDGET: budget })
      expect(r.code, r.stderr).toBe(0)
      expect(labelled(r.stdout)).toEqual(lines.map(entryOf))
      // The block itself, byte for byte: the lines Claude Code sent its model, in the JSON and at the terminal.
      expect((JSON.parse(r.stdout) as { xml: string }).xml).toBe(lines.join("\n"))
      expect((await sb.runAsync(["prompt", "--agent", "claude"], cwd, { SLASH_COMMAND_TOOL_CHAR_BUDGET: budget })).stdout).toBe(`${lines.join("\n")}\n`)
    })
  }

  describe("with Claude Code's settings: skillOverrides and skillListingMaxDescChars, the working directory's over the user's", () => {
    const dir = join(FIXTURE, "with-settings")
    const withSettings = JSON.parse(readFileSync(join(dir, "claude-2.1.332.json"), "utf8")) as { budgets: Record<string, ReadonlyArray<string>> }
    const sw = sandbox()
    cpSync(join(FIXTURE, "outer"), join(sw.work, "outer"), { recursive: true })
    cpSync(join(FIXTURE, "home"), sw.home, { recursive: true })
    cpSync(join(dir, "home"), sw.home, { recursive: true })
    cpSync(join(dir, "pkg-claude"), join(sw.work, "outer", "repo", "pkg", ".claude"), { recursive: true })
    mkdirSync(join(sw.work, "outer", "repo", ".git"), { recursive: true })
    const at = join(sw.work, "outer", "repo", "pkg")

    for (const [budget, lines] of Object.entries(withSettings.budgets)) {
      it(`SLASH_COMMAND_TOOL_CHAR_BUDGET=${budget}: the same skills, order and texts as Claude Code listed`, async () => {
        const r = await sw.runAsync(["prompt", "--format", "json"], at, { SLASH_COMMAND_TOOL_CHAR_BUDGET: budget })
        expect(r.code, r.stderr).toBe(0)
        expect(labelled(r.stdout)).toEqual(lines.map(entryOf))
        expect((JSON.parse(r.stdout) as { xml: string }).xml).toBe(lines.join("\n"))
      })
    }

    it("budget says what the settings did: the cap from the working directory's file, block off, alpha manual only", async () => {
      const b = JSON.parse((await sw.runAsync(["budget", "--format", "json"], at)).stdout) as {
        limits: { max_description_chars: number }
        off: ReadonlyArray<string>
        manual_only: ReadonlyArray<string>
      }
      expect(b.limits.max_description_chars).toBe(60)
      expect(b.off).toEqual(["block"])
      expect(b.manual_only).toEqual(["alpha", "manual", "manual-yes"])
      const named = await sw.runAsync(["prompt", "block"], at)
      expect(named.stderr).toMatch(/^error: skill 'block' is turned off in Claude Code's settings \(skillOverrides: off\)/)
    })
  })

  describe("with legacy commands: after the skills, all by name, none named like a skill", () => {
    const dir = join(FIXTURE, "with-commands")
    const withCommands = JSON.parse(readFileSync(join(dir, "claude-2.1.332.json"), "utf8")) as { budgets: Record<string, ReadonlyArray<string>> }
    const cb = sandbox()
    cpSync(join(dir, "project"), join(cb.work, "project"), { recursive: true })
    cpSync(join(dir, "home"), cb.home, { recursive: true })
    mkdirSync(join(cb.work, "project", ".git"), { recursive: true })
    const at = join(cb.work, "project", "pkg")

    for (const [budget, lines] of Object.entries(withCommands.budgets)) {
      it(`SLASH_COMMAND_TOOL_CHAR_BUDGET=${budget}: the same entries, order and cuts as Claude Code listed`, async () => {
        const r = await cb.runAsync(["budget", "--format", "json"], at, { SLASH_COMMAND_TOOL_CHAR_BUDGET: budget })
        expect(r.code, r.stderr).toBe(0)
        const b = JSON.parse(r.stdout) as {
          skills: ReadonlyArray<{ name: string; listed: string }>
          commands: ReadonlyArray<{ name: string; listed: string }>
          used_chars: number
        }
        const ours = [...b.skills, ...b.commands].map((e) => [e.name, e.listed])
        expect(ours).toEqual(lines.map((l) => [entryOf(l)[0], entryOf(l)[1] === "" ? "name-only" : "full"]))
        // Every line as Claude Code listed it, and one newline between lines.
        expect(b.used_chars).toBe(lines.reduce((n, l) => n + l.length, 0) + lines.length - 1)
        // The block holds the commands after the skills, as Claude Code's does.
        const p = await cb.runAsync(["prompt", "--format", "json"], at, { SLASH_COMMAND_TOOL_CHAR_BUDGET: budget })
        expect((JSON.parse(p.stdout) as { xml: string }).xml).toBe(lines.join("\n"))
      })
    }
  })

  describe("with plugins: `plugin:skill` labels, a manifest's name, none without a readable manifest", () => {
    const dir = join(FIXTURE, "with-plugins")
    const withPlugins = JSON.parse(readFileSync(join(dir, "claude-2.1.332.json"), "utf8")) as { budgets: Record<string, ReadonlyArray<string>> }
    const pb = sandbox()
    cpSync(join(dir, "project"), pb.work, { recursive: true })
    cpSync(join(dir, "home"), pb.home, { recursive: true })
    const plugins = ["plug2", "plug3", "plug"].flatMap((p) => ["--plugin-dir", join(dir, "plugins", p)])

    for (const [budget, lines] of Object.entries(withPlugins.budgets)) {
      it(`SLASH_COMMAND_TOOL_CHAR_BUDGET=${budget}: the same skills, order and texts as Claude Code listed`, async () => {
        const env = { SLASH_COMMAND_TOOL_CHAR_BUDGET: budget }
        const found = JSON.parse((await pb.runAsync(["discover", "--format", "json", ...plugins], pb.work, env)).stdout) as {
          skills: ReadonlyArray<{ path: string; plugin?: string | null }>
          shadowed: ReadonlyArray<{ path: string; plugin?: string | null }>
        }
        const pluginOf = new Map([...found.skills, ...found.shadowed].map((s) => [s.path, s.plugin]))
        const r = await pb.runAsync(["prompt", "--format", "json", ...plugins], pb.work, env)
        expect(r.code, r.stderr).toBe(0)
        // plug3's manifest is not JSON: Claude Code loads none of its skills, and skc says so.
        expect(r.stderr).toMatch(/plug3[\\/]\.claude-plugin[\\/]plugin\.json is not a plugin manifest Claude Code reads/)
        const doc = JSON.parse(r.stdout) as { skills: ReadonlyArray<{ name: string; description: string | null; location: string }> }
        const ours = doc.skills.map((s) => {
          const plugin = pluginOf.get(s.location)
          return [typeof plugin === "string" ? `${plugin}:${s.name}` : s.name, s.description ?? ""] as const
        })
        expect(ours).toEqual(lines.map(entryOf))
        expect((JSON.parse(r.stdout) as { xml: string }).xml).toBe(lines.join("\n"))
      })
    }
  })

  it("the budget counts as Claude Code does: the whole listing fits at 3,524 columns and not at 3,523", async () => {
    const at = async (budget: string) =>
      JSON.parse((await sb.runAsync(["budget", "--agent", "claude", "--format", "json"], cwd, { SLASH_COMMAND_TOOL_CHAR_BUDGET: budget })).stdout) as {
        layout: string
        used_chars: number
        names_only: ReadonlyArray<string>
        manual_only: ReadonlyArray<string>
        conditional: ReadonlyArray<string>
      }
    const fits = await at("3524")
    expect(fits).toMatchObject({ layout: "claude", used_chars: 3524, names_only: [] })
    expect(fits.manual_only).toEqual(["manual", "manual-yes"])
    expect(fits.conditional).toEqual(["ts-style"])
    expect((await at("3523")).names_only).toEqual(["zeta"])
  })
})

/**
 * A frontmatter Claude Code's YAML parser refuses is read again with its values quoted
 * (src/domain/agents/claudeFrontmatter.ts): test/fixtures/claude-listing/frontmatter-repair holds skills
 * written as Claude Code's own documentation writes them (`argument-hint: [env] [version]`, a description
 * starting with `[WIP]` or `@`, one holding `: `), a manual-only one beside such a line, and `paths` a
 * pattern that narrows (left out) and `**` (listed), with the lines Claude Code 2.1.332 listed for them.
 * skc listed the broken ones with their first body line and the manual-only one as the model's.
 */
describe("a frontmatter Claude Code repairs, and paths, listed as Claude Code 2.1.332 lists them", () => {
  const sb = sandbox()
  const dir = join(FIXTURE, "frontmatter-repair")
  const repair = JSON.parse(readFileSync(join(dir, "listing.json"), "utf8")) as { lines: ReadonlyArray<string> }
  mkdirSync(join(sb.work, ".git"), { recursive: true })
  cpSync(join(dir, "skills"), join(sb.work, ".claude", "skills"), { recursive: true })

  it("skc prompt --agent claude: the same lines", async () => {
    const r = await sb.runAsync(["prompt", "--agent", "claude"], sb.work)
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toBe(repair.lines.join("\n") + "\n")
  })

  it("discover says what Claude Code reads; lint keeps the YAML error and says the same", async () => {
    const found = JSON.parse((await sb.runAsync(["discover", "--agent", "claude", "--format", "json"], sb.work)).stdout) as {
      skills: ReadonlyArray<{ name: string; description: string; listing: { model: boolean; paths: ReadonlyArray<string> | null }; warnings?: ReadonlyArray<{ message: string }> }>
    }
    const manual = found.skills.find((s) => s.name === "manual")!
    expect([manual.description, manual.listing.model]).toEqual(["Manual deploy.", false])
    expect(manual.warnings?.map((w) => w.message)).toEqual([expect.stringContaining(`the value of 'argument-hint' (line 4) is not valid YAML as written: Claude Code quotes it and reads "[env] [version]"`)])
    expect(found.skills.find((s) => s.name === "pathsglob")!.listing.paths).toEqual(["src/**/*.ts", "src/**/*.tsx"])
    expect(found.skills.find((s) => s.name === "pathsstar")!.listing.paths).toBeNull()
    const lint = await sb.runAsync(["lint", join(".claude", "skills", "flowhint")], sb.work)
    expect(lint.code).toBe(1)
    expect(lint.stdout + lint.stderr).toMatch(/error\[E300\]: SKL100 frontmatter-valid: invalid frontmatter YAML: .*; Claude Code loads the skill anyway, reading 'argument-hint' \(line 4\) as "\[env\] \[version\]" once quoted/)
  })
})
