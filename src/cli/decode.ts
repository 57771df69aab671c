/**
 * Decoding a command's flags into its use case input with the use case's own
 * Schema (the one MCP exposes): a value the Schema refuses is E100.
 */
import { Effect, ParseResult, Schema } from "effect"
import { InvalidOption } from "../domain/errors.js"

export const decodeInput = <A, I>(schema: Schema.Schema<A, I, never>, raw: unknown): Effect.Effect<A, InvalidOption> =>
  Schema.decodeUnknown(schema, { onExcessProperty: "ignore" })(raw).pipe(
    Effect.mapError((e) => {
      // Named as the flag (`--max-lines: …`), like the other commands' E100.
      const issue = ParseResult.ArrayFormatter.formatErrorSync(e)[0]
      const option = issue === undefined ? "" : `--${issue.path.map(String).join(".").replace(/_/g, "-")}: `
      return new InvalidOption({ message: `${option}${issue?.message ?? e.message}` })
    })
  )

/** Drop `undefined` fields so optional Schema fields stay absent. */
export const defined = <T extends Record<string, unknown>>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T
