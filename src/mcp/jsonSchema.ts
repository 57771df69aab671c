/**
 * MCP tool schemas from the Effect Schemas the CLI decodes with (one source
 * of truth per command, ARCHITECTURE). `jsonSchemaDraft07`
 * (src/domain/jsonSchema.ts) writes draft-07 with `$defs`/`$ref` for named
 * refinements such as `Int`; a `$ref` hides its sibling keywords in
 * draft-07 (so `exclusiveMinimum` beside it would be ignored by validators), and some MCP clients do not resolve `$ref` at
 * all. So references are inlined, their sibling keywords merged in, and
 * Effect's generic titles ("int", "positive"…) dropped: the result is a
 * self-contained object schema clients can show and validate.
 */
import type { Schema } from "effect"
import { isJsonObject as isObject, jsonSchemaDraft07, type Json } from "../domain/jsonSchema.js"

/**
 * `names`: `node` maps property names to schemas (the value of `properties`), so its keys are names,
 * never keywords: a field called `title` is kept (`skc_budget`'s output has one; dropping it left the
 * field `required` but undefined, and strict validators refused the schema).
 */
const inline = (node: unknown, defs: Json, depth = 0, names = false): unknown => {
  if (depth > 64) return node
  if (Array.isArray(node)) return node.map((n) => inline(n, defs, depth + 1))
  if (!isObject(node)) return node
  let out: Json = {}
  const ref = names ? undefined : node.$ref
  if (typeof ref === "string" && ref.startsWith("#/$defs/")) {
    const target = defs[ref.slice("#/$defs/".length)]
    const resolved = isObject(target) ? inline(target, defs, depth + 1) : undefined
    if (isObject(resolved)) {
      const { title: _t, description: _d, ...rest } = resolved
      out = { ...rest }
    }
  }
  for (const [k, v] of Object.entries(node)) {
    if (!names && (k === "$ref" || k === "$schema" || k === "$defs")) continue
    if (!names && k === "title" && depth > 0) continue
    out[k] = inline(v, defs, depth + 1, !names && (k === "properties" || k === "patternProperties"))
  }
  return out
}

/** Drop `additionalProperties: false` everywhere: an output document may grow fields without breaking validating clients. */
const opened = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(opened)
  if (!isObject(node)) return node
  const out: Json = {}
  for (const [k, v] of Object.entries(node)) if (!(k === "additionalProperties" && v === false)) out[k] = opened(v)
  return out
}

/**
 * What a model needs of an input schema, nothing more (issue 26 item 3:
 * `tools/list` is read on every connection): a field's `allOf: [X]` wrapper
 * (a description beside a named refinement) becomes X with that
 * description, the refinement's generic words ("a positive number") go
 * where the field has its own, an empty `required` and the top level's
 * description (the tool's description says it), a check's generic words where the
 * field has none of its own (its keyword says them), and `additionalProperties:
 * false` (the server's decoder refuses unknown arguments with E100 itself)
 * are left out.
 */
const compact = (node: unknown, depth = 0): unknown => {
  if (Array.isArray(node)) return node.map((n) => compact(n, depth + 1))
  if (!isObject(node)) return node
  let source: Json = node
  const all = node.allOf
  if (Array.isArray(all) && all.length === 1 && isObject(all[0])) {
    const { allOf: _a, ...rest } = node
    const { description: inner, ...keywords } = all[0]
    source = { ...keywords, ...rest, ...(rest.description === undefined && inner !== undefined ? { description: inner } : {}) }
  }
  const out: Json = {}
  const integer = source.type === "integer"
  for (const [k, v] of Object.entries(source)) {
    if (k === "required" && Array.isArray(v) && v.length === 0) continue
    if (k === "description" && depth === 0) continue
    // Unknown arguments are refused by the decoder (E100 naming them) whatever the schema says.
    if (k === "additionalProperties" && v === false) continue
    // An integer's exclusive bound as the inclusive one it equals (`exclusiveMinimum: 0` is `minimum: 1`):
    // `minimum`/`maximum` are what every tool-calling API reads (OpenAPI 3.0's subsets, which Gemini's and
    // others' function declarations follow, take `exclusiveMinimum` as a boolean), and 9 bytes shorter.
    if (integer && k === "exclusiveMinimum" && Number.isInteger(v)) {
      out.minimum = (v as number) + 1
      continue
    }
    if (integer && k === "exclusiveMaximum" && Number.isInteger(v)) {
      out.maximum = (v as number) - 1
      continue
    }
    out[k] = compact(v, depth + 1)
  }
  return out
}

/**
 * A self-contained JSON Schema for an MCP `inputSchema` (closed: unknown
 * arguments are refused) or, with `open`, an `outputSchema` (extra fields
 * allowed). The top level is always `type: "object"`, as MCP requires.
 */
export const toolJsonSchema = (schema: Schema.Top, options: { readonly open?: boolean } = {}): Json => {
  // An input schema leaves out a check's generic words ("a positive number"): its `minimum` says them.
  const made = jsonSchemaDraft07(schema, { ownWords: options.open !== true })
  const defs = isObject(made.$defs) ? made.$defs : {}
  const inlined = inline(made, defs)
  const result = options.open ? opened(inlined) : compact(inlined)
  const out: Json = isObject(result) ? { ...result } : {}
  delete out.title
  return out.type === "object" ? out : { type: "object", ...out }
}
