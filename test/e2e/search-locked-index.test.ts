// A search index another process holds a write lock on (a `sqlite3` shell in a transaction; skc's own builds
// write a new file and rename it): a read now waits for the lock, where it failed at once and called the
// index "corrupt (database is locked)" (E002), found by a robustness probe.
import { spawn } from "node:child_process"
import { readdirSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { builtSkill, sandbox } from "../helpers/cli.js"

/** A built skill `demo` and a process holding an exclusive lock on its index (`release`: the script's last statements). */
const lockedIndex = async (release: string, stdin: "ignore" | "pipe") => {
  const sb = sandbox()
  builtSkill(sb, "demo", "Demo skill. Use when testing.", "# Demo\n\n## Rebase\n\nRebase onto main.\n")
  const meta = join(sb.work, ".skillc", "runtime", "demo", ".skillc-meta")
  const index = join(meta, readdirSync(meta).find((f) => /^search-[0-9a-f]{16}\.db$/.test(f))!)
  const holder = spawn(
    process.execPath,
    ["-e", `const {DatabaseSync}=require("node:sqlite");const db=new DatabaseSync(process.argv[1]);db.exec("BEGIN EXCLUSIVE");process.stdout.write("locked\\n");${release}`, index],
    { stdio: [stdin, "pipe", "inherit"] }
  )
  const exited = new Promise((resolve) => holder.once("exit", resolve))
  await new Promise<void>((resolve) => holder.stdout!.once("data", () => resolve()))
  return { sb, holder, exited }
}

describe("a search index briefly locked by another process", () => {
  it("search waits for the lock and answers", async () => {
    // Holds an exclusive lock for 1.5 s, then lets go.
    const { sb, exited } = await lockedIndex(`Atomics.wait(new Int32Array(new SharedArrayBuffer(4)),0,0,1500);db.exec("COMMIT");db.close()`, "ignore")
    const r = await sb.runAsync(["search", "demo", "rebase"])
    await exited
    expect(r.stderr).toBe("")
    expect(r.code).toBe(0)
    expect(r.stdout).toContain("Rebase")
  }, 60_000)
})

describe("a search index locked by another process past the read's wait", () => {
  it("search says it is locked and to retry (E999), never that it is unusable and to rebuild (E002)", async () => {
    // Holds an exclusive lock until told to let go (stdin closed).
    const { sb, holder, exited } = await lockedIndex(`process.stdin.on("end",()=>{db.exec("COMMIT");db.close()});process.stdin.resume()`, "pipe")
    try {
      const r = await sb.runAsync(["search", "demo", "rebase"])
      expect(r.code).toBe(1)
      expect(r.stderr).toBe("error[E999]: search index of 'demo' is locked by another process (database is locked): retry once that process lets it go\n")
    } finally {
      holder.stdin!.end()
      await exited
    }
    // Let go, the same index answers: it was never damaged.
    const after = await sb.runAsync(["search", "demo", "rebase"])
    expect(after.code).toBe(0)
    expect(after.stdout).toContain("Rebase")
  }, 60_000)
})
