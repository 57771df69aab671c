// Issue 27: the skill listing's cost against an agent's documented limits (skc budget), pure.
// Issue 43 / DECISIONS #51: the limits come from the agent's profile; one listing is shared by prompt and budget.
import { describe, expect, it } from "vitest"
import { profileOf } from "../../src/domain/agents/index.js"
import { computeBudget, listingLimits } from "../../src/domain/protocol/budget.js"
import { PLAIN_LISTING, type DiscoveredSkill, type SkillListing } from "../../src/domain/protocol/discovery.js"
import { modelListing } from "../../src/domain/protocol/listing.js"

const claude = profileOf("claude")
const codex = profileOf("codex")

const skill = (name: string, length: number, listing: Partial<SkillListing> = {}): DiscoveredSkill => ({
  scope: "project",
  dir: `/p/${name}`,
  path: `/p/${name}/SKILL.md`,
  link_target: null,
  deployed_by_skc: false,
  name,
  description: "d".repeat(length),
  allowed_tools: null,
  warnings: [],
  listing: { ...PLAIN_LISTING, ...listing }
})

const budgetOf = (skills: ReadonlyArray<DiscoveredSkill>, limits = listingLimits(claude), profile = claude) => computeBudget(modelListing(profile, limits, skills), limits)

describe("listing limits from the profile (DECISIONS #51, issue 43)", () => {
  it("Claude Code: 1 % of the window at 4 characters per token, 1,536 per entry; the variable overrides", () => {
    // Its default model's window: 750,000 tokens (three quarters of its 1M context, recorded on 2.1.332).
    expect(listingLimits(claude)).toMatchObject({ budget_chars: 30000, context_tokens: 750000, max_description_chars: 1536, source: claude.listing.budget.kind === "fraction" ? claude.listing.budget.source : "" })
    expect(listingLimits(claude).basis).toBe("1 % of a 750,000-token context window at 4 characters per token")
    // The model's window (the profile's windowOf) replaces the default and is named.
    expect(listingLimits(claude, { modelWindow: { tokens: 200_000, why: "claude-haiku-4-5's 200,000 tokens" } })).toMatchObject({
      budget_chars: 8000,
      basis: "1 % of a 200,000-token context window at 4 characters per token; the window: claude-haiku-4-5's 200,000 tokens"
    })
    expect(listingLimits(claude, { modelWindow: { tokens: 200_000, why: "x" }, contextTokens: 100_000 })).toMatchObject({ budget_chars: 4000, basis: "1 % of a 100,000-token context window (--context-tokens) at 4 characters per token" })
    expect(listingLimits(claude, { contextTokens: 1_000_000 })).toMatchObject({ budget_chars: 40000, basis: "1 % of a 1,000,000-token context window (--context-tokens) at 4 characters per token" })
    expect(listingLimits(claude, { contextTokens: 1_000_000, envChars: 500 })).toMatchObject({ budget_chars: 500, basis: "SLASH_COMMAND_TOOL_CHAR_BUDGET" })
  })

  it("[agents.claude] overrides the fraction, the cap, the window and the budget; --context-tokens beats the configured window", () => {
    const o = { listing_fraction: 0.02, entry_cap: 500, context_tokens: 100_000 }
    expect(listingLimits(claude, { overrides: o })).toMatchObject({
      budget_chars: 8000,
      max_description_chars: 500,
      basis: "2 % ([agents.claude] listing_fraction) of a 100,000-token context window ([agents.claude] context_tokens) at 4 characters per token"
    })
    expect(listingLimits(claude, { overrides: o, contextTokens: 50_000 }).budget_chars).toBe(4000)
    expect(listingLimits(claude, { overrides: { budget_chars: 1234 } })).toMatchObject({ budget_chars: 1234, basis: "[agents.claude] budget_chars in skc's configuration" })
  })

  it("Codex: 8,000 characters without the window, 2 % × tokens × 4 with it; each description capped at 1,024", () => {
    expect(listingLimits(codex)).toMatchObject({ budget_chars: 8000, context_tokens: null, max_description_chars: 1024 })
    expect(listingLimits(codex).basis).toMatch(/^OpenAI Codex's documented fallback when the context window is unknown/)
    expect(listingLimits(codex, { contextTokens: 400_000 })).toMatchObject({ budget_chars: 32000, context_tokens: 400000 })
    // Codex has no environment override: the variable is Claude Code's.
    expect(listingLimits(codex, { envChars: 10 }).budget_chars).toBe(8000)
  })

  it("an agent that documents no budget (Kiro): none, said plainly", () => {
    expect(listingLimits(profileOf("kiro"))).toEqual({ budget_chars: null, budget_tokens: null, context_tokens: null, max_description_chars: null, basis: "Kiro documents no listing budget", source: null })
  })
})

describe("computeBudget over the listing", () => {
  it("Claude Code: what the listing takes and the room left add up to the budget (one newline between lines)", () => {
    for (const skills of [[skill("pptx", 300)], [skill("a", 40), skill("b", 50), skill("c", 60)]]) {
      const b = budgetOf(skills)
      expect(b.skills.every((s) => s.listed === "full")).toBe(true)
      expect(b.total_chars).toBe(b.used_chars)
      expect(b.total_chars + b.room_chars!).toBe(30000)
      // Each entry counts its own newline; joined, the listing has one fewer.
      expect(b.total_chars).toBe(b.skills.reduce((n, s) => n + s.entry_chars, 0) - 1)
    }
  })

  it("entries as '- name: text', cut texts, room left, one more skill", () => {
    const b = budgetOf([skill("a", 100), skill("b", 2000)])
    expect(b.skills).toEqual([
      { name: "a", description_chars: 100, text_chars: 100, entry_chars: 1 + 3 + 2 + 100, truncated: false, listed: "full", command: true, paths: null },
      { name: "b", description_chars: 2000, text_chars: 2000, entry_chars: 1 + 3 + 2 + 1536, truncated: true, listed: "full", command: true, paths: null }
    ])
    expect(b.truncated).toEqual(["b"])
    // Claude Code 2.1.332 counts the lines and one newline between them: 105 + (1 + 1,541).
    expect(b.room_chars).toBe(30000 - 105 - 1542)
    expect(b.one_more).toEqual({ entry_chars: 824, fits: true, displaced: [] })
  })

  it("past the budget, every skill is bare, then each gets its text back in order while it fits (Claude Code 2.1.332); one more listed first displaces the last full ones", () => {
    const b = budgetOf([skill("a", 394), skill("b", 394), skill("c", 394)], listingLimits(claude, { envChars: 1000 }))
    expect(b.skills.map((s) => s.listed)).toEqual(["full", "full", "name-only"])
    expect(b.names_only).toEqual(["c"])
    // Two lines of 399, one of 3, two newlines between them.
    expect(b.used_chars).toBe(399 + 1 + 399 + 1 + 3)
    expect(b.one_more).toEqual({ entry_chars: 400, fits: false, displaced: ["b"] })
  })

  it("Claude Code: one more skill after a name-only entry fits when the room left holds it (the listing skips the entry that does not fit, it does not stop there)", () => {
    // A short skill and one too long for the budget: the long one is bare, the room left holds a mean entry.
    const b = budgetOf([skill("alpha", 50), skill("big", 1039)], listingLimits(claude, { envChars: 800 }))
    expect(b.skills.map((s) => s.listed)).toEqual(["full", "name-only"])
    expect(b.one_more.entry_chars).toBeLessThanOrEqual(b.room_chars!)
    expect(b.one_more).toEqual({ entry_chars: b.one_more.entry_chars, fits: true, displaced: [] })
    // Not when the room left is smaller than a mean entry.
    expect(budgetOf([skill("alpha", 50), skill("big", 1039)], listingLimits(claude, { envChars: 400 })).one_more.fits).toBe(false)
  })

  it("an agent without documented limits: the cost only", () => {
    const kiro = profileOf("kiro")
    const b = budgetOf([skill("a", 2000)], listingLimits(kiro), kiro)
    expect(b).toMatchObject({ room_chars: null, truncated: [], names_only: [], total_chars: 2006, estimated_tokens: 502 })
    expect(b.one_more.fits).toBeNull()
  })

  it("DECISIONS #51: a manual-only skill costs nothing and is reported apart; when_to_use counts toward Claude's 1,536 cap", () => {
    const wtu = "w".repeat(1200)
    const b = budgetOf([
      skill("manual", 50, { model: false }),
      skill("long", 1259, { when_to_use: wtu }),
      skill("menu", 10, { command: false }),
      skill("cond", 10, { paths: ["src/**/*.ts"] })
    ])
    expect(b.manual_only).toEqual(["manual"])
    // Claude Code 2.1.332 keeps a conditional skill (paths:) out of the listing a session starts with.
    expect(b.conditional).toEqual(["cond"])
    expect(b.skills.map((s) => s.name)).toEqual(["long", "menu"])
    expect(b.skills[0]).toMatchObject({ description_chars: 1259, text_chars: 1259 + 3 + 1200, truncated: true, listed: "full", entry_chars: 4 + 3 + 2 + 1536 })
    expect(b.skills[1]).toMatchObject({ command: false, paths: null, truncated: false })
    const listing = modelListing(claude, listingLimits(claude), [skill("long", 1259, { when_to_use: wtu })])
    expect([...listing.entries[0]!.text].length).toBe(1536)
    // Claude Code 2.1.332: `description - when_to_use`, cut to 1,535 characters and an ellipsis.
    expect(listing.entries[0]!.text).toBe(`${"d".repeat(1259)} - ${"w".repeat(273)}…`)
  })
})
