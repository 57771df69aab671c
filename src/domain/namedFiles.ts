/**
 * Which of a skill's own files a section of it names (docs/decisions.md P7).
 *
 * A published skill tells its agent to run `python scripts/fill_form.py`
 * "from this file's directory"; a skill skc built is deployed as a stub
 * whose directory holds only SKILL.md (RFC-0001:C-OUTPUT, C-STUB), so the
 * agent that read the section through `skc show` has no directory in which
 * that command works. skc names the files a section mentions that exist in
 * the skill's sources and are not Markdown (Markdown is read through the
 * gateway: show, open), so `show` can say where they are. Pure: the caller
 * passes the skill's file list.
 */
import { isMarkdownPath } from "./sourcePaths.js"

/** How many files one answer names: a section listing a whole folder still gets a short line. */
export const NAMED_FILES_MOST = 20

/** What separates one word that may be a path from the next: blanks, quotes, brackets, Markdown and shell punctuation. */
const SEPARATORS = /[\s`'"()<>[\]{},;|=*!?\\]+/

/** A word that may name a file: holds a `/`, or ends in `.ext`. */
const PATH_LIKE = /\/|\.[A-Za-z0-9]{1,10}$/

/** The longest word looked at: a path longer than this is no path a skill ships (and bounds the work on hostile text). */
const LONGEST_WORD = 512

/**
 * A relative POSIX path with `.` and `..` segments resolved, or undefined
 * when it climbs above its root.
 */
const normalised = (path: string): string | undefined => {
  const out: Array<string> = []
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue
    if (segment === "..") {
      if (out.length === 0) return undefined
      out.pop()
    } else out.push(segment)
  }
  return out.length === 0 ? undefined : out.join("/")
}

/** The word as a path candidate: a link's `#anchor` and `?query` dropped, sentence punctuation and `./` trimmed. */
const candidateOf = (word: string): string | undefined => {
  if (word.length === 0 || word.length > LONGEST_WORD) return undefined
  // A URL, an absolute or home path, a variable: nothing of the skill's tree.
  if (word.includes("://") || word.startsWith("/") || word.startsWith("~") || word.startsWith("$")) return undefined
  const bare = word.replace(/[#?].*$/, "").replace(/[.:]+$/, "")
  return PATH_LIKE.test(bare) ? bare : undefined
}

/** One word of a section that may name a file: where it would be beside the section's file, and from the root. */
export interface PathWord {
  readonly beside: string | undefined
  readonly fromRoot: string | undefined
}

/**
 * The words of `text` (a section of `file`) that may name a file, each as
 * the path it names beside `file` (a relative link's meaning) and from the
 * skill's root (the Agent Skills specification's "relative paths from the
 * skill root"); empty when none does, and then the caller need not read
 * the skill's file list at all.
 */
export const pathWords = (text: string, file: string): ReadonlyArray<PathWord> => {
  const slash = file.lastIndexOf("/")
  const dir = slash < 0 ? "" : file.slice(0, slash + 1)
  const words: Array<PathWord> = []
  const seen = new Set<string>()
  for (const word of text.split(SEPARATORS)) {
    const candidate = candidateOf(word)
    if (candidate === undefined || seen.has(candidate)) continue
    seen.add(candidate)
    const beside = dir === "" ? undefined : normalised(dir + candidate)
    const fromRoot = normalised(candidate)
    if (beside !== undefined || fromRoot !== undefined) words.push({ beside, fromRoot })
  }
  return words
}

/**
 * Of `words` (from `pathWords` for a section of `file`), the skill's
 * non-Markdown files they name, as paths from the root, in the order first
 * named: beside `file` first, then from the root. `files` holds every file
 * of the skill by path from its root. At most `NAMED_FILES_MOST`; `more`
 * counts the rest.
 */
export const filesNamed = (
  words: ReadonlyArray<PathWord>,
  file: string,
  files: ReadonlySet<string>
): { readonly paths: ReadonlyArray<string>; readonly more: number } => {
  const found: Array<string> = []
  const seen = new Set<string>()
  let more = 0
  for (const { beside, fromRoot } of words) {
    const path = beside !== undefined && files.has(beside) ? beside : fromRoot !== undefined && files.has(fromRoot) ? fromRoot : undefined
    if (path === undefined || path === file || isMarkdownPath(path) || seen.has(path)) continue
    seen.add(path)
    if (found.length < NAMED_FILES_MOST) found.push(path)
    else more++
  }
  return { paths: found, more }
}
