// Issue 50 (the editor's hover on `description`): what one skill's entry costs each agent, as `skc budget`
// counts it. Claude Code 2.1.332 lists a skill with `paths:` only once a matching file is touched
// (test/fixtures/claude-listing): the hover gives the cost it then has, and says when.
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { listingCost } from "../../src/app/eval/index.js"
import { profileOf } from "../../src/domain/agents/index.js"
import { descriptionHover } from "../../src/lsp/hover.js"
import { memoryWorld } from "../../src/testing.js"

/** `skc budget` over `files` in /proj (home /home/u), and its text. */
const budgetOf = async (files: Record<string, string>, input: { readonly agent?: "gemini" } = {}) => {
  const { budget } = await import("../../src/app/eval/index.js")
  const { renderBudget } = await import("../../src/render/budget.js")
  const b = Result.getOrThrow(await memoryWorld({ cwd: "/proj", home: "/home/u", files }).run(budget(input)))
  return { b, text: renderBudget(b) }
}

describe("listingCost and the description hover", () => {
  it("a conditional skill costs Claude Code its entry once a matching file is touched; a manual-only one nothing", async () => {
    const w = memoryWorld({ files: {} })
    const claude = profileOf("claude")
    const conditional = Result.getOrThrow(await w.run(listingCost("ts-style", { description: "House style.", paths: "src/**/*.ts" }, [claude])))
    expect(conditional[0]).toMatchObject({ listed: true, conditional: true, entry_chars: "- ts-style: House style.".length + 1 })
    expect(descriptionHover(conditional)).toContain("once a file matching `paths:` is touched")
    const plain = Result.getOrThrow(await w.run(listingCost("ts-style", { description: "House style." }, [claude])))
    expect(plain[0]).toMatchObject({ listed: true, conditional: false })
    expect(descriptionHover(plain)).not.toContain("paths:")
    const manual = Result.getOrThrow(await w.run(listingCost("ts-style", { description: "House style.", "disable-model-invocation": true }, [claude])))
    expect(manual[0]).toMatchObject({ listed: false })
    expect(descriptionHover(manual)).toContain("not listed (manual only)")
  })

  it("a cut says the text's length in the unit the cap counts, so the comparison it shows is true (issue 50)", async () => {
    // 40 emoji and 1,481 letters: 1,521 code points, 1,561 UTF-16 units. Claude Code cuts at 1,536 UTF-16 units;
    // the hover said "yes: 1,521 > 1,536", code points against a cap of units.
    const w = memoryWorld({ files: {} })
    const description = `${"\u{1F600}".repeat(40)}${"a".repeat(1481)}`
    const costs = Result.getOrThrow(await w.run(listingCost("emoji", { description }, [profileOf("claude")])))
    expect(costs[0]).toMatchObject({ truncated: true, text_chars: 1521, cap_length: 1561, cap_unit: "UTF-16 units", cap_chars: 1536 })
    const row = descriptionHover(costs).split("\n").find((l) => l.startsWith("| Claude Code"))!
    expect(row).toContain("**yes**: 1,561 > 1,536 UTF-16 units")
    const [shown, cap] = row.match(/\*\*yes\*\*: ([\d,]+) > ([\d,]+)/)!.slice(1).map((n) => Number(n.replace(/,/g, "")))
    expect(shown).toBeGreaterThan(cap!)
    const short = Result.getOrThrow(await w.run(listingCost("plain", { description: "House style." }, [profileOf("claude")])))
    expect(descriptionHover(short)).toContain("no (cap 1,536 UTF-16 units)")
  })
})

describe("the hover's tokens are each agent's own entry's", () => {
  // An editor probe: the characters column differed by agent (Codex 212, Gemini CLI 295, Amp 150) while every
  // row read 38 tokens, counted from one `- name: text` line whatever the agent lists.
  it("tokens follow the agent's entry characters, as skc budget estimates them (characters ÷ 4, rounded up)", async () => {
    const w = memoryWorld({ files: {} })
    const description = "Review pull requests for correctness, security and style. Use when a diff or a PR link is given."
    const profiles = (["claude", "codex", "gemini", "amp"] as const).map((a) => profileOf(a))
    const costs = Result.getOrThrow(await w.run(listingCost("code-review", { description }, profiles, "/proj/.agents/skills/code-review/SKILL.md")))
    expect(new Set(costs.map((c) => c.entry_chars)).size).toBeGreaterThan(2)
    for (const c of costs) expect(c.tokens, c.agent).toBe(Math.ceil(c.entry_chars / 4))
    const rows = descriptionHover(costs).split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| agent"))
    expect(new Set(rows.map((r) => r.split("|")[3]!.trim())).size).toBeGreaterThan(2)
  })
})

describe("budget names a skill as the agent's listing does", () => {
  // An agent-profile probe: a skill whose frontmatter name differs from its folder was `other-name` in budget,
  // where Claude Code's line (and `skc prompt`) says `- dir-name (other-name): …`.
  it("Claude Code: the directory, then the frontmatter name when it differs", async () => {
    const files = {
      "/proj/.claude/skills/dir-name/SKILL.md": "---\nname: other-name\ndescription: Does a thing when asked.\n---\n# X\n",
      "/proj/.claude/skills/same/SKILL.md": "---\nname: same\ndescription: Does another thing.\n---\n# Y\n"
    }
    const { b, text } = await budgetOf(files)
    expect(b.skills.map((s) => [s.name, s.listed_as ?? null])).toEqual([
      ["other-name", "dir-name (other-name)"],
      ["same", null]
    ])
    expect(text).toMatch(/^dir-name \(other-name\) +24 +50 /m)
  })
})

describe("Claude Code's settings files and plugin manifests as bad input", () => {
  const SKILL = (name: string) => `---\nname: ${name}\ndescription: "Skill ${name}."\n---\n# ${name}\n`
  it("a settings file that is not JSON, not an object, a directory or has wrong values is reported and ignored; the listing still answers", async () => {
    const { budget } = await import("../../src/app/eval/index.js")
    const w = memoryWorld({
      cwd: "/proj",
      home: "/home/u",
      files: {
        "/proj/.claude/skills/a/SKILL.md": SKILL("a"),
        "/home/u/.claude/settings.json": "{not json",
        "/proj/.claude/settings.json": '{"skillListingMaxDescChars": -3, "skillOverrides": {"a": "sideways"}}',
        "/proj/.claude/settings.local.json/keep": "a directory where a file should be"
      }
    })
    const r = await w.run(budget({}))
    const b = Result.getOrThrow(r)
    expect(b.skills.map((s) => [s.name, s.listed])).toEqual([["a", "full"]])
    expect(b.limits.max_description_chars).toBe(1536)
    const warned = w.warnings().join("\n")
    expect(warned).toContain("~/.claude/settings.json is not JSON")
    expect(warned).toContain(".claude/settings.json: skillListingMaxDescChars must be a positive integer; ignored")
    expect(warned).toContain(".claude/settings.json: skillOverrides.a must be one of on, off, user-invocable-only, name-only; ignored")
    expect(warned).toMatch(/settings\.local\.json is not a settings file skc reads \(not a file\); ignored/)
  })

  it("skillOverrides name-only is the setting's doing, not an overflow: room left, one more fits, said apart (Claude Code 2.1.129)", async () => {
    const { b, text } = await budgetOf({
      "/proj/.claude/skills/a/SKILL.md": SKILL("a"),
      "/proj/.claude/skills/b/SKILL.md": SKILL("b"),
      "/proj/.claude/settings.json": '{"skillOverrides": {"b": "name-only"}}'
    })
    expect(b.skills.map((s) => [s.name, s.listed])).toEqual([["a", "full"], ["b", "name-only"]])
    expect(b.names_only).toEqual(["b"])
    expect(b.names_only_by_setting).toEqual(["b"])
    expect(b.one_more.fits).toBe(true)
    expect(text).not.toContain("over budget")
    // With what Claude Code's own skills leave said beside (budget's room_after_bundled_chars).
    expect(text).toMatch(/^room left: [\d,]+ characters \(about [\d,]+ once Claude Code's own skills take theirs\)$/m)
    expect(text).toContain("listed by name only by Claude Code's settings (skillOverrides: name-only; never matched on a description): b")
    expect(text).toMatch(/^one more skill \(~\d+ characters\): fits after these/m)
  })

  it("skillOverrides name-only: match sees the name alone, as the listing shows it (DECISIONS #51)", async () => {
    const { match } = await import("../../src/app/skills/match.js")
    const w = memoryWorld({
      cwd: "/proj",
      home: "/home/u",
      files: {
        "/proj/.claude/skills/sql-review/SKILL.md": "---\nname: sql-review\ndescription: Review SQL migrations for locking and data loss.\n---\n# sql-review\n",
        "/proj/.claude/settings.json": '{"skillOverrides": {"sql-review": "name-only"}}'
      }
    })
    // Before, it was ranked first on "migrations" and "locking", words only its description (never listed) holds.
    const r = Result.getOrThrow(await w.run(match({ query: "migrations that take locks" })))
    expect(r.results.filter((m) => m.name === "sql-review")).toEqual([])
    // Its name still counts.
    const byName = Result.getOrThrow(await w.run(match({ query: "review the sql" })))
    expect(byName.results.map((m) => m.name)).toContain("sql-review")
  })

  it("budget names each agent's own setting for the skills it turned off: Gemini CLI's skills.disabled, not skillOverrides", async () => {
    const { b, text } = await budgetOf(
      {
        "/proj/.gemini/skills/pdf-forms/SKILL.md": SKILL("pdf-forms"),
        "/proj/.gemini/skills/kept/SKILL.md": SKILL("kept"),
        "/proj/.gemini/settings.json": '{"skills": {"disabled": ["PDF-FORMS"]}}'
      },
      { agent: "gemini" }
    )
    expect(b.off).toEqual(["pdf-forms"])
    expect(text).toContain("turned off in Gemini CLI's settings (skills.disabled, skills.enabled): pdf-forms")
    expect(text).not.toContain("skillOverrides")
  })

  it("discover says what the agent's settings make of a skill, as prompt and budget obey them: off, manual only, name only", async () => {
    const { discoverCommand } = await import("../../src/app/skills/discover.js")
    const { renderDiscover } = await import("../../src/render/protocol.js")
    const files: Record<string, string> = {
      "/proj/.claude/settings.json": '{"skillOverrides": {"pdf-forms": "off", "mixed": "user-invocable-only", "terse": "name-only"}}',
      "/proj/.gemini/settings.json": '{"skills": {"disabled": ["PDF-FORMS"]}}'
    }
    for (const name of ["pdf-forms", "mixed", "terse", "plain"]) {
      files[`/proj/.claude/skills/${name}/SKILL.md`] = SKILL(name)
      files[`/proj/.gemini/skills/${name}/SKILL.md`] = SKILL(name)
    }
    const w = memoryWorld({ cwd: "/proj", home: "/home/u", files })
    const claude = Result.getOrThrow(await w.run(discoverCommand({ agent: "claude" })))
    const facts = (name: string, r: typeof claude) => r.skills.find((s) => s.name === name)!.listing
    expect(facts("pdf-forms", claude)).toMatchObject({ model: false, command: false, settings: "off" })
    expect(facts("mixed", claude)).toMatchObject({ model: false, command: true, settings: "user-invocable-only" })
    expect(facts("terse", claude)).toMatchObject({ model: true, settings: "name-only" })
    expect(facts("plain", claude)).toEqual({ model: true, command: true, when_to_use: null, paths: null })
    const text = renderDiscover(claude)
    expect(text).toMatch(/pdf-forms .*off \(settings\)/)
    expect(text).toMatch(/mixed .*manual only \(settings\)/)
    expect(text).toMatch(/terse .*name only \(settings\)/)
    const gemini = Result.getOrThrow(await w.run(discoverCommand({ agent: "gemini" })))
    expect(facts("pdf-forms", gemini)).toMatchObject({ model: false, settings: "off" })
    expect(facts("mixed", gemini)).not.toHaveProperty("settings")
  })

  it("a plugin manifest that is not JSON: Claude Code loads none of the plugin's skills, and skc says so", async () => {
    const { budget } = await import("../../src/app/eval/index.js")
    const { discoverCommand } = await import("../../src/app/skills/discover.js")
    const w = memoryWorld({
      cwd: "/proj",
      home: "/home/u",
      files: {
        "/plug/.claude-plugin/plugin.json": "[1, 2",
        "/plug/skills/p/SKILL.md": SKILL("p"),
        "/named/.claude-plugin/plugin.json": '{"name": "named-plugin"}',
        "/named/skills/q/SKILL.md": SKILL("q")
      }
    })
    const b = Result.getOrThrow(await w.run(budget({ plugin_dirs: ["/plug", "/named"] })))
    expect(b.skills.map((s) => s.name)).toEqual(["q"])
    expect(w.warnings().join("\n")).toContain("/plug/.claude-plugin/plugin.json is not a plugin manifest Claude Code reads")
    // discover agrees with the listing: not loaded, not listed as the model's (a probe: it was, beside the warning).
    const found = Result.getOrThrow(await w.run(discoverCommand({ plugin_dirs: ["/plug", "/named"] })))
    expect([...found.skills, ...found.shadowed].map((s) => s.name)).toEqual(["q"])
  })
})
