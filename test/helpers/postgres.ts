/**
 * A throwaway PostgreSQL server for the team-store tests (issue 18): initdb
 * in a temporary directory, started with pg_ctl on a free localhost port,
 * trust authentication, stopped and deleted by `stop`. PostgreSQL refuses
 * to run as root, so as root the directory is given to the `postgres`
 * system user and every binary runs through `runuser -u postgres --`.
 * `findPostgres` says why a test must be skipped when the binaries are missing.
 */
import { execFileSync, spawnSync } from "node:child_process"
import { mkdtempSync, rmSync, chownSync, existsSync, writeFileSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"

const CANDIDATE_DIRS = ["/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/16/bin", "/usr/local/bin", "/usr/bin"]

const which = (name: string): string | undefined => {
  const found = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" })
  if (found.status === 0 && found.stdout.trim() !== "") return found.stdout.trim()
  for (const dir of CANDIDATE_DIRS) if (existsSync(join(dir, name))) return join(dir, name)
  return undefined
}

export interface PostgresBinaries {
  readonly initdb: string
  readonly pgCtl: string
  readonly asRoot: boolean
}

/** The binaries, or the reason the real-server tests are skipped. */
export const findPostgres = (): PostgresBinaries | string => {
  const initdb = which("initdb")
  const pgCtl = which("pg_ctl")
  if (initdb === undefined || pgCtl === undefined) return "PostgreSQL binaries (initdb, pg_ctl) not found on PATH: team-store tests skipped"
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    if (spawnSync("id", ["-u", "postgres"]).status !== 0) return "running as root and no `postgres` system user to run PostgreSQL: skipped"
    if (which("runuser") === undefined) return "running as root without `runuser`: skipped"
  }
  return { initdb, pgCtl, asRoot }
}

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })

export interface RunningPostgres {
  readonly url: string
  readonly port: number
  readonly dir: string
  readonly stop: () => void
}

/** Start a fresh server; `stop` shuts it down immediately and deletes its files. */
export const startPostgres = async (
  bin: PostgresBinaries,
  /** `password`: TCP connections must give it (scram-sha-256), as a team database asks; local socket ones are trusted. */
  options: { readonly password?: string } = {}
): Promise<RunningPostgres> => {
  const dir = mkdtempSync(join(tmpdir(), "skc-pg-"))
  const data = join(dir, "data")
  if (bin.asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim())
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim())
    chownSync(dir, uid, gid)
  }
  const run = (file: string, args: ReadonlyArray<string>) =>
    bin.asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", file, ...args], { cwd: dir, stdio: "pipe" })
      : execFileSync(file, [...args], { cwd: dir, stdio: "pipe" })
  const auth = options.password === undefined ? ["--auth=trust"] : ["--auth-local=trust", "--auth-host=scram-sha-256", `--pwfile=${join(dir, "pwfile")}`]
  if (options.password !== undefined) writeFileSync(join(dir, "pwfile"), `${options.password}\n`, { mode: 0o644 })
  run(bin.initdb, ["-D", data, "-U", "postgres", ...auth, "--no-sync", "-E", "UTF8", "--locale=C"])
  const port = await freePort()
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`
  run(bin.pgCtl, ["-D", data, "-o", serverOptions, "-l", join(dir, "log"), "-w", "-t", "60", "start"])
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    stop: () => {
      try {
        run(bin.pgCtl, ["-D", data, "-m", "immediate", "-w", "stop"])
      } catch {
        // already gone
      }
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
