#!/usr/bin/env node
// Compiles the library surface for `import … from "skillc"` (dist/lib, with
// .d.ts) from tsconfig.lib.json, whose `files` are the package's entries:
// tsc follows their imports, so dist/lib holds the modules an entry reaches
// and none of the CLI's, the MCP server's or the language server's (their
// bundles carry those). tsc never deletes, so what an earlier compile left
// in dist/lib and this one did not emit (a module no entry reaches any more,
// one whose source is gone) is removed after it: `npm pack` ships dist/.
// Run by scripts/bundle.mjs and by test/e2e/library.test.ts when dist/lib
// is stale. Needs only tsc, so it runs on any Node the checkout is
// installed with.
import { execFileSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs"
import { transformSync } from "esbuild"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

/** Compiles `root`'s library into `root`/dist/lib and prunes what was not emitted; false when there is no tsc to run. */
export const buildLibrary = (root) => {
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc")
  if (!existsSync(tsc)) return false
  let listing
  try {
    listing = execFileSync(process.execPath, [tsc, "-p", join(root, "tsconfig.lib.json"), "--listEmittedFiles"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
  } catch (e) {
    // tsc writes its diagnostics to stdout: show them, as `stdio: "inherit"` did.
    process.stdout.write(e.stdout ?? "")
    process.stderr.write(e.stderr ?? "")
    throw new Error("tsc -p tsconfig.lib.json failed")
  }
  const emitted = new Set(
    listing
      .split("\n")
      .filter((l) => l.startsWith("TSFILE: "))
      .map((l) => resolve(l.slice("TSFILE: ".length).trim()))
  )
  const lib = join(root, "dist", "lib")
  // Nothing emitted would prune everything: a compile that emits nothing is a broken configuration, not a library.
  if (emitted.size === 0) throw new Error("tsc -p tsconfig.lib.json emitted nothing")
  const prune = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name)
      if (e.isDirectory()) {
        prune(p)
        if (readdirSync(p).length === 0) rmdirSync(p)
      } else if (!emitted.has(resolve(p))) rmSync(p, { force: true })
    }
  }
  if (existsSync(lib)) prune(lib)
  // The modules' JavaScript without their comments: the comments explain the sources (and stay in each
  // .d.ts, where an embedder's editor shows them), and were half of dist/lib's 1.8 MB, which every install
  // downloads (the package's size bound, test/install/install.test.ts). esbuild drops comments and white
  // space and keeps everything else as written (ES modules, every name, `/* @__PURE__ */` marks): a stack
  // trace still names the functions. White space too since the seventy-first pass: about 55 KB of the
  // tarball, which had grown past the 4 MiB bound with that pass's fixes.
  for (const file of emitted) {
    if (!file.endsWith(".js")) continue
    const code = readFileSync(file, "utf8")
    writeFileSync(file, transformSync(code, { loader: "js", format: "esm", target: "esnext", legalComments: "none", charset: "utf8", minifyWhitespace: true }).code)
  }
  return true
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  buildLibrary(join(dirname(fileURLToPath(import.meta.url)), ".."))
}
