#!/usr/bin/env node
// `npm run docs:rules`: write docs/rules.md from the lint rule registry.
// `--check` exits 1 when the committed file differs (CI).
import { loadTs, writeOrCheck } from "./generated.mjs"

const { renderRulesDoc, RULES } = await loadTs(
  'export { renderRulesDoc } from "./src/domain/lint/docs.ts"; export { RULES } from "./src/domain/lint/registry.ts"'
)
writeOrCheck("docs/rules.md", renderRulesDoc(RULES), "npm run docs:rules", `wrote docs/rules.md (${RULES.length} rules)`)
