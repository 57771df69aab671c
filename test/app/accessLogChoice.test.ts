// Issue 28 item 3: which access log the live layer wires is decided by the
// composition root alone (src/layers.ts): the SQLite one by default, the one
// an embedder passes, or none (`noAccessLog`) when the benchmarks ask with
// SKC_BENCH_DISABLE_LOG=1 — the use cases never read that switch.
import { describe, expect, it } from "vitest"
import { Effect } from "effect"
import { readdirSync } from "node:fs"
import { join } from "node:path"
import { lazyAccessLog } from "../../src/adapters/sqlite/AccessLogLazy.js"
import { PortsLive } from "../../src/layers.js"
import { init } from "../../src/app/init.js"
import { makeLiveLayer } from "../../src/index.js"
import { AccessLog, noAccessLog } from "../../src/ports/AccessLog.js"
import { makeMemoryAccessLog } from "../../src/adapters/memory/MemoryAccessLog.js"
import { tempDir } from "../helpers/cli.js"

const wired = (options: Parameters<typeof PortsLive>[0]) => Effect.runPromise(Effect.provide(Effect.service(AccessLog), PortsLive(options)))

describe("issue 28: the access log the live layer provides", () => {
  it("the SQLite log by default; noAccessLog with SKC_BENCH_DISABLE_LOG=1; the one given wins over both", async () => {
    expect(await wired({ env: {} })).toBe(lazyAccessLog)
    expect(await wired({ env: { SKC_BENCH_DISABLE_LOG: "1" } })).toBe(noAccessLog)
    const mine = makeMemoryAccessLog()
    expect(await wired({ env: { SKC_BENCH_DISABLE_LOG: "1" }, accessLog: mine })).toBe(mine)
  })

  it("an embedder's makeLiveLayer({ accessLog: noAccessLog }) runs a logged use case and writes no log anywhere", async () => {
    const dir = tempDir("skc-nolog-")
    const layer = makeLiveLayer({ cwd: dir, env: { SKILLC_HOME: join(dir, "home"), HOME: join(dir, "home") }, accessLog: noAccessLog })
    const { logged } = await import("../../src/app/accessLog.js")
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
