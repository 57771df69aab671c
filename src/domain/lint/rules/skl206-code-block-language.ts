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

export const skl206: Rule = {
  id: "SKL206",
  name: "code-block-language",
  defaultSeverity: "warning",
  category: "structure",
  source: "RFC-0008:C-EXTENSIONS",
  summary: "Fenced code blocks name their language.",
  doc: "A language tag (```` ```bash ````) tells the agent whether a block is a command to run, a file to write or output to expect, and lets renderers highlight it. Indented code blocks cannot carry a tag and are not reported. Applies to every scanned `.md` file.",
  guided: "\"Mark the block as `text`\": writes `text` after the opening fence, for the author to change to the block's language.",
  fix: "Add the language after the opening fence (`bash`, `python`, `json`, or `text` for plain output).",
  check: (s) => {
    const out: Array<Finding> = []
    for (const f of s.markdownFiles) {
      for (const b of s.markdown(f.path)?.codeBlocks ?? []) {
        if (b.fenced && (b.lang === undefined || b.lang.trim() === "")) out.push({ file: f.path, line: b.line, message: "code block has no language", ...suggested(markText(f.source, b.line)) })
      }
    }
    return out
  }
}
