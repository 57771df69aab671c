#!/usr/bin/env node
// `npm run docs:config`: write docs/config.schema.json, the JSON Schema of a
// skc config file, from the Effect Schema that validates it
// (src/domain/config.ts). `--check` exits 1 when the committed file differs.
import { loadTs, writeOrCheck } from "./generated.mjs"

const { configJsonSchema } = await loadTs('export { configJsonSchema } from "./src/domain/config.ts"')
writeOrCheck("docs/config.schema.json", JSON.stringify(configJsonSchema(), null, 2) + "\n", "npm run docs:config", "wrote docs/config.schema.json")
