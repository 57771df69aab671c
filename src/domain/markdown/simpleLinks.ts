/**
 * Links and images of a body written only in the simple forms, found without
 * remark (issue 13 item 5): `[text](dest)` and `![alt](dest)` on one line,
 * with plain text (no brackets, emphasis, code, escapes, entities or HTML)
 * and a plain destination (no spaces, parentheses, angle brackets, escapes or
 * entities), outside code blocks and code spans.
 *
 * It answers only when it can vouch that remark would find exactly these:
 * every `[` outside code must open such a link (so no reference, definition,
 * footnote or task-list bracket) or have no `]` after it in its chunk of
 * non-blank lines (then it is text), no `<` outside code except a line that is
 * one HTML comment and nothing else (a skilllint directive; so no autolink,
 * other raw HTML or HTML block), no code span crossing a line (so code-span ranges do
 * not depend on block boundaries), no backslash before a backtick, `[` or `!`,
 * and no tab before a link (micromark counts tab columns its own way).
 * Otherwise it returns undefined and the caller asks remark. The differential
 * test `markdown-lint-fast` holds the two equal.
 *
 * `lenient` is for a document remark is not asked to read (over the bracket
 * bound of bracketWork.ts): the simple forms are still found and whatever
 * it cannot vouch for is passed over instead of giving up, so the links of a
 * 700-row table of `[fn](#fn) | int[n]` rows or of a long list holding
 * `[x]` boxes are checked (they were all dropped, and lint passed a broken
 * link without a word). Still one pass: every `[` is tried once.
 */
import type { CodeBlock, HtmlComment, Link } from "./model.js"

/** A line that is one HTML comment and nothing else (how skilllint directives are written). */
const COMMENT_LINE = /^[ \t]*<!--(?!-?>)((?:(?!-->)[^<])*)-->[ \t]*$/

// Text: plain characters and single-backtick code spans without brackets.
const LINK = /!?\[((?:[^[\]\\`*_<>&!\r\n]|`[^`\r\n[\]]+`)*)\]\(([^\s()<>\\&`]+)\)/y

/**
 * A blank line as CommonMark has it: spaces and tabs only. `trim()` also strips a no-break space, U+3000, a
 * form feed…, which end no paragraph: a line of one NBSP between `see [the` and `foo](x.md)` cut skc's chunk
 * and a broken link went unreported (a hostile probe).
 */
const isBlank = (line: string): boolean => /^[ \t]*$/.test(line)

/** A code span's text as remark keeps it: one space stripped from each side when both are there and it is not all spaces. */
const codeText = (content: string): string =>
  content.length >= 2 && content.startsWith(" ") && content.endsWith(" ") && !/^ +$/.test(content) ? content.slice(1, -1) : content

const linkText = (raw: string): string => (raw.includes("`") ? raw.replace(/`([^`]+)`/g, (_, c: string) => codeText(c)) : raw).trim()

/** Code-span ranges [start, end) of one chunk of lines; undefined when a span crosses a line (unless `crossing` is allowed). */
const codeSpans = (text: string, crossing = false): Array<number> | undefined => {
  const spans: Array<number> = []
  let i = 0
  const n = text.length
  while (i < n) {
    const open = text.indexOf("`", i)
    if (open === -1) break
    let runEnd = open
    while (runEnd < n && text.charCodeAt(runEnd) === 96) runEnd++
    const length = runEnd - open
    // The closer: the next run of exactly the same length.
    let j = runEnd
    let close = -1
    while (j < n) {
      const next = text.indexOf("`", j)
      if (next === -1) break
      let e = next
      while (e < n && text.charCodeAt(e) === 96) e++
      if (e - next === length) {
        close = next
        j = e
        break
      }
      j = e
    }
    if (close === -1) {
      i = runEnd // unmatched: literal backticks
      continue
    }
    if (!crossing && text.slice(open, j).includes("\n")) return undefined
    spans.push(open, j)
    i = j
  }
  return spans
}

/**
 * Whether `offset` is inside one of `spans` (sorted, disjoint [start, end) pairs). A binary search:
 * a paragraph of thousands of lines, each with a code span, made a linear scan per `[` quadratic
 * (a 3.5 MB reference took 2.3 s here against remark's 41 ms).
 */
const inSpan = (spans: ReadonlyArray<number>, offset: number): boolean => {
  let lo = 0
  let hi = spans.length / 2 - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (offset < spans[2 * mid]!) hi = mid - 1
    else if (offset >= spans[2 * mid + 1]!) lo = mid + 1
    else return true
  }
  return false
}

export interface SimpleLinks {
  readonly links: ReadonlyArray<Link>
  readonly images: ReadonlyArray<Link>
  readonly htmlComments: ReadonlyArray<HtmlComment>
}

/**
 * `lines` as `splitLines` gives them (BOM stripped), the body starting at
 * `bodyStartLine`, `codeBlocks` exact (inclusive line ranges).
 */
export function simpleLinks(lines: ReadonlyArray<string>, bodyStartLine: number, codeBlocks: ReadonlyArray<CodeBlock>): SimpleLinks | undefined
export function simpleLinks(lines: ReadonlyArray<string>, bodyStartLine: number, codeBlocks: ReadonlyArray<CodeBlock>, lenient: true): SimpleLinks
export function simpleLinks(lines: ReadonlyArray<string>, bodyStartLine: number, codeBlocks: ReadonlyArray<CodeBlock>, lenient = false): SimpleLinks | undefined {
  const inCode = new Uint8Array(lines.length + 2)
  for (const b of codeBlocks) for (let l = b.line; l <= b.endLine && l <= lines.length; l++) inCode[l] = 1
  const links: Array<Link> = []
  const images: Array<Link> = []
  const htmlComments: Array<HtmlComment> = []
  let l = bodyStartLine
  while (l <= lines.length) {
    if (inCode[l] === 1 || isBlank(lines[l - 1]!)) {
      l++
      continue
    }
    // A chunk: consecutive non-blank lines outside code blocks (one or more blocks).
    const first = l
    while (l <= lines.length && inCode[l] !== 1 && !isBlank(lines[l - 1]!)) l++
    const chunk = lines.slice(first - 1, l - 1)
    const joined = chunk.join("\n")
    if (joined.indexOf("[") === -1 && joined.indexOf("<") === -1) continue
    if (!lenient && /\\[`[!]/.test(joined)) return undefined
    const spans = joined.indexOf("`") === -1 ? [] : codeSpans(joined, lenient)
    if (spans === undefined) return undefined
    // A `[` with no `]` after it in its chunk opens nothing: a link, a reference, a definition, a footnote
    // or a task box all need a `]` in the same paragraph, which never crosses a blank line. It is text, and
    // the scan goes on: one half-typed link (`see [the`) sent a whole 20,000-line file to remark, five
    // times slower, at every keystroke in the editor (an editor probe).
    const lastClose = joined.lastIndexOf("]")
    let offset = 0
    for (let k = 0; k < chunk.length; k++) {
      const line = chunk[k]!
      const lineNo = first + k
      const firstTab = line.indexOf("\t")
      for (let i = 0; i < line.length; i++) {
        const c = line.charCodeAt(i)
        if (c !== 91 /* [ */ && c !== 60 /* < */) continue
        if (inSpan(spans, offset + i)) continue
        if (c === 60) {
          // A whole-line comment is an HTML block (or inline HTML in a paragraph): a comment either way.
          const comment = isBlank(line.slice(0, i)) ? COMMENT_LINE.exec(line) : null
          if (comment === null) {
            if (lenient) continue
            return undefined
          }
          htmlComments.push({ line: lineNo, text: comment[1]!.trim() })
          break
        }
        // Lenient: an escaped `[` is text.
        if (lenient && i > 0 && line.charCodeAt(i - 1) === 92 /* \\ */) continue
        const image = i > 0 && line.charCodeAt(i - 1) === 33 /* ! */ && !(lenient && i > 1 && line.charCodeAt(i - 2) === 92)
        const start = image ? i - 1 : i
        LINK.lastIndex = start
        const m = LINK.exec(line)
        if (m === null && (lenient || lastClose < offset + i)) continue
        if (m === null || m[0].startsWith("!") !== image) {
          if (lenient) continue
          return undefined
        }
        // After the match, and from the line's first tab found once: on a line of lone `[`s, a look back at the
        // line for each was quadratic (issue 19's hostile inputs: 16× the brackets cost 260× the time).
        // Lenient: the link is kept, its column counted in characters.
        if (!lenient && firstTab !== -1 && firstTab < start) return undefined
        const end = start + m[0].length
        // A code span may not start inside the link (its text and destination hold no backtick, so only check the end).
        if (inSpan(spans, offset + end - 1)) {
          if (lenient) continue
          return undefined
        }
        const found: Link = { target: m[2]!, text: linkText(m[1]!), line: lineNo, column: start + 1, endLine: lineNo, endColumn: end + 1, kind: "inline" }
        ;(image ? images : links).push(found)
        i = end - 1
      }
      offset += line.length + 1
    }
  }
  return { links, images, htmlComments }
}
