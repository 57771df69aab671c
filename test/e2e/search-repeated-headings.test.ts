/**
 * A search hit whose heading its skill repeats names the `show` that reads it (sixty-second pass, docs/search.md
 * "A heading the skill repeats"). A probe as an agent over `skc mcp` on the published internal-comms skill: the hit
 * `examples/incident-reports.md#Structure`, read with `skc_show section="Structure"`, gave the newsletter's
 * "Structure" (the first of three) and a W001, one more call to get the section it had found. Over a real SQLite
 * index: the CLI's text, the MCP text and notices, the JSON document unchanged, and the named read taken as given.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectMcp, textOf, type McpSession } from "../helpers/mcpClient.js"

const sb = sandbox()
let mcp: McpSession

beforeAll(async () => {
  const dir = join(sb.work, ".skillc", "skills", "comms")
  mkdirSync(join(dir, "examples"), { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), "---\nname: comms\ndescription: Internal communications. Use when writing updates.\n---\n# Comms\n\n## Usage\n\nPick the example that fits.\n\n## Later\n\n## Usage\n\nA second usage note about outages.\n")
  writeFileSync(join(dir, "examples", "newsletter.md"), "# Newsletter\n\n## Structure\n\n1. Subject line with the biggest story.\n")
  writeFileSync(join(dir, "examples", "incident.md"), "# Incident Reports\n\n## Structure\n\nSummary of the outage, impact, timeline, root cause.\n")
  const built = await sb.runAsync(["build", "comms"])
  expect(built.code, built.stderr).toBe(0)
  mcp = await connectMcp({ cwd: sb.work, home: sb.home })
})
afterAll(async () => {
  await mcp?.close()
})

describe("a hit whose heading the skill repeats", () => {
  it("CLI: the text names the show with the hit's file; that command reads the hit's section, without W001", async () => {
    const r = await sb.runAsync(["search", "comms", "outage timeline structure", "--limit", "1"])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toContain("examples/incident.md#Structure")
    expect(r.stdout).toContain("  line 3; more than one section is named 'Structure'; read this one with: skc show comms --section Structure --file examples/incident.md\n")
    const shown = await sb.runAsync(["show", "comms", "--section", "Structure", "--file", "examples/incident.md"])
    expect(shown.code).toBe(0)
    expect(shown.stdout).toContain("root cause")
    expect(shown.stderr).not.toContain("W001")
  })

  it("CLI: a heading its own file repeats is named with its line too", async () => {
    const r = await sb.runAsync(["search", "comms", "second usage outages", "--limit", "1"])
    expect(r.stdout).toContain("  line 13; more than one section is named 'Usage'; read this one with: skc show comms --section Usage --file SKILL.md --line 13\n")
    const shown = await sb.runAsync(["show", "comms", "--section", "Usage", "--file", "SKILL.md", "--line", "13"])
    expect(shown.stdout).toContain("A second usage note")
    expect(shown.stderr).not.toContain("W001")
  })

  it("the JSON document is the RFC's: no field added", async () => {
    const r = await sb.runAsync(["search", "comms", "outage timeline structure", "--limit", "1", "--format", "json"])
    const doc = JSON.parse(r.stdout) as { results: Array<Record<string, unknown>> }
    expect(Object.keys(doc.results[0]!).sort()).toEqual(["end_line", "file", "line", "matched_terms", "score", "section", "snippet"])
  })

  it("MCP: the text and the structured content's notices name the skc_show call", async () => {
    const r = await mcp.call("skc_search", { skill: "comms", query: "outage timeline structure", limit: 1 })
    const s = r.structuredContent as { notices?: Array<string> }
    const call = 'skc_show skill="comms" section="Structure" file="examples/incident.md"'
    expect(textOf(r)).toContain(`line 3; more than one section is named 'Structure'; read this one with: ${call}`)
    expect(s.notices).toEqual([`examples/incident.md#Structure, line 3; more than one section is named 'Structure'; read this one with: ${call}`])
    const shown = await mcp.call("skc_show", { skill: "comms", section: "Structure", file: "examples/incident.md" })
    expect(textOf(shown)).toContain("root cause")
    expect(textOf(shown)).not.toContain("W001")
  })
})
