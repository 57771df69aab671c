// An optional MCP tool argument sent as `null` is an argument not given (src/app/shared/decodeInput.ts,
// `nullAsUnset`): agent frameworks that serialise every optional field, and bridges to models whose
// strict tool mode makes every field required and nullable, send `"limit": null`. Refused, it was E100
// on every call. A required argument's `null` is still E100 (RFC-0005, DECISIONS #32). Through the
// SDK's own client against `skc mcp`, isolated SKILLC_HOME.
import { cpSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ROOT, sandbox } from "../helpers/cli.js"
import { connectMcp, type McpSession } from "../helpers/mcpClient.js"

describe("MCP tool arguments: null for an optional argument is the argument left out", () => {
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

  const text = (r: { content: unknown }) => (r.content as Array<{ text: string }>)[0]!.text

  it("skc_search and skc_show answer as without the argument", async () => {
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

  it("a required argument's null, and a wrong type, are still E100", async () => {
    const r = await mcp.call("skc_search", { skill: "git-helper", query: null })
    expect(r.isError).toBe(true)
    expect(text(r)).toBe("error[E100]: invalid option: 'query: Expected string, actual null'")
    const wrong = await mcp.call("skc_search", { skill: "git-helper", query: "merge", limit: "5" })
    expect(wrong.isError).toBe(true)
    expect(text(wrong)).toBe(`error[E100]: invalid option: 'limit: Expected number, actual "5"'`)
  })
})
