/**
 * DECISIONS #51 (a profile models the agent's listing): the budget Claude Code
 * gives its skill listing follows the model it runs, checked against the real
 * client. test/fixtures/claude-listing/windows/claude-2.1.332.json holds what
 * Claude Code 2.1.332 listed, with no SLASH_COMMAND_TOOL_CHAR_BUDGET, for 250
 * generated user skills (80 long descriptions, 150 one-character ones, 20
 * long again, so that the texts given back past the budget fill it to within
 * a few characters): for its default model, a model named by ANTHROPIC_MODEL
 * or by `model` in its settings, the long context turned off, a `[1m]` model
 * and a settings fraction (`cases`), and for `--model <id>` runs (`models`).
 * skc must list the same skills with their text and the listing the same
 * number of characters, reading the model where Claude Code reads it.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { ROOT, sandbox } from "../helpers/cli.js"

interface Recorded {
  readonly skills: ReadonlyArray<{ readonly prefix: string; readonly count: number; readonly pad: number; readonly description: string }>
  readonly cases: ReadonlyArray<{
    readonly title: string
    readonly env: Record<string, string>
    readonly settings: Record<string, unknown>
    readonly model_sent: string
    readonly with_text: ReadonlyArray<string>
    readonly chars: number
  }>
  readonly models: ReadonlyArray<{ readonly model: string; readonly model_sent: string; readonly with_text: number; readonly chars: number }>
}

const recorded = JSON.parse(readFileSync(join(ROOT, "test", "fixtures", "claude-listing", "windows", "claude-2.1.332.json"), "utf8")) as Recorded

/** The recorded runs' settings: the built-in plugin-authoring plugin off (its skill would share the budget), plus the case's own. */
const settingsOf = (own: Record<string, unknown>) => JSON.stringify({ enabledPlugins: { "plugin-authoring@builtin": false }, ...own })

interface Listed {
  readonly skills: ReadonlyArray<{ readonly name: string; readonly description: string | null }>
  readonly xml: string
}

describe("Claude Code's listing budget follows its model, as Claude Code 2.1.332 sized it (DECISIONS #51)", () => {
  const sb = sandbox()
  for (const group of recorded.skills) {
    for (let i = 1; i <= group.count; i++) {
      const index = String(i).padStart(group.pad, "0")
      const dir = join(sb.home, ".claude", "skills", `${group.prefix}${index}`)
      mkdirSync(dir, { recursive: true })
      writeFileSync(join(dir, "SKILL.md"), `---\nname: ${group.prefix}${index}\ndescription: ${group.description.replace("{i}", index)}\n---\n# ${group.prefix}\n`)
    }
  }
  const cwd = join(sb.work, "proj")
  mkdirSync(join(cwd, ".git"), { recursive: true })
  const base = { CLAUDE_CODE_DISABLE_BUNDLED_SKILLS: "1", SLASH_COMMAND_TOOL_CHAR_BUDGET: undefined, ANTHROPIC_MODEL: undefined, CLAUDE_CODE_DISABLE_1M_CONTEXT: undefined }

  /** `skc prompt --agent claude`'s skills listed with their text, and the characters of its lines. */
  const listing = async (env: Record<string, string | undefined>, settings: Record<string, unknown>) => {
    writeFileSync(join(sb.home, ".claude", "settings.json"), settingsOf(settings))
    const r = await sb.runAsync(["prompt", "--agent", "claude", "--format", "json"], cwd, { ...base, ...env })
    expect(r.code, r.stderr).toBe(0)
    const out = JSON.parse(r.stdout) as Listed
    return { withText: out.skills.filter((s) => s.description !== null && s.description !== "").map((s) => s.name), chars: out.xml.length }
  }

  for (const c of recorded.cases) {
    it(`${c.title} (Claude Code sent ${c.model_sent}): the same ${c.with_text.length} skills with their text, ${c.chars} characters`, async () => {
      const got = await listing(c.env, c.settings)
      expect(got.withText).toEqual(c.with_text)
      expect(got.chars).toBe(c.chars)
    })
  }

  it("each `--model <id>` run, named to skc with ANTHROPIC_MODEL: the same number of skills with their text and characters", async () => {
    const got: Array<{ model: string; with_text: number; chars: number }> = []
    for (const m of recorded.models) {
      const l = await listing({ ANTHROPIC_MODEL: m.model }, {})
      got.push({ model: m.model, with_text: l.withText.length, chars: l.chars })
    }
    expect(got).toEqual(recorded.models.map((m) => ({ model: m.model, with_text: m.with_text, chars: m.chars })))
  })

  it("budget names the window and where the model came from; ANTHROPIC_MODEL beats the settings' model; --context-tokens beats both", async () => {
    writeFileSync(join(sb.home, ".claude", "settings.json"), settingsOf({ model: "claude-sonnet-4-5" }))
    const limits = async (env: Record<string, string | undefined>, args: ReadonlyArray<string> = []) => {
      const r = await sb.runAsync(["budget", "--agent", "claude", "--format", "json", ...args], cwd, { ...base, ...env })
      expect(r.code, r.stderr).toBe(0)
      return (JSON.parse(r.stdout) as { limits: { budget_chars: number; context_tokens: number; basis: string } }).limits
    }
    const fromSettings = await limits({})
    expect(fromSettings).toMatchObject({ budget_chars: 8_000, context_tokens: 200_000 })
    expect(fromSettings.basis).toContain("claude-sonnet-4-5's 200,000 tokens (the model from ~/.claude/settings.json)")
    const fromEnv = await limits({ ANTHROPIC_MODEL: "claude-opus-5-5" })
    expect(fromEnv).toMatchObject({ budget_chars: 30_000, context_tokens: 750_000 })
    expect(fromEnv.basis).toContain("(the model from ANTHROPIC_MODEL)")
    expect(await limits({}, ["--context-tokens", "100000"])).toMatchObject({ budget_chars: 4_000, context_tokens: 100_000 })
  })
})
