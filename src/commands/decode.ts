/**
 * Decoding gathered CLI flags with a use case's input Schema: a failure is
 * E100 naming the option in its CLI spelling (DECISIONS #32). Loaded by the
 * handlers only, never at start-up.
 */
import { decodeInput, defined, flagLabel } from "../app/shared/decodeInput.js"
import type { Schema } from "effect"

export const decodeFlags = <A>(schema: Schema.Decoder<A>, raw: Record<string, unknown>) =>
  decodeInput(schema, { label: flagLabel })(defined(raw))
