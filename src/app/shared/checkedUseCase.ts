/**
 * A use case behind a check of its input, as the library exports it
 * (src/app/library.ts, docs/library.md): decoded against the type side of
 * the use case's input Schema before it runs, so a JavaScript caller's bad
 * input fails with E100 naming the field (RFC-0005:C-CODES, DECISIONS #32)
 * instead of a TypeError defect. Its own module, importing no use case, so
 * an entry wraps only the use cases it exports (`skillc/stats` would
 * otherwise load every use case through library.ts).
 */
import { Effect, Schema } from "effect"
import type { InvalidOption } from "../../domain/errors.js"
import { decodeInput } from "./decodeInput.js"

/**
 * `useCase` behind a check of its input: decoded against the type side of
 * `schema` (what a caller holds: no transformation applies), unknown
 * properties refused as the MCP server refuses them, the field named as
 * the Schema names it. The decoded value is what the use case gets, as the
 * CLI's and the MCP server's calls get theirs.
 */
export const checked = <I, A, E, R>(schema: Schema.Decoder<I>, useCase: (input: I) => Effect.Effect<A, E, R>) => {
  const decode = decodeInput(Schema.toType(schema))
  return Effect.fnUntraced(function* (input: I): Effect.fn.Return<A, E | InvalidOption, R> {
    return yield* useCase(yield* decode(input))
  })
}

/** The same for a use case whose input may be left out: `undefined` is `{}`, as the use case's own default is. */
export const checkedOptional = <I, A, E, R>(schema: Schema.Decoder<I>, useCase: (input: I) => Effect.Effect<A, E, R>) => {
  const run = checked(schema, useCase)
  return Effect.fnUntraced(function* (input?: I): Effect.fn.Return<A, E | InvalidOption, R> {
    return yield* run(input ?? ({} as I))
  })
}

