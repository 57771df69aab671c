// Issue 27: the skill listing's cost against an agent's documented limits (skc budget), pure.
import { describe, expect, it } from "vitest"
import { computeBudget, listingLimits } from "../../src/domain/protocol/budget.js"

const skill = (name: string, length: number) => ({ name, description: "d".repeat(length) })

describe("listing limits", () => {
  it("Claude Code: 1 % of the window at 4 characters per token, 1,536 per description; the variable overrides", () => {
    expect(listingLimits("claude")).toMatchObject({ budget_chars: 8000, context_tokens: 200000, max_description_chars: 1536 })
    expect(listingLimits("claude", { contextTokens: 1_000_000 }).budget_chars).toBe(40000)
    expect(listingLimits("claude", { contextTokens: 1_000_000, charBudget: 500 })).toMatchObject({ budget_chars: 500, basis: "SLASH_COMMAND_TOOL_CHAR_BUDGET" })
    expect(listingLimits("codex")).toMatchObject({ budget_chars: null, max_description_chars: null, source: null })
  })
})

describe("computeBudget", () => {
  it("entries as '- name: description', cut descriptions, room left, one more skill", () => {
    const b = computeBudget([skill("a", 100), skill("b", 2000)], listingLimits("claude"))
    expect(b.skills).toEqual([
      { name: "a", description_chars: 100, entry_chars: 1 + 3 + 2 + 100, truncated: false, listed: "full" },
      { name: "b", description_chars: 2000, entry_chars: 1 + 3 + 2 + 1536, truncated: true, listed: "full" }
    ])
    expect(b.truncated).toEqual(["b"])
    expect(b.room_chars).toBe(8000 - 106 - 1542)
    expect(b.one_more).toEqual({ entry_chars: 824, fits: true, displaced: [] })
  })

  it("past the budget, skills are listed by name only; one more listed first displaces the last full ones", () => {
    const b = computeBudget([skill("a", 394), skill("b", 394), skill("c", 394)], listingLimits("claude", { charBudget: 1000 }))
    expect(b.skills.map((s) => s.listed)).toEqual(["full", "full", "name-only"])
    expect(b.names_only).toEqual(["c"])
    expect(b.used_chars).toBe(400 + 400 + 4)
    expect(b.one_more).toEqual({ entry_chars: 400, fits: false, displaced: ["b"] })
  })

  it("an agent without documented limits: the cost only", () => {
    const b = computeBudget([skill("a", 2000)], listingLimits("cursor"))
    expect(b).toMatchObject({ room_chars: null, truncated: [], names_only: [], total_chars: 2006, estimated_tokens: 502 })
    expect(b.one_more.fits).toBeNull()
  })
})
