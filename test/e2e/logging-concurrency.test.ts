// RFC-0007:C-LOGGING under load: many agents calling skc at once never lose a
// row and never fail a command (WAL, busy timeout, retries).
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox, skcAsync, type RunResult } from "../helpers/cli.js"
import { readLog } from "../helpers/logs.js"

// Eight concurrent writers racing to create and append to one database.
// 25 invocations each keep the suite fast; SKC_TEST_STRESS=1 runs the full
// 8 × 100 (what the test was written with) for a release check.
const WORKERS = 8
const PER_WORKER = process.env.SKC_TEST_STRESS === "1" ? 100 : 25

describe("RFC-0007:C-LOGGING concurrency", () => {
  it(`RFC-0007:C-LOGGING ${WORKERS} processes × ${PER_WORKER} invocations against one skill log exactly ${WORKERS * PER_WORKER} rows, none failing`, async () => {
    const sb = sandbox()
    const src = join(sb.work, ".skillc", "skills", "busy")
    mkdirSync(src, { recursive: true })
    writeFileSync(join(src, "SKILL.md"), "---\nname: busy\ndescription: d\n---\n# Busy\n")
    const failures: Array<RunResult & { worker: number; i: number }> = []
    // Eight workers, each running its invocations one after another: at most
    // eight skc processes at a time, all writing the same database (and the
    // first ones racing to create it).
    const worker = async (w: number) => {
      for (let i = 0; i < PER_WORKER; i++) {
        const r = await skcAsync(["stats", "busy", "--group-by", "commands", "--format", "json"], {
          cwd: sb.work,
          home: sb.home,
          env: { SKC_RUN_ID: `w${w}` }
        })
        if (r.code !== 0 || r.stderr !== "") failures.push({ ...r, worker: w, i })
      }
    }
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)))
    expect(failures.slice(0, 3)).toEqual([])
    const rows = readLog(join(sb.work, ".skillc", "runtime", "busy", ".skillc-meta", "logs.db"))
    expect(rows).toHaveLength(WORKERS * PER_WORKER)
    for (let w = 0; w < WORKERS; w++) expect(rows.filter((r) => r.run_id === `w${w}`)).toHaveLength(PER_WORKER)
    expect(new Set(rows.map((r) => r.id)).size).toBe(WORKERS * PER_WORKER)
  }, 600_000)
})
