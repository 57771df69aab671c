// DECISIONS #51, #53 (RFC-0009 `[build] targets`): the note a project build given --target prints when
// its targets are not the project's default, pure (src/domain/targetDefault.ts).
import { describe, expect, it } from "vitest"
import { targetDefaultNote } from "../../src/domain/targetDefault.js"

describe("targetDefaultNote", () => {
  it("names the targets as a TOML array and the file; nothing for the default's targets in any order, spacing or repetition", () => {
    expect(targetDefaultNote("claude,agents", [], ".skillc/config.toml")).toBe(
      'note: to deploy here by default, set [build] targets = ["claude", "agents"] in .skillc/config.toml'
    )
    expect(targetDefaultNote("claude", [], ".skillc/config.toml")).toBeUndefined()
    expect(targetDefaultNote(" claude , claude", [], ".skillc/config.toml")).toBeUndefined()
    expect(targetDefaultNote("agents, claude", ["claude", "agents"], ".skillc/config.toml")).toBeUndefined()
    // The configured default replaces claude: asking for claude alone is then a change.
    expect(targetDefaultNote("claude", ["claude", "agents"], "../.skillc/config.toml")).toBe(
      'note: to deploy here by default, set [build] targets = ["claude"] in ../.skillc/config.toml'
    )
  })

  it("a directory path with a quote stays one TOML string", () => {
    expect(targetDefaultNote('./my "skills"', [], ".skillc/config.toml")).toBe(
      'note: to deploy here by default, set [build] targets = ["./my \\"skills\\""] in .skillc/config.toml'
    )
  })
})
