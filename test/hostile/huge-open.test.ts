/**
 * Issue 29 item 1: `open --max-lines 3` of a 232 MB file without a newline
 * (a blob, a minified bundle) kept the whole file as its "first line": the
 * MCP server grew past 2 GB, failed to send the answer ("Invalid string
 * length") and never answered the call. The head is now capped in bytes
 * (src/domain/lineHead.ts, 256 KiB), and a whole-file `open` or
 * `resources/read` of a file over 16 MiB is refused with the way to read
 * its head. A sparse file keeps the test cheap on disk.
 */
import { mkdirSync, truncateSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { HEAD_MAX_BYTES, lineHeadOf } from "../../src/domain/lineHead.js"
import { sandbox } from "../helpers/cli.js"
import { connectMcp, textOf, type McpSession } from "../helpers/mcpClient.js"

describe("LineHead's byte cap (issue 29 item 1)", () => {
  it("a file without newlines keeps at most maxBytes and counts the rest as one more line", () => {
    const r = lineHeadOf(new Uint8Array(10_000).fill(97), 3, 1000)
    expect(r.head.length).toBe(1000)
    expect(r.more).toBe(1)
    expect(r.binary).toBe(false)
  })

  it("the cut never splits a UTF-8 character", () => {
    const bytes = new TextEncoder().encode("é".repeat(1000))
    const r = lineHeadOf(bytes, 3, 1001)
    expect(r.head.length).toBe(1000)
    expect(new TextDecoder("utf-8", { fatal: true }).decode(r.head)).toBe("é".repeat(500))
  })

  it("lines under the cap are cut by lines as before", () => {
    const r = lineHeadOf(new TextEncoder().encode("a\nb\nc\nd\n"), 2)
    expect(new TextDecoder().decode(r.head)).toBe("a\nb\n")
    expect(r.more).toBe(2)
    expect(HEAD_MAX_BYTES).toBe(256 * 1024)
  })
})

const sb = sandbox()
const src = join(sb.work, ".skillc", "skills", "blob")
mkdirSync(src, { recursive: true })
writeFileSync(join(src, "SKILL.md"), "---\nname: blob\ndescription: A skill with a huge file. Use when testing.\n---\n# Blob\n\n## Usage\n\nText.\n")
writeFileSync(join(src, "huge.txt"), "")
truncateSync(join(src, "huge.txt"), 64 * 1024 * 1024)

describe("open of a 64 MiB file without newlines (issue 29 item 1)", () => {
  let mcp: McpSession
  beforeAll(async () => {
    const b = await sb.runAsync(["build", "blob"])
    expect(b.code, b.stderr).toBe(0)
    mcp = await connectMcp({ cwd: sb.work, home: sb.home })
  })
  afterAll(async () => {
    await mcp?.close()
  })

  it("CLI: --max-lines 3 returns a head of at most 256 KiB, marked truncated; without it, a clear refusal", async () => {
    const head = await sb.runAsync(["open", "blob", "huge.txt", "--max-lines", "3", "--format", "json"])
    expect(head.code, head.stderr).toBe(0)
    const doc = JSON.parse(head.stdout) as { truncated: boolean; encoding?: string; content: string }
    expect(doc.truncated).toBe(true)
    expect(doc.encoding).toBe("base64")
    expect(Buffer.from(doc.content, "base64").length).toBeLessThanOrEqual(HEAD_MAX_BYTES + 64)
    const whole = await sb.runAsync(["open", "blob", "huge.txt"])
    expect(whole.code).toBe(1)
    expect(whole.stdout).toBe("")
    expect(whole.stderr).toMatch(/^error: 'huge\.txt' is 64\.0 MiB, more than skc open returns at once \(16\.0 MiB\)\n  read its first lines with: skc open blob huge\.txt --max-lines 100 /)
  })

  it("MCP: skc_open with max_lines is answered (and ping after it); resources/read refuses", async () => {
    const r = await mcp.call("skc_open", { skill: "blob", path: "huge.txt", max_lines: 3 })
    expect(r.isError).toBeFalsy()
    expect((r.structuredContent as { truncated: boolean }).truncated).toBe(true)
    await mcp.client.ping()
    const whole = await mcp.call("skc_open", { skill: "blob", path: "huge.txt" })
    expect(whole.isError).toBe(true)
    expect(textOf(whole)).toMatch(/more than skc open returns at once/)
    // Over MCP the way to its head is the tool call, not a shell command.
    expect(textOf(whole)).toContain('read its first lines with: skc_open skill="blob" path="huge.txt" max_lines=100')
    expect(textOf(whole)).not.toContain("--max-lines")
    await expect(mcp.client.readResource({ uri: "skill://project/blob/huge.txt" })).rejects.toThrow(/larger than resources\/read returns \(6\.0 MiB\)/)
  })
})
