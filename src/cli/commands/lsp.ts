import { Command, Flag } from "effect/cli"
import { Effect } from "effect"
import { InternalError } from "../../domain/errors.js"
import { lspHelp } from "../../commands/lsp.js"

const stdioOption = Flag.Boolean("stdio").pipe(Flag.withoutNegation, Flag.withDescription(lspHelp.flags.stdio.help), Flag.withDefault(false))

/**
 * `skc lsp` in the full CLI: its help and its parse errors. A well-formed
 * invocation runs from the command's own bundle (src/cli/lspEntry.ts), so
 * the full CLI does not carry the language server (about 200 KB, issue 50);
 * it gets here only when that bundle is missing.
 */
export const lspCommand = Command.make("lsp", { stdio: stdioOption }, () =>
  Effect.fail(new InternalError({ message: "skc lsp runs from dist/commands/lsp.cjs, which is missing; run 'npm run build'" }))
).pipe(Command.withDescription(lspHelp.summary.join("\n")))
