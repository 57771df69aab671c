// Entry point bundled into dist/cli.cjs (see scripts/bundle.mjs). `--version`
// answers before anything else loads; the CLI module graph (Effect and the
// command table) is initialised only when a command runs.
import { VERSION } from "./domain/version.js"

const argv = process.argv.slice(2)
if (argv.length === 1 && argv[0] === "--version") {
  process.stdout.write(VERSION + "\n")
} else {
  import("./cli/main.js")
    .then(({ main }) => main(argv))
    .then(
      (code) => {
        process.exitCode = code
      },
      (e: unknown) => {
        process.stderr.write(`error[E999]: ${e instanceof Error ? e.message : String(e)}\n`)
        process.exitCode = 1
      }
    )
}
