// Claude Code's skill listing as Claude Code 2.1.332 builds it (docs/agents.md "Claude Code"; the recorded
// listings are test/fixtures/claude-listing/, replayed by test/e2e/claude-real-listing.test.ts). Pure.
import { describe, expect, it } from "vitest"
import { claudeCut, claudeListing, displayWidth } from "../../src/domain/agents/claudeListing.js"
import { claudeCommand, commandName } from "../../src/domain/agents/claudeCommands.js"
import { mergeClaudeSettings, parseClaudeSettings } from "../../src/domain/agents/claudeSettings.js"
import { profileOf } from "../../src/domain/agents/index.js"
import { computeBudget, listingLimits } from "../../src/domain/protocol/budget.js"
import type { DiscoveredSkill } from "../../src/domain/protocol/discovery.js"
import { discovered } from "../helpers/discovered.js"
import { modelListing } from "../../src/domain/protocol/listing.js"

const claude = profileOf("claude")

const skill = (scope: DiscoveredSkill["scope"], dir: string, name: string, description: string): DiscoveredSkill =>
  discovered({ name, description, scope, root: `/${scope}`, dir })

describe("Claude Code's listing (Claude Code 2.1.332)", () => {
  it("cuts a text over the cap to cap − 1 characters and an ellipsis", () => {
    expect(claudeCut("abcdef", 4)).toBe("abc…")
    expect(claudeCut("abcd", 4)).toBe("abcd")
    expect(claudeCut("abcd", null)).toBe("abcd")
  })

  it("counts display columns: a wide East Asian character takes two, a combining mark none", () => {
    expect(displayWidth("- a: b")).toBe(6)
    expect(displayWidth("日本語")).toBe(6)
    expect(displayWidth("e\u0301")).toBe(1)
  })

  it("fits: every line whole while the lines and the newlines between them are within the budget", () => {
    const skills = [{ label: "a", text: "x".repeat(10) }, { label: "b", text: "y".repeat(10) }]
    // Two lines of 15 and one newline: 31.
    expect(claudeListing(skills, 31, null).map((l) => l.state)).toEqual(["full", "full"])
    expect(claudeListing(skills, 30, null).map((l) => l.state)).not.toEqual(["full", "full"])
  })

  it("past the budget: every line bare, then each text back in order while it fits what is left, a later shorter one included", () => {
    const skills = [
      { label: "a", text: "x".repeat(10) },
      { label: "b", text: "y".repeat(100) },
      { label: "c", text: "z".repeat(10) }
    ]
    // Bare lines 3 × 3 + 2 newlines = 11; 30 left: a (12 more) fits, b (102) does not, c (12) still does.
    const lines = claudeListing(skills, 41, null)
    expect(lines.map((l) => l.state)).toEqual(["full", "name-only", "full"])
    expect(lines.map((l) => l.line)).toEqual([`- a: ${"x".repeat(10)}`, "- b", `- c: ${"z".repeat(10)}`])
  })

  it("the user's skills first, then the project's; the user's copy of a directory name wins; a differing name in brackets", () => {
    const listing = modelListing(claude, listingLimits(claude), [
      skill("project", "zeta", "zeta", "Project zeta."),
      skill("project", "alpha", "alpha", "Project alpha."),
      skill("project", "dir-differs", "named-other", "Differs."),
      skill("user", "alpha", "alpha", "User alpha.")
    ])
    expect(listing.layout).toBe("claude")
    // Each directory's skills by directory name, whatever order they came in.
    expect(listing.entries.map((e) => [e.name, e.text])).toEqual([
      ["alpha", "User alpha."],
      ["named-other", "Differs."],
      ["zeta", "Project zeta."]
    ])
    // `- dir-differs (named-other): Differs.` and its newline.
    expect(listing.entries[1]!.entry_chars).toBe("- dir-differs (named-other): Differs.".length + 1)
  })
})

describe("Claude Code's settings files (Claude Code 2.1.332)", () => {
  it("reads skillListingBudgetFraction, skillListingMaxDescChars and skillOverrides; reports what it would not take", () => {
    const ok = parseClaudeSettings('{"skillListingBudgetFraction":0.02,"skillListingMaxDescChars":40,"skillOverrides":{"a":"off","b":"name-only"},"theme":"dark"}', "user")
    expect(ok.problems).toEqual([])
    expect(ok.settings.listingFraction).toEqual({ value: 0.02, from: "user" })
    expect(ok.settings.maxDescChars).toEqual({ value: 40, from: "user" })
    expect([...ok.settings.skillOverrides]).toEqual([["a", "off"], ["b", "name-only"]])
    const bad = parseClaudeSettings('{"skillListingBudgetFraction":2,"skillListingMaxDescChars":1.5,"skillOverrides":{"a":"hidden"}}', "p")
    expect(bad.settings).toEqual({ skillOverrides: new Map() })
    expect(bad.problems).toHaveLength(3)
    expect(parseClaudeSettings("{oops", "p").problems[0]).toMatch(/^p is not JSON/)
    expect(parseClaudeSettings("[]", "p").problems).toEqual(["p is not a JSON object; ignored"])
  })

  it("merges the files in order, the later winning, skillOverrides skill by skill", () => {
    const user = parseClaudeSettings('{"skillListingMaxDescChars":40,"skillOverrides":{"zeta":"name-only","cjk":"name-only"}}', "user").settings
    const project = parseClaudeSettings('{"skillListingMaxDescChars":60,"skillOverrides":{"zeta":"on"}}', "project").settings
    const merged = mergeClaudeSettings([user, project])
    expect(merged.maxDescChars).toEqual({ value: 60, from: "project" })
    expect(Object.fromEntries(merged.skillOverrides)).toEqual({ zeta: "on", cjk: "name-only" })
  })

  it("skillOverrides in the listing: name-only always bare, off not loaded, user-invocable-only manual only", () => {
    const skills = ["a", "b", "c", "d"].map((n) => skill("project", n, n, `Skill ${n}.`))
    const overrides = new Map([["a", "name-only"], ["b", "off"], ["c", "user-invocable-only"]] as const)
    const listing = modelListing(claude, listingLimits(claude), skills, overrides)
    expect(listing.entries.map((e) => [e.name, e.listed])).toEqual([["a", "name-only"], ["d", "full"]])
    expect(listing.off).toEqual(["b"])
    expect(listing.manual_only).toEqual(["c"])
    // A name-only line is `- a` in a listing that fits: it costs its bare width.
    expect(listing.entries[0]!.cost).toBe(3)
  })

  it("a skill listed by name only is not reported cut, whatever the per-entry cap (its text is not shown at all)", () => {
    const skills = [skill("project", "a", "a", "A long description of skill a."), skill("project", "b", "b", "A long description of skill b.")]
    const limits = { ...listingLimits(claude), max_description_chars: 10 }
    const listing = modelListing(claude, limits, skills, new Map([["a", "name-only"]] as const))
    expect(listing.entries.map((e) => [e.name, e.listed, e.truncated])).toEqual([
      ["a", "name-only", false],
      ["b", "full", true]
    ])
    expect(computeBudget(listing, limits).truncated).toEqual(["b"])
  })
})

describe("Claude Code's legacy commands (Claude Code 2.1.332)", () => {
  it("a command's name and text as Claude Code lists them", () => {
    expect(commandName("a/b/deep.md")).toBe("a:b:deep")
    expect(claudeCommand("when.md", "/c/when.md", "---\ndescription: Has when.\nwhen_to_use: Use it then.\n---\nx\n").text).toBe("Has when. - Use it then.")
    expect(claudeCommand("head.md", "/c/head.md", "\n\n# Heading First\n\nBody.\n").text).toBe("Heading First")
    expect(claudeCommand("empty.md", "/c/empty.md", "").text).toBe("Custom command")
    expect(claudeCommand("bad.md", "/c/bad.md", "---\ndescription: [oops\n---\nBody.\n").text).toBe("[oops")
    const long = claudeCommand("long.md", "/c/long.md", `   ${"x".repeat(150)}   \n`).text
    expect(long).toBe(`${"x".repeat(97)}...`)
    expect(claudeCommand("man.md", "/c/man.md", "---\ndescription: M.\ndisable-model-invocation: true\n---\n").manual).toBe(true)
  })

  it("CHANGELOG 2.1.239: a command file starting with a UTF-8 BOM keeps its frontmatter", () => {
    const bom = claudeCommand("bom.md", "/c/bom.md", "\uFEFF---\r\ndescription: Deploys the app.\r\n---\r\nBody.\r\n")
    expect(bom.text).toBe("Deploys the app.")
    expect(claudeCommand("bman.md", "/c/bman.md", "\uFEFF---\ndescription: M.\ndisable-model-invocation: true\n---\n").manual).toBe(true)
  })

  it("in the listing: after the skills, by name, none named like a skill, none manual only", () => {
    const commands = [
      claudeCommand("zz.md", "/u/zz.md", "Z."),
      claudeCommand("sk.md", "/p/sk.md", "Shadowed."),
      claudeCommand("man.md", "/p/man.md", "---\ndisable-model-invocation: true\n---\nM."),
      claudeCommand("aa.md", "/p/aa.md", "A.")
    ]
    const listing = modelListing(claude, listingLimits(claude), [skill("project", "sk", "sk", "The skill.")], new Map(), commands)
    expect(listing.entries.map((e) => [e.name, e.kind ?? "skill", e.text])).toEqual([
      ["sk", "skill", "The skill."],
      ["aa", "command", "A."],
      ["zz", "command", "Z."]
    ])
  })
})
