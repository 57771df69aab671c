/**
 * "No input makes skc hang": a state directory (`SKILLC_HOME`, `XDG_CACHE_HOME`) under a file system whose
 * mkdir answers ENOENT below a directory that exists (`/proc`). Node's recursive mkdir loops there for ever,
 * synchronously, so SIGTERM was ignored too: a CI job's `skc search` spun at 100 % CPU until SIGKILL. Each
 * command now ends by itself, answering as with any home it cannot write (the index kept in memory).
 */
import { existsSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { BIN, sandbox, spawnAsync } from "../helpers/cli.js"
import { writeTree } from "../helpers/tree.js"

const sb = sandbox()
// Linux only: other systems have no /proc to refuse the mkdir this way.
const hasProc = existsSync("/proc/self")

describe.skipIf(!hasProc)("a state directory under /proc", () => {
  const dir = writeTree(join(sb.work, "good"), { "SKILL.md": "---\nname: good\ndescription: Use when testing.\n---\n# Good\n\nwidget here\n" })
  const run = (args: ReadonlyArray<string>, env: Record<string, string>) =>
    // The bound only ends the test when skc hangs; a run that ends by itself ends long before it.
    spawnAsync(process.execPath, [BIN, ...args], {
      cwd: sb.work,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", NO_COLOR: "1", LANG: "C.UTF-8", HOME: sb.home, ...env },
      timeoutMs: 60_000
    })

  it("SKILLC_HOME=/proc/…: search answers from an index in memory, lint lints; neither hangs", async () => {
    const found = await run(["search", dir, "widget"], { SKILLC_HOME: "/proc/skc-nope" })
    expect(found.code).toBe(0)
    expect(found.stdout).toContain("SKILL.md#Good")
    expect(found.stderr).toContain("indexed in memory for this call")
    const linted = await run(["lint", dir], { SKILLC_HOME: "/proc/skc-nope" })
    expect(linted.code).toBe(0)
  }, 150_000)

  it("XDG_CACHE_HOME=/proc/…: the code cache is skipped, the command runs", async () => {
    // No SKILLC_HOME: the code cache goes to $XDG_CACHE_HOME/skillc (bin/skc.mjs), state under HOME.
    const listed = await run(["lint", dir], { XDG_CACHE_HOME: "/proc/skc-nope" })
    expect(listed.code).toBe(0)
    expect(listed.stdout).toContain("good: 0 errors")
  }, 150_000)
})
