/**
 * Where a frontmatter value is in SKILL.md's text, for fixes that rewrite
 * one scalar and nothing else (issue 50): the YAML is parsed again with
 * source ranges, and a range of the YAML text is mapped back to offsets of
 * the file (the frontmatter's lines keep their own line endings, which the
 * parsed `raw` joins with `\n`). Every fix built here is checked by parsing
 * the edited frontmatter: a fix whose result does not read back as intended
 * is not offered.
 */
import { isMap, isScalar, parseDocument, type Scalar } from "yaml"
import { parseFrontmatter } from "../markdown/frontmatter.js"
import { applyEdits, lineStarts, type TextEdit } from "./fix.js"

export interface ScalarSpan {
  /** Offsets of the scalar as written (quotes included) in the file. */
  readonly start: number
  readonly end: number
  /** `PLAIN`, `QUOTE_DOUBLE`, `QUOTE_SINGLE`, `BLOCK_LITERAL`, `BLOCK_FOLDED`. */
  readonly style: string
  readonly value: unknown
  /** The text between `start` and `end`. */
  readonly written: string
}

/** The frontmatter's YAML text as `raw` is made, and a map from its offsets to the file's. */
const yamlOf = (source: string) => {
  const starts = lineStarts(source)
  const lines = source.split(/\r\n|\r|\n/)
  let close = -1
  if (!/^---[ \t]*$/.test(lines[0] ?? "")) return undefined
  for (let i = 1; i < lines.length; i++) if (/^---[ \t]*$/.test(lines[i]!)) {
    close = i
    break
  }
  if (close === -1) return undefined
  const yamlLines = lines.slice(1, close)
  const rawStarts: Array<number> = []
  let at = 0
  for (const l of yamlLines) {
    rawStarts.push(at)
    at += l.length + 1
  }
  const toFile = (rawOffset: number): number => {
    let i = rawStarts.length - 1
    while (i > 0 && rawStarts[i]! > rawOffset) i--
    return starts[i + 1]! + rawOffset - rawStarts[i]!
  }
  return { raw: yamlLines.join("\n"), toFile }
}

/**
 * The YAML text of SKILL.md's frontmatter parsed with source ranges, and the pair at `path`
 * (top-level key, then nested keys), or undefined (no frontmatter, a YAML error, no such key).
 */
const pairAt = (source: string, path: ReadonlyArray<string>) => {
  const y = yamlOf(source)
  if (y === undefined || path.length === 0) return undefined
  const doc = parseDocument(y.raw, { uniqueKeys: true, prettyErrors: false, logLevel: "error", keepSourceTokens: false })
  if (doc.errors.length > 0) return undefined
  let node: unknown = doc.contents
  for (const [i, key] of path.entries()) {
    if (!isMap(node)) return undefined
    const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === key)
    if (pair === undefined) return undefined
    if (i === path.length - 1) return { y, pair }
    node = pair.value
  }
  return undefined
}

/** The scalar at `path` (top-level key, then nested keys) of SKILL.md's frontmatter, or undefined. */
export const scalarAt = (source: string, path: ReadonlyArray<string>): ScalarSpan | undefined => {
  const found = pairAt(source, path)
  const node = found?.pair.value
  if (found === undefined || !isScalar(node) || node.range === undefined || node.range === null) return undefined
  const scalar = node as Scalar
  const [s, e] = scalar.range!
  const start = found.y.toFile(s)
  const end = found.y.toFile(e)
  return { start, end, style: String(scalar.type ?? "PLAIN"), value: scalar.value, written: source.slice(start, end) }
}

/**
 * Where the entry at `path` is written (its key, through its value when the
 * value is a scalar), as file offsets, or undefined: a finding about one
 * nested entry (SKL112's `metadata.version`) is placed on that entry rather
 * than on the top-level key above it.
 */
export const entrySpanAt = (source: string, path: ReadonlyArray<string>): { readonly start: number; readonly end: number } | undefined => {
  const found = pairAt(source, path)
  if (found === undefined) return undefined
  const { y, pair } = found
  if (!isScalar(pair.key) || pair.key.range == null) return undefined
  const end = isScalar(pair.value) && pair.value.range != null ? pair.value.range[1] : pair.key.range[1]
  return { start: y.toFile(pair.key.range[0]), end: y.toFile(end) }
}

/** The frontmatter value at `path` after `edits`, or undefined when it no longer parses. */
export const valueAfter = (source: string, edits: ReadonlyArray<TextEdit>, path: ReadonlyArray<string>): { readonly value: unknown } | undefined => {
  const fm = parseFrontmatter(applyEdits(source, edits))
  if (fm._tag !== "Parsed") return undefined
  let v: unknown = fm.data
  for (const key of path) {
    if (typeof v !== "object" || v === null || !Object.prototype.hasOwnProperty.call(v, key)) return undefined
    v = (v as Record<string, unknown>)[key]
  }
  return { value: v }
}

/** A double-quoted YAML string of `text` (JSON's escapes are YAML's). */
export const doubleQuoted = (text: string): string => JSON.stringify(text)
