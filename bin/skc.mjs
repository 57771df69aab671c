#!/usr/bin/env node
// skc executable. Loads the bundled CLI (dist/cli.cjs) through a V8 code
// cache: compiling a large bundle dominates start-up, and the cache makes
// every invocation after the first skip it. The cache is an optimisation
// only: when it is missing, rejected (another Node version) or cannot be
// written, skc runs the same, just slower.
import { readFileSync, renameSync, writeFileSync, unlinkSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import vm from "node:vm"

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist")
const file = join(dist, "cli.cjs")
// One cache per command: V8 caches the functions a run compiled, and each
// command runs different code. Only a successful run writes its cache, so
// mistyped command names leave nothing behind.
const command = process.argv[2]
const cacheKey = command !== undefined && /^[a-z][a-z-]{0,23}$/.test(command) ? command : "default"
const cacheFile = join(dist, `cli.${cacheKey}.cache`)

let source
try {
  source = readFileSync(file, "utf8")
} catch {
  process.stderr.write("error[E999]: skc is not built (dist/cli.cjs missing); run 'npm run build'\n")
  process.exit(1)
}
let cachedData
try {
  cachedData = readFileSync(cacheFile)
} catch {
  cachedData = undefined
}

let wrapper
try {
  wrapper = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER
  })
} catch (e) {
  process.stderr.write(`error[E999]: cannot load dist/cli.cjs (${e?.message ?? e}); run 'npm run build'\n`)
  process.exit(1)
}
if (cachedData === undefined || wrapper.cachedDataRejected) {
  process.once("exit", (code) => {
    if (code !== 0) return
    const tmp = `${cacheFile}.${process.pid}.tmp`
    try {
      writeFileSync(tmp, wrapper.createCachedData())
      renameSync(tmp, cacheFile)
    } catch {
      try {
        unlinkSync(tmp)
      } catch {
        // read-only install: run without a cache
      }
    }
  })
}
const module = { exports: {} }
try {
  wrapper.runInThisContext()(module.exports, createRequire(file), module, file, dist)
} catch (e) {
  // Only a broken bundle can throw here: the CLI itself maps every failure to an error line.
  process.stderr.write(`error[E999]: ${e?.message ?? e}\n`)
  process.exitCode = 1
}
