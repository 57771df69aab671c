/**
 * Decoding a command's input with its Effect Schema (the one source of truth
 * for CLI flags and MCP tool arguments). A decode failure is E100
 * (RFC-0005, DECISIONS #32) with one line naming the offending parameter.
 */
import { Effect, ParseResult, Schema } from "effect"
import { InvalidOption } from "../domain/errors.js"

/**
 * `field: message` for the first field in error, in the words of the Schema.
 * Alternatives of a union (literal choices) are folded into one line
 * (`expected "project" | "global" | "all", actual "x"`), and the
 * "Expected undefined" alternative of an optional field is left out.
 */
export const describeParseError = (error: ParseResult.ParseError, label: (field: string) => string = (f) => f): string => {
  const issues = ParseResult.ArrayFormatter.formatErrorSync(error)
  const first = issues[0]
  if (first === undefined) return "invalid input"
  const key = first.path.map(String).join(".")
  const same = issues.filter((i) => i.path.map(String).join(".") === key && !/^Expected undefined,/.test(i.message))
  const expected = same.map((i) => /^Expected (.*), actual (.*)$/s.exec(i.message))
  let message: string
  if (same.length > 1 && expected.every((m) => m !== null)) {
    const choices = [...new Set(expected.map((m) => m![1]))]
    message = `expected ${choices.join(" | ")}, actual ${expected[0]![2]}`
  } else message = (same[0] ?? first).message
  message = message.replace(/\s+/g, " ").trim()
  return key === "" ? message : `${label(key)}: ${message}`
}

/**
 * Decode unknown input (CLI flags gathered into an object, or MCP
 * arguments). Unknown properties are refused, so a misspelt MCP argument is
 * an error rather than silently ignored.
 */
export const decodeInput = <A, I>(schema: Schema.Schema<A, I, never>, options: { readonly label?: (field: string) => string } = {}) => {
  const decode = Schema.decodeUnknownEffect(schema, { errors: "all", onExcessProperty: "error" })
  return (input: unknown): Effect.Effect<A, InvalidOption> =>
    decode(input).pipe(Effect.mapError((e) => new InvalidOption({ message: describeParseError(e, options.label) })))
}

/** CLI spelling of a parameter: `max_lines` → `--max-lines`. */
export const flagLabel = (field: string): string => `--${field.replace(/_/g, "-")}`

/** Drop `undefined` values so optional Schema fields see them as absent. */
export const defined = <T extends Record<string, unknown>>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>
