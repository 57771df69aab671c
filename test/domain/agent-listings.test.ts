// The Gemini CLI, GitHub Copilot CLI and OpenCode listings as the real clients build them (docs/agents.md;
// the recorded listings are test/fixtures/{gemini,copilot,opencode}-listing/, replayed by
// test/e2e/{gemini,copilot,opencode}-real-listing.test.ts). Pure.
import { describe, expect, it } from "vitest"
import { profileOf } from "../../src/domain/agents/index.js"
import { geminiEntry, geminiListingOrder, geminiName } from "../../src/domain/agents/geminiListing.js"
import { mergeGeminiSettings, parseGeminiSettings, withoutJsonComments } from "../../src/domain/agents/geminiSettings.js"
import { listingLimits } from "../../src/domain/protocol/budget.js"
import type { DiscoveredSkill } from "../../src/domain/protocol/discovery.js"
import { modelListing } from "../../src/domain/protocol/listing.js"
import { discovered } from "../helpers/discovered.js"

const gemini = profileOf("gemini")
const limits = listingLimits(gemini, {})
const at = (scope: DiscoveredSkill["scope"], root: string, dir: string, name: string, description = `${name} at ${root}`) =>
  ({ ...discovered({ name, description, scope, root, dir }), root })

describe("Gemini CLI's listing (Gemini CLI 0.61.0)", () => {
  it("replaces each of : \\ / < > * ? \" | in a name with -", () => {
    expect(geminiName('a:b\\c/d<e>f*g?h"i|j')).toBe("a-b-c-d-e-f-g-h-i-j")
    expect(geminiName("plain-name")).toBe("plain-name")
  })

  it("keeps a name at the place of its first copy, with its last copy", () => {
    const order = geminiListingOrder([
      { item: "project .agents", name: "dup", level: 2, dirIndex: 1, entry: "dup" },
      { item: "user .gemini", name: "dup", level: 1, dirIndex: 0, entry: "dup" },
      { item: "user .agents b", name: "b", level: 1, dirIndex: 1, entry: "b" },
      { item: "project root", name: "root", level: 2, dirIndex: 0, entry: "" },
      { item: "extension", name: "ext", level: 0, dirIndex: 0, entry: "ext" }
    ])
    expect(order).toEqual([
      { name: "ext", item: "extension" },
      { name: "dup", item: "project .agents" },
      { name: "b", item: "user .agents b" },
      { name: "root", item: "project root" }
    ])
  })

  it("counts two names that differ only in replaced characters as one", () => {
    const order = geminiListingOrder([
      { item: 1, name: "a:b", level: 1, dirIndex: 0, entry: "x" },
      { item: 2, name: "a-b", level: 2, dirIndex: 0, entry: "y" }
    ])
    expect(order).toEqual([{ name: "a-b", item: 2 }])
  })

  it("writes one XML element a skill, the description as it is", () => {
    expect(geminiEntry("n", "d\nmore", "/p/SKILL.md")).toBe("  <skill>\n    <name>n</name>\n    <description>d\nmore</description>\n    <location>/p/SKILL.md</location>\n  </skill>")
  })

  it("lists the user's skills before the project's, a project copy winning at the user's place", () => {
    const skills = [
      at("project", "/w/.agents/skills", "dup", "dup"),
      at("project", "/w/.gemini/skills", "zeta", "zeta"),
      at("user", "/h/.gemini/skills", "dup", "dup"),
      at("user", "/h/.agents/skills", "alpha", "alpha")
    ]
    const l = modelListing(gemini, limits, skills)
    expect(l.layout).toBe("gemini")
    expect(l.entries.map((e) => [e.name, e.location])).toEqual([
      ["dup", "/w/.agents/skills/dup/SKILL.md"],
      ["alpha", "/h/.agents/skills/alpha/SKILL.md"],
      ["zeta", "/w/.gemini/skills/zeta/SKILL.md"]
    ])
    expect(l.entries.every((e) => e.listed === "full" && !e.truncated)).toBe(true)
  })

  it("leaves out what the settings disable, by name in any case, or everything", () => {
    const skills = [at("user", "/h/.gemini/skills", "Alpha", "Alpha"), at("user", "/h/.gemini/skills", "beta", "beta")]
    const some = modelListing(gemini, limits, skills, new Map(), [], new Set(["alpha"]))
    expect(some.entries.map((e) => e.name)).toEqual(["beta"])
    expect(some.off).toEqual(["Alpha"])
    expect(modelListing(gemini, limits, skills, new Map(), [], "all").entries).toEqual([])
  })
})

describe("Gemini CLI's settings: skills.enabled and skills.disabled", () => {
  it("reads JSON with comments, strings left whole", () => {
    const text = '{\n  // a comment\n  "skills": { /* inline */ "disabled": ["a//b", "c/*d*/"] }\n}'
    expect(JSON.parse(withoutJsonComments(text))).toEqual({ skills: { disabled: ["a//b", "c/*d*/"] } })
    expect(parseGeminiSettings(text, "f")).toEqual({ enabled: undefined, disabled: ["a//b", "c/*d*/"], problems: [] })
  })

  it("reports what Gemini CLI would not take, and ignores it", () => {
    expect(parseGeminiSettings("{", "f").problems[0]).toMatch(/^f is not JSON/)
    expect(parseGeminiSettings("[]", "f").problems).toEqual(["f is not a JSON object; ignored"])
    expect(parseGeminiSettings('{"skills": {"enabled": "no", "disabled": "x"}}', "f")).toEqual({
      enabled: undefined,
      disabled: [],
      problems: ["f: skills.enabled must be true or false; ignored", "f: skills.disabled must be a list of skill names; ignored"]
    })
  })

  it("joins the disabled lists and takes enabled from the last file that sets it", () => {
    const merged = mergeGeminiSettings([
      { enabled: false, disabled: ["A"] },
      { enabled: undefined, disabled: ["b"] },
      { enabled: true, disabled: [] }
    ])
    expect(merged).toEqual({ enabled: true, disabled: new Set(["a", "b"]) })
    expect(mergeGeminiSettings([{ enabled: false, disabled: [] }]).enabled).toBe(false)
  })
})

describe("GitHub Copilot CLI's and OpenCode's listings (1.0.102, 1.18.33)", () => {
  it("Copilot: each directory name in turn, the working directory's skills first, then every ancestor's by name", () => {
    const copilot = profileOf("copilot")
    const skills = [
      at("project", "/r/.agents/skills", "a-root-agents", "a-root-agents"),
      at("project", "/r/cwd/.github/skills", "zz", "zz"),
      at("project", "/r/.github/skills", "mm-root", "mm-root"),
      at("project", "/r/l1/.github/skills", "aa-l1", "aa-l1"),
      at("project", "/r/cwd/.github/skills", "Bb", "Bb"),
      at("user", "/h/.copilot/skills", "u", "u")
    ]
    const l = modelListing(copilot, listingLimits(copilot, {}), skills, new Map(), [], new Set(), "/r/cwd")
    expect(l.layout).toBe("copilot")
    expect(l.entries.map((e) => e.name)).toEqual(["Bb", "zz", "aa-l1", "mm-root", "a-root-agents", "u"])
  })

  it("OpenCode: every skill by name as a locale orders them", () => {
    const opencode = profileOf("opencode")
    const skills = ["Zed", "bee", "Other", "alpha"].map((n) => at("project", "/w/.agents/skills", n, n))
    const l = modelListing(opencode, listingLimits(opencode, {}), skills)
    expect(l.layout).toBe("opencode")
    expect(l.entries.map((e) => e.name)).toEqual(["alpha", "bee", "Other", "Zed"])
  })
})
