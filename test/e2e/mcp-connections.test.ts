// Issue 16: `skc mcp` keeps SQLite connections open across calls (index
// readers and access-log writers, src/adapters/sqlite/ConnectionPool.ts).
// Driven through the SDK's own Client over stdio. What must still hold:
// DECISIONS #22 (an edit is seen by the next call; a rebuilt index — a new
// file renamed over the old one — is read, never the old file), and
// RFC-0007:C-LOGGING (exactly one row per call; a log corrupted during the
// session is moved aside and a fresh one takes the next row).
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { readLog } from "../helpers/logs.js"
import { connectMcp, textOf, type McpSession } from "../helpers/mcpClient.js"

const SKILL = "---\nname: demo\ndescription: A skill for tests. Use when testing.\n---\n\n# Demo\n\n## Setup\n\nalpha setup text\n"
// Over MCP the RFC-0005 template is followed by the tool call that rebuilds (the session serves skc_build).
const E002 = "error[E002]: search index unusable; run 'skc build demo' to rebuild\n  rebuild it with: skc_build skill=\"demo\""

const project = () => {
  const s = sandbox()
  const dir = join(s.work, ".skillc", "skills", "demo")
  mkdirSync(join(dir, "references"), { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), SKILL)
  writeFileSync(join(dir, "references", "a.md"), "# A\n\nbravo text\n")
  const meta = join(s.work, ".skillc", "runtime", "demo", ".skillc-meta")
  return { ...s, dir, meta, log: join(meta, "logs.db") }
}

describe("issue 16 skc mcp with pooled SQLite connections", () => {
  const p = project()
  let mcp: McpSession
  beforeAll(async () => {
    expect(p.run(["build", "demo"]).code).toBe(0)
    mcp = await connectMcp({ cwd: p.work, home: p.home })
  })
  afterAll(async () => {
    await mcp?.close()
  })

  const warm = async () => {
    for (let i = 0; i < 4; i++) {
      const r = await mcp.call("skc_search", { skill: "demo", query: "bravo" })
      expect(r.isError, textOf(r)).toBeFalsy()
      expect((await mcp.call("skc_show", { skill: "demo", section: "Setup" })).isError).toBeFalsy()
    }
  }

  it("DECISIONS #22 an edit is seen by the next call, and a rebuilt index (renamed over the old one) is opened anew", async () => {
    await warm()
    const indexBefore = readdirSync(p.meta).filter((f) => f.startsWith("search-"))
    // A new section: stale on the next call (the open connection's meta is not trusted over the sources).
    writeFileSync(join(p.dir, "references", "a.md"), "# A\n\nbravo text\n\n## Fresh\n\ncharlie\n")
    expect(textOf(await mcp.call("skc_show", { skill: "demo", section: "Fresh" }))).toBe(E002)
    expect(textOf(await mcp.call("skc_search", { skill: "demo", query: "charlie" }))).toBe(E002)
    // Another process rebuilds: a new file renamed over the index the server holds open.
    expect((await p.runAsync(["build", "demo"])).code).toBe(0)
    expect(readdirSync(p.meta).filter((f) => f.startsWith("search-"))).toEqual(indexBefore)
    const shown = await mcp.call("skc_show", { skill: "demo", section: "Fresh" })
    expect(shown.isError, textOf(shown)).toBeFalsy()
    expect((shown.structuredContent as { content: string }).content).toBe("## Fresh\n\ncharlie\n")
    const found = await mcp.call("skc_search", { skill: "demo", query: "charlie" })
    expect((found.structuredContent as { results: Array<{ section: string }> }).results.map((r) => r.section)).toEqual(["Fresh"])
    // And again, now answered from the reopened connection.
    await warm()
    expect((await mcp.call("skc_show", { skill: "demo", section: "Fresh" })).isError).toBeFalsy()
  })

  it("RFC-0007:C-LOGGING exactly one row per call across a burst of calls, concurrent ones included", async () => {
    const before = readLog(p.log).length
    const calls: Array<Promise<unknown>> = []
    for (let i = 0; i < 40; i++) calls.push(mcp.call(i % 2 === 0 ? "skc_show" : "skc_search", i % 2 === 0 ? { skill: "demo", section: "Setup" } : { skill: "demo", query: "bravo" }))
    await Promise.all(calls)
    for (let i = 0; i < 20; i++) await mcp.call("skc_open", { skill: "demo", path: "SKILL.md" })
    // Read while the server still holds its connection (rows in its WAL are visible to other processes).
    const rows = readLog(p.log).slice(before)
    expect(rows).toHaveLength(60)
    expect(rows.filter((r) => r.command === "show")).toHaveLength(20)
    expect(rows.filter((r) => r.command === "search")).toHaveLength(20)
    expect(rows.filter((r) => r.command === "open")).toHaveLength(20)
  })

  it("RFC-0007:C-LOGGING a log replaced by a corrupt file during the session is moved aside and the next row starts a fresh one (issue 19)", async () => {
    await warm()
    expect(readLog(p.log).length).toBeGreaterThan(0)
    // A new file renamed over the log the server holds open.
    writeFileSync(p.log + ".new", "this is not a database ".repeat(2000))
    renameSync(p.log + ".new", p.log)
    const r = await mcp.call("skc_show", { skill: "demo", section: "Setup" })
    expect(r.isError, textOf(r)).toBeFalsy()
    const corrupt = readdirSync(p.meta).filter((f) => /^logs\.db\.corrupt-\d{8}T\d{6}Z$/.test(f))
    expect(corrupt).toHaveLength(1)
    expect((r.content as Array<{ text: string }>).map((c) => c.text).join("\n")).toMatch(/access log '.*logs\.db' was corrupt \(SQLITE_NOTADB\); moved aside/)
    await mcp.call("skc_search", { skill: "demo", query: "bravo" })
    expect(readLog(p.log).map((row) => row.command)).toEqual(["show", "search"])
    expect(existsSync(join(p.work, ".skillc", "logs", "demo"))).toBe(false)
  })

  it("RFC-0007:C-LOGGING a log overwritten in place during the session does not stop logging: the next rows land in a sound primary log", async () => {
    await warm()
    // Same inode, other bytes: the server's connection is dropped; its own pages go back into the file as it closes,
    // and the next open finds either a sound log (kept) or a corrupt one (moved aside, as above).
    writeFileSync(p.log, "this is not a database ".repeat(2000))
    for (let i = 0; i < 3; i++) expect((await mcp.call("skc_show", { skill: "demo", section: "Setup" })).isError).toBeFalsy()
    const rows = readLog(p.log)
    expect(rows.slice(-3).map((row) => row.command)).toEqual(["show", "show", "show"])
    expect(existsSync(join(p.work, ".skillc", "logs", "demo"))).toBe(false)
  })
})

describe("issue 16 skc mcp closes its connections when the session ends", () => {
  it("the access log's write-ahead log is checkpointed and removed on shutdown, every row in the database", async () => {
    const p = project()
    expect((await p.runAsync(["build", "demo"])).code).toBe(0)
    const mcp = await connectMcp({ cwd: p.work, home: p.home })
    for (let i = 0; i < 10; i++) await mcp.call("skc_show", { skill: "demo", section: "Setup" })
    // While the session runs its connection keeps the WAL.
    expect(existsSync(p.log + "-wal")).toBe(true)
    await mcp.close()
    expect(existsSync(p.log + "-wal")).toBe(false)
    expect(readLog(p.log).filter((r) => r.command === "show")).toHaveLength(10)
  })
})

describe("issue 16 skc mcp re-reads config files only when they change", () => {
  it("a config file created, edited and removed between calls is seen by the next call, its warnings on every call", async () => {
    const p = project()
    expect((await p.runAsync(["build", "demo"])).code).toBe(0)
    const config = join(p.work, ".skillc", "config.toml")
    const mcp = await connectMcp({ cwd: p.work, home: p.home })
    const warnings = async () => {
      const r = await mcp.call("skc_show", { skill: "demo", section: "Setup" })
      expect(r.isError, textOf(r)).toBeFalsy()
      return (r.content as Array<{ text: string }>).slice(1).map((c) => c.text)
    }
    try {
      expect(await warnings()).toEqual([])
      writeFileSync(config, "bogus_key = 1\n")
      const first = await warnings()
      expect(first.join("\n")).toContain("bogus_key")
      // Unchanged file: the same warnings again (from the cached load).
      expect(await warnings()).toEqual(first)
      writeFileSync(config, "other_bogus = 1\n")
      const second = await warnings()
      expect(second.join("\n")).toContain("other_bogus")
      expect(second).not.toEqual(first)
      rmSync(config)
      expect(await warnings()).toEqual([])
    } finally {
      await mcp.close()
    }
  })
})
