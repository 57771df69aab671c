#!/usr/bin/env node
// `npm run bench`: every performance figure the issues ask for, each with
// its floor measured in the same run. `npm run bench -- cli` runs only the
// benchmarks whose name contains "cli".
import { readdirSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const here = dirname(fileURLToPath(import.meta.url))
const filter = process.argv[2]
const files = readdirSync(here)
  .filter((f) => f.endsWith(".mjs") && !["run.mjs", "lib.mjs"].includes(f) && !f.startsWith("_"))
  .filter((f) => filter === undefined || f.includes(filter))
  .sort()

console.log(`node ${process.version}, ${process.platform}/${process.arch}; ratios are figure ÷ floor (lower is better)\n`)
for (const f of files) {
  const mod = await import(pathToFileURL(join(here, f)).href)
  await mod.default()
}
