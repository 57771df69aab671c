// RFC-0005: an IO failure is E999 with the system's own reason, and no
// input makes skc hang. Node's recursive mkdir (20–24) never returns on a
// file system whose mkdir answers ENOENT under an existing directory
// (`/proc`), and says ENOENT for a read-only one; skc makes each missing
// level alone (src/adapters/node/NodeFileSystem.ts `mkdirAll`).
import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { BIN, sandbox, spawnAsync } from "../helpers/cli.js"

// Killed well after any answer would come, so that a regression fails instead of hanging the run.
const BOUND_MS = 120_000

describe("mkdir -p failures: E999 with the real reason, never a hang", () => {
  it.skipIf(!existsSync("/proc/self"))("init --global with SKILLC_HOME under /proc (Linux): E999 ENOENT, the process ends", async () => {
    const sb = sandbox()
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: "/proc/skc-no-such-home", NO_COLOR: "1" }
    const r = await spawnAsync(process.execPath, [BIN, "init", "g", "--global"], { cwd: sb.work, env, timeoutMs: BOUND_MS })
    expect([r.code, r.stdout]).toEqual([1, ""])
    expect(r.stderr).toMatch(/^error\[E999\]: cannot create skill directory '\/proc\/skc-no-such-home\/\.skillc\/skills\/g': ENOENT /m)
  }, BOUND_MS + 30_000)

  it("a store under a file: E999 ENOTDIR, not a bare error line", async () => {
    const sb = sandbox()
    mkdirSync(join(sb.work, ".skillc"), { recursive: true })
    writeFileSync(join(sb.work, ".skillc", "skills"), "a file where the store should be")
    const r = await sb.runAsync(["init", "demo"])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^error\[E999\]: cannot create skill directory '.*demo': ENOTDIR /m)
  })
})
