import { composed } from "../../unicodeForm.js"
import { fileLinks } from "../links.js"
import { normalizePath } from "../paths.js"
import type { Finding, Rule } from "../types.js"

export const skl301: Rule = {
  id: "SKL301",
  name: "link-file-exists",
  defaultSeverity: "error",
  category: "links",
  source: "RFC-0008:C-REGISTRY",
  summary: "Relative links point to files that exist in the skill.",
  doc: "A relative link (`[text](references/api.md)`, images and reference definitions included) must resolve to a file or directory inside the skill; an agent following a broken link loses the context the author meant it to have. URLs, absolute paths and links inside code are not checked; `?query` and `#fragment` are ignored and `%20`-style escapes decoded.",
  fix: "Correct the path (it is relative to the file containing the link) or add the missing file.",
  check: (s) => {
    const out: Array<Finding> = []
    // A target that differs from an entry only in case (`REFERENCE.md`, the file `reference.md`) is said so:
    // "not found" alone sent authors looking for a missing file that is there (SKL402 offers the re-spelling).
    let byLowerCase: Map<string, string> | undefined
    const caseOnly = (path: string): string | undefined => {
      byLowerCase ??= new Map(s.entries.map((e) => [e.path.toLowerCase(), e.path]))
      return byLowerCase.get(path.toLowerCase())
    }
    // A target written in another Unicode form than the file's name (`résumé.md` typed composed, the file
    // named decomposed as macOS writes names): said so, since the two read the same. A Linux file system keeps
    // them apart, so an agent reading files there does not find it: still an error.
    let byForm: Map<string, string> | undefined
    const formOnly = (path: string): string | undefined => {
      byForm ??= new Map(s.entries.map((e) => [composed(e.path), e.path]))
      return byForm.get(composed(path))
    }
    // A target written with Windows separators (`reference\forms.md`) names no file where agents read
    // skills (a backslash is part of a name on macOS and Linux): said so when the '/' spelling is a file.
    const slashedFile = (path: string): boolean => path.includes("\\") && s.lookup(normalizePath(path.replaceAll("\\", "/"))) !== undefined
    for (const { file, link, target } of fileLinks(s)) {
      if (target._tag === "Internal" && s.lookup(target.path) === undefined) {
        const form = formOnly(target.path)
        const other = form === undefined ? caseOnly(target.path) : undefined
        const why = slashedFile(target.path)
          ? ` (written with backslashes: a link's separator is '/', as '${target.written.replaceAll("\\", "/")}'; on macOS and Linux a backslash is part of the name)`
          : form !== undefined
            ? ` (the file's name is the same letters in another Unicode form, ${composed(form) === form ? "composed (NFC)" : "decomposed (NFD, as macOS writes names)"}: a Linux file system keeps the two apart; rename the file or retype the link so both use one form)`
            : other === undefined
              ? ""
              : ` ('${other}' differs only in case)`
        out.push({ file, line: link.line, column: link.column, endLine: link.endLine, endColumn: link.endColumn, message: `link target not found: '${target.written}'${why}` })
      }
    }
    return out
  }
}
