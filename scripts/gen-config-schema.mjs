#!/usr/bin/env node
// `npm run docs:config`: write docs/config.schema.json, the JSON Schema of a
// skc config file, from the Effect Schema that validates it
// (src/domain/config.ts). The source is TypeScript, so it is bundled in
// memory with esbuild first. `--check` exits 1 when the committed file differs.
import { build } from "esbuild"
import { readFileSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { tmpdir } from "node:os"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const result = await build({
  stdin: { contents: 'export { configJsonSchema } from "./src/domain/config.ts"', resolveDir: root, loader: "ts" },
  bundle: true,
  platform: "node",
  format: "cjs",
  write: false,
  logLevel: "warning"
})
const tmp = join(tmpdir(), `skc-config-schema-${process.pid}.cjs`)
writeFileSync(tmp, result.outputFiles[0].text)
let mod
try {
  mod = createRequire(import.meta.url)(tmp)
} finally {
  rmSync(tmp, { force: true })
}
const text = JSON.stringify(mod.configJsonSchema(), null, 2) + "\n"
const target = join(root, "docs", "config.schema.json")
if (process.argv.includes("--check")) {
  let current = ""
  try {
    current = readFileSync(target, "utf8")
  } catch {}
  if (current !== text) {
    console.error("docs/config.schema.json is out of date; run `npm run docs:config`")
    process.exit(1)
  }
} else {
  writeFileSync(target, text)
  console.log("wrote docs/config.schema.json")
}
