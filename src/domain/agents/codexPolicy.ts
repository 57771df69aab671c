/**
 * Codex's per-skill metadata file, `agents/openai.yaml` beside SKILL.md
 * (openai/codex `codex-rs/core-skills/src/loader.rs`, `load_skill_metadata`
 * and the `SkillMetadataFile` it reads; `model.rs`,
 * `allow_implicit_invocation`). Its `policy` can keep a skill out of the
 * model's listing:
 *
 * ```yaml
 * policy:
 *   allow_implicit_invocation: false
 * ```
 *
 * Such a skill is manual only in Codex: a person calls it with `$name`, the
 * model never sees it. Codex reads the file "fail open" with serde: a file
 * that is not YAML, or whose known fields have another type than it expects
 * (a number where a string goes, `no` where a boolean goes: YAML 1.2 reads
 * `no` as a string), is ignored whole, policy included, and the skill is
 * listed. Unknown keys are ignored. Discovery and lint (SKL606) read it
 * through `codexMetadataProblems`, so they agree. Pure: the caller reads
 * the file.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml"

/** Where Codex looks, relative to the skill directory. */
export const CODEX_METADATA_FILE = "agents/openai.yaml"

/** The largest metadata file skc reads; a larger one is reported (lint) or taken as absent (discovery). */
export const CODEX_METADATA_MAX_BYTES = 1024 * 1024

export interface MetadataProblem {
  /** 1-based. */
  readonly line: number
  readonly column: number
  readonly message: string
}

/** The string fields of each map Codex reads (`Interface`, `DependencyTool`), each `Option<String>` or a path. */
const INTERFACE_STRINGS = ["display_name", "short_description", "icon_small", "icon_large", "brand_color", "default_prompt"]
const TOOL_STRINGS = ["type", "value", "description", "transport", "command", "url"]

const describe = (node: unknown): string => {
  if (isMap(node)) return "a map"
  if (isSeq(node)) return "a list"
  if (isScalar(node)) {
    const v = node.value
    if (typeof v === "string") return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`
    if (typeof v === "boolean") return `the boolean ${v}`
    if (typeof v === "number" || typeof v === "bigint") return `the number ${String(v)}`
  }
  return "another value"
}

const isNull = (node: unknown): boolean => node === null || node === undefined || (isScalar(node) && node.value === null)

/** The file as Codex reads it: where its serde reading fails (empty when it reads it), and the policy it then applies. */
export const readCodexMetadata = (
  text: string
): { readonly problems: ReadonlyArray<MetadataProblem>; readonly allowImplicit: boolean | null; readonly products: ReadonlyArray<string> } => {
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, logLevel: "silent" })
  const at = (node: unknown, message: string): MetadataProblem => {
    const offset = (node as { range?: [number, number, number] } | null)?.range?.[0] ?? 0
    const pos = lineCounter.linePos(offset)
    return { line: pos.line, column: pos.col, message }
  }
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!
    const pos = lineCounter.linePos(e.pos[0])
    return { problems: [{ line: pos.line, column: pos.col, message: `not YAML Codex can read: ${e.message.split("\n")[0]}` }], allowImplicit: null, products: [] }
  }
  const root = doc.contents as Node | null
  if (isNull(root)) return { problems: [], allowImplicit: null, products: [] }
  if (!isMap(root)) return { problems: [at(root, `expected a map of interface, dependencies and policy, got ${describe(root)}`)], allowImplicit: null, products: [] }
  const problems: Array<MetadataProblem> = []
  const field = (map: unknown, key: string): unknown => (isMap(map) ? map.get(key, true) : undefined)
  const mapAt = (node: unknown, name: string): boolean => {
    if (isNull(node)) return false
    if (!isMap(node)) {
      problems.push(at(node, `${name}: expected a map, got ${describe(node)}`))
      return false
    }
    return true
  }
  const strings = (map: unknown, keys: ReadonlyArray<string>, prefix: string) => {
    for (const key of keys) {
      const v = field(map, key)
      if (isNull(v)) continue
      if (!(isScalar(v) && typeof v.value === "string")) problems.push(at(v, `${prefix}.${key}: expected a string, got ${describe(v)}`))
    }
  }
  const iface = field(root, "interface")
  if (mapAt(iface, "interface")) strings(iface, INTERFACE_STRINGS, "interface")
  const deps = field(root, "dependencies")
  if (mapAt(deps, "dependencies")) {
    const tools = field(deps, "tools")
    if (!isNull(tools)) {
      if (!isSeq(tools)) problems.push(at(tools, `dependencies.tools: expected a list, got ${describe(tools)}`))
      else tools.items.forEach((tool, i) => {
        if (mapAt(tool, `dependencies.tools[${i}]`)) strings(tool, TOOL_STRINGS, `dependencies.tools[${i}]`)
      })
    }
  }
  const policy = field(root, "policy")
  let allowImplicit: boolean | null = null
  const productNames: Array<string> = []
  if (mapAt(policy, "policy")) {
    const allow = field(policy, "allow_implicit_invocation")
    if (isScalar(allow) && typeof allow.value === "boolean") allowImplicit = allow.value
    else if (!isNull(allow)) problems.push(at(allow, `policy.allow_implicit_invocation: expected true or false, got ${describe(allow)}`))
    const products = field(policy, "products")
    if (!isNull(products)) {
      if (!isSeq(products)) problems.push(at(products, `policy.products: expected a list, got ${describe(products)}`))
      else
        for (const p of products.items) {
          if (isScalar(p) && typeof p.value === "string") productNames.push(p.value)
          else problems.push(at(p, `policy.products: expected product names, got ${describe(p)}`))
        }
    }
  }
  // A file with any problem is ignored whole by Codex, its policy included.
  return { problems, allowImplicit: problems.length > 0 ? null : allowImplicit, products: problems.length > 0 ? [] : productNames }
}

/**
 * Why Codex does not load a skill whose `policy.products` leaves Codex out, undefined when it does: a
 * skill restricted to other OpenAI products (`[chatgpt]`) is dropped from the Codex session's skills
 * whole, listing and `$name` alike (manager.rs `filter_skill_load_outcome_for_product` with
 * `Product::Codex`; model.rs `matches_product_restriction_for_product`: an empty list allows every
 * product). Names compare without case, as Codex's `CODEX` alias reads.
 */
export const productExclusion = (products: ReadonlyArray<string>): string | undefined =>
  products.length === 0 || products.some((p) => p.trim().toLowerCase() === "codex")
    ? undefined
    : `${CODEX_METADATA_FILE} restricts it to ${products.join(", ")} (policy.products): OpenAI Codex does not load it`

/** Where Codex's serde reading of the file fails, as problems at their places; empty when it reads it (SKL606). */
export const codexMetadataProblems = (text: string): ReadonlyArray<MetadataProblem> => readCodexMetadata(text).problems

/**
 * `policy.allow_implicit_invocation` of the file's text: `false` keeps the
 * skill out of the model's listing; `true` or `null` (not said, or the file
 * not as Codex expects it, which Codex then ignores whole) lists it.
 */
export const implicitInvocation = (text: string): boolean | null => readCodexMetadata(text).allowImplicit
