// Entry point bundled into dist/cli.cjs (see scripts/bundle.mjs).
import { main } from "./cli/main.js"

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (e: unknown) => {
    process.stderr.write(`error[E999]: ${e instanceof Error ? e.message : String(e)}\n`)
    process.exitCode = 1
  }
)
