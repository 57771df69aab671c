/**
 * Decoding a command's input with its Effect Schema (the one source of truth
 * for CLI flags and MCP tool arguments). A decode failure is E100
 * (RFC-0005, DECISIONS #32) with one line naming the offending parameter.
 */
import { Effect, Schema, type SchemaAST, type SchemaIssue } from "effect"
import { InvalidOption } from "../../domain/errors.js"
import { checkText } from "../../domain/jsonSchema.js"

/** One failure at one path, in Effect 3's words (`Expected string, actual 42`, `is missing`). */
interface IssueLine {
  readonly path: ReadonlyArray<PropertyKey>
  readonly message: string
}

/** How deep a value shown in a message may nest: deeper, it is named, not printed. */
export const MAX_SHOWN_DEPTH = 32

/**
 * Whether `u` nests arrays or objects deeper than `limit` levels, found without recursion: a tool
 * argument of 100,000 nested arrays (well under the 1 MiB request limit) overflowed the stack of
 * JSON.stringify, and of String() after it, and the call failed with `error[E999]: Maximum call
 * stack size exceeded` where a wrong type is E100.
 */
export const nestsDeeperThan = (u: unknown, limit: number): boolean => {
  const stack: Array<readonly [unknown, number]> = [[u, 1]]
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [value, depth] = next
    if (typeof value !== "object" || value === null) continue
    if (depth > limit) return true
    for (const child of Array.isArray(value) ? value : Object.values(value)) {
      if (typeof child === "object" && child !== null) stack.push([child, depth + 1])
    }
  }
  return false
}

/** A value as messages show it: strings quoted, the rest as JSON where it can be; one nested too deep, named. */
const formatActual = (u: unknown): string => {
  if (typeof u === "string") return JSON.stringify(u)
  if (typeof u === "bigint") return `${u}n`
  if (u === undefined || typeof u === "number" || typeof u === "boolean" || u === null) return String(u)
  if (nestsDeeperThan(u, MAX_SHOWN_DEPTH)) return `${Array.isArray(u) ? "an array" : "an object"} nested deeper than ${MAX_SHOWN_DEPTH} levels`
  try {
    return JSON.stringify(u) ?? String(u)
  } catch {
    try {
      return String(u)
    } catch {
      return typeof u
    }
  }
}

/** What a schema expects, as Effect 3 printed it (`string`, `"project"`, `ReadonlyArray<string>`). */
const expectedOf = (ast: SchemaAST.AST): string => {
  switch (ast._tag) {
    case "String":
    case "Number":
    case "Boolean":
    case "Null":
    case "Undefined":
    case "Unknown":
    case "Any":
    case "Never":
    case "BigInt":
    case "Symbol":
      return ast._tag.toLowerCase()
    case "Literal":
      return formatActual(ast.literal)
    case "Union":
      return ast.types.map(expectedOf).join(" | ")
    case "Arrays": {
      const [item] = ast.rest
      return ast.elements.length === 0 && item !== undefined && ast.rest.length === 1 ? `ReadonlyArray<${expectedOf(item)}>` : "array"
    }
    case "Objects": {
      const fields = ast.propertySignatures.map(
        (ps) => `readonly ${String(ps.name)}${ps.type.context?.isOptional === true ? "?" : ""}: ${expectedOf(ps.type)}`
      )
      const rest = ast.indexSignatures.map((is) => `readonly [x: ${expectedOf(is.parameter)}]: ${expectedOf(is.type)}`)
      const all = [...fields, ...rest]
      return all.length === 0 ? "{}" : `{ ${all.join("; ")} }`
    }
    default:
      return ast._tag
  }
}

/** The members of a union, nested unions flattened (`Schema.optional(Schema.Literals([…]))`). */
const membersOf = (ast: SchemaAST.AST): ReadonlyArray<SchemaAST.AST> => (ast._tag === "Union" ? ast.types.flatMap(membersOf) : [ast])

/** The keys a struct accepts, as the "is unexpected" message lists them. */
const expectedKeys = (ast: SchemaAST.AST): string =>
  ast._tag === "Objects" && ast.propertySignatures.length > 0
    ? ast.propertySignatures.map((ps) => formatActual(String(ps.name))).join(" | ")
    : "never"

/** The issue tree as a flat list of lines, in the order and words of Effect 3's `ArrayFormatter`. */
const issueLines = (issue: SchemaIssue.Issue, path: ReadonlyArray<PropertyKey>, input: unknown): Array<IssueLine> => {
  const here = "input" in issue ? issue.input : input
  switch (issue._tag) {
    case "Pointer":
      return issueLines(issue.issue, [...path, ...issue.path], undefined)
    case "Composite":
      return issue.issues.flatMap((i) => issueLines(i, path, here))
    case "AnyOf":
      return issue.issues.length > 0
        ? issue.issues.flatMap((i) => issueLines(i, path, here))
        : membersOf(issue.ast).map((m) => ({ path, message: `Expected ${expectedOf(m)}, actual ${formatActual(here)}` }))
    case "Filter":
      return [{ path, message: `Expected ${checkText(issue.filter).expected}, actual ${formatActual(here ?? issue.issue.input)}` }]
    case "Encoding":
      return issueLines(issue.issue, path, here)
    case "InvalidType":
      return [{ path, message: `Expected ${expectedOf(issue.ast)}, actual ${formatActual(here)}` }]
    case "InvalidValue": {
      const message = issue.annotations?.message
      return [{ path, message: typeof message === "string" ? message : `Invalid value ${formatActual(here)}` }]
    }
    case "MissingKey":
      return [{ path, message: "is missing" }]
    case "UnexpectedKey":
      return [{ path, message: `is unexpected, expected: ${expectedKeys(issue.ast)}` }]
    case "Forbidden":
      return [{ path, message: "is forbidden" }]
    case "OneOf":
      return [{ path, message: `Expected exactly one of ${expectedOf(issue.ast)}, actual ${formatActual(here)}` }]
  }
}

/**
 * `field: message` for the first field in error, in the words of the Schema.
 * Alternatives of a union (literal choices) are folded into one line
 * (`expected "project" | "global" | "all", actual "x"`), and the
 * "Expected undefined" alternative of an optional field is left out.
 * A failed check says what the check wants (`Expected a positive number,
 * actual 0`), never the field's description.
 */
export const describeParseError = (error: Schema.SchemaError, label: (field: string) => string = (f) => f): string => {
  const issues = issueLines(error.issue, [], undefined)
  const first = issues[0]
  if (first === undefined) return "invalid input"
  const key = first.path.map(String).join(".")
  const same = issues.filter((i) => i.path.map(String).join(".") === key && !/^Expected undefined,/.test(i.message))
  const expected = same.flatMap((i) => {
    const m = /^Expected (.*), actual (.*)$/s.exec(i.message)
    return m === null ? [] : [{ expected: m[1] ?? "", actual: m[2] ?? "" }]
  })
  const [head] = expected
  let message: string
  if (same.length > 1 && expected.length === same.length && head !== undefined) {
    const choices = [...new Set(expected.map((m) => m.expected))]
    message = `expected ${choices.join(" | ")}, actual ${head.actual}`
  } else message = (same[0] ?? first).message
  message = message.replace(/\s+/g, " ").trim()
  return key === "" ? message : `${label(key)}: ${message}`
}

/** Whether a schema's type accepts `null` (a `Null` member of it). */
const acceptsNull = (ast: SchemaAST.AST): boolean => membersOf(ast).some((m) => m._tag === "Null")

/**
 * `input` without the `null` values of the optional parameters that do not
 * take `null`: an argument left unset, as several MCP clients send it (agent
 * frameworks that serialise every optional field, and bridges to models
 * whose strict tool mode makes every field required and nullable). Refused,
 * `"limit": null` was E100 on every call, and a model told so guesses a
 * value rather than leave it out. A required parameter's `null` stays, for
 * the decoder to refuse; anything but a plain object is left as it is.
 */
export const nullAsUnset = (ast: SchemaAST.AST, input: unknown): unknown => {
  if (ast._tag !== "Objects" || input === null || typeof input !== "object" || Array.isArray(input)) return input
  const entries = Object.entries(input as Record<string, unknown>)
  // Every tool call passes here: the schema is looked at only when some argument is null.
  if (!entries.some(([, v]) => v === null)) return input
  const unset = new Set(
    ast.propertySignatures.filter((ps) => ps.type.context?.isOptional === true && !acceptsNull(ps.type)).map((ps) => String(ps.name))
  )
  return Object.fromEntries(entries.filter(([k, v]) => !(v === null && unset.has(k))))
}

/**
 * `input` with a number written as text (`"max_lines": "5"`) made the number, for the parameters
 * whose type is a number and takes no string: models often quote numbers in tool arguments, and
 * the refusal (`Expected number, actual "5"`) cost the agent a second call to send what it meant.
 * Only a plain decimal (`5`, `-2`, `0.5`) is read; anything else is left for the decoder to refuse.
 */
export const numbersFromText = (ast: SchemaAST.AST, input: unknown): unknown => {
  if (ast._tag !== "Objects" || input === null || typeof input !== "object" || Array.isArray(input)) return input
  const entries = Object.entries(input as Record<string, unknown>)
  if (!entries.some(([, v]) => typeof v === "string" && DECIMAL.test(v))) return input
  const numeric = new Set(
    ast.propertySignatures
      .filter((ps) => membersOf(ps.type).some((m) => m._tag === "Number") && !membersOf(ps.type).some((m) => m._tag === "String" || m._tag === "Literal"))
      .map((ps) => String(ps.name))
  )
  return Object.fromEntries(entries.map(([k, v]) => [k, typeof v === "string" && numeric.has(k) && DECIMAL.test(v) ? Number(v) : v]))
}

const DECIMAL = /^-?\d+(?:\.\d+)?$/

/**
 * Decode unknown input (CLI flags gathered into an object, or MCP
 * arguments). Unknown properties are refused, so a misspelt MCP argument is
 * an error rather than silently ignored.
 */
export const decodeInput = <A>(schema: Schema.Decoder<A>, options: { readonly label?: (field: string) => string } = {}) => {
  const decode = Schema.decodeUnknownEffect(schema, { errors: "all", onExcessProperty: "error", reportInput: true })
  return (input: unknown): Effect.Effect<A, InvalidOption> =>
    decode(input).pipe(Effect.mapError((e) => new InvalidOption({ message: describeParseError(e, options.label) })))
}

/** CLI spelling of a parameter: `max_lines` → `--max-lines`. */
export const flagLabel = (field: string): string => `--${field.replace(/_/g, "-")}`

/** Drop `undefined` values so optional Schema fields see them as absent. */
export const defined = <T extends Record<string, unknown>>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>
