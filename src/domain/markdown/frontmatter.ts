/**
 * YAML frontmatter of a markdown file (DECISIONS #21, RFC-0008:C-REGISTRY SKL100).
 *
 * Delimiters are line based, so a `---` inside a quoted or block value can end
 * the frontmatter early; that is the documented rule, not an accident:
 * - it opens only when line 1 (after a BOM) is `---`;
 * - it closes at the first later line that is `---`;
 * - trailing spaces/tabs after either `---` are tolerated (remark-frontmatter
 *   does the same, so the fast scanner and the AST path agree);
 * - the YAML end-of-document marker `...` never closes it: the Agent Skills
 *   format and RFC-0008 both name `---`, and a `...` line inside is reported by
 *   the YAML parser as an error instead of silently cutting the block.
 *
 * Line numbers are 1-based in the original file, the opening `---` being line 1.
 */
import { isMap, isScalar, LineCounter, Parser, parseDocument } from "yaml"
import { splitLines } from "./lines.js"

export type Frontmatter =
  | { readonly _tag: "Absent" }
  | {
      readonly _tag: "Parsed"
      readonly data: Readonly<Record<string, unknown>>
      /** The text between the delimiters, lines joined with `\n`. */
      readonly raw: string
      readonly startLine: 1
      /** Line of the closing `---`. */
      readonly endLine: number
      /** 1-based file line of each top-level key. */
      readonly keyLines: Readonly<Record<string, number>>
    }
  | {
      readonly _tag: "Invalid"
      /** Parser message without location; pair it with `line`. */
      readonly message: string
      /** 1-based file line the problem is reported on. */
      readonly line: number
      /** 1-based column, present when the YAML parser located a syntax error (issue 29 item 5). */
      readonly column?: number
      readonly raw: string
      /**
       * Line of the closing `---`, or 0 when there is none. The body always
       * starts at `endLine + 1`: an unclosed block is not frontmatter at all
       * (remark reads that first `---` as a thematic break), so the whole file
       * is the body.
       */
      readonly endLine: number
    }

/**
 * The most frontmatter text skc parses (characters between the delimiters).
 * The Agent Skills fields fit in a few KiB (name 64, description 1,024,
 * compatibility 500 code points); the YAML parser's cost grows faster than
 * its input on megabyte scalars (issue 19), so larger blocks are reported
 * instead of parsed.
 */
/** A CST token of the YAML parser, as far as `openingOffset` reads it. */
interface CstToken {
  readonly type: string
  readonly offset: number
  readonly end?: ReadonlyArray<{ readonly source?: string }>
}

/** Every token of a CST value, nested ones included. */
const cstTokens = (t: unknown, out: Array<CstToken>): void => {
  if (t === null || typeof t !== "object") return
  if (Array.isArray(t)) {
    for (const x of t) cstTokens(x, out)
    return
  }
  const o = t as Record<string, unknown>
  if (typeof o.type === "string" && typeof o.offset === "number") out.push(o as unknown as CstToken)
  for (const [k, v] of Object.entries(o)) if (k !== "source") cstTokens(v, out)
}

/**
 * Where an unclosed value opened, for the two errors the YAML parser notices only later: a quoted value
 * that never closes ("Missing closing "quote", reported at the end of the text) and a flow collection that
 * never closes ("Flow sequence in block collection must be sufficiently indented and end with a ]",
 * reported at the next key). The author's mistake is the opening `"`, `[` or `{`: reported at the next
 * line, the error pointed at a line that was fine (`name: [my-skill` above a valid `description:`).
 */
const openingOffset = (raw: string, error: { readonly code: string; readonly message: string; readonly pos: readonly [number, number] }): number | undefined => {
  const quote = error.code === "MISSING_CHAR" ? /Missing closing (["'])quote/.exec(error.message)?.[1] : undefined
  const flow = error.code === "BAD_INDENT" && /^Flow (sequence|map)\b/.test(error.message)
  if (quote === undefined && !flow) return undefined
  const tokens: Array<CstToken> = []
  for (const token of new Parser().parse(raw)) cstTokens(token, tokens)
  const wanted = quote === '"' ? "double-quoted-scalar" : quote === "'" ? "single-quoted-scalar" : "flow-collection"
  const open = tokens.filter(
    (t) => t.type === wanted && t.offset < error.pos[0] && (wanted !== "flow-collection" || !(t.end ?? []).some((e) => e.source === "]" || e.source === "}"))
  )
  return open.length === 0 ? undefined : Math.max(...open.map((t) => t.offset))
}

export const MAX_FRONTMATTER_CHARS = 64 * 1024

/**
 * The deepest nesting of collections (block or flow) skc parses. The YAML
 * parser composes nested collections recursively: some 800 levels of
 * `[[[…]]]` overflowed the stack, reported as "Maximum call stack size
 * exceeded" at a column that moved with how deep the caller's own stack
 * was, so the same file failed `skc lint pdf` and passed `skc lint`. A
 * fixed limit, checked before composing, gives one answer everywhere; no
 * Agent Skills field needs more than a few levels.
 */
export const MAX_FRONTMATTER_DEPTH = 64

export const TOO_DEEP_MESSAGE = `frontmatter is nested more than ${MAX_FRONTMATTER_DEPTH} levels`

/** Characters that can open a collection level: a flow `[` or `{`, a block entry `-`, a key's `?` or `:`. */
const NESTING_CHARS = /[[{\-?:]/g

/**
 * The 0-based offset in `raw` of the first collection nested deeper than
 * `MAX_FRONTMATTER_DEPTH`, or undefined. Each level needs one of
 * `NESTING_CHARS`, so a text with fewer of them is not lexed at all;
 * otherwise the concrete syntax tree (the `yaml` lexer and parser are
 * iterative, only composing recurses) is walked with an explicit stack.
 */
const tooDeepAt = (raw: string): number | undefined => {
  NESTING_CHARS.lastIndex = 0
  let openers = 0
  while (NESTING_CHARS.exec(raw) !== null) if (++openers > MAX_FRONTMATTER_DEPTH) break
  if (openers <= MAX_FRONTMATTER_DEPTH) return undefined
  type Cst = { readonly type: string; readonly offset: number; readonly value?: Cst; readonly items?: ReadonlyArray<{ readonly key?: Cst | null; readonly value?: Cst }> }
  const stack: Array<{ readonly token: Cst; readonly depth: number }> = []
  for (const token of new Parser().parse(raw)) stack.push({ token: token as Cst, depth: 0 })
  while (stack.length > 0) {
    const { token, depth } = stack.pop()!
    if (token.type === "document") {
      if (token.value !== undefined) stack.push({ token: token.value, depth })
      continue
    }
    if (token.type !== "block-map" && token.type !== "block-seq" && token.type !== "flow-collection") continue
    if (depth + 1 > MAX_FRONTMATTER_DEPTH) return token.offset
    for (const item of token.items ?? []) {
      if (item.key !== undefined && item.key !== null) stack.push({ token: item.key, depth: depth + 1 })
      if (item.value !== undefined) stack.push({ token: item.value, depth: depth + 1 })
    }
  }
  return undefined
}

/** A stack overflow inside the YAML parser, should one happen below the limit: never shown as such. */
const isStackOverflow = (message: string): boolean => message.includes("Maximum call stack size exceeded")

/** The closing-delimiter problem, worded as RFC-0008 SKL100 words it. */
export const UNCLOSED_MESSAGE = "missing frontmatter: no closing --- found"

const isDelimiter = (line: string): boolean => {
  if (line.length < 3 || line.charCodeAt(0) !== 45 || line.charCodeAt(1) !== 45 || line.charCodeAt(2) !== 45) {
    return false
  }
  for (let i = 3; i < line.length; i++) {
    const c = line.charCodeAt(i)
    if (c !== 32 && c !== 9) return false
  }
  return true
}

/** Index (0-based) of the closing delimiter line, -1 if unclosed, undefined if no frontmatter. */
export const frontmatterCloseIndex = (lines: ReadonlyArray<string>): number | undefined => {
  if (lines.length === 0 || !isDelimiter(lines[0])) return undefined
  for (let i = 1; i < lines.length; i++) {
    if (isDelimiter(lines[i])) return i
  }
  return -1
}

const ABSENT: Frontmatter = { _tag: "Absent" }

const SIMPLE_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/
const SIMPLE_VALUE = /^[A-Za-z][A-Za-z0-9 ,.'()/-]*[A-Za-z0-9.)]$|^[A-Za-z]$/
/**
 * A quoted scalar on one line that YAML reads as the text between its quotes: double-quoted without a
 * backslash (no escape) or a double quote inside, or single-quoted without a single quote inside (no
 * `''`), and printable characters only. `description: "…"` is how most skills write their description.
 */
const QUOTED_VALUE = /^"[^"\\\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]*"$|^'[^'\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]*'$/
const YAML_WORDS = new Set(["true", "false", "null", "y", "n", "yes", "no", "on", "off"])

/**
 * The frontmatter when every line is `key: value` with a plain key and a
 * plain word-like value that YAML can only read as that very string (starts
 * with a letter, none of YAML's indicators, not a keyword), or a quoted one
 * YAML reads as the text between its quotes (`QUOTED_VALUE`): the common
 * case for reference files and SKILL.md. Anything else is left to the YAML
 * parser, whose start-up and per-document cost dominate lint of many small
 * files (and the reading commands load it only for that, issue 47).
 */
const simpleMapping = (
  lines: ReadonlyArray<string>,
  close: number
): { readonly data: Record<string, unknown>; readonly keyLines: Record<string, number> } | undefined => {
  const data: Record<string, unknown> = Object.create(null)
  const keyLines: Record<string, number> = Object.create(null)
  for (let i = 1; i < close; i++) {
    const line = lines[i]!
    const colon = line.indexOf(": ")
    if (colon <= 0) return undefined
    const key = line.slice(0, colon)
    const value = line.slice(colon + 2)
    const quoted = QUOTED_VALUE.test(value)
    if (!SIMPLE_KEY.test(key) || key === "__proto__" || !(quoted || SIMPLE_VALUE.test(value)) || key in keyLines) return undefined
    if (!quoted && (YAML_WORDS.has(value.toLowerCase()) || value.includes(" #") || value.includes("  "))) return undefined
    data[key] = quoted ? value.slice(1, -1) : value
    keyLines[key] = i + 1
  }
  return close > 1 ? { data, keyLines } : undefined
}

/** A top-level `key: value` line whose plain value holds `: ` (what YAML reads as a nested mapping). */
const COLON_VALUE = /^([A-Za-z_][A-Za-z0-9_-]*):[ \t]+([^'"\[{|>&*!#%@`\s].*?)[ \t]*$/

/**
 * The specification's client guide ("Handling malformed YAML"): skills
 * written for other clients often hold an unquoted `: ` in a value
 * (`description: Use this skill when: the user asks about PDFs`), which YAML
 * refuses and those clients' parsers read as one string (Claude Code since
 * its 2.1.69). The guide's fallback: such values wrapped in quotes, and the
 * YAML read again. The lines changed are returned with the result, so a
 * caller can say which; undefined when no line needs it or the YAML still
 * fails. Only for loading a skill as an agent does: lint keeps the YAML
 * error.
 */
export const parseFrontmatterQuotingColons = (source: string): { readonly frontmatter: Frontmatter; readonly keys: ReadonlyArray<{ readonly key: string; readonly line: number }> } | undefined => {
  const lines = [...splitLines(source)]
  const close = frontmatterCloseIndex(lines)
  if (close === undefined || close === -1) return undefined
  const keys: Array<{ key: string; line: number }> = []
  for (let i = 1; i < close; i++) {
    const m = COLON_VALUE.exec(lines[i]!)
    if (m === null || !m[2]!.includes(": ")) continue
    lines[i] = `${m[1]}: '${m[2]!.replace(/'/g, "''")}'`
    keys.push({ key: m[1]!, line: i + 1 })
  }
  if (keys.length === 0) return undefined
  const frontmatter = parseFrontmatterLines(lines)
  return frontmatter._tag === "Parsed" ? { frontmatter, keys } : undefined
}

/** Frontmatter from already split lines, so callers that need lines anyway split once. */
export const parseFrontmatterLines = (lines: ReadonlyArray<string>, options: { readonly uniqueKeys?: boolean } = {}): Frontmatter => {
  const close = frontmatterCloseIndex(lines)
  if (close === undefined) return ABSENT
  if (close === -1) {
    return { _tag: "Invalid", message: UNCLOSED_MESSAGE, line: 1, raw: lines.slice(1).join("\n"), endLine: 0 }
  }
  const raw = lines.slice(1, close).join("\n")
  const endLine = close + 1
  if (raw.length > MAX_FRONTMATTER_CHARS) {
    return {
      _tag: "Invalid",
      message: `frontmatter is ${raw.length} characters, over the ${MAX_FRONTMATTER_CHARS} skc reads`,
      line: 2,
      raw,
      endLine
    }
  }
  const simple = simpleMapping(lines, close)
  if (simple !== undefined) return { _tag: "Parsed", data: { ...simple.data }, raw, startLine: 1, endLine, keyLines: simple.keyLines }
  // The YAML text starts on file line 2.
  const fileLine = (yamlLine: number): number => yamlLine + 1
  const tooDeep = tooDeepAt(raw)
  if (tooDeep !== undefined) {
    let line = 1
    for (let at = raw.indexOf("\n"); at !== -1 && at < tooDeep; at = raw.indexOf("\n", at + 1)) line++
    return { _tag: "Invalid", message: TOO_DEEP_MESSAGE, line: fileLine(line), raw, endLine }
  }
  const lineCounter = new LineCounter()
  // logLevel "error": the parser would print a Node warning to stderr for a collection used as a key (`? [a]: b`).
  const doc = parseDocument(raw, { uniqueKeys: options.uniqueKeys ?? true, lineCounter, prettyErrors: false, logLevel: "error" })
  if (doc.errors.length > 0) {
    const error = doc.errors[0]
    const at = lineCounter.linePos(openingOffset(raw, error) ?? error.pos[0])
    // Where an overflow is noticed depends on the stack left: the first line, as for the toJS failures below.
    if (isStackOverflow(error.message)) return { _tag: "Invalid", message: TOO_DEEP_MESSAGE, line: 2, raw, endLine }
    return {
      _tag: "Invalid",
      message: error.message,
      line: fileLine(at.line),
      column: at.col,
      raw,
      endLine
    }
  }
  const contents = doc.contents
  if (contents === null) {
    // Empty or comment-only frontmatter is a map with no keys.
    return { _tag: "Parsed", data: {}, raw, startLine: 1, endLine, keyLines: Object.create(null) }
  }
  if (!isMap(contents)) {
    const offset = contents.range?.[0] ?? 0
    return {
      _tag: "Invalid",
      message: "frontmatter must be a YAML mapping of keys to values",
      line: fileLine(lineCounter.linePos(offset).line),
      raw,
      endLine
    }
  }
  let data: unknown
  try {
    data = doc.toJS({ maxAliasCount: 100 })
  } catch (cause) {
    // Alias problems surface only while resolving (unresolved or excessive
    // aliases); they are bad input, so they become a value like any YAML error.
    const message = cause instanceof Error ? cause.message : String(cause)
    return {
      _tag: "Invalid",
      message: isStackOverflow(message) ? TOO_DEEP_MESSAGE : message,
      line: 2,
      raw,
      endLine
    }
  }
  // Null prototype: a key such as `__proto__` or `toString` is just a key here.
  const keyLines: Record<string, number> = Object.create(null)
  for (const pair of contents.items) {
    const key = pair.key
    if (isScalar(key)) {
      const name = String(key.value)
      if (!(name in keyLines) && key.range) keyLines[name] = fileLine(lineCounter.linePos(key.range[0]).line)
    }
  }
  return { _tag: "Parsed", data: data as Record<string, unknown>, raw, startLine: 1, endLine, keyLines }
}

export const parseFrontmatter = (source: string): Frontmatter => parseFrontmatterLines(splitLines(source))

/**
 * What is wrong with an invalid frontmatter, for messages: a YAML syntax
 * error says so with its line and column (issue 29 item 5: it used to read
 * as a missing `name`); other problems (no closing `---`, too large, not a
 * mapping) carry their line.
 */
export const frontmatterProblemText = (fm: { readonly message: string; readonly line: number; readonly column?: number }): string =>
  fm.column === undefined ? `${fm.message} (line ${fm.line})` : `YAML syntax error: ${fm.message} (line ${fm.line}, column ${fm.column})`

/** First body line (1-based) for a file with this frontmatter. */
export const bodyStartLineOf = (frontmatter: Frontmatter): number =>
  frontmatter._tag === "Absent" ? 1 : frontmatter.endLine + 1

/**
 * The same line from the delimiters alone, without parsing the YAML:
 * `bodyStartLineOf(parseFrontmatterLines(lines))` for every `lines`
 * (test/domain/markdownLazyFrontmatter.test.ts). No frontmatter and an
 * unclosed one both leave the whole file as body.
 */
export const bodyStartLineOfLines = (lines: ReadonlyArray<string>): number => bodyStartLineOfClose(frontmatterCloseIndex(lines))

/** The same from `frontmatterCloseIndex`'s answer, for a caller that needs that index too. */
export const bodyStartLineOfClose = (close: number | undefined): number => (close === undefined || close === -1 ? 1 : close + 2)
