import { composed } from "../../unicodeForm.js"
import { fileLinks } from "../links.js"
import { dirOf, normalizePath } from "../paths.js"
import type { Finding, Rule } from "../types.js"

/** The relative path from directory `from` to the skill's `to` (both root-relative). */
const relativeFrom = (from: string, to: string): string => {
  const a = from === "" ? [] : from.split("/")
  const b = to.split("/")
  let common = 0
  while (common < a.length && common < b.length - 1 && a[common] === b[common]) common++
  return [...a.slice(common).map(() => ".."), ...b.slice(common)].join("/")
}

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
    // A link in a nested file written from the skill root (`references/b.md` in references/a.md): the file is
    // there, but the link names references/references/b.md, as a reader following it finds. Said so, with the
    // link that works (a probe of published skills, where "not found" named files that exist).
    const fromRoot = (file: string, written: string): string | undefined => {
      if (!file.includes("/")) return undefined
      let plain = written
      try {
        plain = decodeURIComponent(written)
      } catch {
        // kept as written
      }
      const root = normalizePath(plain)
      if (root === "" || root.startsWith("..") || s.lookup(root) === undefined) return undefined
      return relativeFrom(dirOf(file), root)
    }
    for (const { file, link, target } of fileLinks(s)) {
      if (target._tag === "Internal" && s.lookup(target.path) === undefined) {
        const form = formOnly(target.path)
        const other = form === undefined ? caseOnly(target.path) : undefined
        const rooted = fromRoot(file, target.written)
        const why = rooted !== undefined
          ? ` (it is relative to ${file}, so it names '${target.path}'; the skill's '${target.written}' is '${rooted}' from there)`
          : slashedFile(target.path)
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
