import { nulLine } from "../../markdown/nul.js"
import type { Finding, Rule, SkillSnapshot } from "../types.js"

export const skl207: Rule = {
  id: "SKL207",
  name: "utf8-text",
  defaultSeverity: "warning",
  category: "structure",
  source: "RFC-0008:C-EXTENSIONS, agentskills-format (SKILL.md is UTF-8 Markdown)",
  summary: "Markdown files are valid UTF-8.",
  doc: "Agents and skc read a skill's files as UTF-8. A file saved in Latin-1 or Windows-1252 (an editor's legacy default) decodes with U+FFFD (�) in place of each accented letter: the agent reads `caf�`, and `skc build` copies it into the stub's description. The rule names the first line holding such a byte. A file saved as UTF-16 (Windows PowerShell 5.1's `>`) reads as binary: the rule says so at its first line. So does a binary file named `.md`, neither UTF-8 nor UTF-16 (a NUL byte in its first 8 KiB and bytes that are not UTF-8: an image or archive misnamed, a corrupted document), which an agent told to read it gets as garbage; as of a UTF-16 file, its text reads as empty (a link to an anchor in it is SKL302's, and unlinked it is SKL401's orphan). A NUL byte in a file other than SKILL.md (a pasted control character; SKILL.md's is SKL100's) makes git, grep and ripgrep take the file for binary: the rule names its line, and the file is still linted as text.",
  fix: "Save the file as UTF-8 (most editors: File › Save with Encoding), or convert it: `iconv -f WINDOWS-1252 -t UTF-8 file.md`; delete a NUL byte (`tr -d '\\000'`); rename a binary file that is not Markdown (`logo.md` to `logo.png`).",
  check: (s) =>
    s.markdownFiles.flatMap((f): ReadonlyArray<Finding> => [...utf8Findings(f), ...nulFindings(f)])
}

/**
 * A NUL byte in a Markdown file other than SKILL.md (SKILL.md's is SKL100's): git, grep and ripgrep take the
 * file for binary. An editor probe pasted one into a reference, and lint said nothing of the file at all.
 */
const nulFindings = (f: SkillSnapshot["markdownFiles"][number]): ReadonlyArray<Finding> => {
  if (f.path === "SKILL.md" || f.utf16 === true || f.binary === true) return []
  const line = nulLine(f.source)
  return line === undefined ? [] : [{ file: f.path, line, message: "a NUL byte on this line: git, grep and ripgrep take the file for binary; remove it" }]
}

const utf8Findings = (f: SkillSnapshot["markdownFiles"][number]): ReadonlyArray<Finding> =>
  f.binary === true && f.path !== "SKILL.md"
    ? [{ file: f.path, line: 1, message: "a binary file, not text (NUL bytes, and bytes that are not UTF-8): an agent that reads it gets garbage, and skc reads nothing of it; save it as UTF-8 text, or give a file that is not Markdown its own extension" }]
    : f.utf16 === true
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
