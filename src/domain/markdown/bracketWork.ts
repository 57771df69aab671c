/**
 * A linear bound on the work micromark spends on square brackets (issue 29
 * item 5, "lint linear in nested brackets").
 *
 * Why: micromark's label resolution is quadratic within one paragraph.
 * For every `]` it walks its event list back to the nearest open `[`, and it
 * serialises and normalises the whole label text between them to look it up
 * among the definitions; label starts that fail to become links turn into
 * data events that are merged by splicing the paragraph's event array once
 * per run. So `[`×n `]`×n, `[a]`×n or `![`×n `]`×n in one paragraph cost
 * time in n² (`[[…]]` with 12,500 pairs took 2.7 s to lint, 50,000 took
 * 20.7 s), and one paragraph costs at most about (brackets in it) × (its
 * length). That product, summed over the document, is what is bounded here.
 *
 * A document over the bound is read by the linear scanner instead, as for
 * MAX_NESTING and MAX_PARAGRAPH_DELIMITERS in ast.ts: headings and code
 * blocks stay exact, links, images and HTML comments are not reported. No
 * real skill comes near it: a paragraph of 16 KB holding 500 links is
 * 16 M, half the bound, and lint finds most links through `simpleLinks`
 * before remark is asked at all. Just under the bound remark spends about
 * 0.1 s on the worst shapes measured.
 *
 * Definitions add a document-wide term: micromark keeps the defined labels
 * in an array and searches it for every definition and every label end
 * (10,000 definitions and as many references took 3.4 s, 40,000 took 32 s),
 * so (definitions) × (definitions + `]`) is bounded too, by the smaller
 * MAX_DEFINITION_WORK since each step is a string comparison. A definition
 * always holds `]:` (its label's closing bracket and the colon), so counting
 * `]:` over-estimates the definitions, wherever they sit (block quotes, list
 * items, labels over several lines).
 */
import type { CodeBlock } from "./model.js"

/** The most bracket work (brackets × paragraph length, summed over paragraphs) handed to remark. */
export const MAX_BRACKET_WORK = 2 ** 25

/** The most (definitions) × (definitions + label ends) handed to remark. */
export const MAX_DEFINITION_WORK = 2 ** 24

/**
 * Whether `source` holds more bracket work than the bounds above. Lines of
 * `codeBlocks()` (the scanner's, when it vouches for them: `exact`; asked
 * only when the document has many brackets) are not parsed for links by
 * micromark and are skipped; without that vouch every line counts, which
 * can only over-estimate. A paragraph is bounded by blank lines and code
 * blocks (a line holding only `>` is not blank here: again an over-estimate),
 * and by the two line starts that always open a block of their own wherever
 * they stand (`opensBlock`): a tight list of 800 `- step: [x] …` items is 800
 * paragraphs, not one (counted as one, it passed the bound at about 600
 * items and lint dropped the file's links).
 */
/**
 * Whether the line starting at `i` opens a block that ends any paragraph before it: an ATX heading
 * (`# …`) or a bullet list item with text (`- …`, `* …`, `+ …`, or the ordered `1.`/`1)`), at most
 * three spaces in. CommonMark lets exactly these interrupt a paragraph (an ordered item only when it
 * starts at 1, an item only when it is not empty), so a line taken for one never joins a paragraph
 * and the estimate stays an over-estimate. Returns 2 for a heading (its line is a paragraph alone),
 * 1 for a list item, 0 otherwise.
 */
const opensBlock = (source: string, i: number): 0 | 1 | 2 => {
  let j = i
  while (j < i + 3 && source.charCodeAt(j) === 32) j++
  const c = source.charCodeAt(j)
  const spaceOrEnd = (k: number) => {
    const d = source.charCodeAt(k)
    return d === 32 || d === 9 || d === 10 || d === 13 || Number.isNaN(d)
  }
  if (c === 35 /* # */) {
    let k = j
    while (k < j + 6 && source.charCodeAt(k) === 35) k++
    return spaceOrEnd(k) ? 2 : 0
  }
  let after: number
  if (c === 45 || c === 42 || c === 43) after = j + 1
  else if (c === 49 /* 1 */ && (source.charCodeAt(j + 1) === 46 || source.charCodeAt(j + 1) === 41)) after = j + 2
  else return 0
  const d = source.charCodeAt(after)
  if (d !== 32 && d !== 9) return 0
  // Not empty: some text follows on the line.
  for (let k = after + 1; k < source.length; k++) {
    const e = source.charCodeAt(k)
    if (e === 10 || e === 13) return 0
    if (e !== 32 && e !== 9) return 1
  }
  return 0
}

export const bracketWorkOver = (source: string, codeBlocks: () => ReadonlyArray<CodeBlock> | undefined): boolean => {
  // Cheap exit for nearly every document: all brackets × the whole length
  // bounds both terms, and needs no code block scan.
  let all = 0
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i)
    if (c === 91 || c === 93) all++
  }
  if (all * source.length <= MAX_BRACKET_WORK && all * all <= MAX_DEFINITION_WORK) return false
  // Code lines as sorted [start, end] pairs, 1-based inclusive.
  const blocks = codeBlocks() ?? []
  let block = 0
  let line = 1
  let inCode = blocks.length > 0 && blocks[0]!.line === 1
  let work = 0
  let brackets = 0
  let length = 0
  let lineHasText = false
  let definitions = 0
  let labelEnds = 0
  const endParagraph = () => {
    work += brackets * length
    brackets = 0
    length = 0
  }
  let atLineStart = true
  let headingLine = false
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i)
    if (c === 10 || c === 13) {
      if (c === 13 && source.charCodeAt(i + 1) === 10) i++
      if (!lineHasText || inCode || headingLine) endParagraph()
      if (work > MAX_BRACKET_WORK) return true
      lineHasText = false
      headingLine = false
      atLineStart = true
      line++
      while (block < blocks.length && blocks[block]!.endLine < line) block++
      inCode = block < blocks.length && blocks[block]!.line <= line
      continue
    }
    if (inCode) continue
    if (atLineStart) {
      atLineStart = false
      const opens = opensBlock(source, i)
      if (opens !== 0) endParagraph()
      headingLine = opens === 2
    }
    length++
    if (c !== 32 && c !== 9) lineHasText = true
    if (c === 91) brackets++
    else if (c === 93) {
      brackets++
      labelEnds++
      if (source.charCodeAt(i + 1) === 58) definitions++
    }
  }
  endParagraph()
  return work > MAX_BRACKET_WORK || definitions * (definitions + labelEnds) > MAX_DEFINITION_WORK
}
