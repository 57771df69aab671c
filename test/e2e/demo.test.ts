// `npm run demo` (the README's first command) as a test: every step of
// scripts/demo.mjs behaves as it expects, on the Node this suite runs on —
// CI runs the e2e suite on Node 22 and 24 (issue 23). The `stats` steps are
// the ones that aborted at exit on Node 24 with the native SQLite addon.
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { ROOT, spawnAsync } from "../helpers/cli.js"

describe("npm run demo", () => {
  it("finishes with every step as expected, nothing of Node's on its output", async () => {
    const r = await spawnAsync(process.execPath, [join(ROOT, "scripts", "demo.mjs")], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/", NO_COLOR: "1", LANG: "C.UTF-8" }
    })
    expect(r.stdout).not.toMatch(/unexpected/)
    expect(r.code, r.stdout.slice(-2000)).toBe(0)
    expect(r.stdout).toMatch(/demo finished: every step behaved as expected/)
    expect(r.stdout + r.stderr).not.toMatch(/ExperimentalWarning|Assertion failed|core dumped/)
  })
})
