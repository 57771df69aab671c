/**
 * Issue 29 item 1 (high): a skill folder holding a FIFO or a device node.
 * `open` of a FIFO used to hang (and one `skc_open` froze the whole MCP
 * server), a `/dev/zero`-like node grew memory without bound, and
 * `--max-lines 3` read a whole 232 MB file. Now every read takes regular
 * files only, opened without blocking, and `--max-lines` reads in pieces.
 * Device nodes need `mknod` (root); those cases skip with the reason where
 * it is not permitted.
 */
import { spawnSync } from "node:child_process"
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BIN, ROOT, sandbox, spawnAsync } from "../helpers/cli.js"
import { connectMcp, textOf, type McpSession } from "../helpers/mcpClient.js"

const skillMd = `---\nname: odd\ndescription: A skill with odd files. Use when testing.\n---\n# Odd\n\n## Usage\n\nRead pipe and zero.\n`

const sb = sandbox()
const src = join(sb.work, ".skillc", "skills", "odd")
mkdirSync(src, { recursive: true })
writeFileSync(join(src, "SKILL.md"), skillMd)
const fifo = spawnSync("mkfifo", [join(src, "pipe")])
const hasFifo = fifo.status === 0
const mknod = spawnSync("mknod", [join(src, "zero"), "c", "1", "5"])
const hasDevice = mknod.status === 0
const noDevice = hasDevice ? "" : `mknod is not permitted here (${(mknod.stderr?.toString() || mknod.error?.message || "").trim()})`
if (!hasDevice) console.warn(`special-files: device-node cases skipped: ${noDevice}`)

/** A CLI run that must end by itself: killed (code -1) after 60 s means it hung. */
const run = (args: ReadonlyArray<string>) =>
  spawnAsync(process.execPath, [BIN, ...args], {
    cwd: sb.work,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" },
    timeoutMs: 60_000
  })

describe.skipIf(!hasFifo)("issue 29 item 1: FIFOs and devices in a skill folder", () => {
  beforeAll(async () => {
    const b = await run(["build", "odd"])
    expect(b.code, b.stderr).toBe(0)
  })

  it("build skips neither file nor hangs: the FIFO is not a source file", async () => {
    const s = await run(["sources", "odd", "--format", "json"])
    expect(s.code, s.stderr).toBe(0)
    expect(s.stdout).not.toContain('"pipe"')
  })

  it("open of a FIFO is a clear error at once, with and without --max-lines", async () => {
    for (const extra of [[], ["--max-lines", "3"]]) {
      const r = await run(["open", "odd", "pipe", ...extra])
      expect(r.code, `${extra.join(" ")}: ${r.stderr}`).toBe(1)
      expect(r.stdout).toBe("")
      expect(r.stderr).toMatch(/^error(\[E\d{3}\])?: 'pipe' is not a regular file\n.*it is a FIFO, not a regular file/s)
    }
  })

  it.skipIf(!hasDevice)("open of a character device (a /dev/zero) is refused, not streamed without end", async () => {
    const r = await run(["open", "odd", "zero", "--max-lines", "3"])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/'zero' is not a regular file\n.*it is a character device/s)
  })

  it("--max-lines 3 on a 150 MB file reads it in pieces: memory stays flat, the count is exact", async () => {
    const big = join(src, "big.md")
    const fd = openSync(big, "w")
    const line = "x".repeat(99) + "\n"
    const block = Buffer.from(line.repeat(10_000)) // 1 MB
    for (let i = 0; i < 150; i++) writeSync(fd, block)
    closeSync(fd)
    const rssFile = join(sb.root, "rss.txt")
    const peak = async (args: ReadonlyArray<string>) => {
      const r = await spawnAsync(process.execPath, ["--require", join(ROOT, "test", "fixtures", "maxrss.cjs"), BIN, ...args], {
        cwd: sb.work,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1", SKC_TEST_MAXRSS_FILE: rssFile },
        timeoutMs: 120_000
      })
      return { ...r, rssKb: Number(readFileSync(rssFile, "utf8")) }
    }
    const small = await peak(["open", "odd", "SKILL.md", "--max-lines", "3"])
    const r = await peak(["open", "odd", "big.md", "--max-lines", "3"])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toBe(line.repeat(3) + `... (${1_500_000 - 3} more lines)\n`)
    // Reading the whole file would add 150 MB or more.
    expect(r.rssKb - small.rssKb).toBeLessThan(48 * 1024)
  })

  describe("over MCP", () => {
    let mcp: McpSession
    beforeAll(async () => {
      mcp = await connectMcp({ cwd: sb.work, home: sb.home })
    })
    afterAll(async () => {
      await mcp?.close()
    })

    it("skc_open of the FIFO answers with an error and the server keeps answering", async () => {
      const [opened, pong] = await Promise.all([mcp.call("skc_open", { skill: "odd", path: "pipe" }), mcp.client.ping()])
      expect(opened.isError).toBe(true)
      expect(textOf(opened)).toMatch(/'pipe' is not a regular file/)
      expect(pong).toEqual({})
      const after = await mcp.call("skc_open", { skill: "odd", path: "SKILL.md", max_lines: 2 })
      expect(after.isError ?? false).toBe(false)
    })

    it("resources/read of the FIFO says it is not a regular file (not 'is a directory')", async () => {
      const list = await mcp.client.listResources()
      const skillUri = list.resources.map((r) => r.uri).find((u) => u.endsWith("/SKILL.md") && u.includes("odd"))
      expect(skillUri).toBeDefined()
      const uri = skillUri!.replace(/SKILL\.md$/, "pipe")
      await expect(mcp.client.readResource({ uri })).rejects.toThrow(/is not a regular file/)
    })
  })
})
