// Issue 28 item 3: which access log the live layer wires is decided by the
// composition root alone (src/layers.ts): the SQLite one by default, the one
// an embedder passes (`noAccessLog`: none), or the SQLite one with its writes
// dropped when the benchmarks ask with SKC_BENCH_DISABLE_LOG=1 — the use
// cases never read that switch.
import { describe, expect, it } from "vitest"
import { Effect } from "effect"
import { readdirSync } from "node:fs"
import { join } from "node:path"
import { lazyAccessLog } from "../../src/adapters/sqlite/AccessLogLazy.js"
import { PortsLive } from "../../src/layers.js"
import { init } from "../../src/app/build/init.js"
import { makeLiveLayer } from "../../src/index.js"
import { AccessLog, noAccessLog, withoutWrites } from "../../src/ports/AccessLog.js"
import { makeMemoryAccessLog } from "../../src/adapters/memory/MemoryAccessLog.js"
import { tempDir } from "../helpers/cli.js"

const wired = (options: Parameters<typeof PortsLive>[0]) => Effect.runPromise(Effect.provide(Effect.service(AccessLog), PortsLive(options)))

describe("issue 28: the access log the live layer provides", () => {
  it("the SQLite log by default; with SKC_BENCH_DISABLE_LOG=1 its writes dropped, its reads kept; the one given wins over both", async () => {
    expect(await wired({ env: {} })).toBe(lazyAccessLog)
    const quiet = await wired({ env: { SKC_BENCH_DISABLE_LOG: "1" } })
    expect(quiet).not.toBe(lazyAccessLog)
    expect(quiet.aggregate).toBe(lazyAccessLog.aggregate)
    expect(quiet.readAll).toBe(lazyAccessLog.readAll)
    const mine = makeMemoryAccessLog()
    expect(await wired({ env: { SKC_BENCH_DISABLE_LOG: "1" }, accessLog: mine })).toBe(mine)
  })

  it("withoutWrites: rows given to it are dropped; what the log held still reads", async () => {
    const log = makeMemoryAccessLog()
    const row = { timestamp: "2026-11-26T10:00:00Z", run_id: "r", command: "show", skill: "demo", skill_path: "/s", cwd: "/c", args: "{}", error: null }
    await Effect.runPromise(log.append("/l.db", row))
    const quiet = withoutWrites(log)
    await Effect.runPromise(quiet.append("/l.db", { ...row, command: "search" }))
    await Effect.runPromise(quiet.appendEach!([{ dbFile: "/l.db", row: { ...row, command: "open" } }]))
    expect((await Effect.runPromise(quiet.readAll("/l.db"))).map((r) => r.command)).toEqual(["show"])
  })

  it("an embedder's makeLiveLayer({ accessLog: noAccessLog }) runs a logged use case and writes no log anywhere", async () => {
    const dir = tempDir("skc-nolog-")
    const layer = makeLiveLayer({ cwd: dir, env: { SKILLC_HOME: join(dir, "home"), HOME: join(dir, "home") }, accessLog: noAccessLog })
    const { logged } = await import("../../src/app/usage/accessLog.js")
    const r = await Effect.runPromise(init({ name: "quiet" }).pipe(logged("init", "quiet", () => ({})), Effect.provide(layer)))
    expect(r).toMatchObject({ name: "quiet" })
    const found: Array<string> = []
    const walk = (d: string) => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(d, e.name))
        else found.push(e.name)
      }
    }
    walk(dir)
    expect(found.filter((f) => f.startsWith("logs.db"))).toEqual([])
  })
})
