// Issue 47 (cli.search.all), RFC-0007:C-LOGGING, through bin/skc.mjs: a CLI
// process ends with `process.exit`, its log connections left open (no
// checkpoint, no fsync per log); every row it wrote is read by the next
// process, from the `-wal`. The adapter's side: test/adapters/accessLogLeftOpen.test.ts.
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { readLog } from "../helpers/logs.js"

const walBytes = (file: string) => (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0)

describe("issue 47: a CLI process ends without closing its logs (RFC-0007:C-LOGGING)", () => {
  it("`search --all` leaves each answering skill's row in its log's -wal, and the next process reads every row", async () => {
    const sb = sandbox()
    const names = ["alpha", "beta"]
    for (const name of names) {
      const src = join(sb.work, ".skillc", "skills", name)
      mkdirSync(src, { recursive: true })
      writeFileSync(join(src, "SKILL.md"), `---\nname: ${name}\ndescription: Deploy ${name} services. Use when deploying.\n---\n# ${name}\n## Deploy\nDeploy the ${name} service.\n`)
      expect((await sb.runAsync(["build", name])).code).toBe(0)
    }
    const logOf = (name: string) => join(sb.work, ".skillc", "runtime", name, ".skillc-meta", "logs.db")
    for (let i = 0; i < 3; i++) {
      const r = await sb.runAsync(["search", "--all", "deploy"])
      expect(r.code).toBe(0)
      expect(r.stderr).toBe("")
    }
    for (const name of names) {
      expect(walBytes(logOf(name))).toBeGreaterThan(0)
      expect(readLog(logOf(name)).filter((r) => r.command === "search")).toHaveLength(3)
    }
    // `stats` in another process counts them too.
    const stats = await sb.runAsync(["stats", "alpha", "--group-by", "commands", "--format", "json"])
    expect(stats.code).toBe(0)
    expect((JSON.parse(stats.stdout) as { data: Record<string, number> }).data.search).toBe(3)
    // SQLite itself (the sqlite3 shell's library, here Node's) agrees, from a process of its own.
    const out = execFileSync(process.execPath, ["-e", `const {DatabaseSync}=require("node:sqlite");console.log(new DatabaseSync(process.argv[1]).prepare("SELECT count(*) AS n FROM access_log WHERE command = 'search'").get().n)`, logOf("beta")], { encoding: "utf8" })
    expect(out.trim()).toBe("3")
  })
})
