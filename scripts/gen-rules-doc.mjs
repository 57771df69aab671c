#!/usr/bin/env node
// `npm run docs:rules`: write docs/rules.md from the lint rule registry.
// The registry is TypeScript, so it is bundled in memory with esbuild first.
// `--check` exits 1 when the committed file differs (CI).
import { build } from "esbuild"
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { tmpdir } from "node:os"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const result = await build({
  stdin: {
    contents: 'export { renderRulesDoc } from "./src/domain/lint/docs.ts"; export { RULES } from "./src/domain/lint/registry.ts"',
    resolveDir: root,
    loader: "ts"
  },
  bundle: true,
  platform: "node",
  format: "cjs",
  write: false,
  logLevel: "warning"
})
const tmp = join(tmpdir(), `skc-rules-doc-${process.pid}.cjs`)
writeFileSync(tmp, result.outputFiles[0].text)
let mod
try {
  mod = createRequire(import.meta.url)(tmp)
} finally {
  rmSync(tmp, { force: true })
}
const { renderRulesDoc, RULES } = mod
const text = renderRulesDoc(RULES)
const target = join(root, "docs", "rules.md")
if (process.argv.includes("--check")) {
  let current = ""
  try {
    current = readFileSync(target, "utf8")
  } catch {}
  if (current !== text) {
    console.error("docs/rules.md is out of date; run `npm run docs:rules`")
    process.exit(1)
  }
} else {
  mkdirSync(dirname(target), { recursive: true })
  writeFileSync(target, text)
  console.log(`wrote docs/rules.md (${RULES.length} rules)`)
}
