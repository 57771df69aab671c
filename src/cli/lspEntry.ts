/**
 * The entry of `skc lsp`'s own bundle (dist/commands/lsp.cjs, issue 50):
 * the language server with vscode-languageserver bundled in, and nothing of
 * effect/cli. As src/cli/mcpEntry.ts: a well-formed invocation runs here;
 * help or an unknown flag answer `undefined`, so that bin/skc.mjs hands the
 * invocation to the full CLI, the one authority for help and errors.
 */
import { lspHelp } from "../commands/lsp.js"
import { begin } from "./exit.js"
import { runServer } from "./runMain.js"
import { fastFlags, parseFast } from "./fastParse.js"
import { wantsHelp } from "./help.js"
import { rulesDocUri } from "./lspRulesDoc.js"
import { serveLsp } from "../lsp/server.js"

const LSP_FLAGS = fastFlags("lsp", lspHelp.flags)

/** Serve if `argv` (the command name first) is a well-formed `skc lsp`; the exit status, or undefined to defer. */
export const run = (argv: ReadonlyArray<string>): Promise<number> | undefined => {
  if (argv[0] !== "lsp" || wantsHelp(argv)) return undefined
  if (parseFast({ positionals: [], flags: LSP_FLAGS }, argv.slice(1)) === undefined) return undefined
  const started = begin(argv, true)
  if (typeof started === "number") return Promise.resolve(started)
  return runServer(() => serveLsp({ rulesDoc: rulesDocUri(__dirname) }), started.verboseOn)
}
