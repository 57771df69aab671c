// A skill's large files over MCP (found by an agent probe of the published skills' server): every answer is
// at most 8 MiB (src/mcp/limits.ts MAX_RESPONSE_BYTES). skc_open puts a text file's text in its content and
// its structured content, so a 4.3 MiB file was an answer of 8.8 MiB, which the transport replaced with a
// bare -32603 naming no call; resources/read of a 6.5 MiB binary (8.7 MiB of base64) the same. Now
// skc_open answers with a tool error (MCP: a tool execution error is `isError: true`) naming the call that
// reads the file's head, and resources/read refuses a file the answer cannot carry, saying so.
import { randomBytes } from "node:crypto"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectMcp, textOf, type McpSession } from "../helpers/mcpClient.js"

/** A section of about 120 KB: three pages of skc_show's default budget. */
const LONG = "# Long\n\n" + Array.from({ length: 3000 }, (_, i) => `line ${i + 1} of a long section, about forty bytes`).join("\n") + "\n"

describe("large files over MCP: an answer an agent can act on", () => {
  const sb = sandbox()
  const dir = join(sb.work, ".claude", "skills", "big")
  let mcp: McpSession
  beforeAll(async () => {
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "SKILL.md"), "---\nname: big\ndescription: Big files. Use when testing sizes.\n---\n# Big\n\nSee mid.txt and data.bin.\n")
    writeFileSync(join(dir, "mid.txt"), "a line of the log, fairly ordinary\n".repeat(130_000)) // 4.3 MiB
    writeFileSync(join(dir, "data.bin"), randomBytes(6_500_000))
    writeFileSync(join(dir, "long.md"), LONG)
    mkdirSync(join(sb.work, ".git"))
    mcp = await connectMcp({ cwd: sb.work, home: sb.home })
  }, 60_000)
  afterAll(async () => {
    await mcp?.close()
  })

  it("skc_open of a text file: a page within max_bytes (40960 unless asked), naming the next; asked whole past 8 MiB, a tool error naming the skc_open that reads its head", async () => {
    // Sixty-sixth pass: an agent's skc_open of a 371 KB schema came back whole; now a page and the way on.
    const page = await mcp.call("skc_open", { skill: "big", path: "mid.txt" })
    expect(page.isError).toBeFalsy()
    const structured = page.structuredContent as { content: string; truncated: boolean; next_line: number }
    expect(structured.truncated).toBe(true)
    expect(structured.content.split("\n")[0]).toBe("a line of the log, fairly ordinary")
    expect(structured.content).toMatch(/\.\.\. \(\d+ more lines\)\n$/)
    expect(JSON.stringify(page).length).toBeLessThanOrEqual(40960 + 4096)
    expect(JSON.stringify(page.content)).toContain(`call skc_open again with from_line=${structured.next_line}`)
    const next = await mcp.call("skc_open", { skill: "big", path: "mid.txt", from_line: structured.next_line })
    expect((next.structuredContent as { from_line: number }).from_line).toBe(structured.next_line)
    const r = await mcp.call("skc_open", { skill: "big", path: "mid.txt", max_bytes: 1 << 30 })
    expect(r.isError).toBe(true)
    expect(textOf(r)).toMatch(/^error: the answer of skc_open is \d+\.\d MiB, more than skc mcp sends in one answer \(8\.0 MiB\); read its first lines with: skc_open skill="big" path="mid.txt" max_lines=100$/)
    const head = await mcp.call("skc_open", { skill: "big", path: "mid.txt", max_lines: 100 })
    expect(head.isError).toBeFalsy()
    expect(textOf(head).split("\n")[0]).toBe("a line of the log, fairly ordinary")
  }, 60_000)

  it("resources/read of a binary file the answer cannot carry: refused, naming the limit", async () => {
    const read = mcp.client.readResource({ uri: "skill://agent-project/big/data.bin" })
    const error = await read.then(() => undefined, (e: unknown) => String(e))
    expect(error).toMatch(/data\.bin is 6\.2 MiB, larger than resources\/read returns \(6\.0 MiB\)/)
    // A small file of the same skill still reads.
    const skillMd = await mcp.client.readResource({ uri: "skill://agent-project/big/SKILL.md" })
    expect(JSON.stringify(skillMd.contents[0])).toContain("# Big")
  }, 60_000)

  it("resources/read of a text whose JSON form would not fit one answer (1.5 MB of U+0001, each escaped in six bytes) answers it as base64, byte for byte: it was listed, then refused with -32603 (an MCP probe)", async () => {
    const bytes = Buffer.alloc(1_500_000, 1)
    writeFileSync(join(dir, "ctrl.txt"), bytes)
    const read = await mcp.client.readResource({ uri: "skill://agent-project/big/ctrl.txt" })
    const content = read.contents[0] as { blob?: string; text?: string; mimeType?: string }
    expect(content.text).toBeUndefined()
    expect(Buffer.from(content.blob!, "base64").equals(bytes)).toBe(true)
    expect(content.mimeType).toBe("text/plain")
    // A small text stays text.
    expect((await mcp.client.readResource({ uri: "skill://agent-project/big/long.md" })).contents[0]).toMatchObject({ text: LONG })
  }, 60_000)

  it("resources/list lists what resources/read serves: not a text file larger than one read carries (a 30 MB reference was listed, its read refused)", async () => {
    writeFileSync(join(dir, "huge.md"), "# Huge\n\n" + "a line of a very long reference\n".repeat(230_000)) // 6.8 MiB
    const uris: Array<string> = []
    let cursor: string | undefined
    do {
      const page = await mcp.client.listResources(cursor === undefined ? {} : { cursor })
      uris.push(...page.resources.map((r) => r.uri))
      cursor = page.nextCursor
    } while (cursor !== undefined)
    expect(uris).toContain("skill://agent-project/big/mid.txt")
    expect(uris).not.toContain("skill://agent-project/big/huge.md")
  }, 60_000)

  it("skc_show pages a long section within max_bytes (40960 unless asked): following next_line reads it all, once (sixty-sixth pass: a 41 KB section came whole)", async () => {
    const pages: Array<string> = []
    let from: number | undefined
    for (let i = 0; i < 10; i++) {
      const r = await mcp.call("skc_show", { skill: "big", section: "Long", ...(from === undefined ? {} : { from_line: from }) })
      expect(r.isError).toBeFalsy()
      expect(JSON.stringify(r).length).toBeLessThanOrEqual(40960 + 2048)
      const page = r.structuredContent as { content: string; truncated: boolean; next_line?: number }
      pages.push(page.truncated ? page.content.replace(/\.\.\. \(\d+ more lines\)\n$/, "") : page.content)
      if (page.next_line === undefined) break
      expect(JSON.stringify(r.content)).toContain(`call skc_show again with from_line=${page.next_line}`)
      from = page.next_line
    }
    expect(pages.length).toBeGreaterThanOrEqual(3)
    expect(pages.join("")).toBe(LONG)
    // A budget the call names: a smaller page.
    const small = await mcp.call("skc_show", { skill: "big", section: "Long", max_bytes: 4096 })
    expect(JSON.stringify(small).length).toBeLessThanOrEqual(4096 + 2048)
  }, 60_000)

  it("skc_open of a file of one long line (minified): a page within the budget, saying how much of the line is left (a hostile probe: 2 MB of answer, truncated: false)", async () => {
    writeFileSync(join(dir, "min.json"), `[${"1234567890,".repeat(100_000)}0]\nsecond line\n`)
    const page = await mcp.call("skc_open", { skill: "big", path: "min.json" })
    expect(JSON.stringify(page).length).toBeLessThanOrEqual(40960 + 2048)
    const structured = page.structuredContent as { content: string; truncated: boolean; next_line?: number }
    expect(structured.truncated).toBe(true)
    expect(structured.content).toMatch(/\n\.\.\. \(line 1 goes on for \d+ more bytes, then 1 more lines: a larger max_bytes reads it whole\)\n$/)
    expect(structured.next_line).toBe(2)
    const next = await mcp.call("skc_open", { skill: "big", path: "min.json", from_line: 2 })
    expect((next.structuredContent as { content: string }).content).toBe("second line\n")
  }, 60_000)

  it("the CLI is whole unless --max-bytes is given; with it show and open cut after a whole line and name the next line", () => {
    const whole = sb.run(["show", "big", "--section", "Long"])
    expect(whole.stdout).toBe(LONG)
    const cut = sb.run(["show", "big", "--section", "Long", "--max-bytes", "2048"])
    expect(Buffer.byteLength(cut.stdout)).toBeLessThanOrEqual(2048)
    expect(cut.stdout).toMatch(/\nline \d+ of a long section, about forty bytes\n\.\.\. \(\d+ more lines\)\n$/)
    expect(cut.stderr).toMatch(/the section goes on: --from-line \d+ shows its next lines/)
    const file = sb.run(["open", "big", "long.md", "--max-bytes", "2048", "--format", "json"])
    const opened = JSON.parse(file.stdout) as { content: string; truncated: boolean; next_line: number }
    expect(opened.truncated).toBe(true)
    expect(LONG.startsWith(opened.content.replace(/\.\.\. \(\d+ more lines\)\n$/, ""))).toBe(true)
    expect(LONG.split("\n")[opened.next_line - 1]).toBe(`line ${opened.next_line - 2} of a long section, about forty bytes`)
  }, 60_000)

  it("a page measured as what is printed: --format json and MCP count CRLF, quotes and backslashes escaped (5,276 bytes of JSON for --max-bytes 4096 before)", async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `ab"c\\d ${i}`)
    writeFileSync(join(dir, "crlf.txt"), lines.join("\r\n") + "\r\n")
    for (const format of ["text", "json"]) {
      const r = sb.run(["open", "big", "crlf.txt", "--max-bytes", "4096", "--format", format])
      expect(r.code).toBe(0)
      expect(Buffer.byteLength(r.stdout)).toBeLessThanOrEqual(4096)
      expect(Buffer.byteLength(r.stdout)).toBeGreaterThan(3000)
    }
    const page = await mcp.call("skc_open", { skill: "big", path: "crlf.txt", max_bytes: 4096 })
    expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThanOrEqual(4096)
    writeFileSync(join(dir, "SKILL.md"), "---\nname: big\ndescription: Big files. Use when testing sizes.\n---\n# Big\n\nSee mid.txt and data.bin.\n\n## Quoted\n\n" + lines.join("\n") + "\n")
    const shown = sb.run(["show", "big", "--section", "Quoted", "--max-bytes", "4096", "--format", "json"])
    expect(shown.code).toBe(0)
    expect(Buffer.byteLength(shown.stdout)).toBeLessThanOrEqual(4096)
    const section = await mcp.call("skc_show", { skill: "big", section: "Quoted", max_bytes: 4096 })
    expect(Buffer.byteLength(JSON.stringify(section))).toBeLessThanOrEqual(4096)
  }, 60_000)
})
