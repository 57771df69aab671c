import type { Finding, Rule } from "../types.js"

export const skl206: Rule = {
  id: "SKL206",
  name: "code-block-language",
  defaultSeverity: "warning",
  category: "structure",
  source: "RFC-0008:C-EXTENSIONS",
  summary: "Fenced code blocks name their language.",
  doc: "A language tag (```` ```bash ````) tells the agent whether a block is a command to run, a file to write or output to expect, and lets renderers highlight it. Indented code blocks cannot carry a tag and are not reported. Applies to every scanned `.md` file.",
  fix: "Add the language after the opening fence (`bash`, `python`, `json`, or `text` for plain output).",
  check: (s) => {
    const out: Array<Finding> = []
    for (const f of s.markdownFiles) {
      for (const b of s.markdown(f.path)?.codeBlocks ?? []) {
        if (b.fenced && (b.lang === undefined || b.lang.trim() === "")) out.push({ file: f.path, line: b.line, message: "code block has no language" })
      }
    }
    return out
  }
}
