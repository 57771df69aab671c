import type { Finding, Rule } from "../types.js"

export const skl207: Rule = {
  id: "SKL207",
  name: "utf8-text",
  defaultSeverity: "warning",
  category: "structure",
  source: "RFC-0008:C-EXTENSIONS, agentskills-format (SKILL.md is UTF-8 Markdown)",
  summary: "Markdown files are valid UTF-8.",
  doc: "Agents and skc read a skill's files as UTF-8. A file saved in Latin-1 or Windows-1252 (an editor's legacy default) decodes with U+FFFD (�) in place of each accented letter: the agent reads `caf�`, and `skc build` copies it into the stub's description. The rule names the first line holding such a byte. A file saved as UTF-16 (Windows PowerShell 5.1's `>`) reads as binary: the rule says so at its first line.",
  fix: "Save the file as UTF-8 (most editors: File › Save with Encoding), or convert it: `iconv -f WINDOWS-1252 -t UTF-8 file.md`.",
  check: (s) =>
    s.markdownFiles.flatMap((f): ReadonlyArray<Finding> =>
      f.utf16 === true
        ? [{ file: f.path, line: 1, message: "UTF-16 text, not UTF-8 (Windows PowerShell 5.1's '>' and Out-File write it): agents and skc read it as a binary file, its headings unseen; save it as UTF-8" }]
        : f.invalidUtf8 === undefined
        ? []
        : [
            {
              file: f.path,
              line: f.invalidUtf8.line,
              message: `not valid UTF-8 (byte 0x${f.invalidUtf8.byte.toString(16).toUpperCase().padStart(2, "0")} on this line): agents read it as U+FFFD; save the file as UTF-8`
            }
          ]
    )
}
