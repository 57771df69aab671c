// skc_show and skc_search over MCP (RFC-0007:C-COMMANDS, RFC-0002:C-SHOW,
// RFC-0004:C-SEARCH): the same JSON documents as the CLI's --format json.
// Also: an optional argument sent as null is the argument left out (src/app/shared/decodeInput.ts).
import { cpSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ROOT, sandbox } from "../helpers/cli.js"
import { connectMcp, type McpSession } from "../helpers/mcpClient.js"

describe("RFC-0007:C-COMMANDS skc_show and skc_search", () => {
  const s = sandbox()
  mkdirSync(join(s.work, ".skillc", "skills"), { recursive: true })
  cpSync(join(ROOT, "examples", "git-helper"), join(s.work, ".skillc", "skills", "git-helper"), { recursive: true })
  let mcp: McpSession
  beforeAll(async () => {
    expect((await s.runAsync(["build", "git-helper"])).code).toBe(0)
    mcp = await connectMcp({ cwd: s.work, home: s.home })
  })
  afterAll(async () => {
    await mcp?.close()
  })

  const cli = async (args: ReadonlyArray<string>) => JSON.parse((await s.runAsync([...args, "--format", "json"])).stdout)

  it("RFC-0002:C-SHOW skc_show returns the CLI's JSON document as structured content", async () => {
    const r = await mcp.call("skc_show", { skill: "git-helper", section: "undo the last commit", max_lines: 2 })
    expect(r.isError).toBeFalsy()
    // The CLI's document, beside the answer's `notices` (the way to the rest of a cut section: additive).
    const { notices: _notices, ...shown } = r.structuredContent as { notices?: unknown }
    expect(shown).toEqual((await cli(["show", "git-helper", "--section", "undo the last commit", "--max-lines", "2"])))
    const missing = await mcp.call("skc_show", { skill: "git-helper", section: "Undo" })
    expect(missing.isError).toBe(true)
    expect((missing.content as Array<{ text: string }>)[0].text).toMatch(/^error\[E020\]: section not found: 'Undo'\n  Did you mean/)
  })

  it("skc_show line (an extension of RFC-0002:C-SHOW): the section a search result names, by its line", async () => {
    const found = (await mcp.call("skc_search", { skill: "git-helper", query: "conflicting merge", limit: 1 })).structuredContent as {
      results: Array<{ file: string; section: string; line: number }>
    }
    const hit = found.results[0]!
    const r = await mcp.call("skc_show", { skill: "git-helper", section: hit.section, file: hit.file, line: hit.line })
    expect(r.isError).toBeFalsy()
    expect(r.structuredContent).toMatchObject({ file: hit.file, section: hit.section, start_line: hit.line })
    const listed = (await mcp.client.listTools()).tools.find((t) => t.name === "skc_show")!
    expect(Object.keys(listed.inputSchema.properties ?? {})).toContain("line")
    const bad = await mcp.call("skc_show", { skill: "git-helper", section: hit.section, file: hit.file, line: 100000 })
    expect(bad.isError).toBe(true)
    expect((bad.content as Array<{ text: string }>)[0].text).toContain(`no section of that heading holds line 100000; it is at ${hit.file} (line ${hit.line})`)
  })

  it("RFC-0004:C-SEARCH skc_search returns the CLI's JSON document; empty query is E004", async () => {
    const r = await mcp.call("skc_search", { skill: "git-helper", query: "conflicting merge", limit: 2 })
    expect(r.structuredContent).toEqual((await cli(["search", "git-helper", "conflicting merge", "--limit", "2"])))
    const empty = await mcp.call("skc_search", { skill: "git-helper", query: "  " })
    expect((empty.content as Array<{ text: string }>)[0].text).toBe("error[E004]: empty query")
  })

  // An optional argument sent as `null` is the argument left out (src/app/shared/decodeInput.ts,
  // `nullAsUnset`): agent frameworks that serialise every optional field, and bridges to models whose strict
  // tool mode makes every field required and nullable, send `"limit": null`. Refused, it was E100 on every
  // call. A required argument's `null` is still E100 (RFC-0005, DECISIONS #32).
  const text = (r: { content: unknown }) => (r.content as Array<{ text: string }>)[0]!.text

  it("null for an optional argument: skc_search and skc_show answer as without the argument", async () => {
    const given = await mcp.call("skc_search", { skill: "git-helper", query: "conflicting merge" })
    const nulls = await mcp.call("skc_search", { skill: "git-helper", query: "conflicting merge", limit: null })
    expect(nulls.isError).toBeFalsy()
    expect(nulls.structuredContent).toEqual(given.structuredContent)
    // Every optional argument null: `skill` unset is a search across skills, as when it is left out.
    const across = await mcp.call("skc_search", { query: "conflicting merge" })
    const acrossNulls = await mcp.call("skc_search", { skill: null, query: "conflicting merge", limit: null, skills: null })
    expect(acrossNulls.isError).toBeFalsy()
    expect(acrossNulls.structuredContent).toEqual(across.structuredContent)
    const show = await mcp.call("skc_show", { skill: "git-helper", section: "undo the last commit", max_lines: null, file: null })
    expect(show.isError).toBeFalsy()
    expect(show.structuredContent).toEqual((await mcp.call("skc_show", { skill: "git-helper", section: "undo the last commit" })).structuredContent)
  })

  it("null for a required argument, and a wrong type, are still E100", async () => {
    const r = await mcp.call("skc_search", { skill: "git-helper", query: null })
    expect(r.isError).toBe(true)
    expect(text(r)).toBe("error[E100]: invalid option: 'query: Expected string, actual null'")
    const wrong = await mcp.call("skc_search", { skill: "git-helper", query: "merge", limit: "five" })
    expect(wrong.isError).toBe(true)
    expect(text(wrong)).toBe(`error[E100]: invalid option: 'limit: Expected number, actual "five"'`)
  })

  it("a number sent as text is the number (models quote numbers): skc_search limit, skc_open max_lines", async () => {
    const asText = await mcp.call("skc_search", { skill: "git-helper", query: "merge", limit: "1" })
    expect(asText.isError).toBeFalsy()
    expect(asText.structuredContent).toEqual((await mcp.call("skc_search", { skill: "git-helper", query: "merge", limit: 1 })).structuredContent)
    const opened = await mcp.call("skc_open", { skill: "git-helper", path: "SKILL.md", max_lines: "2" })
    expect(opened.isError).toBeFalsy()
    expect(opened.structuredContent).toEqual((await mcp.call("skc_open", { skill: "git-helper", path: "SKILL.md", max_lines: 2 })).structuredContent)
  })
})
