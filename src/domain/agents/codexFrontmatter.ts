/**
 * OpenAI Codex's repair of a SKILL.md frontmatter its YAML parser refuses
 * (openai/codex PR #28628, "Repair invalid skill frontmatter scalars";
 * `repair_frontmatter_scalar_fields` in codex-rs/skills/src/parser.rs, read
 * at commit 5fce6796f3ef267b7c8262fd6969949a80c10c38 of the fork
 * Jeremy-Hibiki/codex, whose file is upstream's; the PR is first in Codex
 * 0.142.0, whose release notes list it). Codex parses the
 * frontmatter with `serde_yaml`; when that fails it rewrites lines one by
 * one and parses again, keeping the original error if the second parse
 * fails too. Its comment gives the reason: "Some third-party skills use
 * prose like `description: Build for AWS: ECS`". A line `key: value` is
 * rewritten, the value single-quoted (`'` doubled), when its plain value
 * holds a `:` followed by white space, or starts with `[`, `{`, `@` or a
 * backtick and does not parse as YAML on its own. Left alone: lines without
 * `:`, an empty key, a `:` not followed by white space, an empty value,
 * quoted values, `|`/`>` block scalars and the lines of their bodies (more
 * indented or blank). A ` #` comment stays after the quotes. Every key,
 * nested ones too (`  short-description: …`). Pure.
 */
import { parseDocument } from "yaml"
import { frontmatterCloseIndex, parseFrontmatterLines, UNCLOSED_MESSAGE, type Frontmatter } from "../markdown/frontmatter.js"
import { splitLines } from "../markdown/lines.js"
import type { FrontmatterReader } from "../protocol/metadata.js"

/** Where Codex's repair is described, for messages and docs. */
export const CODEX_REPAIR_SOURCE = "openai/codex PR #28628, codex-rs/skills/src/parser.rs repair_frontmatter_scalar_fields"

/**
 * One line Codex re-quotes: its key as written (indentation trimmed), its 1-based line (in the frontmatter
 * from `codexRepairLines`, in SKILL.md from `codexFrontmatter`), and the value it then reads.
 */
export interface CodexRepairedLine {
  readonly key: string
  readonly line: number
  readonly value: string
  /** `colon`: the value holds `:` and white space; `flow`: it starts with `[`, `{`, `@` or a backtick and is no YAML. */
  readonly why: "colon" | "flow"
}

/** Rust's `char::is_whitespace`: Unicode White_Space (JavaScript's `\s` also takes U+FEFF, which Rust does not). */
const WS = /^\p{White_Space}$/u
const isWs = (c: string | undefined): boolean => c !== undefined && WS.test(c)
const trimStart = (s: string): string => s.replace(/^\p{White_Space}+/u, "")
const trimEnd = (s: string): string => s.replace(/\p{White_Space}+$/u, "")

/** `serde_yaml::from_str::<Value>(scalar).is_err()`, with skc's YAML parser. */
const notYaml = (scalar: string): boolean => parseDocument(scalar, { logLevel: "error" }).errors.length > 0

/**
 * `repair_frontmatter_scalar_fields` over the frontmatter's lines (the text between the delimiters):
 * the lines as Codex rewrites them and which it changed; undefined when it changes none (Codex then
 * reports its first error).
 */
export const codexRepairLines = (
  lines: ReadonlyArray<string>
): { readonly lines: ReadonlyArray<string>; readonly repaired: ReadonlyArray<CodexRepairedLine> } | undefined => {
  const out: Array<string> = []
  const repaired: Array<CodexRepairedLine> = []
  let blockIndent: number | undefined
  lines.forEach((line, i) => {
    const indent = /^ */.exec(line)![0].length
    if (blockIndent !== undefined) {
      if (line.trim() === "" || indent > blockIndent) return void out.push(line)
      blockIndent = undefined
    }
    const colon = line.indexOf(":")
    if (colon === -1) return void out.push(line)
    const key = line.slice(0, colon)
    const value = line.slice(colon + 1)
    // `!value.chars().next().is_none_or(char::is_whitespace)`: `key:value` is no mapping entry Codex touches.
    if (key.trim() === "" || (value !== "" && !isWs([...value][0]))) return void out.push(line)
    const trimmed = trimStart(value)
    const leading = value.slice(0, value.length - trimmed.length)
    let scalar = trimmed
    let comment = ""
    const chars = [...trimmed]
    for (let k = 0, at = 0; k < chars.length; at += chars[k]!.length, k++) {
      if (chars[k] === "#" && (k === 0 || isWs(chars[k - 1]))) {
        const start = trimEnd(trimmed.slice(0, at)).length
        scalar = trimmed.slice(0, start)
        comment = trimmed.slice(start)
        break
      }
    }
    scalar = trimEnd(scalar)
    const first = [...scalar][0]
    if (first === undefined) return void out.push(line)
    if (first === "|" || first === ">") {
      blockIndent = indent
      return void out.push(line)
    }
    if (first === "'" || first === '"') return void out.push(line)
    const sc = [...scalar]
    const colonSeparator = sc.some((c, k) => c === ":" && isWs(sc[k + 1]))
    const flow = (first === "[" || first === "{" || first === "@" || first === "`") && notYaml(scalar)
    if (!colonSeparator && !flow) return void out.push(line)
    out.push(`${key}:${leading}'${scalar.replace(/'/g, "''")}'${comment}`)
    repaired.push({ key: key.trim(), line: i + 1, value: scalar, why: colonSeparator ? "colon" : "flow" })
  })
  return repaired.length === 0 ? undefined : { lines: out, repaired }
}

/**
 * The frontmatter as Codex reads it: parsed as written when that succeeds and its `name` and
 * `description` are strings or absent (what Codex's `Option<String>` fields take), else parsed again
 * after Codex's repair when that yields a mapping. `repaired` lists the lines re-quoted (file lines, 1-based).
 */
export const codexFrontmatter = (source: string): { readonly frontmatter: Frontmatter; readonly repaired: ReadonlyArray<CodexRepairedLine> } => {
  const lines = splitLines(source)
  const frontmatter = parseFrontmatterLines(lines)
  if (!needsRepair(frontmatter)) return { frontmatter, repaired: [] }
  const close = frontmatterCloseIndex(lines)
  if (close === undefined || close === -1) return { frontmatter, repaired: [] }
  const fixed = codexRepairLines(lines.slice(1, close))
  if (fixed === undefined) return { frontmatter, repaired: [] }
  const retried = parseFrontmatterLines([lines[0]!, ...fixed.lines, ...lines.slice(close)])
  if (retried._tag !== "Parsed") return { frontmatter, repaired: [] }
  // Frontmatter line k is file line k + 1 (the opening `---` is line 1).
  return { frontmatter: retried, repaired: fixed.repaired.map((r) => ({ ...r, line: r.line + 1 })) }
}

const stringOrAbsent = (v: unknown): boolean => v === undefined || v === null || typeof v === "string"

/**
 * Whether Codex's first parse fails: any YAML error (a missing closing `---` is no frontmatter for
 * Codex either; one too large for skc stays too large after the repair), or a `name` or `description`
 * `serde` cannot read as a string (a flow map such as `{a: b}`, which the repair turns into text).
 */
const needsRepair = (fm: Frontmatter): boolean =>
  fm._tag === "Invalid"
    ? fm.message !== UNCLOSED_MESSAGE
    : fm._tag === "Parsed" && !(stringOrAbsent(fm.data.name) && stringOrAbsent(fm.data.description))

/** Why Codex re-quoted a line, for a warning. */
const repairReason = (r: CodexRepairedLine): string =>
  r.why === "colon" ? "holds an unquoted ':' followed by white space, which YAML reads as a mapping" : `starts with '${[...r.value][0]}' and is not valid YAML`

/**
 * The frontmatter as Codex reads it (`codexFrontmatter`), each re-quoted line a non-blocking SKL100 issue
 * naming Codex's repair and the value it reads: discover, budget and prompt list such a skill with that value.
 */
export const codexReading: FrontmatterReader = (source) => {
  const { frontmatter, repaired } = codexFrontmatter(source)
  return {
    frontmatter,
    issues: repaired.map((r) => ({
      rule: "SKL100" as const,
      line: r.line,
      message: codexRepairMessage(r),
      blocking: false
    }))
  }
}

/** The warning for one line Codex re-quotes. */
export const codexRepairMessage = (r: CodexRepairedLine): string =>
  `the value of '${r.key}' (line ${r.line}) ${repairReason(r)}: OpenAI Codex re-quotes it before giving up (${CODEX_REPAIR_SOURCE}) and reads ${JSON.stringify(r.value)}; quote it, as readers following the specification refuse the skill`
