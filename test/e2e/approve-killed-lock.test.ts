/**
 * A killed `skc approve` leaves no lock behind (docs/tool-skills.md "Trust and approval"): the approval store's
 * lock is a database lock held by the process, gone with it whatever ends it. The `mkdir` lock before it
 * outlived a `kill -9`: every approval then waited 10 s and failed for the next 30 s, saying another skc was
 * writing (a crash probe: 1 kill in 47).
 */
import { spawn } from "node:child_process"
import { cpSync, mkdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { ROOT, sandbox } from "../helpers/cli.js"

describe("skc approve after a killed approve", () => {
  it("the lock of a process killed while holding it, and the directory an older skc's killed run left, stop no approval", async () => {
    const s = sandbox()
    const store = join(s.home, ".skillc", "skills")
    mkdirSync(store, { recursive: true })
    cpSync(join(ROOT, "test", "fixtures", "tool-skills", "summarize"), join(store, "summarize"), { recursive: true })
    const approvals = join(s.home, ".skillc", "approvals.json")
    // What an older skc's `kill -9` left: its lock directory.
    mkdirSync(`${approvals}.lock`)
    // A process that takes the store's lock as skc does, then is killed holding it.
    const holder = spawn(
      process.execPath,
      ["-e", `const { DatabaseSync } = require("node:sqlite"); const db = new DatabaseSync(process.argv[1]); db.exec("PRAGMA journal_mode = DELETE; BEGIN EXCLUSIVE;"); process.stdout.write("held\\n"); setInterval(() => {}, 1000)`, `${approvals}.lock.db`],
      { stdio: ["ignore", "pipe", "inherit"] }
    )
    await new Promise<void>((resolve) => holder.stdout!.once("data", () => resolve()))
    holder.kill("SIGKILL")
    await new Promise((resolve) => holder.once("exit", resolve))
    const r = await s.runAsync(["approve", "summarize"])
    expect(r.stderr).toBe("")
    expect(r.code).toBe(0)
    expect(Object.keys(JSON.parse(readFileSync(approvals, "utf8")).approvals)).toHaveLength(1)
  }, 60_000)
})
