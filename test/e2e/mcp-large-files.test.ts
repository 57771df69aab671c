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

describe("large files over MCP: an answer an agent can act on", () => {
  const sb = sandbox()
  const dir = join(sb.work, ".claude", "skills", "big")
  let mcp: McpSession
  beforeAll(async () => {
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "SKILL.md"), "---\nname: big\ndescription: Big files. Use when testing sizes.\n---\n# Big\n\nSee mid.txt and data.bin.\n")
    writeFileSync(join(dir, "mid.txt"), "a line of the log, fairly ordinary\n".repeat(130_000)) // 4.3 MiB
    writeFileSync(join(dir, "data.bin"), randomBytes(6_500_000))
    mkdirSync(join(sb.work, ".git"))
    mcp = await connectMcp({ cwd: sb.work, home: sb.home })
  }, 60_000)
  afterAll(async () => {
    await mcp?.close()
  })

  it("skc_open of a text file whose answer would pass 8 MiB: a tool error naming the skc_open that reads its head", async () => {
    const r = await mcp.call("skc_open", { skill: "big", path: "mid.txt" })
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
})
