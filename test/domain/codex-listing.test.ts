// DECISIONS #51 (agent profiles model each agent's listing): Codex's own listing, as its
// `codex-rs/core-skills/src/render.rs` lays it out (docs/agents.md "OpenAI Codex"), and its
// `agents/openai.yaml` policy. Pure.
import { describe, expect, it } from "vitest"
import { codexLine, codexListing, singleLine, tokensOfBytes, type CodexSkill } from "../../src/domain/agents/codexListing.js"
import { implicitInvocation } from "../../src/domain/agents/codexPolicy.js"
import { profileOf } from "../../src/domain/agents/index.js"
import { computeBudget, listingLimits } from "../../src/domain/protocol/budget.js"
import type { DiscoveredSkill } from "../../src/domain/protocol/discovery.js"
import { discovered } from "../helpers/discovered.js"
import { modelListing } from "../../src/domain/protocol/listing.js"

const sk = (name: string, description: string, scopeRank = 0): CodexSkill => ({ name, description, file: `/r/${name}/SKILL.md`, scopeRank })
/** A line's cost with its newline, in characters. */
const chars = (s: CodexSkill, kept: number) => [...codexLine(s, kept)].length + 1

describe("Codex's listing layout", () => {
  it("the line names the SKILL.md; no description leaves `name: (file: …)`", () => {
    expect(codexLine(sk("pdf", "Fill forms."), Infinity)).toBe("- pdf: Fill forms. (file: /r/pdf/SKILL.md)")
    expect(codexLine(sk("pdf", "Fill forms."), 0)).toBe("- pdf: (file: /r/pdf/SKILL.md)")
    expect(codexLine(sk("pdf", "Fill forms."), 4)).toBe("- pdf: Fill (file: /r/pdf/SKILL.md)")
  })

  it("name and description on one line: each run of white space is one space, none at the ends", () => {
    expect(singleLine("  Fill PDF forms.\n\nUse for\tinvoices.\u00a0 ")).toBe("Fill PDF forms. Use for invoices.")
    expect(singleLine("")).toBe("")
  })

  it("orders project skills before user skills, each by name, whatever the input order", () => {
    const lines = codexListing([sk("zeta", "z", 0), sk("beta", "b", 1), sk("alpha", "a", 1), sk("gamma", "g", 0)], null)
    expect(lines.map((l) => l.skill.name)).toEqual(["gamma", "zeta", "alpha", "beta"])
    expect(lines.every((l) => l.state === "full")).toBe(true)
  })

  it("within the budget every description is whole", () => {
    const a = sk("alpha-skill", "abcdef")
    const b = sk("beta-skill", "uvwxyz")
    const lines = codexListing([b, a], { unit: "characters", limit: chars(a, 6) + chars(b, 6) })
    expect(lines.map((l) => [l.skill.name, l.state, l.kept])).toEqual([
      ["alpha-skill", "full", 6],
      ["beta-skill", "full", 6]
    ])
  })

  it("past the budget it shortens every description alike, one character to each in turn", () => {
    const a = sk("alpha-skill", "abcdef")
    const b = sk("beta-skill", "uvwxyz")
    // Room for the bare lines and six characters: the first character of each costs 2 (with its space), then 1.
    const lines = codexListing([b, a], { unit: "characters", limit: chars(a, 0) + chars(b, 0) + 6 })
    expect(lines.map((l) => l.line)).toEqual([codexLine(a, 2), codexLine(b, 2)])
    expect(lines.map((l) => l.state)).toEqual(["cut", "cut"])
  })

  it("a short description is kept whole and its unused share goes to the longer one", () => {
    const short = sk("short-skill", "x")
    const long = sk("long-skill", "abcdefghi")
    const lines = codexListing([short, long], { unit: "characters", limit: chars(short, 0) + chars(long, 0) + 11 })
    expect(lines.map((l) => [l.skill.name, l.kept, l.state])).toEqual([
      ["long-skill", 8, "cut"],
      ["short-skill", 1, "full"]
    ])
  })

  it("when even the bare lines do not fit, skills are listed bare while they fit and the rest left out", () => {
    const big = sk("a-very-long-skill-name-that-takes-room", "desc ".repeat(20))
    const small = sk("b", "small")
    const lines = codexListing([big, small], { unit: "characters", limit: chars(small, 5) })
    expect(lines.map((l) => [l.skill.name, l.state, l.cost])).toEqual([
      ["a-very-long-skill-name-that-takes-room", "omitted", 0],
      ["b", "name-only", chars(small, 0)]
    ])
  })

  it("a budget in tokens counts each line's UTF-8 bytes ÷ 4, rounded up: non-ASCII text costs more", () => {
    expect(tokensOfBytes(0)).toBe(0)
    expect(tokensOfBytes(1)).toBe(1)
    expect(tokensOfBytes(8)).toBe(2)
    const ascii = sk("a", "e".repeat(40))
    const accented = sk("a", "é".repeat(40))
    const cost = (s: CodexSkill) => codexListing([s], { unit: "tokens", limit: 1_000 })[0]!.cost
    expect(cost(ascii)).toBe(Math.ceil((new TextEncoder().encode(codexLine(ascii, 40)).length + 1) / 4))
    expect(cost(accented)).toBe(cost(ascii) + 10)
    // 40 ASCII characters fit a budget the accented description does not.
    const limit = cost(ascii)
    expect(codexListing([ascii], { unit: "tokens", limit })[0]!.state).toBe("full")
    expect(codexListing([accented], { unit: "tokens", limit })[0]!.state).toBe("cut")
  })
})

describe("Codex's agents/openai.yaml policy", () => {
  it("allow_implicit_invocation: false keeps the skill out; true, absent or a file not as Codex expects lists it", () => {
    expect(implicitInvocation("policy:\n  allow_implicit_invocation: false\n")).toBe(false)
    expect(implicitInvocation("interface:\n  display_name: X\npolicy:\n  allow_implicit_invocation: true\n")).toBe(true)
    expect(implicitInvocation("interface:\n  display_name: X\n")).toBeNull()
    expect(implicitInvocation("")).toBeNull()
    expect(implicitInvocation("policy: [1, 2]\n")).toBeNull()
    expect(implicitInvocation('policy:\n  allow_implicit_invocation: "false"\n')).toBeNull()
    expect(implicitInvocation("policy:\n  allow_implicit_invocation: false\n  allow_implicit_invocation: true\n")).toBeNull()
    expect(implicitInvocation("policy: {\n")).toBeNull()
    expect(implicitInvocation("- a\n- b\n")).toBeNull()
  })
})

describe("skc budget --agent codex models that listing (DECISIONS #51)", () => {
  const codex = profileOf("codex")
  const skill = (name: string, description: string, scope: DiscoveredSkill["scope"] = "project", link: string | null = null): DiscoveredSkill =>
    discovered({ name, description, scope, link })

  it("with a window the budget is 2 % of it in tokens; without one, 8,000 characters", () => {
    expect(listingLimits(codex, { contextTokens: 200_000 })).toMatchObject({ budget_tokens: 4000, budget_chars: 16000, context_tokens: 200000 })
    expect(listingLimits(codex, { contextTokens: 99 })).toMatchObject({ budget_tokens: 1 })
    expect(listingLimits(codex)).toMatchObject({ budget_tokens: null, budget_chars: 8000 })
    expect(listingLimits(profileOf("claude"), { contextTokens: 200_000 }).budget_tokens).toBeNull()
  })

  it("a multi-line description is listed and counted on one line", () => {
    const listing = modelListing(codex, listingLimits(codex), [skill("pdf", "Fill forms.\nUse for invoices.\n")])
    expect(listing.entries[0]).toMatchObject({ text: "Fill forms. Use for invoices.", text_chars: 29 })
    expect(listing.entries[0]!.entry_chars).toBe("- pdf: Fill forms. Use for invoices. (file: /p/.agents/skills/pdf/SKILL.md)\n".length)
  })

  it("each line names its SKILL.md as r<k>/<path below its skills directory>, a link by its own name; system skills first; the room is what the lines leave", () => {
    const limits = listingLimits(codex)
    const rooted = (s: DiscoveredSkill, root: string): DiscoveredSkill => ({ ...s, root })
    const system = rooted(
      { ...skill("skill-creator", "Creates skills.", "user"), dir: "/h/.codex/skills/.system/skill-creator", path: "/h/.codex/skills/.system/skill-creator/SKILL.md" },
      "/h/.codex/skills/.system"
    )
    const listing = modelListing(codex, limits, [
      rooted(skill("zeta", "Zeta."), "/p/.agents/skills"),
      rooted(skill("alpha", "Alpha.", "project", "/p/.skillc/runtime/alpha"), "/p/.agents/skills"),
      rooted({ ...skill("group-member", "In a group."), dir: "/p/.agents/skills/team/group-member", path: "/p/.agents/skills/team/group-member/SKILL.md" }, "/p/.agents/skills"),
      system
    ])
    expect(listing.entries.map((e) => e.name)).toEqual(["skill-creator", "alpha", "group-member", "zeta"])
    const [creator, alpha, member] = listing.entries
    expect(creator!.entry_chars).toBe("- skill-creator: Creates skills. (file: r0/skill-creator/SKILL.md)\n".length)
    // Codex 0.171 names a linked skill by its link, below its skills directory, not by the link's target.
    expect(alpha!.entry_chars).toBe("- alpha: Alpha. (file: r1/alpha/SKILL.md)\n".length)
    expect(member!.entry_chars).toBe("- group-member: In a group. (file: r1/team/group-member/SKILL.md)\n".length)
    expect(alpha!.location).toBe("/p/.agents/skills/alpha/SKILL.md")
    const b = computeBudget(listing, limits)
    expect(b.layout).toBe("codex")
    expect(b.room_chars).toBe(8000 - listing.entries.reduce((n, e) => n + e.entry_chars, 0))
    expect(b).toMatchObject({ truncated: [], names_only: [], omitted: [], used_tokens: null })
  })

  it("past a budget in tokens it reports the shortened and the left-out skills", () => {
    const many = Array.from({ length: 30 }, (_, i) => skill(`skill-${String(i).padStart(2, "0")}`, "Does one thing well when the user asks for it. ".repeat(3)))
    const cut = computeBudget(modelListing(codex, listingLimits(codex, { contextTokens: 60_000 }), many), listingLimits(codex, { contextTokens: 60_000 }))
    expect(cut.limits.budget_tokens).toBe(1200)
    expect(cut.truncated.length).toBe(30)
    expect(cut.omitted).toEqual([])
    expect(cut.used_tokens).toBeLessThanOrEqual(1200)
    const tight = computeBudget(modelListing(codex, listingLimits(codex, { contextTokens: 20_000 }), many), listingLimits(codex, { contextTokens: 20_000 }))
    expect(tight.limits.budget_tokens).toBe(400)
    expect(tight.omitted.length).toBeGreaterThan(0)
    expect(tight.names_only.length + tight.omitted.length).toBe(30)
    expect(tight.used_tokens).toBeLessThanOrEqual(400)
    // The first by name keep their place; the last are left out.
    expect(tight.omitted.at(-1)).toBe("skill-29")
  })
})

describe("SKL606: agents/openai.yaml as Codex's serde reads it", () => {
  it("names each field of the wrong type at its place, and a file that is not YAML", async () => {
    const { codexMetadataProblems } = await import("../../src/domain/agents/codexPolicy.js")
    expect(codexMetadataProblems("")).toEqual([])
    expect(codexMetadataProblems("# only a comment\n")).toEqual([])
    expect(codexMetadataProblems("interface:\n  display_name: Demo\n  brand_color: \"#112233\"\nunknown: 1\n")).toEqual([])
    expect(codexMetadataProblems("interface:\n  display_name: 5\n")).toEqual([{ line: 2, column: 17, message: "interface.display_name: expected a string, got the number 5" }])
    expect(codexMetadataProblems("policy:\n  allow_implicit_invocation: \"false\"\n")[0]!.message).toBe('policy.allow_implicit_invocation: expected true or false, got the string "false"')
    expect(codexMetadataProblems("dependencies:\n  tools:\n    - type: mcp\n      value: 3\n")[0]!.message).toBe("dependencies.tools[0].value: expected a string, got the number 3")
    expect(codexMetadataProblems("dependencies:\n  tools: mcp\n")[0]!.message).toBe('dependencies.tools: expected a list, got the string "mcp"')
    expect(codexMetadataProblems("policy:\n  products: [1]\n")[0]!.message).toBe("policy.products: expected product names, got the number 1")
    expect(codexMetadataProblems("- a\n")[0]!.message).toBe("expected a map of interface, dependencies and policy, got a list")
    expect(codexMetadataProblems("policy: {\n")[0]!.message).toMatch(/^not YAML Codex can read: /)
    expect(codexMetadataProblems("policy:\n  a: 1\npolicy:\n  b: 2\n")[0]!.message).toMatch(/^not YAML Codex can read: /)
  })

  it("a file Codex ignores has no policy: the skill stays listed", () => {
    expect(implicitInvocation("interface:\n  display_name: 5\npolicy:\n  allow_implicit_invocation: false\n")).toBeNull()
  })
})
