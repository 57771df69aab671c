/**
 * Argument validation and type coercion (tool-skills spec §3.3, §3.4 rule 1).
 *
 * Values arrive as text (`skc run --arg name=value`, table defaults) or as
 * JSON (`--json`, MCP). Each becomes a typed `ParameterValue`, or a reason it
 * cannot. A NUL byte cannot travel in an argv string on any OS, so a value
 * holding one is refused here, before anything runs.
 */
import { Result } from "effect"
import type { ParameterDefinition, ParameterType, ParameterValue } from "./model.js"

const INTEGER = /^[+-]?\d+$/
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/
const TRUE_TEXT = new Set(["true", "1", "yes", "on"])
const FALSE_TEXT = new Set(["false", "0", "no", "off"])

const noNul = (s: string): Result.Result<string, string> =>
  s.includes("\0") ? Result.fail("contains a NUL byte, which no command-line argument can carry") : Result.succeed(s)

/** Coerce text. `forDefault`: an array default may be a JSON array or comma-separated. */
export const coerceText = (type: ParameterType, text: string, forDefault = false): Result.Result<ParameterValue, string> => {
  switch (type) {
    case "string":
      return noNul(text)
    case "integer": {
      const t = text.trim()
      const n = Number(t)
      return INTEGER.test(t) && Number.isSafeInteger(n) ? Result.succeed(n) : Result.fail(`'${text}' is not an integer`)
    }
    case "number": {
      const t = text.trim()
      const n = Number(t)
      return NUMBER.test(t) && Number.isFinite(n) ? Result.succeed(n) : Result.fail(`'${text}' is not a number`)
    }
    case "boolean": {
      const t = text.trim().toLowerCase()
      return TRUE_TEXT.has(t) ? Result.succeed(true) : FALSE_TEXT.has(t) ? Result.succeed(false) : Result.fail(`'${text}' is not a boolean (true or false)`)
    }
    case "array": {
      if (forDefault) {
        const t = text.trim()
        if (t.startsWith("[")) {
          try {
            return coerceJson("array", JSON.parse(t))
          } catch {
            return Result.fail(`'${text}' is not a JSON array`)
          }
        }
        return t === "" ? Result.succeed([]) : Result.all(t.split(",").map((s) => noNul(s.trim())))
      }
      return Result.map(noNul(text), (s) => [s])
    }
  }
}

/** Coerce a JSON value (from `--json` or an MCP call). Scalars are accepted for strings. */
export const coerceJson = (type: ParameterType, value: unknown): Result.Result<ParameterValue, string> => {
  switch (type) {
    case "string":
      if (typeof value === "string") return noNul(value)
      if (typeof value === "number" && Number.isFinite(value)) return Result.succeed(String(value))
      if (typeof value === "boolean") return Result.succeed(String(value))
      return Result.fail(`expected a string, got ${describe(value)}`)
    case "integer":
      if (typeof value === "number" && Number.isSafeInteger(value)) return Result.succeed(value)
      if (typeof value === "string") return coerceText(type, value)
      return Result.fail(`expected an integer, got ${describe(value)}`)
    case "number":
      if (typeof value === "number" && Number.isFinite(value)) return Result.succeed(value)
      if (typeof value === "string") return coerceText(type, value)
      return Result.fail(`expected a number, got ${describe(value)}`)
    case "boolean":
      if (typeof value === "boolean") return Result.succeed(value)
      if (typeof value === "string") return coerceText(type, value)
      return Result.fail(`expected a boolean, got ${describe(value)}`)
    case "array":
      if (!Array.isArray(value)) return Result.fail(`expected an array of strings, got ${describe(value)}`)
      return Result.all(
        value.map((v, i) =>
          typeof v === "string"
            ? noNul(v)
            : typeof v === "number" && Number.isFinite(v)
              ? Result.succeed(String(v))
              : Result.fail(`element ${i} is ${describe(v)}, not a string`)
        )
      )
  }
}

/** A `Pattern` column's regular expression, anchored to match a whole value; undefined when it does not compile. */
export const compilePattern = (source: string): RegExp | undefined => {
  try {
    return new RegExp(`^(?:${source})$`, "u")
  } catch {
    return undefined
  }
}

/**
 * Whether a `Pattern` repeats a group that itself repeats (`(a+)+`,
 * `(\\w+\\s?)*`, `(x*){2,}`): the shape that makes JavaScript's backtracking
 * engine take exponential time on a value that almost matches. The value is
 * an agent's and the match runs in skc's own process (the MCP server), so
 * such a Pattern is refused where it is declared (issue 45 item 1). A
 * conservative check of the pattern's structure, not a proof; alternatives
 * that overlap (`(a|a)*`) are `repeatsAnAmbiguousChoice`'s.
 */
/**
 * The quantifier of a pattern at `i`: how few and how many times it repeats (1 for `?`, Infinity for `*`,
 * `+`, `{n,}`) and its length with a lazy `?` after it; undefined when none is there.
 */
const quantifierAt = (source: string, i: number): { readonly min: number; readonly max: number; readonly length: number } | undefined => {
  const c = source[i]
  const lazy = source[i + 1] === "?" ? 2 : 1
  if (c === "*") return { min: 0, max: Infinity, length: lazy }
  if (c === "+") return { min: 1, max: Infinity, length: lazy }
  if (c === "?") return { min: 0, max: 1, length: lazy }
  if (c === "{") {
    const m = /^\{(\d+)(,(\d*))?\}\??/.exec(source.slice(i))
    if (m === null) return undefined
    return { min: Number(m[1]), max: m[2] === undefined ? Number(m[1]) : m[3] === "" ? Infinity : Number(m[3]), length: m[0].length }
  }
  return undefined
}

export const repeatsARepetition = (source: string): boolean => {
  const frames: Array<{ repeats: boolean }> = [{ repeats: false }]
  let i = 0
  while (i < source.length) {
    const c = source[i]!
    let groupRepeats: boolean | undefined
    if (c === "\\") i += 2
    else if (c === "[") {
      i++
      while (i < source.length && source[i] !== "]") i += source[i] === "\\" ? 2 : 1
      i++
    } else if (c === "(") {
      frames.push({ repeats: false })
      i++
      continue
    } else if (c === ")") {
      groupRepeats = frames.length > 1 ? frames.pop()!.repeats : false
      i++
    } else i++
    const q = quantifierAt(source, i)
    const frame = frames[frames.length - 1]!
    if (q !== undefined) {
      if (groupRepeats === true && q.max > 1) return true
      // A bounded inner repeat (`\\d{4}`) backtracks a bounded number of ways: only unbounded ones count.
      if (q.max === Infinity) frame.repeats = true
      i += q.length
    }
    if (groupRepeats === true) frame.repeats = true
  }
  return false
}

/**
 * Whether a `Pattern` repeats (without a small bound) a choice whose alternatives may begin with the same
 * character: `(a|a)*`, `([a-z]|[a-z0-9])*`, `((x|xy)z)+`. Each repetition can then match the same text
 * in several ways, and a value that almost matches takes exponential time in JavaScript's engine: a
 * tool-skill probe's 28-character value held a `skc run` for 15 s and stalled an MCP server's other calls
 * (lint had let it through). Alternatives that each begin with a different literal character (`(foo|bar)+`,
 * `(a|b)*`) can be told apart at once and stay allowed; a class, `.`, an escape such as `\d`, a group or
 * an optional first atom counts as able to begin like any other.
 */
export const repeatsAnAmbiguousChoice = (source: string): boolean => {
  interface Frame {
    /** Per alternative, its first character when a literal one, null when it may begin otherwise; undefined until read. */
    firsts: Array<string | null | undefined>
    /** A choice inside this group (or deeper) is ambiguous. */
    ambiguous: boolean
  }
  const frames: Array<Frame> = [{ firsts: [undefined], ambiguous: false }]
  /** Two alternatives that may begin alike: the same literal, or one that may begin with anything. */
  const overlapping = (firsts: ReadonlyArray<string | null | undefined>): boolean => {
    if (firsts.length < 2) return false
    if (firsts.some((f) => f === null || f === undefined)) return true
    return new Set(firsts).size < firsts.length
  }
  /** Records the first atom of the current alternative (its literal character, or null), if none yet. */
  const atom = (first: string | null, quantifier: ReturnType<typeof quantifierAt>) => {
    const frame = frames[frames.length - 1]!
    const last = frame.firsts.length - 1
    // An atom that may be absent (`a?b`, `a*b`) lets the alternative begin with what follows: counted as anything.
    if (frame.firsts[last] === undefined) frame.firsts[last] = quantifier !== undefined && quantifier.min === 0 ? null : first
  }
  let i = 0
  while (i < source.length) {
    const c = source[i]!
    if (c === "(") {
      // `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!`, `(?<name>`: the group's own syntax, not its first atom.
      const opener = /^\((\?(:|=|!|<=|<!|<[A-Za-z_$][\w$]*>))?/.exec(source.slice(i))![0]
      frames.push({ firsts: [undefined], ambiguous: false })
      i += opener.length
      continue
    }
    if (c === "|") {
      frames[frames.length - 1]!.firsts.push(undefined)
      i++
      continue
    }
    if (c === ")") {
      const group = frames.length > 1 ? frames.pop()! : { firsts: [], ambiguous: false }
      const ambiguous = group.ambiguous || overlapping(group.firsts)
      i++
      const q = quantifierAt(source, i)
      if (ambiguous && q !== undefined && q.max > 16) return true
      atom(null, q)
      if (ambiguous) frames[frames.length - 1]!.ambiguous = true
      if (q !== undefined) i += q.length
      continue
    }
    // Anchors match no character: the alternative begins with what follows them.
    if (c === "^" || c === "$") {
      i++
      continue
    }
    let first: string | null
    if (c === "\\") {
      const next = source[i + 1] ?? ""
      // `\.`, `\-`, `\/`: that character; `\d`, `\w`, `\s`, `\p{…}`, `\u…`: a class or a code, any beginning.
      first = /[A-Za-z0-9]/.test(next) ? null : next
      i += 2
      if ((next === "p" || next === "P" || next === "u") && source[i] === "{") i = source.indexOf("}", i) + 1 || source.length
    } else if (c === "[") {
      i++
      while (i < source.length && source[i] !== "]") i += source[i] === "\\" ? 2 : 1
      i++
      first = null
    } else {
      first = c === "." ? null : c
      i++
    }
    const q = quantifierAt(source, i)
    atom(first, q)
    if (q !== undefined) i += q.length
  }
  return false
}

/** A coerced value against its parameter's `Values` and `Pattern` (issue 45 item 1). */
export const checkConstraints = (
  p: Pick<ParameterDefinition, "values" | "pattern">,
  value: ParameterValue
): Result.Result<ParameterValue, string> => {
  if (p.values === undefined && p.pattern === undefined) return Result.succeed(value)
  const texts = typeof value === "string" ? [value] : Array.isArray(value) ? (value as ReadonlyArray<string>) : []
  const regex = p.pattern === undefined ? undefined : compilePattern(p.pattern)
  for (const t of texts) {
    if (p.values !== undefined && !p.values.includes(t)) {
      return Result.fail(`${JSON.stringify(t)} is not one of ${p.values.map((v) => JSON.stringify(v)).join(", ")}`)
    }
    if (p.pattern !== undefined && (regex === undefined || !regex.test(t))) {
      return Result.fail(`${JSON.stringify(t)} does not match the pattern ${p.pattern}`)
    }
  }
  return Result.succeed(value)
}

const describe = (v: unknown): string =>
  v === null
    ? "null"
    : Array.isArray(v)
      ? "an array"
      : typeof v === "object"
        ? "an object"
        : // JSON's 1e400 parses as Infinity, which JSON.stringify writes as null: "got number null" (a tool-skill probe).
          typeof v === "number" && !Number.isFinite(v)
          ? "a number too large to hold"
          : `${typeof v} ${JSON.stringify(v)}`

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
): Result.Result<ToolArguments, string> => {
  const byName = new Map(parameters.map((p) => [p.name, p]))
  const values = new Map<string, ParameterValue>()
  const known = () => (parameters.length === 0 ? "this tool takes no parameters" : `parameters: ${parameters.map((p) => p.name).join(", ")}`)
  const typed = (p: ParameterDefinition): Result.Result<ParameterType, string> =>
    p.type === undefined ? Result.fail(`parameter '${p.name}' has invalid type '${p.typeText}'; fix the skill`) : Result.succeed(p.type)

  if (raw.json !== undefined) {
    if (typeof raw.json !== "object" || raw.json === null || Array.isArray(raw.json)) {
      return Result.fail("--json must be a JSON object of parameter names to values")
    }
    for (const [name, value] of Object.entries(raw.json as Record<string, unknown>)) {
      const p = byName.get(name)
      if (p === undefined) return Result.fail(`unknown parameter '${name}' (${known()})`)
      if (value === null) continue // explicit null: treated as absent
      const type = typed(p)
      if (Result.isFailure(type)) return Result.fail(type.failure)
      const v = Result.flatMap(coerceJson(type.success, value), (c) => checkConstraints(p, c))
      if (Result.isFailure(v)) return Result.fail(`invalid value for parameter '${name}': ${v.failure}`)
      values.set(name, v.success)
    }
  }
  const fromPairs = new Set<string>()
  for (const pair of raw.pairs ?? []) {
    const eq = pair.indexOf("=")
    if (eq <= 0) return Result.fail(`--arg expects name=value, got '${pair}'`)
    const name = pair.slice(0, eq)
    const text = pair.slice(eq + 1)
    const p = byName.get(name)
    if (p === undefined) return Result.fail(`unknown parameter '${name}' (${known()})`)
    const type = typed(p)
    if (Result.isFailure(type)) return Result.fail(type.failure)
    const v = Result.flatMap(coerceText(type.success, text), (c) => checkConstraints(p, c))
    if (Result.isFailure(v)) return Result.fail(`invalid value for parameter '${name}': ${v.failure}`)
    if (fromPairs.has(name)) {
      if (type.success !== "array") return Result.fail(`parameter '${name}' given more than once`)
      values.set(name, [...(values.get(name) as ReadonlyArray<string>), ...(v.success as ReadonlyArray<string>)])
    } else values.set(name, v.success) // --arg overrides the same name from --json
    fromPairs.add(name)
  }
  for (const p of parameters) {
    if (values.has(p.name)) continue
    if (p.default !== undefined) values.set(p.name, p.default)
    else if (p.required) return Result.fail(`missing required parameter '${p.name}'${p.description ? ` (${p.description})` : ""}`)
  }
  return Result.succeed(Object.fromEntries(values))
}
