/**
 * Lint counts text in UTF-16 code units where the consumer does: SARIF's
 * columns are the text format's and the editor's (JavaScript offsets), and
 * SKL702 measures Claude Code's listing entry as Claude Code, `skc budget`
 * and the editor's hover do (DECISIONS #51: one profile, one measure).
 */
import { describe, expect, it } from "vitest"
import { configureRules, runRules } from "../../src/domain/lint/runner.js"
import { RULES } from "../../src/domain/lint/registry.js"
import { makeSnapshot } from "../../src/domain/lint/snapshot.js"
import { toSarif } from "../../src/domain/lint/sarif.js"
import { capLength } from "../../src/domain/agents/listing.js"
import { profileOf } from "../../src/domain/agents/index.js"
import { CLAUDE_MAX_DESCRIPTION } from "../../src/domain/protocol/budget.js"

const lint = (skillMd: string, agents: ReadonlyArray<string> = ["claude"]) => {
  const snapshot = makeSnapshot({
    dirName: "demo",
    entries: [{ path: "SKILL.md", type: "file" as const }],
    markdownFiles: [{ path: "SKILL.md", source: skillMd }],
    profiles: agents.map((a) => profileOf(a as Parameters<typeof profileOf>[0]))
  })
  return runRules(snapshot, configureRules(RULES, {}).rules)
}

describe("DECISIONS #12 SARIF columns are the UTF-16 columns lint writes", () => {
  it("declares columnKind utf16CodeUnits, and a column after an emoji counts it as 2", () => {
    const diagnostics = lint("---\nname: demo\ndescription: Does demos. Use when asked.\n---\n# Demo\n\n😀 see [x](missing.md)\n")
    const d = diagnostics.find((x) => x.rule === "SKL301")!
    // "😀 see " is 7 UTF-16 units (6 code points): the link starts at UTF-16 column 8.
    expect(d.column).toBe("😀 see ".length + 1)
    const sarif = toSarif({ toolVersion: "0.0.0", rules: RULES, reports: [{ path: "demo", diagnostics: [d] }] })
    expect(sarif.runs[0]!.columnKind).toBe("utf16CodeUnits")
    expect(sarif.runs[0]!.results[0]!.locations[0]!.physicalLocation.region).toEqual({ startLine: 7, startColumn: 8 })
  })
})

describe("RFC-0008 SKL702 description-truncated counts as the agent's profile counts (DECISIONS #51)", () => {
  // 1,016 code points, 2,016 UTF-16 units: Claude Code (JavaScript's `length`) cuts it at 1,536.
  const description = `Use when asked. ${"😀".repeat(1000)}`
  const skill = `---\nname: demo\ndescription: ${description}\n---\n# Demo\n`
  const skl702 = (agents: ReadonlyArray<string>) => lint(skill, agents).filter((d) => d.rule === "SKL702").map((d) => d.message)

  it("Claude Code: 1,000 emoji are 2,016 UTF-16 units, over 1,536, as the hover and skc budget say", () => {
    expect([...description].length).toBe(1016)
    const measured = capLength(profileOf("claude"), description)
    expect(measured).toEqual({ length: 2016, unit: "UTF-16 units" })
    expect(measured.length).toBeGreaterThan(CLAUDE_MAX_DESCRIPTION)
    expect(skl702(["claude"])).toEqual(["description is 2016 UTF-16 units; Claude Code cuts it at 1536 in its skill listing"])
  })
  it("Codex counts code points: 1,016 are under its 1,024", () => {
    expect(skl702(["codex"])).toEqual([])
  })
})
