/**
 * Argument validation and type coercion (tool-skills spec §3.3, §3.4 rule 1).
 *
 * Values arrive as text (`skc run --arg name=value`, table defaults) or as
 * JSON (`--json`, MCP). Each becomes a typed `ParameterValue`, or a reason it
 * cannot. A NUL byte cannot travel in an argv string on any OS, so a value
 * holding one is refused here, before anything runs.
 */
import { Either } from "effect"
import type { ParameterDefinition, ParameterType, ParameterValue } from "./model.js"

const INTEGER = /^[+-]?\d+$/
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/
const TRUE_TEXT = new Set(["true", "1", "yes", "on"])
const FALSE_TEXT = new Set(["false", "0", "no", "off"])

const noNul = (s: string): Either.Either<string, string> =>
  s.includes("\0") ? Either.left("contains a NUL byte, which no command-line argument can carry") : Either.right(s)

/** Coerce text. `forDefault`: an array default may be a JSON array or comma-separated. */
export const coerceText = (type: ParameterType, text: string, forDefault = false): Either.Either<ParameterValue, string> => {
  switch (type) {
    case "string":
      return noNul(text)
    case "integer": {
      const t = text.trim()
      const n = Number(t)
      return INTEGER.test(t) && Number.isSafeInteger(n) ? Either.right(n) : Either.left(`'${text}' is not an integer`)
    }
    case "number": {
      const t = text.trim()
      const n = Number(t)
      return NUMBER.test(t) && Number.isFinite(n) ? Either.right(n) : Either.left(`'${text}' is not a number`)
    }
    case "boolean": {
      const t = text.trim().toLowerCase()
      return TRUE_TEXT.has(t) ? Either.right(true) : FALSE_TEXT.has(t) ? Either.right(false) : Either.left(`'${text}' is not a boolean (true or false)`)
    }
    case "array": {
      if (forDefault) {
        const t = text.trim()
        if (t.startsWith("[")) {
          try {
            return coerceJson("array", JSON.parse(t))
          } catch {
            return Either.left(`'${text}' is not a JSON array`)
          }
        }
        return t === "" ? Either.right([]) : Either.all(t.split(",").map((s) => noNul(s.trim())))
      }
      return Either.map(noNul(text), (s) => [s])
    }
  }
}

/** Coerce a JSON value (from `--json` or an MCP call). Scalars are accepted for strings. */
export const coerceJson = (type: ParameterType, value: unknown): Either.Either<ParameterValue, string> => {
  switch (type) {
    case "string":
      if (typeof value === "string") return noNul(value)
      if (typeof value === "number" && Number.isFinite(value)) return Either.right(String(value))
      if (typeof value === "boolean") return Either.right(String(value))
      return Either.left(`expected a string, got ${describe(value)}`)
    case "integer":
      if (typeof value === "number" && Number.isSafeInteger(value)) return Either.right(value)
      if (typeof value === "string") return coerceText(type, value)
      return Either.left(`expected an integer, got ${describe(value)}`)
    case "number":
      if (typeof value === "number" && Number.isFinite(value)) return Either.right(value)
      if (typeof value === "string") return coerceText(type, value)
      return Either.left(`expected a number, got ${describe(value)}`)
    case "boolean":
      if (typeof value === "boolean") return Either.right(value)
      if (typeof value === "string") return coerceText(type, value)
      return Either.left(`expected a boolean, got ${describe(value)}`)
    case "array":
      if (!Array.isArray(value)) return Either.left(`expected an array of strings, got ${describe(value)}`)
      return Either.all(
        value.map((v, i) =>
          typeof v === "string"
            ? noNul(v)
            : typeof v === "number" && Number.isFinite(v)
              ? Either.right(String(v))
              : Either.left(`element ${i} is ${describe(v)}, not a string`)
        )
      )
  }
}

const describe = (v: unknown): string =>
  v === null ? "null" : Array.isArray(v) ? "an array" : typeof v === "object" ? "an object" : `${typeof v} ${JSON.stringify(v)}`

export interface RawArguments {
  /** `--arg name=value` pairs in order; repeating an array parameter appends. */
  readonly pairs?: ReadonlyArray<string>
  /** A JSON object (from `--json` or MCP). */
  readonly json?: unknown
}

export type ToolArguments = Readonly<Record<string, ParameterValue>>

/**
 * Validate and coerce every argument of one call. Unknown names, wrong
 * types, a NUL byte or a missing required parameter is an error message; a
 * parameter absent with a default takes the default; absent without one is
 * simply absent (its arguments are dropped at interpolation).
 */
export const buildArguments = (
  parameters: ReadonlyArray<ParameterDefinition>,
  raw: RawArguments
): Either.Either<ToolArguments, string> => {
  const byName = new Map(parameters.map((p) => [p.name, p]))
  const values = new Map<string, ParameterValue>()
  const known = () => (parameters.length === 0 ? "this tool takes no parameters" : `parameters: ${parameters.map((p) => p.name).join(", ")}`)
  const typed = (p: ParameterDefinition): Either.Either<ParameterType, string> =>
    p.type === undefined ? Either.left(`parameter '${p.name}' has invalid type '${p.typeText}'; fix the skill`) : Either.right(p.type)

  if (raw.json !== undefined) {
    if (typeof raw.json !== "object" || raw.json === null || Array.isArray(raw.json)) {
      return Either.left("--json must be a JSON object of parameter names to values")
    }
    for (const [name, value] of Object.entries(raw.json as Record<string, unknown>)) {
      const p = byName.get(name)
      if (p === undefined) return Either.left(`unknown parameter '${name}' (${known()})`)
      if (value === null) continue // explicit null: treated as absent
      const type = typed(p)
      if (Either.isLeft(type)) return Either.left(type.left)
      const v = coerceJson(type.right, value)
      if (Either.isLeft(v)) return Either.left(`invalid value for parameter '${name}': ${v.left}`)
      values.set(name, v.right)
    }
  }
  const fromPairs = new Set<string>()
  for (const pair of raw.pairs ?? []) {
    const eq = pair.indexOf("=")
    if (eq <= 0) return Either.left(`--arg expects name=value, got '${pair}'`)
    const name = pair.slice(0, eq)
    const text = pair.slice(eq + 1)
    const p = byName.get(name)
    if (p === undefined) return Either.left(`unknown parameter '${name}' (${known()})`)
    const type = typed(p)
    if (Either.isLeft(type)) return Either.left(type.left)
    const v = coerceText(type.right, text)
    if (Either.isLeft(v)) return Either.left(`invalid value for parameter '${name}': ${v.left}`)
    if (fromPairs.has(name)) {
      if (type.right !== "array") return Either.left(`parameter '${name}' given more than once`)
      values.set(name, [...(values.get(name) as ReadonlyArray<string>), ...(v.right as ReadonlyArray<string>)])
    } else values.set(name, v.right) // --arg overrides the same name from --json
    fromPairs.add(name)
  }
  for (const p of parameters) {
    if (values.has(p.name)) continue
    if (p.default !== undefined) values.set(p.name, p.default)
    else if (p.required) return Either.left(`missing required parameter '${p.name}'${p.description ? ` (${p.description})` : ""}`)
  }
  return Either.right(Object.fromEntries(values))
}
