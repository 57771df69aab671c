// Every test run exercises the current sources: bundle the CLI first (fast,
// esbuild only; the library's .d.ts build is left to `npm run build`).
import { execFileSync } from "node:child_process"
import { join } from "node:path"

export default function setup() {
  execFileSync(process.execPath, [join(__dirname, "..", "..", "scripts", "bundle.mjs"), "--cli-only"], { stdio: "inherit" })
}
