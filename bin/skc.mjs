#!/usr/bin/env node
// skc executable.
//
// dist/ holds (scripts/bundle.mjs, issue 16):
// - version: the package version, so `skc --version` loads no bundle;
// - commands/<name>.cjs: one bundle per hot command, with only that
//   command's code. It runs well-formed invocations and declines the rest
//   (help, anything its parser is not sure about);
// - cli.cjs: the full CLI (every command, help, the @effect/cli parser),
//   for everything the per-command bundles decline or do not exist for.
//
// Compiling a large bundle dominates start-up, so each bundle runs through
// a V8 code cache kept per user (DECISIONS #42): nothing is written into the
// installed package (a root-owned global install stays untouched) and
// nothing Node-version specific is shipped. The cache is made after a
// successful run (`script.createCachedData()` then holds every function the
// command compiled, not only the top level: measured, Node's own
// `module.enableCompileCache`, which caches at compile time, left `show` at
// 111 ms against 69 ms with this on Node 24, docs/benchmarks.md). The cache
// is an optimisation only: missing, rejected, stale, unwritable or
// untrusted, skc runs the same, just slower.
//
// A code cache is code: V8 checks only that it was made from a source of
// the same length. So a cache is used only when no one but the current user
// can have written it (issue 45 item 3): its directory is created 0700, and
// used only when it is owned by the current user and not writable by group
// or others (its parent too), and the file read must be owned by the user
// and not writable by others. And it is bound to the bundle's content: its
// first line is the bundle's sha256, recorded at build time in
// dist/sha256.json by scripts/bundle.mjs (no hash recorded, no cache).
//
// This file is plain JavaScript that any Node parses, so that an old Node
// gets one clear line instead of a syntax error or a missing module.
//
// Node built-ins are required, not imported: an ES module import of
// node:fs evaluates all its lazy getters, streams included.
import { createRequire } from "node:module"

// 22.16: the first Node 22 whose built-in SQLite has FTS5, which the search index needs (22.13–22.15.1 have none).
const NEEDED = [22, 16, 0]
const found = process.versions.node.split(".").map(Number)
const older = (a, b) => a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] < b[2]
if (older(found, NEEDED)) {
  process.stderr.write(`error: skc needs Node.js >= ${NEEDED.join(".")}; this is Node.js ${process.versions.node}\n`)
  process.exit(1)
}

const require = createRequire(import.meta.url)
const { closeSync, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync, unlinkSync, writeFileSync } = require("node:fs")
const { dirname, isAbsolute, join } = require("node:path")
const { fileURLToPath } = require("node:url")
const vm = require("node:vm")

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist")
const argv = process.argv.slice(2)
const command = argv[0]
// Caches are per command: V8 caches the functions a run compiled, and each
// command runs different code.
const named = command !== undefined && /^[a-z][a-z-]{0,23}$/.test(command)

/**
 * V8 settings for the long-lived server (issue 30, `mcp.memory`; issue 29,
 * a `ping` answered within 100 ms while another request works):
 *
 * - `--max-semi-space-size=2`: by default V8 grows the young generation up
 *   to 2 × 32 MB as soon as a burst of tool calls keeps objects alive
 *   across a scavenge, and keeps it while the process lives: 64 MB of a
 *   server's resident memory for a working set of a few MB. V8 reads this
 *   size once, when it starts, so the server starts Node again with it:
 *   `process.execve` replaces this process (same pid, same stdio), at the
 *   cost of one more Node start per session. (`--optimize-for-size`, set
 *   from here before, capped the young generation too, but made every full
 *   GC compact the whole heap: 170–300 ms pauses while a 100,000-file skill
 *   was indexed on demand, against 50–60 ms without it.)
 * - `--no-concurrent-recompilation`: the optimising compiler otherwise runs
 *   its jobs on worker threads, and each job's memory (its zone, several
 *   MB) is freed into that thread's malloc arena, which glibc keeps: more
 *   of it when calls come with pauses between them, as an agent's do
 *   (96.7–104.3 MB after the benchmark's calls with 35 ms between searches,
 *   91.6–94.0 MB with the jobs on the main thread). The server's time goes
 *   to SQLite, so its few optimisations can wait on the main thread.
 *
 * Both are set before any bundle loads: a V8 code cache records the flags
 * it was made under, and a cache made under other flags is rejected at
 * every start (and the 1.3 MB bundle parsed again). Where `process.execve`
 * is missing (Windows, Node 22 before 22.15) or fails, the server runs in
 * this process with the compiler flag alone. A CLI command lives for one
 * call and keeps V8's defaults.
 */
const SERVER_NODE_FLAGS = ["--max-semi-space-size=2", "--no-concurrent-recompilation"]
/** In the environment of the process `execve` starts, so that it does not start another; removed at once. */
const RESTARTED = "SKC_MCP_RESTARTED"
if (command === "mcp") {
  const restarted = process.env[RESTARTED] === "1"
  delete process.env[RESTARTED]
  if (!restarted) {
    try {
      const self = fileURLToPath(import.meta.url)
      // Returns only when the process could not be replaced: then it serves, with the compiler flag alone.
      if (typeof process.execve === "function") process.execve(process.execPath, [process.execPath, ...process.execArgv, ...SERVER_NODE_FLAGS, self, ...argv], { ...process.env, [RESTARTED]: "1" })
    } catch {
      // not replaced: serve from this process
    }
    try {
      require("node:v8").setFlagsFromString("--no-concurrent-recompilation")
    } catch {
      // a V8 without the flag: the defaults, only more memory
    }
  }
}

const fail = (message) => {
  process.stderr.write(`error[E999]: ${message}\n`)
  process.exitCode = 1
}

/**
 * The per-user cache directory: under `$SKILLC_HOME` when set (tests and
 * isolated setups keep everything there), else `$XDG_CACHE_HOME/skillc`,
 * else `~/.cache/skillc`; one subdirectory per Node version and platform,
 * whose code caches V8 accepts.
 */
const findCacheDir = () => {
  const env = process.env
  let base
  if (env.SKILLC_HOME) base = join(env.SKILLC_HOME, ".cache", "skillc")
  else if (env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME)) base = join(env.XDG_CACHE_HOME, "skillc")
  else {
    let home = ""
    try {
      home = require("node:os").homedir()
    } catch {
      home = ""
    }
    if (home === "" || !isAbsolute(home)) return undefined
    base = join(home, ".cache", "skillc")
  }
  return join(base, `v8-${process.version}-${process.platform}-${process.arch}`)
}
/** The current user's id; undefined where there is none (Windows), where no ownership is checked. */
const uid = typeof process.getuid === "function" ? process.getuid() : undefined

/** Whether `st` is the current user's and writable by no one else (always true where there are no uids). */
const ownOnly = (st) => uid === undefined || (st.uid === uid && (st.mode & 0o022) === 0)

/**
 * `mkdir -p` (0700), one level at a time: Node's recursive mkdir never
 * returns where mkdir answers ENOENT under a directory that exists (a
 * `SKILLC_HOME` or `XDG_CACHE_HOME` under `/proc`), and a synchronous loop
 * ignores SIGTERM, so a CI job hung until it was killed. Throws on the first
 * level that cannot be made.
 */
const makeLevels = (dir) => {
  const missing = []
  for (let cur = dir; ; cur = dirname(cur)) {
    try {
      statSync(cur)
      break
    } catch {
      missing.push(cur)
      if (dirname(cur) === cur) break
    }
  }
  for (const level of missing.reverse()) {
    try {
      mkdirSync(level, { mode: 0o700 })
    } catch (e) {
      if (e?.code !== "EEXIST") throw e
    }
  }
}

/**
 * Whether `dir` (the per-version cache directory) can hold only what the
 * current user wrote: a real directory (not a link), the user's, writable
 * by no one else, in a parent that is the user's and writable by no one
 * else (so no one can swap it). `create`: make it (0700) when missing.
 */
const trustedDir = (dir, create) => {
  let st
  try {
    st = lstatSync(dir)
  } catch {
    if (!create) return false
    try {
      makeLevels(dirname(dir))
      mkdirSync(dir, { mode: 0o700 })
      st = lstatSync(dir)
    } catch {
      return false
    }
  }
  if (!st.isDirectory() || !ownOnly(st)) return false
  try {
    return ownOnly(statSync(dirname(dir)))
  } catch {
    return false
  }
}

let cacheDirFound
/** The cache directory, looked up once per process (a run may load two bundles). */
const cacheDir = () => {
  if (cacheDirFound === undefined) cacheDirFound = { dir: findCacheDir() }
  return cacheDirFound.dir
}

let hashesRead
/** The bundles' sha256 as scripts/bundle.mjs recorded them (dist/sha256.json): `{ "cli.cjs": hex, … }`; read once. */
const bundleHash = (name) => {
  if (hashesRead === undefined) {
    try {
      hashesRead = JSON.parse(readFileSync(join(dist, "sha256.json"), "utf8"))
    } catch {
      hashesRead = {}
    }
  }
  const h = hashesRead[name]
  return typeof h === "string" && /^[0-9a-f]{64}$/.test(h) ? h : undefined
}

/** FNV-1a of a string, as hex: names an installation's bundle in the shared cache directory. */
const fnv = (text) => {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0
  return h.toString(16).padStart(8, "0")
}

/** A cache file's bytes when it is the current user's and writable by no one else; else undefined. */
const readOwnFile = (file) => {
  let fd
  try {
    fd = openSync(file, "r")
    const st = fstatSync(fd)
    if (!st.isFile() || !ownOnly(st)) return undefined
    const bytes = Buffer.allocUnsafe(st.size)
    let read = 0
    while (read < st.size) {
      const n = readSync(fd, bytes, read, st.size - read, read)
      if (n === 0) break
      read += n
    }
    return read === st.size ? bytes : undefined
  } catch {
    return undefined
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/**
 * Compile a CommonJS bundle with its code cache: undefined when the file
 * cannot be read; throws when it does not compile. `name` is the bundle's
 * path under dist/ (its key in dist/sha256.json). A cache file starts with
 * the bundle's recorded sha256 and a newline: a rebuilt bundle never meets
 * its old cache (V8 itself only checks the source's length), and a cache is
 * read only from a trusted directory (`trustedDir`, `readOwnFile`). `run`
 * runs the bundle's top level and returns its exports; `cache`, set when
 * the cache was missing, stale or rejected, writes it: called at a
 * successful exit only, so mistyped command names and failed runs leave
 * nothing behind.
 */
const load = (name, cacheName) => {
  const file = join(dist, name)
  let source
  try {
    source = readFileSync(file, "utf8")
  } catch {
    return undefined
  }
  const hash = bundleHash(name)
  const dir = hash === undefined ? undefined : cacheDir()
  const stamp = `sha256:${hash}\n`
  const cacheFile = dir === undefined ? undefined : join(dir, `${fnv(file)}-${cacheName}.v8`)
  let cachedData
  if (cacheFile !== undefined && trustedDir(dir, false)) {
    const bytes = readOwnFile(cacheFile)
    if (bytes !== undefined && bytes.length > stamp.length && bytes.toString("latin1", 0, stamp.length) === stamp) cachedData = bytes.subarray(stamp.length)
  }
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER
  })
  const module = { exports: {} }
  const cache =
    cacheFile !== undefined && (cachedData === undefined || script.cachedDataRejected)
      ? () => {
          if (!trustedDir(dir, true)) return // a directory others can write to: no cache
          const tmp = `${cacheFile}.${process.pid}.tmp`
          try {
            writeFileSync(tmp, Buffer.concat([Buffer.from(stamp, "latin1"), script.createCachedData()]), { mode: 0o600, flag: "wx" })
            renameSync(tmp, cacheFile)
          } catch {
            try {
              unlinkSync(tmp)
            } catch {
              // no cache directory to write to: run without a cache
            }
          }
        }
      : undefined
  const run = () => {
    script.runInThisContext()(module.exports, requireFor(name), module, file, dirname(file))
    return module.exports
  }
  return { run, cache }
}

/** The chunks bundles load on first use, by their path under dist/, once each. */
const chunks = new Map()

/**
 * The `require` a bundle runs with: Node's, but for a chunk of the build
 * (`./yaml.cjs`, which the reading commands' bundles load the first time
 * they parse YAML; `./commands/mcp.cjs`, the MCP server the full CLI
 * loads when it serves `skc mcp`: scripts/bundle.mjs) the loader above, so the chunk runs
 * from a code cache as the bundles do. Compiled from source each time, its
 * load and first parse took 10–20 ms of a run that needed it (a skill whose
 * description is folded, in `search --all`).
 */
const requireFor = (bundleName) => {
  const plain = createRequire(join(dist, bundleName))
  const own = (id) => {
    const chunk = typeof id === "string" ? /^\.\/((?:commands\/)?[a-z][a-z0-9-]*)\.cjs$/.exec(id) : null
    if (chunk === null) return plain(id)
    const name = join(dirname(bundleName), `${chunk[1]}.cjs`).split("\\").join("/")
    if (!chunks.has(name)) {
      const loaded = load(name, `chunk-${chunk[1].replace("/", "-")}`)
      if (loaded === undefined) return plain(id) // missing: Node's own error names the file
      chunks.set(name, loaded.run())
      if (loaded.cache !== undefined) writeCacheOnSuccess(loaded.cache)
    }
    return chunks.get(name)
  }
  return Object.assign(own, plain)
}

const writeCacheOnSuccess = (write) =>
  process.once("exit", (code) => {
    if (code === 0) write()
  })

/** The per-command bundle's answer: its exit status (a promise), or undefined when it declines or is not there. */
const runOwnBundle = () => {
  if (!named) return undefined
  let bundle
  try {
    bundle = load(`commands/${command}.cjs`, command)
  } catch {
    bundle = undefined // does not compile: the full CLI runs the command
  }
  if (bundle === undefined) return undefined // not a hot command
  const status = bundle.run().run(argv)
  if (status !== undefined && bundle.cache !== undefined) writeCacheOnSuccess(bundle.cache)
  return status
}

const runFullCli = () => {
  let bundle
  try {
    bundle = load("cli.cjs", `cli.${named ? command : "default"}`)
  } catch (e) {
    fail(`cannot load dist/cli.cjs (${e?.message ?? e}); run 'npm run build'`)
    process.exit(1)
  }
  if (bundle === undefined) {
    fail("skc is not built (dist/cli.cjs missing); run 'npm run build'")
    process.exit(1)
  }
  if (bundle.cache !== undefined) writeCacheOnSuccess(bundle.cache)
  return bundle.run().run(argv)
}

const version = () => {
  try {
    return readFileSync(join(dist, "version"), "utf8")
  } catch {
    return undefined // an older build: the full CLI answers
  }
}

let text
if (argv.length === 1 && command === "--version" && (text = version()) !== undefined) {
  process.stdout.write(text)
} else {
  let status
  try {
    status = runOwnBundle() ?? runFullCli()
  } catch (e) {
    // Only a broken bundle can throw here: the CLI itself maps every failure to an error line.
    fail(e?.message ?? e)
  }
  status?.then(
    (code) => {
      process.exitCode = code
    },
    (e) => fail(e instanceof Error ? e.message : String(e))
  )
}
