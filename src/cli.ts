// Entry point of the full CLI bundle, dist/cli.cjs (see scripts/bundle.mjs):
// every command, help, and the effect/cli parser. bin/skc.mjs calls `run`
// when no per-command bundle (src/cli/single.ts) takes the invocation.
// `--version` answers before anything else loads; the CLI module graph
// (Effect and the command table) is initialised only when a command runs.
import { VERSION } from "./domain/version.js"

/** The exit status of `skc <argv…>`. */
export const run = (argv: ReadonlyArray<string>): Promise<number> => {
  if (argv.length === 1 && argv[0] === "--version") {
    process.stdout.write(VERSION + "\n")
    return Promise.resolve(0)
  }
  return import("./cli/main.js").then(({ main }) => main(argv))
}
