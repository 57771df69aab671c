/**
 * MCP tool schemas from the Effect Schemas the CLI decodes with (one source
 * of truth per command, ARCHITECTURE). `JSONSchema.make` writes draft-07
 * with `$defs`/`$ref` for refinements such as `Int`; a `$ref` hides its
 * sibling keywords in draft-07 (so `exclusiveMinimum` beside it would be
 * ignored by validators), and some MCP clients do not resolve `$ref` at
 * all. So references are inlined, their sibling keywords merged in, and
 * Effect's generic titles ("int", "positive"…) dropped: the result is a
 * self-contained object schema clients can show and validate.
 */
import { JSONSchema, type Schema } from "effect"

type Json = { [k: string]: unknown }

const isObject = (u: unknown): u is Json => typeof u === "object" && u !== null && !Array.isArray(u)

const inline = (node: unknown, defs: Json, depth = 0): unknown => {
  if (depth > 64) return node
  if (Array.isArray(node)) return node.map((n) => inline(n, defs, depth + 1))
  if (!isObject(node)) return node
  let out: Json = {}
  const ref = node.$ref
  if (typeof ref === "string" && ref.startsWith("#/$defs/")) {
    const target = defs[ref.slice("#/$defs/".length)]
    if (isObject(target)) {
      const resolved = inline(target, defs, depth + 1) as Json
      const { title: _t, description: _d, ...rest } = resolved
      out = { ...rest }
    }
  }
  for (const [k, v] of Object.entries(node)) {
    if (k === "$ref" || k === "$schema" || k === "$defs") continue
    if (k === "title" && depth > 0) continue
    out[k] = inline(v, defs, depth + 1)
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
 * A self-contained JSON Schema for an MCP `inputSchema` (closed: unknown
 * arguments are refused) or, with `open`, an `outputSchema` (extra fields
 * allowed). The top level is always `type: "object"`, as MCP requires.
 */
export const toolJsonSchema = (schema: Schema.Schema<any, any, never>, options: { readonly open?: boolean } = {}): Json => {
  const made = JSONSchema.make(schema) as unknown as Json
  const defs = isObject(made.$defs) ? made.$defs : {}
  const inlined = inline(made, defs)
  const out = (options.open ? opened(inlined) : inlined) as Json
  delete out.title
  return out.type === "object" ? out : { type: "object", ...out }
}
