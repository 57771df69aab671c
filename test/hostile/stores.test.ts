/**
 * Issue 19: stores that repair themselves (RFC-0007:C-LOGGING, RFC-0004:C-INDEX).
 * A corrupt logs.db is moved aside and recreated; stats on a read-only
 * runtime reads what it can; builds sweep temporary files left by a killed
 * build; a `.skillc-meta` that is a file is moved aside and rebuilt.
 */
import { spawnSync } from "node:child_process"
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { BIN, sandbox } from "../helpers/cli.js"
import { makeLogDb, readLog } from "../helpers/logs.js"
import { canDropPrivileges, runUnprivileged, shareForUnprivileged } from "./unprivileged.js"

const skillMd = (name: string) => `---\nname: ${name}\ndescription: A test skill. Use when testing.\n---\n# ${name}\n## Install\n## Usage\n`

const project = (name = "demo") => {
  const sb = sandbox()
  const src = join(sb.work, ".skillc", "skills", name)
  mkdirSync(src, { recursive: true })
  writeFileSync(join(src, "SKILL.md"), skillMd(name))
  const meta = join(sb.work, ".skillc", "runtime", name, ".skillc-meta")
  const primary = join(meta, "logs.db")
  const fallback = join(sb.work, ".skillc", "logs", name, ".skillc-meta", "logs.db")
  return { ...sb, src, meta, primary, fallback }
}

const garbage = (file: string) => {
  mkdirSync(join(file, ".."), { recursive: true })
  writeFileSync(file, Buffer.alloc(8192, 0x5a))
}
const asideIn = (dir: string, base: string) => readdirSync(dir).filter((n) => n.startsWith(`${base}.corrupt-`))

describe("issue 19: a corrupt access log is moved aside and recreated", () => {
  it("stats warns, reports an empty log (exit 0) and the next command logs to a fresh primary, not the fallback", () => {
    const p = project()
    expect(p.run(["build", "demo"]).code).toBe(0)
    garbage(p.primary)
    const s = p.run(["stats", "demo", "--format", "json"])
    expect(s.code).toBe(0)
    expect(s.stderr).toMatch(/warning: access log '.*logs\.db' was corrupt \(SQLITE_NOTADB\); moved aside to '.*logs\.db\.corrupt-\d{8}T\d{6}Z'/)
    expect(s.stderr).not.toContain("E999")
    expect(JSON.parse(s.stdout).data.total_accesses).toBe(0)
    // The corrupt file moved aside, with the `-wal` that belongs to it (the build's row, left there by the
    // build's process, decisions.md P5): kept together, never deleted.
    const aside = asideIn(p.meta, "logs.db")
    expect(aside.filter((n) => !n.endsWith("-wal"))).toHaveLength(1)
    for (const wal of aside.filter((n) => n.endsWith("-wal"))) expect(aside).toContain(wal.slice(0, -"-wal".length))
    expect(p.run(["outline", "demo"]).code).toBe(0)
    expect(existsSync(p.fallback)).toBe(false)
    expect(readLog(p.primary).map((r) => r.command)).toEqual(["stats", "outline"])
  })

  it("the next build repairs it (the build's own row recreates the log)", () => {
    const p = project()
    expect(p.run(["build", "demo"]).code).toBe(0)
    garbage(p.primary)
    const b = p.run(["build", "demo"])
    expect(b.code).toBe(0)
    expect(b.stderr).toContain("was corrupt")
    expect(readLog(p.primary).map((r) => r.command)).toEqual(["build"])
  })

  it("sync into a corrupt primary log repairs it instead of reporting E041", () => {
    const p = project()
    expect(p.run(["build", "demo"]).code).toBe(0)
    makeLogDb(p.fallback, [{ timestamp: "2026-01-01T00:00:00Z", command: "show" }], { skill: "demo", skill_path: p.src, cwd: p.work })
    garbage(p.primary)
    const r = p.run(["sync"])
    expect(r.stderr).not.toContain("E041")
    expect(r.code).toBe(0)
    expect(readLog(p.primary).map((x) => x.timestamp)).toContain("2026-01-01T00:00:00Z")
    expect(existsSync(p.fallback)).toBe(false)
  })
})

describe("issue 19: stats never fails for a write it did not need", () => {
  it.skipIf(!canDropPrivileges())("stats on a read-only runtime directory reads the log", () => {
    const p = project()
    expect(p.run(["build", "demo"]).code).toBe(0)
    for (let i = 0; i < 3; i++) p.run(["outline", "demo"])
    shareForUnprivileged(p.root)
    chmodSync(p.meta, 0o555)
    try {
      const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: p.home, SKILLC_HOME: p.home, NO_COLOR: "1" }
      const r = runUnprivileged([process.execPath, BIN, "stats", "demo", "--format", "json"], { cwd: p.work, env })
      expect(r.stderr).not.toContain("E999")
      expect(r.status).toBe(0)
      // The three outlines: agent reads (the build is author work, issue 17).
      expect(JSON.parse(r.stdout).data.total_accesses).toBe(3)
    } finally {
      chmodSync(p.meta, 0o755)
    }
  })
})

describe("issue 19: builds clean up after killed builds", () => {
  it("temporary index and manifest files (and journals) of dead writers older than the build are removed; a live writer's are kept", () => {
    const p = project()
    expect(p.run(["build", "demo"]).code).toBe(0)
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout
    const stale = join(p.meta, `.search-0123456789abcdef.db.${dead}.deadbeef.tmp`)
    const staleJournal = `${stale}-journal`
    const live = join(p.meta, `.search-0123456789abcdef.db.${process.pid}.cafebabe.tmp`)
    const unrelated = join(p.meta, "notes.tmp")
    // A build killed between writing its manifest's temporary copy and renaming it (CI saw one left behind).
    const staleManifest = join(p.meta, `.manifest.json.${dead}.0badf00d.tmp`)
    const liveManifest = join(p.meta, `.manifest.json.${process.pid}.cafef00d.tmp`)
    for (const f of [stale, staleJournal, live, unrelated, staleManifest, liveManifest]) {
      writeFileSync(f, Buffer.alloc(4096))
      utimesSync(f, new Date(Date.now() - 3600_000), new Date(Date.now() - 3600_000))
    }
    writeFileSync(join(p.src, "SKILL.md"), skillMd("demo") + "## More\n")
    expect(p.run(["build", "demo"]).code).toBe(0)
    expect(existsSync(stale)).toBe(false)
    expect(existsSync(staleJournal)).toBe(false)
    expect(existsSync(live)).toBe(true)
    expect(existsSync(unrelated)).toBe(true)
    expect(existsSync(staleManifest)).toBe(false)
    expect(existsSync(liveManifest)).toBe(true)
    rmSync(live)
    rmSync(liveManifest)
  })

  it("a .skillc-meta that is a regular file is moved aside and rebuilt", () => {
    const p = project()
    mkdirSync(join(p.meta, ".."), { recursive: true })
    writeFileSync(p.meta, "not a directory")
    const r = p.run(["build", "demo"])
    expect(r.stderr).not.toContain("E999")
    expect(r.code).toBe(0)
    expect(r.stderr).toContain("was not a directory; moved aside")
    expect(statSync(p.meta).isDirectory()).toBe(true)
    expect(asideIn(join(p.meta, ".."), ".skillc-meta")).toHaveLength(1)
    expect(p.run(["search", "demo", "usage"]).code).toBe(0)
  })
})
