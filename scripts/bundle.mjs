#!/usr/bin/env node
// Bundles the CLI into one CommonJS file (dist/cli.cjs) that bin/skc.mjs
// loads through a V8 code cache, and compiles the library surface
// (dist/lib, with .d.ts) for embedders. Run by `npm install` (prepare).
import { build } from "esbuild"
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
const dist = join(root, "dist")
mkdirSync(dist, { recursive: true })

// Build into a temporary name and rename: a test run or another shell using
// dist/cli.cjs at the same moment never sees half a file.
const tmp = join(dist, `cli.${process.pid}.tmp.cjs`)
await build({
  entryPoints: [join(root, "src/cli.ts")],
  outfile: tmp,
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  minify: process.env.SKC_BUNDLE_NO_MINIFY !== "1",
  keepNames: false,
  legalComments: "none",
  logLevel: "warning",
  // Native addon: must stay a real module in node_modules. The MCP SDK (with
  // zod and ajv) is loaded from node_modules by `skc mcp` only, so it stays
  // out of the bundle every other command parses at start-up.
  external: ["better-sqlite3", "@modelcontextprotocol/sdk"],
  define: { __SKC_VERSION__: JSON.stringify(pkg.version) }
})
renameSync(tmp, join(dist, "cli.cjs"))
for (const f of readdirSync(dist)) if (f.endsWith(".cache")) rmSync(join(dist, f), { force: true })

// Warm the code cache once so the first real invocation is already fast.
execFileSync(process.execPath, [join(root, "bin/skc.mjs"), "--version"], { stdio: "ignore" })

// Library surface for `import … from "skillc"`.
if (!process.argv.includes("--cli-only")) {
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc")
  if (existsSync(tsc)) execFileSync(process.execPath, [tsc, "-p", join(root, "tsconfig.lib.json")], { stdio: "inherit" })
}
