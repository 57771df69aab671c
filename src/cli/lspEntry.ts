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

/** How long an ended session may take to leave on its own (stdout flushed, the editor's pipe closed) before the process exits. */
const EXIT_GRACE_MS = 1_000

/** Serve if `argv` (the command name first) is a well-formed `skc lsp`; the exit status, or undefined to defer. */
export const run = (argv: ReadonlyArray<string>): Promise<number> | undefined => {
  if (argv[0] !== "lsp" || wantsHelp(argv)) return undefined
  if (parseFast({ positionals: [], flags: LSP_FLAGS }, argv.slice(1)) === undefined) return undefined
  const started = begin(argv, true)
  if (typeof started === "number") return Promise.resolve(started)
  return runServer(() => serveLsp({ rulesDoc: rulesDocUri(__dirname) }), started.verboseOn).then((code) => {
    // The session is over (`exit`, or the client's end of the pipe closed). What vscode-jsonrpc leaves
    // armed must not keep the process alive: after an incomplete message (a Content-Length never
    // reached) its reader re-arms a 10-second timer for ever. The exit waits for nothing else.
    setTimeout(() => process.exit(code), EXIT_GRACE_MS).unref()
    return code
  })
}
