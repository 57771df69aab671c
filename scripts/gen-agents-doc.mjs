#!/usr/bin/env node
// `npm run docs:agents`: write docs/agents.md from the agent profiles (DECISIONS #51).
// `--check` exits 1 when the committed file differs (CI).
import { loadTs, writeOrCheck } from "./generated.mjs"

const { renderAgentsDoc, PROFILES } = await loadTs(
  'export { renderAgentsDoc } from "./src/domain/agents/docs.ts"; export { PROFILES } from "./src/domain/agents/index.ts"'
)
writeOrCheck("docs/agents.md", renderAgentsDoc(PROFILES), "npm run docs:agents", `wrote docs/agents.md (${PROFILES.length} profiles)`)
