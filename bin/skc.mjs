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
// Compiling a large bundle dominates start-up, so the bundles run through
// Node's own compile cache (`module.enableCompileCache`, DECISIONS #42) in a
// per-user directory: nothing is written into the installed package (a
// root-owned global install stays untouched) and nothing Node-version
// specific is shipped. The cache is an optimisation only: where it cannot be
// written, skc runs the same, just slower.
//
// This file is plain JavaScript that any Node parses, so that an old Node
// gets one clear line instead of a syntax error or a missing module.
//
// Node built-ins are required, not imported: an ES module import of
// node:fs evaluates all its lazy getters, streams included.
import { createRequire } from "node:module"

const NEEDED = [22, 13, 0]
const found = process.versions.node.split(".").map(Number)
const older = (a, b) => a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] < b[2]
if (older(found, NEEDED)) {
  process.stderr.write(`error: skc needs Node.js >= ${NEEDED.join(".")}; this is Node.js ${process.versions.node}\n`)
  process.exit(1)
}

const require = createRequire(import.meta.url)
const { existsSync, readFileSync } = require("node:fs")
const { dirname, isAbsolute, join } = require("node:path")
const { fileURLToPath } = require("node:url")
const nodeModule = require("node:module")

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist")
const argv = process.argv.slice(2)
const command = argv[0]
const named = command !== undefined && /^[a-z][a-z-]{0,23}$/.test(command)

const fail = (message) => {
  process.stderr.write(`error[E999]: ${message}\n`)
  process.exitCode = 1
}

/**
 * The per-user compile cache: under `$SKILLC_HOME` when set (tests and
 * isolated setups keep everything there), else `$XDG_CACHE_HOME/skillc`,
 * else `~/.cache/skillc`. Node keeps one subdirectory per Node version.
 */
const cacheDir = () => {
  const env = process.env
  if (env.SKILLC_HOME) return join(env.SKILLC_HOME, ".cache", "skillc")
  if (env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME)) return join(env.XDG_CACHE_HOME, "skillc")
  let home = ""
  try {
    home = require("node:os").homedir()
  } catch {
    home = ""
  }
  return home !== "" && isAbsolute(home) ? join(home, ".cache", "skillc") : undefined
}

const enableCache = () => {
  const dir = cacheDir()
  if (dir === undefined || typeof nodeModule.enableCompileCache !== "function") return
  try {
    nodeModule.enableCompileCache(dir)
  } catch {
    // no cache: slower, never wrong
  }
}

/** The per-command bundle's answer: its exit status (a promise), or undefined when it declines or is not there. */
const runOwnBundle = () => {
  if (!named) return undefined
  const file = join(dist, "commands", `${command}.cjs`)
  if (!existsSync(file)) return undefined // not a hot command
  let bundle
  try {
    bundle = require(file)
  } catch {
    return undefined // does not load: the full CLI runs the command
  }
  return bundle.run(argv)
}

const runFullCli = () => {
  const file = join(dist, "cli.cjs")
  if (!existsSync(file)) {
    fail("skc is not built (dist/cli.cjs missing); run 'npm run build'")
    process.exit(1)
  }
  let bundle
  try {
    bundle = require(file)
  } catch (e) {
    fail(`cannot load dist/cli.cjs (${e?.message ?? e}); run 'npm run build'`)
    process.exit(1)
  }
  return bundle.run(argv)
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
  enableCache()
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
