/**
 * JSON Schema (draft-07) of an Effect Schema, in the exact shape skc has
 * always published (docs/config.schema.json, the MCP tools' schemas): the
 * layout of Effect 3's `JSONSchema.make`. Effect 4's own generator writes
 * draft 2020-12 for the schema's JSON codec (optional fields accept `null`,
 * integers gain bounds…), which would change what clients see; so the few
 * AST shapes skc's Schemas use are walked here instead:
 *
 * - `Schema.Int` and `Schema.NonEmptyString` are the named `$defs`
 *   (`#/$defs/Int`, `#/$defs/NonEmptyString`) they were, other checks merge
 *   their keyword, title and description (the user's description wins)
 *   into the schema they refine;
 * - an optional field drops its `undefined`; annotations of the field
 *   itself (`Schema.optional(X).annotate(…)`) wrap a `$ref` in `allOf`.
 *
 * The words of each check (`checkText`) are also what decode errors say
 * ("Expected a positive number, actual 0").
 */
import { Schema, SchemaAST } from "effect"

export type Json = { [k: string]: unknown }

export const isJsonObject = (u: unknown): u is Json => typeof u === "object" && u !== null && !Array.isArray(u)

/** What a check says and adds to a JSON Schema. */
export interface CheckText {
  readonly title?: string
  readonly description: string
  /** What the check itself wants, whatever its description says (decode errors: "Expected <expected>, actual …"). */
  readonly expected: string
  readonly keywords: Json
}

const num = (o: Json, k: string): number | undefined => (typeof o[k] === "number" ? o[k] : undefined)

/** The title, description and keywords of a check (those of Effect 3's filters of the same meaning). */
export const checkText = (check: SchemaAST.Check<unknown>): CheckText => {
  const own = check.annotations
  const representation = own?.representation
  const id = isJsonObject(representation) && typeof representation.id === "string" ? representation.id : ""
  const payload = isJsonObject(representation) && isJsonObject(representation.payload) ? representation.payload : {}
  const builtIn = ((): Omit<CheckText, "expected"> => {
    switch (id) {
      case "effect/schema/isInt":
        return { title: "int", description: "an integer", keywords: { type: "integer" } }
      case "effect/schema/isGreaterThan": {
        const n = num(payload, "exclusiveMinimum") ?? 0
        return n === 0
          ? { title: "positive", description: "a positive number", keywords: { exclusiveMinimum: 0 } }
          : { title: `greaterThan(${n})`, description: `a number greater than ${n}`, keywords: { exclusiveMinimum: n } }
      }
      case "effect/schema/isGreaterThanOrEqualTo": {
        const n = num(payload, "minimum") ?? 0
        return n === 0
          ? { title: "nonNegative", description: "a non-negative number", keywords: { minimum: 0 } }
          : { title: `greaterThanOrEqualTo(${n})`, description: `a number greater than or equal to ${n}`, keywords: { minimum: n } }
      }
      case "effect/schema/isLessThanOrEqualTo": {
        const n = num(payload, "maximum") ?? 0
        return { title: `lessThanOrEqualTo(${n})`, description: `a number less than or equal to ${n}`, keywords: { maximum: n } }
      }
      case "effect/schema/isLessThan": {
        const n = num(payload, "exclusiveMaximum") ?? 0
        return { title: `lessThan(${n})`, description: `a number less than ${n}`, keywords: { exclusiveMaximum: n } }
      }
      case "effect/schema/isBetween": {
        const min = num(payload, "minimum") ?? 0
        const max = num(payload, "maximum") ?? 0
        return { title: `between(${min}, ${max})`, description: `a number between ${min} and ${max}`, keywords: { minimum: min, maximum: max } }
      }
      case "effect/schema/isPattern": {
        const source = typeof payload.source === "string" ? payload.source : ""
        return { description: `a string matching the pattern ${source}`, keywords: { pattern: source } }
      }
      case "effect/schema/isMinLength": {
        const n = num(payload, "minLength") ?? 0
        return n === 1
          ? { title: "nonEmptyString", description: "a non empty string", keywords: { minLength: 1 } }
          : { title: `minLength(${n})`, description: `a string at least ${n} character(s) long`, keywords: { minLength: n } }
      }
      default:
        return { description: typeof own?.expected === "string" ? own.expected : "a valid value", keywords: {} }
    }
  })()
  const title = typeof own?.title === "string" ? own.title : builtIn.title
  const description = typeof own?.description === "string" ? own.description : builtIn.description
  return { ...(title === undefined ? {} : { title }), description, expected: builtIn.description, keywords: builtIn.keywords }
}

/** The named definitions: a schema whose first check is one of these refines the definition. */
const namedChecks: ReadonlyArray<readonly [SchemaAST.Check<unknown> | undefined, string, Json]> = [
  [Schema.Int.ast.checks?.[0], "Int", { type: "integer", description: "an integer", title: "int" }],
  [
    Schema.NonEmptyString.ast.checks?.[0],
    "NonEmptyString",
    { type: "string", description: "a non empty string", title: "nonEmptyString", minLength: 1 }
  ]
]

/** `description` then `title`, as Effect 3 wrote them. */
const textOf = (annotations: { readonly description?: unknown; readonly title?: unknown } | undefined): Json | undefined => {
  const out: Json = {}
  if (typeof annotations?.description === "string") out.description = annotations.description
  if (typeof annotations?.title === "string") out.title = annotations.title
  return Object.keys(out).length === 0 ? undefined : out
}

const withText = (json: Json, text: Json | undefined): Json =>
  text === undefined ? json : "$ref" in json ? { allOf: [json], ...text } : { ...json, ...text }

const isCompactableLiteral = (j: Json): j is Json & { enum: Array<unknown> } =>
  Array.isArray(j.enum) && "type" in j && Object.keys(j).length === 2

/** Consecutive literals of one type become one `enum`. */
const compactUnion = (members: ReadonlyArray<Json>): Array<Json> => {
  const out: Array<Json> = []
  for (const m of members) {
    const last = out[out.length - 1]
    if (last !== undefined && isCompactableLiteral(m) && isCompactableLiteral(last) && last.type === m.type) {
      out[out.length - 1] = { type: last.type, enum: [...last.enum, ...m.enum] }
    } else out.push(m)
  }
  return out
}

const unsupported = (ast: SchemaAST.AST): never => {
  throw new Error(`no JSON Schema for a ${ast._tag} schema`)
}

const go = (ast: SchemaAST.AST, ctx: Context): Json => {
  const checks = ast.checks ?? []
  let start = 0
  let out: Json
  const named = namedChecks.find(([check]) => check !== undefined && checks[0] === check)
  if (named !== undefined) {
    const [, name, def] = named
    ctx.defs[name] = def
    out = { $ref: `#/$defs/${name}` }
    start = 1
  } else {
    out = base(ast, ctx)
  }
  for (const check of checks.slice(start)) {
    const text = checkText(check)
    // A check's generic words ("a positive number") say what its keywords say: left out when asked (`ownWords`).
    const words = ctx.ownWords && text.description === text.expected ? {} : { description: text.description }
    // A length check on an array counts items (`minItems`), not characters.
    const keywords = out.type === "array" && "minLength" in text.keywords ? { minItems: text.keywords.minLength } : text.keywords
    const title = out.type === "array" && text.title === "nonEmptyString" ? "nonEmptyArray" : text.title
    out = { ...out, ...words, ...(title === undefined ? {} : { title }), ...keywords }
  }
  return checks.length === 0 ? withText(out, textOf(ast.annotations)) : out
}

/** The members of a union but `undefined`: one schema, or `anyOf`. */
const unionOf = (types: ReadonlyArray<SchemaAST.AST>, ctx: Context): Json => {
  const members = compactUnion(types.filter((t) => t._tag !== "Undefined").map((t) => go(t, ctx)))
  const [only] = members
  return members.length === 1 && only !== undefined ? only : { anyOf: members }
}

const base = (ast: SchemaAST.AST, ctx: Context): Json => {
  switch (ast._tag) {
    case "String":
      return { type: "string" }
    case "Number":
      return { type: "number" }
    case "Boolean":
      return { type: "boolean" }
    case "Null":
      return { type: "null" }
    case "Unknown":
      return { $id: "/schemas/unknown", title: "unknown" }
    case "Any":
      return { $id: "/schemas/any", title: "any" }
    case "Literal": {
      const l = ast.literal
      if (typeof l === "string") return { type: "string", enum: [l] }
      if (typeof l === "number") return { type: "number", enum: [l] }
      if (typeof l === "boolean") return { type: "boolean", enum: [l] }
      return unsupported(ast)
    }
    case "Union":
      return unionOf(ast.types, ctx)
    case "Arrays": {
      const [item] = ast.rest
      if (ast.elements.length > 0 || item === undefined || ast.rest.length > 1) return unsupported(ast)
      return { type: "array", items: go(item, ctx) }
    }
    case "Objects": {
      const required: Array<string> = []
      const properties: Json = {}
      let additionalProperties: unknown = false
      for (const is of ast.indexSignatures) {
        if (is.parameter._tag !== "String") return unsupported(ast)
        additionalProperties = go(is.type, ctx)
      }
      for (const ps of ast.propertySignatures) {
        if (typeof ps.name !== "string") return unsupported(ast)
        const optional = ps.type.context?.isOptional === true
        const inner = optional && ps.type._tag === "Union" ? ps.type.types.filter((t) => t._tag !== "Undefined") : [ps.type]
        // The field's own annotations: those of `Schema.optional(X).annotate(…)` and of `annotateKey`.
        const fieldText = optional && ps.type._tag === "Union" && ps.type.checks === undefined
          ? textOf({ ...ps.type.annotations, ...ps.type.context?.annotations })
          : textOf(ps.type.context?.annotations)
        const [only] = inner
        const json = inner.length === 1 && only !== undefined ? go(only, ctx) : unionOf(inner, ctx)
        properties[ps.name] = withText(json, fieldText)
        if (!optional) required.push(ps.name)
      }
      return { type: "object", required, properties, additionalProperties }
    }
    default:
      return unsupported(ast)
  }
}

/** What one generation carries: the named definitions met, and whether a check's generic words are left out. */
interface Context {
  readonly defs: Json
  readonly ownWords: boolean
}

/**
 * The draft-07 JSON Schema of `schema`, with `$defs` when it uses a named definition. `ownWords`: a
 * description only where the schema gives one, not a check's generic words ("a positive
 * number" beside `exclusiveMinimum: 0`): what an MCP tool's input schema wants (tools/list's 12 KB).
 */
export const jsonSchemaDraft07 = (schema: Schema.Top, options: { readonly ownWords?: boolean } = {}): Json => {
  const defs: Json = {}
  const json = go(schema.ast, { defs, ownWords: options.ownWords === true })
  return { $schema: "http://json-schema.org/draft-07/schema#", ...(Object.keys(defs).length === 0 ? {} : { $defs: defs }), ...json }
}
