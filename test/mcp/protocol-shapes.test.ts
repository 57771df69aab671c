// What skc's MCP server answers at the protocol boundary, checked in process: the `id` of an error whose
// request id could not be read (2026-07-28 basic/index, "Error Responses"), the types of the per-request
// `_meta` fields (schema 2026-07-28 `RequestMetaObject`), the cursors of the paged lists (2026-07-28
// server/utilities/pagination, "Error Handling") and the text of `skc_open` on a binary file.
import { PassThrough } from "node:stream"
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js"
import { describe, expect, it } from "vitest"
import { openCommand } from "../../src/commands/open.js"
import { InvalidCursor, pageOf, pageOfBytes } from "../../src/mcp/pagination.js"
import { requestMetaProblem, RevisionTransport, unreadableId } from "../../src/mcp/revision.js"
import { LineTransport } from "../../src/mcp/transport.js"

const META = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} }

describe("an error whose request id cannot be read (2026-07-28 basic/index, 'Error Responses'; JSON-RPC 2.0 §5)", () => {
  it("its id is JSON-RPC 2.0's null where the revision's schema requires the member (2025-06-18 and earlier), and left out where it is optional and never null (2025-11-25, 2026-07-28, no handshake)", () => {
    for (const revision of ["2024-11-05", "2025-03-26", "2025-06-18"]) expect(unreadableId(revision)).toEqual({ id: null })
    for (const revision of ["2025-11-25", "2026-07-28", undefined]) expect(unreadableId(revision)).toEqual({})
  })

  const stdio = (revision: string | undefined) => {
    const input = new PassThrough()
    const output = new PassThrough()
    const lines: Array<Record<string, unknown>> = []
    output.setEncoding("utf8").on("data", (d: string) => lines.push(...d.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as Record<string, unknown>)))
    const transport = new LineTransport(input, output)
    transport.revision = () => revision
    return { input, transport, lines }
  }

  it.each([
    [undefined, false],
    ["2026-07-28", false],
    ["2025-11-25", false],
    ["2025-06-18", true]
  ] as const)("stdio, a parse error and an unreadable id (negotiated: %s): id member %s", async (revision, hasId) => {
    const { input, transport, lines } = stdio(revision)
    await transport.start()
    input.write("{bad\n")
    input.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1.5, method: "tools/list" })}\n`)
    expect(lines.map((l) => (l.error as { code: number }).code)).toEqual([-32700, -32600])
    for (const line of lines) {
      expect("id" in line).toBe(hasId)
      if (hasId) expect(line.id).toBeNull()
    }
    // A readable id is always answered with it.
    input.write(`${JSON.stringify({ jsonrpc: "2.0", id: 7, method: 7 })}\n`)
    expect(lines[2]).toMatchObject({ id: 7, error: { code: -32600 } })
  })
})

describe("the per-request _meta fields of revision 2026-07-28 (schema RequestMetaObject): the wrong type is -32602", () => {
  it.each([
    ["clientInfo a number", { "io.modelcontextprotocol/clientInfo": 7 }, /clientInfo"\]: expected object/],
    ["clientInfo without a string name", { "io.modelcontextprotocol/clientInfo": { name: 1, version: "1" } }, /clientInfo"\]\.name: expected string, received number/],
    ["clientInfo without a version", { "io.modelcontextprotocol/clientInfo": { name: "a" } }, /clientInfo"\]\.version: expected string, received undefined/],
    ["logLevel not a LoggingLevel", { "io.modelcontextprotocol/logLevel": "loud" }, /logLevel"\]: expected one of debug, .*received "loud"/],
    ["a capability that is no object", { "io.modelcontextprotocol/clientCapabilities": { roots: 5 } }, /clientCapabilities"\]\.roots: expected object, received number/],
    ["capabilities an array", { "io.modelcontextprotocol/clientCapabilities": [] }, /needs "io.modelcontextprotocol\/clientCapabilities" \(an object\)/],
    ["progressToken an object", { progressToken: {} }, /progressToken: expected string or integer, received object/],
    ["progressToken a fraction", { progressToken: 1.5 }, /progressToken: expected string or integer, received 1.5/],
    ["the version a number", { "io.modelcontextprotocol/protocolVersion": 2026 }, /protocolVersion"\] must be a string/]
  ])("%s", (_what, fields, message) => {
    expect(requestMetaProblem({ ...META, ...fields })).toMatch(message)
  })

  it("well-typed fields pass", () => {
    const meta = {
      ...META,
      "io.modelcontextprotocol/clientCapabilities": { roots: {}, sampling: {}, extensions: { "io.modelcontextprotocol/skills": {} } },
      "io.modelcontextprotocol/clientInfo": { name: "agent", version: "1.0", title: "An agent" },
      "io.modelcontextprotocol/logLevel": "warning",
      progressToken: "p-1"
    }
    expect(requestMetaProblem(meta)).toBeUndefined()
    expect(requestMetaProblem({ ...META, progressToken: 3 })).toBeUndefined()
  })

  it("a modern request over stdio with a clientInfo of the wrong type is answered -32602 and never reaches the server", async () => {
    const sent: Array<Record<string, unknown>> = []
    const inner: Transport = {
      start: async () => {},
      close: async () => {},
      send: async (m: JSONRPCMessage) => void sent.push(m as unknown as Record<string, unknown>)
    }
    const info = { serverInfo: { name: "skillc", version: "0" }, capabilities: {}, instructions: "", cacheHints: () => ({ ttlMs: 0, cacheScope: "private" as const }) }
    const revision = new RevisionTransport(inner, info)
    const passed: Array<JSONRPCMessage> = []
    revision.onmessage = (m) => void passed.push(m)
    const deliver = (params: Record<string, unknown>) => inner.onmessage?.({ jsonrpc: "2.0", id: 1, method: "tools/list", params } as JSONRPCMessage)
    deliver({ _meta: { ...META, "io.modelcontextprotocol/clientInfo": 7 } })
    deliver({ _meta: { ...META, "io.modelcontextprotocol/logLevel": "loud" } })
    expect(passed).toEqual([])
    expect(sent.map((m) => (m.error as { code: number }).code)).toEqual([-32602, -32602])
    deliver({ _meta: { ...META, "io.modelcontextprotocol/clientInfo": { name: "a", version: "1" } } })
    expect(passed).toHaveLength(1)
  })
})

describe("cursors (2026-07-28 server/utilities/pagination, 'Error Handling': invalid cursors SHOULD be -32602)", () => {
  const items = Array.from({ length: 120 }, (_, i) => i)
  const untagged = (o: unknown) => Buffer.from(JSON.stringify({ o }), "utf8").toString("base64url")
  /** A cursor of `list` at `o` as skc writes one (the tag read from a cursor skc handed out for that list). */
  const at = (list: string, o: unknown) => {
    const handed = JSON.parse(Buffer.from(pageOf(list, items, undefined, 50).nextCursor!, "base64url").toString("utf8")) as { l: string }
    return Buffer.from(JSON.stringify({ o, l: handed.l }), "utf8").toString("base64url")
  }

  it("the cursors skc hands out walk the list", () => {
    const first = pageOf("resources/list", items, undefined, 50)
    const second = pageOf("resources/list", items, first.nextCursor, 50)
    const third = pageOf("resources/list", items, second.nextCursor, 50)
    expect([...first.page, ...second.page, ...third.page]).toEqual(items)
    expect(third.nextCursor).toBeUndefined()
  })

  it("a cursor with no list, or an offset outside the list (past its end, negative, zero, not an integer), is refused", () => {
    for (const o of [1000, 50, 7]) expect(() => pageOf("resources/list", items, untagged(o), 50), String(o)).toThrow(InvalidCursor)
    for (const o of [1000, 121, -50, 0, 7.5, "7"]) expect(() => pageOf("resources/list", items, at("resources/list", o), 50), String(o)).toThrow(InvalidCursor)
    expect(() => pageOfBytes("skills/list", items, untagged(20), 20, 24 * 1024)).toThrow(InvalidCursor)
    for (const junk of ["", "e30", "bm90IGpzb24", "W10"]) expect(() => pageOf("resources/list", items, junk, 50), junk).toThrow(InvalidCursor)
  })

  it("another list's cursor is refused (a skills/list cursor on resources/list, one directory's on another's)", () => {
    const skills = pageOfBytes("skills/list", items, undefined, 20, 24 * 1024).nextCursor
    expect(() => pageOf("resources/list", items, skills, 50)).toThrow(InvalidCursor)
    const dir = pageOf("resources/directory/read skill://project/a/references", items, undefined, 50).nextCursor
    expect(() => pageOf("resources/directory/read skill://project/b/references", items, dir, 50)).toThrow(InvalidCursor)
    expect(pageOf("resources/directory/read skill://project/a/references", items, dir, 50).page[0]).toBe(50)
  })

  it("cursors are stable: the same list gives the same cursor (a restart, another --stateless replica); a cursor of an older server, an offset alone, is read as before", () => {
    expect(pageOf("resources/list", items, undefined, 50).nextCursor).toBe(pageOf("resources/list", [...items], undefined, 50).nextCursor)
    expect(pageOf("resources/list", items, at("resources/list", 100), 50).page).toEqual(items.slice(100))
  })

  it("a list that changed between pages goes on after the last item handed out: nothing twice, nothing skipped; that item gone, the cursor is refused", () => {
    const skills = Array.from({ length: 45 }, (_, i) => ({ uri: `skill://project/s${String(i).padStart(2, "0")}/SKILL.md` }))
    const first = pageOf("skills/list", skills, undefined, 20)
    // A skill built before the cursor's place (probe: the official SDK client refused the listing, "the same uri is listed more than once").
    const grown = [{ uri: "skill://project/aaa-new/SKILL.md" }, ...skills]
    expect(pageOf("skills/list", grown, first.nextCursor, 20).page[0]).toEqual(skills[20])
    // One removed before it: the offset alone skipped s20.
    const shrunk = skills.filter((_, i) => i !== 3)
    expect(pageOf("skills/list", shrunk, first.nextCursor, 20).page[0]).toEqual(skills[20])
    // The cursor's own item removed: no place to go on from.
    const gone = skills.filter((_, i) => i !== 19)
    expect(() => pageOf("skills/list", gone, first.nextCursor, 20)).toThrow(/list again without a cursor/)
  })

  it("a list that shrank to the cursor's offset gives an empty last page; below it, the cursor is refused and the client lists again", () => {
    const next = pageOf("prompts/list", items, undefined, 100).nextCursor
    expect(pageOf("prompts/list", items.slice(0, 100), next, 100)).toEqual({ page: [] })
    expect(() => pageOf("prompts/list", items.slice(0, 30), next, 100)).toThrow(InvalidCursor)
  })
})

describe("skc_open on a binary file (2026-07-28 server/tools, 'Tool Result')", () => {
  it("the text names the file and its size; the base64 is only in the structured content", async () => {
    const handler = await openCommand.load()
    const bytes = new Uint8Array(3 * 1024 * 1024).fill(7)
    const content = Buffer.from(bytes).toString("base64")
    const opened = { result: { skill: "demo", path: "assets/blob.bin", content, truncated: false, encoding: "base64" as const }, bytes }
    const text = handler.mcp!.text!(opened, { cwd: "/", home: "/", verbose: true, colour: false, now: 0 })
    expect(text).toBe(`(binary file 'assets/blob.bin', ${bytes.length} bytes: base64 in the structured content's "content")`)
    expect(handler.mcp!.structured!(opened, { cwd: "/", home: "/", verbose: true, colour: false, now: 0 })).toMatchObject({ content, encoding: "base64" })
    const plain = { result: { skill: "demo", path: "SKILL.md", content: "# Demo\n", truncated: false }, bytes: new TextEncoder().encode("# Demo\n") }
    expect(handler.mcp!.text!(plain, { cwd: "/", home: "/", verbose: true, colour: false, now: 0 })).toBe("# Demo\n")
  })
})
