import { lineStarts } from "../fix.js"
import { suggested, type Finding, type Rule } from "../types.js"

/** The guided edit (issue 50): `text` after the opening fence (the author may know a better language). */
const markText = (source: string, line: number) => {
  const at = lineStarts(source)[line - 1]
  if (at === undefined) return undefined
  const m = /^([ \t>]*)(`{3,}|~{3,})[ \t]*(?=\r|\n|$)/.exec(source.slice(at, at + 200))
  if (m === null) return undefined
  const end = at + m[1]!.length + m[2]!.length
  return { title: "Mark the block as `text`", edits: [{ start: end, end: at + m[0].length, text: "text" }] }
}

const FENCE_WITH_INFO = /^[ \t>]*(`{3,}|~{3,})[ \t]*[^\s`~]/
const FENCE_LINE = /^[ \t>]*(`{3,}|~{3,})[ \t]*$/
const HTML_LINE = /^[ \t]{0,3}<\/?[A-Za-z][\w-]*(?:\s[^>]*)?>\s*$/

/**
 * A fence without a language that the author meant to close a block whose opening fence Markdown did not read
 * as one: then "add a language" (and the guided "Mark the block as `text`") would open a block there and shift
 * every block after it. Two ways it happens in published skills: a fence right below an HTML-like line
 * (`<Good>`: an HTML block, which runs to the next blank line and swallows the fence), and a block inside a list
 * item cut short by a line at column 0 (`# Python snippets` in an indented fence ends the item, and its block).
 * The cause, or undefined when the fence is what it looks like: a block without a language.
 */
const lostOpening = (lines: ReadonlyArray<string>, blocks: ReadonlyArray<{ readonly line: number; readonly endLine: number; readonly fenced: boolean }>, at: number): string | undefined => {
  const here = FENCE_LINE.exec(lines[at - 1] ?? "")
  if (here === null) return undefined
  // The scanner lists blocks in document order: the last one ending above this fence.
  const previous = blocks.filter((b) => b.endLine < at).at(-1)
  // A block before it that ended without its closing fence (its container ended), with the same fence.
  if (previous !== undefined && previous.fenced && !FENCE_LINE.test(lines[previous.endLine - 1] ?? "")) {
    const opener = FENCE_WITH_INFO.exec(lines[previous.line - 1] ?? "")
    if (opener !== null && opener[1]![0] === here[1]![0]) {
      return `this fence seems to close the block opened at line ${previous.line}, which ended at line ${previous.endLine} with its list item (a line less indented than the item, at column 0): indent that line as the block's, and this fence closes it`
    }
  }
  // A line that looks like an opening fence with a language, not read as one, between the last block and this fence.
  for (let n = at - 1; n > (previous?.endLine ?? 0); n--) {
    if (!FENCE_WITH_INFO.test(lines[n - 1] ?? "")) continue
    let above = n - 1
    while (above > 0 && (lines[above - 1] ?? "").trim() === "") above--
    const html = above > 0 && above === n - 1 && HTML_LINE.test(lines[above - 1] ?? "")
    return html
      ? `this fence seems to close the block opened at line ${n}, which Markdown reads as part of the HTML block that line ${above} (${(lines[above - 1] ?? "").trim()}) starts, up to the next blank line: put a blank line between them, and this fence closes the block`
      : `this fence seems to close the block opened at line ${n}, which Markdown did not read as a fence (it is inside a paragraph or an HTML block): put a blank line above it`
  }
  return undefined
}

export const skl206: Rule = {
  id: "SKL206",
  name: "code-block-language",
  defaultSeverity: "warning",
  category: "structure",
  source: "RFC-0008:C-EXTENSIONS",
  summary: "Fenced code blocks name their language.",
  doc: "A language tag (```` ```bash ````) tells the agent whether a block is a command to run, a file to write or output to expect, and lets renderers highlight it. Indented code blocks cannot carry a tag and are not reported. Applies to every scanned `.md` file. A fence meant to close a block whose opening fence Markdown did not read as one (an HTML-like line such as `<Good>` right above it, a list item's block cut short by a line at column 0) is reported with that cause and no guided edit: a language there would open a block and shift every one after it.",
  guided: "\"Mark the block as `text`\": writes `text` after the opening fence, for the author to change to the block's language.",
  fix: "Add the language after the opening fence (`bash`, `python`, `json`, or `text` for plain output).",
  check: (s) => {
    const out: Array<Finding> = []
    for (const f of s.markdownFiles) {
      const blocks = s.markdown(f.path)?.codeBlocks ?? []
      let lines: ReadonlyArray<string> | undefined
      for (const b of blocks) {
        if (!b.fenced || (b.lang !== undefined && b.lang.trim() !== "")) continue
        lines ??= f.source.split(/\r\n|\r|\n/)
        const lost = lostOpening(lines, blocks, b.line)
        // No guided edit then: `text` after a fence meant to close a block opens one, and shifts every block after it.
        out.push(lost === undefined ? { file: f.path, line: b.line, message: "code block has no language", ...suggested(markText(f.source, b.line)) } : { file: f.path, line: b.line, message: `code block has no language; ${lost}` })
      }
    }
    return out
  }
}
