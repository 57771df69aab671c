/**
 * Lint by agent profile (issue 43 items 2 and 5; DECISIONS #51, #52): the
 * Claude Code skills of test/fixtures/claude-code lint clean under the
 * default profile, each skill of test/fixtures/claude-code-bad fails its
 * rule, `--agent agentskills` agrees with skills-ref's own test cases, and
 * `--agent`, `[build] targets` and escalation pick the profiles and
 * severities.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { hasErrors, lintSkills, outcomeJson, type LintJson } from "../../src/app/lint/lint.js"
import { PROFILES } from "../../src/domain/agents/index.js"
import { claude } from "../../src/domain/agents/claude.js"
import { RULES } from "../../src/domain/lint/registry.js"
import { toSarif } from "../../src/domain/lint/sarif.js"
import type { LintDiagnostic } from "../../src/domain/lint/types.js"
import { renderLintText } from "../../src/render/lint.js"
import { lintCommand } from "../../src/commands/lint.js"
import { diskWorld, failureText, memoryLayer } from "../helpers/worlds.js"

const FIXTURES = join(__dirname, "..", "fixtures")
const GOOD = join(FIXTURES, "claude-code")
const BAD = join(FIXTURES, "claude-code-bad")
const skillDirs = (root: string) => readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort()

const w = diskWorld("skc-lint-agents-")
const lintDir = (dir: string, agent?: string) => w.run(lintSkills({ skill: dir, ...(agent === undefined ? {} : { agent }) }))
/** Lint a skill written as `text` into a fresh directory `name`: its findings. */
const lintWritten = (name: string, text: string) =>
  Effect.suspend(() => {
    const dir = join(w.root, name)
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "SKILL.md"), text)
    return lintDir(dir)
  }).pipe(Effect.map((o) => o.reports[0]!.diagnostics))
const show = (d: LintDiagnostic) => `${d.file}:${d.line} ${d.severity} ${d.rule}: ${d.message}`

/** Lint one SKILL.md at /proj/x/<dir> in a memory world. */
const lintMemory = (dir: string, skillMd: string, options: { readonly agent?: string; readonly config?: string; readonly files?: Record<string, string> } = {}) => {
  const files: Record<string, string> = { [`/proj/x/${dir}/SKILL.md`]: skillMd }
  for (const [rel, text] of Object.entries(options.files ?? {})) files[`/proj/x/${dir}/${rel}`] = text
  if (options.config !== undefined) files["/proj/.skillc/config.toml"] = options.config
  return lintSkills({ skill: `x/${dir}`, ...(options.agent === undefined ? {} : { agent: options.agent }) }).pipe(Effect.provide(memoryLayer({ files })))
}

describe("issue 43 (DECISIONS #51) Claude Code skills lint clean under the default profile", () => {
  const dirs = skillDirs(GOOD)

  it("there are at least 12 of them and together they use every field of the claude profile", () => {
    expect(dirs.length).toBeGreaterThanOrEqual(12)
    const sources = dirs.map((d) => readFileSync(join(GOOD, d, "SKILL.md"), "utf8"))
    const used = new Set(sources.flatMap((s) => [...s.split("\n---")[0]!.matchAll(/^([\w-]+):/gm)].map((m) => m[1]!)))
    expect(claude.fields.map((f) => f.name).filter((f) => !used.has(f))).toEqual([])
    // The published forms: booleans as true and yes, lists and strings, permission patterns, hooks, placeholders.
    const all = sources.join("\n")
    // Claude Code's other spellings of a key (CHANGELOG 2.1.186) are known too.
    for (const form of ["displayName:", "default_enabled:"]) expect(all).toContain(form)
    for (const form of [": true", ": yes", "Bash(git push:*)", "PreToolUse:", "matcher:", "type: command", "context: fork", "background: false", "model: inherit", "shell: powershell", "$ARGUMENTS", "$issue", "user-invocable: false"]) {
      expect(all).toContain(form)
    }
  })

  for (const dir of dirs) {
    it.effect(`${dir}: no SKL109 and no SKL115/SKL116/SKL117 finding, no error`, () =>
      Effect.gen(function* () {
        const o = yield* lintDir(join(GOOD, dir))
        expect(o.agents).toEqual(["claude"])
        const ds = o.reports[0]!.diagnostics
        expect(ds.filter((d) => ["SKL109", "SKL115", "SKL116", "SKL117"].includes(d.rule)).map(show)).toEqual([])
        expect(ds.filter((d) => d.severity === "error").map(show)).toEqual([])
      }))
  }
})

describe("issue 43 (DECISIONS #51) Claude Code skills that must fail", () => {
  const expected: Record<string, { readonly rule: string; readonly contains: string }> = {
    "context-forked": { rule: "SKL115", contains: "context: must be one of fork, not 'forked' (claude)" },
    "effort-extreme": { rule: "SKL115", contains: "effort: must be one of low, medium, high, xhigh, max, not 'extreme' (claude)" },
    "agent-without-fork": { rule: "SKL116", contains: "'agent' has no effect without 'context: fork'" },
    "shell-zsh": { rule: "SKL115", contains: "shell: must be one of bash, powershell, not 'zsh' (claude)" },
    // `skc permissions` refused this field while lint passed it (a Claude Code probe, seventy-seventh pass).
    "disallowed-regex": { rule: "SKL115", contains: "disallowed-tools: 'mcp__brave-search__.*' is not Tool or Tool(pattern) (claude)" },
    "hooks-malformed": { rule: "SKL115", contains: "hooks: 'PreToolUse' entry 1 needs 'hooks'" },
    "hooks-unknown-event": { rule: "SKL115", contains: "hooks: unknown hook event 'BeforeToolUse'" },
    "arguments-without-hint": { rule: "SKL117", contains: "the body uses '$ARGUMENTS'" },
    // Declared, but in the indexed form Claude Code dropped in 2.1.19 (CHANGELOG 2.1.19).
    "arguments-legacy-index": { rule: "SKL117", contains: "the body uses '$ARGUMENTS.0', the indexed form Claude Code dropped in 2.1.19" },
    "invocation-typo": { rule: "SKL109", contains: "unknown frontmatter field: 'disable-model-invokation'; did you mean 'disable-model-invocation'?" },
    "invoked-by-nobody": { rule: "SKL116", contains: "neither the model nor a person can invoke the skill" },
    "background-not-boolean": { rule: "SKL115", contains: "background: must be true or false" }
  }

  it("every bad fixture has its expectation", () => expect(skillDirs(BAD)).toEqual(Object.keys(expected).sort()))

  for (const [dir, want] of Object.entries(expected)) {
    it.effect(`${dir}: ${want.rule}`, () =>
      Effect.gen(function* () {
        const o = yield* lintDir(join(BAD, dir))
        const ds = o.reports[0]!.diagnostics
        const hit = ds.filter((d) => d.rule === want.rule)
        expect(hit.map((d) => d.message).join("\n")).toContain(want.contains)
        // SKL115 is an error; SKL109, SKL116 and SKL117 are warnings under claude.
        expect(hit.every((d) => d.severity === (want.rule === "SKL115" ? "error" : "warning"))).toBe(true)
      }))
  }
})

describe("SKL115 on hooks: every malformed hook, each at its own line (an author's probe, seventy-fourth pass)", () => {
  it.effect("three problems in three places are three findings at their lines, not the first one at the hooks: line", () =>
    Effect.gen(function* () {
      const ds = (yield* lintWritten(
        "hooks4",
        [
          "---",
          "name: hooks4",
          "description: Bad hooks skill. Use when formatting.",
          "hooks:",
          '  Stop: "echo hi"',
          "  PostToolUze: []",
          "  PreToolUse:",
          '    - matcher: "Bash"',
          "      hooks:",
          "        - type: command",
          "          command: 5",
          "---",
          "# hooks4",
          ""
        ].join("\n")
      )).filter((d) => d.rule === "SKL115")
      // A misspelt event at its name, a hook's bad member at that member's key (a probe: at the value, at the hook's first line).
      expect(ds.map((d) => [d.line, d.column, d.message])).toEqual([
        [5, 9, expect.stringContaining("hooks: 'Stop' must be a list of matchers")],
        [6, 3, expect.stringContaining("hooks: unknown hook event 'PostToolUze'")],
        [11, 11, expect.stringContaining("hooks: 'PreToolUse' entry 1, hook 1: type 'command' needs a non-empty 'command' string")]
      ])
    }))
  it.effect("a hook's 'timeout' at its own key; an unknown event written over lines at its name, not its first item (a probe)", () =>
    Effect.gen(function* () {
      const ds = (yield* lintWritten(
        "hk",
        [
          "---",
          "name: hk",
          "description: Hook test. Use when testing hooks.",
          "hooks:",
          "  PreToolUsee:",
          '    - matcher: "Edit|Write"',
          "      hooks:",
          "        - type: command",
          "          command: x",
          "  Stop:",
          "    - hooks:",
          "        - type: command",
          "          command: y",
          '          timeout: "ten"',
          "---",
          "# hk",
          ""
        ].join("\n")
      )).filter((d) => d.rule === "SKL115")
      expect(ds.map((d) => [d.line, d.column, d.message])).toEqual([
        [5, 3, expect.stringContaining("hooks: unknown hook event 'PreToolUsee'")],
        [14, 11, expect.stringContaining("hooks: 'Stop' entry 1, hook 1: 'timeout' must be a positive number of seconds")]
      ])
    }))
})

describe("SKL115 leaves the specification's own fields to SKL101–SKL114 (an author's probe, seventy-fourth pass)", () => {
  it.effect("allowed-tools: 7 is one finding, SKL114's, not also SKL115's in other words", () =>
    Effect.gen(function* () {
      const ds = yield* lintWritten("at7", "---\nname: at7\ndescription: Test skill. Use when testing.\nallowed-tools: 7\n---\n# at7\n")
      expect(ds.filter((d) => d.message.includes("allowed-tools")).map((d) => d.rule)).toEqual(["SKL114"])
    }))
})

interface RefCase {
  readonly test: string
  readonly dir: string
  readonly skill_md: string | null
  readonly valid: boolean
  readonly messageContains?: ReadonlyArray<string>
}

describe("DECISIONS #51, #52 skills-ref parity: --agent agentskills (test/fixtures/skills-ref/test_validator.json)", () => {
  const { cases } = JSON.parse(readFileSync(join(FIXTURES, "skills-ref", "test_validator.json"), "utf8")) as { cases: ReadonlyArray<RefCase> }

  for (const [i, c] of cases.entries()) {
    it.effect(`${c.test}: ${c.valid ? "valid, no error" : "invalid, an error"}`, () =>
      Effect.gen(function* () {
        const dir = join(w.work, "ref", String(i), c.dir)
        mkdirSync(dir, { recursive: true })
        if (c.skill_md !== null) writeFileSync(join(dir, "SKILL.md"), c.skill_md)
        const result = yield* Effect.result(lintDir(dir, "agentskills"))
        if (result._tag === "Failure") {
          // A directory without SKILL.md is no skill at all (E010).
          expect(c.valid).toBe(false)
          return
        }
        const errors = result.success.reports[0]!.diagnostics.filter((d) => d.severity === "error")
        expect(errors.map(show)).toEqual(c.valid ? [] : expect.arrayContaining([expect.any(String)]))
        expect(hasErrors(result.success)).toBe(!c.valid)
      }))
  }

  it.effect("test_missing_skill_md: lint of a directory without SKILL.md fails (E010)", () =>
    Effect.gen(function* () {
      const dir = join(w.work, "ref-missing", "my-skill")
      mkdirSync(dir, { recursive: true })
      expect(yield* failureText(lintDir(dir, "agentskills"))).toContain("E010")
    }))
})

describe("issue 43 which profiles: --agent, [build] targets, claude (DECISIONS #51)", () => {
  const SKILL = "---\nname: demo\ndescription: Formats demo files. Use when the user asks for a demo.\neffort: high\n---\n\n# Demo\n\nBody.\n"

  it.effect("default: claude knows effort", () =>
    Effect.gen(function* () {
      const o = yield* lintMemory("demo", SKILL)
      expect(o.agents).toEqual(["claude"])
      expect(o.reports[0]!.diagnostics).toEqual([])
      expect(renderLintText(o)).toBe("demo: 0 errors, 0 warnings")
    }))

  it.effect("--agent cursor: effort is unknown there, and the message says who knows it", () =>
    Effect.gen(function* () {
      const o = yield* lintMemory("demo", SKILL, { agent: "cursor" })
      expect(o.agents).toEqual(["cursor"])
      expect(o.reports[0]!.diagnostics.map(show)).toEqual(["SKILL.md:4 warning SKL109: unknown frontmatter field 'effort' for cursor (known to claude)"])
      expect(renderLintText(o).split("\n")[0]).toBe("demo: 0 errors, 1 warning (for cursor)")
    }))

  it.effect("--agent agentskills: the strict profile makes SKL109 an error (escalation)", () =>
    Effect.gen(function* () {
      const o = yield* lintMemory("demo", SKILL, { agent: "agentskills" })
      // The profile's reason follows the message: the rule is an error only because of it.
      expect(o.reports[0]!.diagnostics.map(show)).toEqual([
        "SKILL.md:4 error SKL109: unknown frontmatter field 'effort' for agentskills (known to claude) (an error for agentskills: skills-ref: fields outside the specification's six fail)"
      ])
      expect(hasErrors(o)).toBe(true)
      const doc = outcomeJson(o) as LintJson
      expect(doc.agents).toEqual(["agentskills"])
    }))

  it.effect("--agent codex: SKL107 over 1,024 characters says why it is an error for Codex (older versions refuse the skill), beside SKL702's cut; a configured error says nothing more (a probe)", () =>
    Effect.gen(function* () {
      const long = `---\nname: demo\ndescription: Formats demo files. Use when the user asks for a demo. ${"x".repeat(1000)}\n---\n\n# Demo\n\nBody.\n`
      const codex = (yield* lintMemory("demo", long, { agent: "codex" })).reports[0]!.diagnostics.map(show)
      expect(codex).toContain(
        "SKILL.md:3 error SKL107: description is 1055 characters; maximum is 1024 (an error for codex: older Codex versions refuse to load a skill whose description is over 1,024 characters; current ones list it cut to 1,021 characters and `...`)"
      )
      expect((yield* lintMemory("demo", long)).reports[0]!.diagnostics.map(show)).toContain("SKILL.md:3 warning SKL107: description is 1055 characters; maximum is 1024")
    }))

  it.effect("Claude Code's keys in three spellings (CHANGELOG 2.1.186): known to claude in each, named as written elsewhere", () =>
    Effect.gen(function* () {
      const spelled = "---\nname: demo\ndescription: Formats demo files. Use when the user asks for a demo.\ndisplay_name: Demo\ndefaultEnabled: false\nfallback: x\n---\n\n# Demo\n\nBody.\n"
      expect((yield* lintMemory("demo", spelled)).reports[0]!.diagnostics).toEqual([])
      expect((yield* lintMemory("demo", spelled, { agent: "cursor" })).reports[0]!.diagnostics.map(show)).toEqual([
        "SKILL.md:4 warning SKL109: unknown frontmatter field 'display_name' for cursor (known to claude)",
        "SKILL.md:5 warning SKL109: unknown frontmatter field 'defaultEnabled' for cursor (known to claude)",
        "SKILL.md:6 warning SKL109: unknown frontmatter field 'fallback' for cursor (known to claude)"
      ])
      // A spelling Claude Code does not read stays unknown, with the field meant.
      const other = spelled.replace("display_name", "DisplayName")
      expect((yield* lintMemory("demo", other)).reports[0]!.diagnostics.map(show)).toEqual(["SKILL.md:4 warning SKL109: unknown frontmatter field: 'DisplayName'; did you mean 'display-name'?"])
    }))

  it.effect("escalation yields to a rule configured off", () =>
    Effect.gen(function* () {
      const o = yield* lintMemory("demo", SKILL, { agent: "agentskills", config: '[lint]\nSKL109 = "off"\n' })
      expect(o.reports[0]!.diagnostics).toEqual([])
    }))

  it.effect("--agent claude,cursor: both profiles, the union of their fields", () =>
    Effect.gen(function* () {
      const o = yield* lintMemory("demo", SKILL, { agent: "claude, cursor" })
      expect(o.agents).toEqual(["claude", "cursor"])
      expect(o.reports[0]!.diagnostics).toEqual([])
    }))

  it.effect("[build] targets choose the profiles when --agent is not given", () =>
    Effect.gen(function* () {
      const o = yield* lintMemory("demo", SKILL, { config: '[build]\ntargets = ["codex"]\n' })
      expect(o.agents).toEqual(["codex"])
      expect(o.reports[0]!.diagnostics.map((d) => d.rule)).toEqual(["SKL109"])
      const sarif = toSarif({ toolVersion: "0", rules: RULES, reports: [{ path: "x/demo", diagnostics: o.reports[0]!.diagnostics }], agents: o.agents })
      expect(sarif.runs[0]!.properties).toEqual({ agents: ["codex"] })
    }))

  it("the --agent help lists every profile, in profile order", () =>
    expect(JSON.stringify(lintCommand.flags.agent)).toContain(PROFILES.map((p) => p.name).join(", ")))

  it.effect("an unknown --agent is E100 listing the known profiles", () =>
    Effect.gen(function* () {
      const text = yield* failureText(lintMemory("demo", SKILL, { agent: "claude,vim" }))
      expect(text).toContain("E100")
      expect(text).toContain("unknown agent 'vim'")
      for (const p of PROFILES) expect(text).toContain(p.name)
    }))
})

describe("DECISIONS #52 Unicode names (skills-ref's i18n cases)", () => {
  const skill = (name: string) => `---\nname: ${name}\ndescription: Formats demo files. Use when the user asks for a demo.\n---\n\n# ${name}\n\nBody.\n`

  it.effect("мой-навык: no SKL102 error, an SKL110 warning", () =>
    Effect.gen(function* () {
      const o = yield* lintMemory("мой-навык", skill("мой-навык"))
      expect(o.reports[0]!.diagnostics.map(show)).toEqual([
        "SKILL.md:2 warning SKL110: name 'мой-навык' has non-ASCII characters; some agents and file systems mishandle them"
      ])
    }))

  it.effect("НАВЫК: uppercase in any script stays an SKL102 error", () =>
    Effect.gen(function* () {
      const o = yield* lintMemory("НАВЫК", skill("НАВЫК"))
      expect(o.reports[0]!.diagnostics.map(show)).toContain("SKILL.md:2 error SKL102: name 'НАВЫК' contains uppercase characters")
    }))

  it.effect("SKL104 compares NFKC forms (skills-ref test_nfkc_normalization): a decomposed directory name matches", () =>
    Effect.gen(function* () {
      const o = yield* lintMemory("cafe\u0301", skill("café"))
      expect(o.reports[0]!.diagnostics.filter((d) => d.rule === "SKL104")).toEqual([])
    }))
})

describe("issue 43 (DECISIONS #51) SKL108 reads what each agent lists", () => {
  const SKILL = "---\nname: deploy\ndescription: Deploy the app to staging or production.\nwhen_to_use: When the user says deploy, ship or release.\n---\n# Deploy\n"
  const skl108 = (r: { reports: ReadonlyArray<{ diagnostics: ReadonlyArray<LintDiagnostic> }> }) =>
    r.reports.flatMap((x) => x.diagnostics).filter((d) => d.rule === "SKL108").map((d) => d.message)
  it.effect("a trigger in when_to_use counts for Claude Code, which lists it after the description", () =>
    Effect.gen(function* () {
      expect(skl108(yield* lintMemory("deploy", SKILL))).toEqual([])
    }))
  it.effect("Codex lists the description alone: the same skill misses a trigger there, and the message says why", () =>
    Effect.gen(function* () {
      expect(skl108(yield* lintMemory("deploy", SKILL, { agent: "claude,codex" }))).toEqual([
        "missing activation trigger in what codex lists: say when to use the skill in the description ('when_to_use' is not listed by it)"
      ])
    }))
  it.effect("the message names the field that holds the trigger: a misspelt 'when-to-use' is what Claude Code does not list, not its 'when_to_use' (a Claude Code probe)", () =>
    Effect.gen(function* () {
      const misspelt = "---\nname: deploy\ndescription: Deploy the app.\nwhen-to-use: Use when the user asks to deploy.\n---\n# Deploy\n"
      expect(skl108(yield* lintMemory("deploy", misspelt))).toEqual([
        "missing activation trigger in what claude lists: say when to use the skill in the description ('when-to-use' is not listed by it)"
      ])
    }))
  it.effect("a manual-only skill (disable-model-invocation: true) needs no trigger for Claude Code, which never lists it to the model; Codex does list it", () =>
    Effect.gen(function* () {
      const manual = "---\nname: deploy\ndescription: Deploy the app to production.\ndisable-model-invocation: true\n---\n# Deploy\n"
      expect(skl108(yield* lintMemory("deploy", manual))).toEqual([])
      // Without the flag the same description misses a trigger for Claude Code too.
      expect(skl108(yield* lintMemory("deploy", manual.replace("disable-model-invocation: true\n", "")))).toEqual([
        "missing activation trigger: say when to use the skill (e.g. 'Use when …')"
      ])
      // Codex does not read the field: it lists the skill to its model, which selects by the description.
      expect(skl108(yield* lintMemory("deploy", manual, { agent: "claude,codex" }))).toHaveLength(1)
    }))
  it.effect("Codex's own manual-only switch (policy.allow_implicit_invocation: false in agents/openai.yaml) keeps the skill out of its listing: no trigger needed there either (a probe)", () =>
    Effect.gen(function* () {
      const plain = "---\nname: cmanual\ndescription: Manual thing for codex.\n---\n# cmanual\nbody\n"
      const policy = (allow: string) => ({ files: { "agents/openai.yaml": `policy:\n  allow_implicit_invocation: ${allow}\n` } })
      expect(skl108(yield* lintMemory("cmanual", plain, { agent: "codex", ...policy("false") }))).toEqual([])
      // Listed when it allows implicit invocation, or when Codex cannot read the file (fail open: `no` is a string in YAML 1.2).
      expect(skl108(yield* lintMemory("cmanual", plain, { agent: "codex", ...policy("true") }))).toHaveLength(1)
      expect(skl108(yield* lintMemory("cmanual", plain, { agent: "codex", ...policy("no") }))).toHaveLength(1)
      // Claude Code does not read Codex's file.
      expect(skl108(yield* lintMemory("cmanual", plain, { agent: "claude,codex", ...policy("false") }))).toEqual(["missing activation trigger: say when to use the skill (e.g. 'Use when …')"])
    }))
})

describe("issue 43 (DECISIONS #51) SKL702 measures Claude Code's whole entry", () => {
  const skill = (whenToUse: string) =>
    `---\nname: long\ndescription: ${"Fills PDF forms. ".repeat(74).trim()} Use when asked.\nwhen_to_use: ${whenToUse}\n---\n# Long\n`
  const skl702 = (r: { reports: ReadonlyArray<{ diagnostics: ReadonlyArray<LintDiagnostic> }> }) =>
    r.reports.flatMap((x) => x.diagnostics).filter((d) => d.rule === "SKL702").map((d) => d.message)
  it.effect("a 1,259-character description with 1,200 characters of when_to_use is cut at 1,536", () =>
    Effect.gen(function* () {
      const d = `${"Fills PDF forms. ".repeat(74).trim()} Use when asked.`
      expect([...d].length).toBe(1273)
      expect(skl702(yield* lintMemory("long", skill("x".repeat(1200))))).toEqual([
        "description + when_to_use is 2476 UTF-16 units; Claude Code cuts it at 1536 in its skill listing"
      ])
      expect(skl702(yield* lintMemory("long", skill("Short.")))).toEqual([])
    }))
  it.effect("a skill the agent keeps out of its model's listing (manual only) is cut nowhere the model reads: no finding for that agent (a probe)", () =>
    Effect.gen(function* () {
      const manual = skill("x".repeat(1200)).replace("---\n# Long", "disable-model-invocation: true\n---\n# Long")
      expect(skl702(yield* lintMemory("long", manual))).toEqual([])
      expect(skl702(yield* lintMemory("long", skill("x".repeat(1200)), { agent: "codex", files: { "agents/openai.yaml": "policy:\n  allow_implicit_invocation: false\n" } }))).toEqual([])
      // Codex does not read Claude Code's field: it still lists (and cuts) the description.
      expect(skl702(yield* lintMemory("long", manual, { agent: "codex" }))).toEqual(["description is 1273 characters; OpenAI Codex cuts it at 1024 in its skill listing"])
    }))
  it.effect("an agent that documents no cap adds no finding; Codex cuts the description alone at 1,024 (model_visible.rs)", () =>
    Effect.gen(function* () {
      expect(skl702(yield* lintMemory("long", skill("x".repeat(1200)), { agent: "kiro" }))).toEqual([])
      expect(skl702(yield* lintMemory("long", skill("x".repeat(1200)), { agent: "codex" }))).toEqual([
        "description is 1273 characters; OpenAI Codex cuts it at 1024 in its skill listing"
      ])
    }))
})

describe("Gemini CLI skips a SKILL.md that starts with a byte order mark (skillLoader.ts, Gemini CLI 0.61.0)", () => {
  const BOMMED = "\uFEFF---\nname: demo\ndescription: Demo things when asked.\n---\n# demo\n"
  it.effect("--agent gemini reports it under SKL100, naming Gemini CLI; other agents read past it", () =>
    Effect.gen(function* () {
      const gemini = yield* lintMemory("demo", BOMMED, { agent: "gemini" })
      expect(gemini.reports[0]!.diagnostics.map(show)).toEqual([
        "SKILL.md:1 error SKL100: SKILL.md starts with a UTF-8 byte order mark: Gemini CLI looks for `---` at the file's first byte and skips the skill (gemini); save the file without the BOM"
      ])
      const claude = yield* lintMemory("demo", BOMMED, { agent: "claude" })
      expect(claude.reports[0]!.diagnostics.map(show)).toEqual([])
    }))
  // A probe: the profile said to agree with `skills-ref validate` passed a BOM, which skills-ref refuses
  // (it reads the file with `read_text()`, BOM kept, then checks `startswith("---")`: parser.py).
  it.effect("--agent codex reports it too: Codex's loader skips such a file (an agentskills probe, seventy-seventh pass)", () =>
    Effect.gen(function* () {
      const codex = yield* lintMemory("demo", BOMMED, { agent: "codex" })
      expect(codex.reports[0]!.diagnostics.map(show).filter((l) => l.includes("SKL100"))).toEqual([
        'SKILL.md:1 error SKL100: SKILL.md starts with a UTF-8 byte order mark: OpenAI Codex looks for `---` at the file\'s first byte and skips it: "missing YAML frontmatter delimited by ---" (codex); save the file without the BOM'
      ])
    }))
  it.effect("--agent agentskills reports it too: skills-ref fails such a file", () =>
    Effect.gen(function* () {
      const strict = yield* lintMemory("demo", BOMMED, { agent: "agentskills" })
      expect(strict.reports[0]!.diagnostics.map(show)).toEqual([
        'SKILL.md:1 error SKL100: SKILL.md starts with a UTF-8 byte order mark: Agent Skills specification (strict, skills-ref) looks for `---` at the file\'s first byte and fails it: "SKILL.md must start with YAML frontmatter (---)" (agentskills); save the file without the BOM'
      ])
    }))
})

describe("SKL108: a when_to_use Claude Code lists is the trigger, whatever its words (a probe of published skills, seventy-seventh pass)", () => {
  const skl108 = (r: { reports: ReadonlyArray<{ diagnostics: ReadonlyArray<LintDiagnostic> }> }) =>
    r.reports.flatMap((x) => x.diagnostics).filter((d) => d.rule === "SKL108").map((d) => d.message)
  const SKILL = '---\nname: coded\ndescription: Builds and deploys UiPath coded apps.\nwhen_to_use: "User wants to scaffold, build or deploy a coded app, or asks for a dashboard."\n---\n# Coded\n'
  it.effect("no finding for Claude Code; Codex, which lists the description alone, still misses one", () =>
    Effect.gen(function* () {
      expect(skl108(yield* lintMemory("coded", SKILL))).toEqual([])
      expect(skl108(yield* lintMemory("coded", SKILL, { agent: "claude,codex" }))).toEqual([
        "missing activation trigger in what codex lists: say when to use the skill in the description ('when_to_use' is not listed by it)"
      ])
    }))
  it.effect("an empty when_to_use is no trigger", () =>
    Effect.gen(function* () {
      expect(skl108(yield* lintMemory("coded", SKILL.replace(/when_to_use: .*\n/, 'when_to_use: "  "\n')))).toHaveLength(1)
    }))
})
