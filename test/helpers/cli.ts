/**
 * Run `bin/skc.mjs` as a real child process, isolated from the real home:
 * every call gets SKILLC_HOME, a clean environment and NO_COLOR.
 */
import { spawn, spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, expect } from "vitest"

export const ROOT = join(__dirname, "..", "..")
export const BIN = join(ROOT, "bin", "skc.mjs")

export interface RunResult {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

export interface RunOptions {
  readonly cwd: string
  readonly home: string
  readonly env?: Record<string, string | undefined>
  readonly input?: string
}

const baseEnv = (home: string, extra: Record<string, string | undefined> = {}) => {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    SKILLC_HOME: home,
    NO_COLOR: "1",
    LANG: "C.UTF-8"
  }
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k]
    else env[k] = v
  }
  return env
}

export const skc = (args: ReadonlyArray<string>, options: RunOptions): RunResult => {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd,
    env: baseEnv(options.home, options.env),
    input: options.input ?? "",
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024
  })
  if (r.error) throw r.error
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr }
}

/**
 * Run any program without blocking the test worker: a test body that waits
 * in `spawnSync` for long keeps vitest's worker from answering its RPC
 * ("Timeout calling onTaskUpdate") when test files run in parallel.
 * `timeoutMs` kills the child (SIGKILL) and resolves with what it printed.
 */
export const spawnAsync = (
  program: string,
  args: ReadonlyArray<string>,
  options: { readonly cwd: string; readonly env: NodeJS.ProcessEnv; readonly input?: string; readonly timeoutMs?: number }
): Promise<RunResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(program, args, { cwd: options.cwd, env: options.env })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (d) => (stdout += d))
    child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d))
    child.on("error", reject)
    // A child that exits before reading its stdin must not fail the test with EPIPE.
    child.stdin.on("error", () => {})
    const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => child.kill("SIGKILL"), options.timeoutMs)
    child.on("close", (code) => {
      if (timer !== undefined) clearTimeout(timer)
      resolve({ code: code ?? -1, stdout, stderr })
    })
    child.stdin.end(options.input ?? "")
  })

/** `skc` without blocking the test worker: what test bodies use. */
export const skcAsync = (args: ReadonlyArray<string>, options: RunOptions): Promise<RunResult> =>
  spawnAsync(process.execPath, [BIN, ...args], {
    cwd: options.cwd,
    env: baseEnv(options.home, options.env),
    ...(options.input !== undefined ? { input: options.input } : {})
  })

/** Temp directories made since the last test file ended (`removeTempDirs`). */
const madeTempDirs: Array<string> = []

/**
 * A fresh temp directory (canonical path), removed after the file's tests (test/helpers/tempDirs.ts, a setup
 * file, registers the removal for every file). An `afterAll` registered here did nothing when the directory was
 * made inside a test body (`diskWorld()` in an `it`): a development machine gathered thousands of them.
 */
export const tempDir = (prefix = "skc-test-"): string => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)))
  madeTempDirs.push(dir)
  return dir
}

/** Remove every temp directory `tempDir` made so far (after each test file). */
export const removeTempDirs = (): void => {
  for (const dir of madeTempDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
}

/**
 * Where the sandboxes of every test run keep the executable's V8 code caches
 * (bin/skc.mjs, DECISIONS #42): one directory shared by all of them. A cache
 * is per user, under `$SKILLC_HOME/.cache/skillc`, so each new sandbox used to
 * compile every bundle it ran afresh: about 95 ms of CPU more per first run
 * of a bundle, hundreds of times per suite on a 2-core machine. The caches
 * are only an optimisation, checked against the bundle they were made from,
 * and written by rename, so sharing them changes no answer.
 */
const SHARED_CODE_CACHE = join(tmpdir(), "skc-test-code-cache")

/**
 * A sandbox: a home (SKILLC_HOME) and a work directory side by side. Its
 * `.cache/skillc` links to the shared code caches unless `ownCodeCache`
 * (the tests of the cache itself).
 */
export const sandbox = (options: { readonly ownCodeCache?: boolean } = {}) => {
  const root = tempDir()
  const home = join(root, "home")
  const work = join(root, "work")
  mkdirSync(home, { recursive: true })
  mkdirSync(work, { recursive: true })
  if (options.ownCodeCache !== true) {
    mkdirSync(SHARED_CODE_CACHE, { recursive: true })
    mkdirSync(join(home, ".cache"))
    symlinkSync(SHARED_CODE_CACHE, join(home, ".cache", "skillc"))
  }
  return {
    root,
    home,
    work,
    /** Synchronous: blocks the test worker; keep it for one-off setup only. */
    run: (args: ReadonlyArray<string>, cwd = work, env?: Record<string, string | undefined>) => skc(args, { cwd, home, ...(env ? { env } : {}) }),
    /** What test bodies use: the worker stays responsive while the child runs (no "Timeout calling onTaskUpdate"). */
    runAsync: (args: ReadonlyArray<string>, cwd = work, env?: Record<string, string | undefined>) =>
      skcAsync(args, { cwd, home, ...(env ? { env } : {}) })
  }
}

export type Sandbox = ReturnType<typeof sandbox>

/** `<work>/.skillc/skills/<name>/SKILL.md` with this frontmatter and body, built. */
export const builtSkill = (s: Sandbox, name: string, description: string, body: string): void => {
  const dir = join(s.work, ".skillc", "skills", name)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), `---\nname: ${name}\ndescription: ${description}\n---\n${body}`)
  expect(s.run(["build", name]).code).toBe(0)
}
