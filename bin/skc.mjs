#!/usr/bin/env node
// skc executable. Runs the bundled CLI through V8 code caches: compiling
// a large bundle dominates start-up, and a cache makes every invocation
// after the first skip it. The caches are an optimisation only: when one is
// missing, rejected (another Node version) or cannot be written, skc runs
// the same, just slower.
//
// dist/ holds (scripts/bundle.mjs, issue 16):
// - version: the package version, so `skc --version` loads no bundle;
// - commands/<name>.cjs: one bundle per hot command, with only that
//   command's code. It runs well-formed invocations and declines the rest
//   (help, anything its parser is not sure about);
// - cli.cjs: the full CLI (every command, help, the @effect/cli parser),
//   for everything the per-command bundles decline or do not exist for.
//
// Node built-ins are required, not imported: an ES module import of
// node:fs evaluates all its lazy getters, streams included.
import { createRequire } from "node:module"

const require = createRequire(import.meta.url)
const { readFileSync, renameSync, writeFileSync, unlinkSync } = require("node:fs")
const { dirname, join } = require("node:path")
const { fileURLToPath } = require("node:url")
const vm = require("node:vm")

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist")
const argv = process.argv.slice(2)
const command = argv[0]
// Caches are per command: V8 caches the functions a run compiled, and each
// command runs different code.
const named = command !== undefined && /^[a-z][a-z-]{0,23}$/.test(command)

const fail = (message) => {
  process.stderr.write(`error[E999]: ${message}\n`)
  process.exitCode = 1
}

/**
 * Compile a CommonJS bundle with its code cache: undefined when the file
 * cannot be read; throws when it does not compile. `run` runs its top level
 * and returns its exports; `cache` (when the cache was missing or rejected)
 * writes the cache: called at a successful exit only, so
 * mistyped command names and failed runs leave nothing behind.
 */
const load = (file, cacheFile) => {
  let source
  try {
    source = readFileSync(file, "utf8")
  } catch {
    return undefined
  }
  let cachedData
  try {
    cachedData = readFileSync(cacheFile)
  } catch {
    cachedData = undefined
  }
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER
  })
  const module = { exports: {} }
  const cache =
    cachedData === undefined || script.cachedDataRejected
      ? () => {
          const tmp = `${cacheFile}.${process.pid}.tmp`
          try {
            writeFileSync(tmp, script.createCachedData())
            renameSync(tmp, cacheFile)
          } catch {
            try {
              unlinkSync(tmp)
            } catch {
              // read-only install: run without a cache
            }
          }
        }
      : undefined
  const run = () => {
    script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file))
    return module.exports
  }
  return { run, cache }
}

/** The per-command bundle's answer: its exit status (a promise), or undefined when it declines or is not there. */
const runOwnBundle = () => {
  if (!named) return undefined
  let bundle
  try {
    bundle = load(join(dist, "commands", `${command}.cjs`), join(dist, "commands", `${command}.cache`))
  } catch {
    bundle = undefined // does not compile: the full CLI runs the command
  }
  if (bundle === undefined) return undefined // not a hot command
  const status = bundle.run().run(argv)
  if (status !== undefined && bundle.cache !== undefined) writeCacheOnSuccess(bundle.cache)
  return status
}

const runFullCli = () => {
  const file = join(dist, "cli.cjs")
  let bundle
  try {
    bundle = load(file, join(dist, `cli.${named ? command : "default"}.cache`))
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

const writeCacheOnSuccess = (write) =>
  process.once("exit", (code) => {
    if (code === 0) write()
  })

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
