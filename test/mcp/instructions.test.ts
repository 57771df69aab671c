/**
 * The server's instructions name only the tools it serves (`skc mcp --only`,
 * an HTTP session's read-only set): an agent told to call a tool that
 * `tools/list` does not have gets `Unknown tool` for following them.
 */
import { describe, expect, it } from "vitest"
import { instructionsFor } from "../../src/mcp/server.js"

const ALL = ["skc_list", "skc_outline", "skc_show", "skc_search", "skc_open", "skc_sources", "skc_lint", "skc_discover", "skc_match", "skc_load", "skc_init", "skc_build"]
const named = (text: string) => [...new Set(text.match(/skc_[a-z]+/g) ?? [])].sort()

describe("instructionsFor", () => {
  it("with every tool: the reading tools, lint and the runtime tools, and the resources", () => {
    const text = instructionsFor(new Set(ALL))
    expect(text).toBe(
      "skc serves Agent Skills. Call skc_list to see the skills, skc_outline to see a skill's sections, skc_show to read one section and skc_search to find text. " +
        "skc_open reads any file of a skill. skc_lint checks a skill. skc_discover, skc_match and skc_load show what an agent runtime would find, pick and load. " +
        "Every file of every skill is also a resource: skill://<scope>/<name>/<path>, the scope being the one skc_list shows " +
        "(project, global, agent-project, agent-user or plugin); start with skill://<scope>/<name>/SKILL.md."
    )
  })

  it("over HTTP names only the scopes a team server serves (not the account's global or agent-user skills)", () => {
    const text = instructionsFor(new Set(["skc_list", "skc_show"]), true)
    expect(text).toContain("the scope being the one skc_list shows (project, agent-project or plugin);")
    expect(text).not.toMatch(/global|agent-user/)
  })

  it("names no tool that is not served", () => {
    for (const only of [["skc_show"], ["skc_list", "skc_show"], ["skc_match"], ["skc_outline", "skc_open", "skc_load"], []]) {
      const text = instructionsFor(new Set(only))
      expect(named(text), only.join(",")).toEqual([...only].sort())
      expect(text).toContain("skill://<scope>/<name>/SKILL.md")
    }
    expect(instructionsFor(new Set(["skc_match"]))).toContain("skc_match shows what an agent runtime would pick.")
  })
})
