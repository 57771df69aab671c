/**
 * Which files of a skill a file reaches (issue 13 item 3): the one answer
 * SKL401 no-orphans, SKL402 mention-case and `skc load` share.
 *
 * A mention (`mentions.ts`) is resolved relative to the skill root and to
 * the directory of the file that holds it (agents use both), and names:
 * - the file it spells exactly;
 * - every file below a directory it spells (`themes/`, `the themes directory`);
 * - every file matched by a template or glob (`{lang}/batches.md`,
 *   `<language>/README.md`, `shared/managed-agents-*.md`), a matched
 *   directory again counting for every file below;
 * - when nothing matches exactly but a path matches ignoring case
 *   (`FORMS.md` for `forms.md`), that path, reported as a case mismatch: it
 *   works on macOS and Windows and breaks on Linux.
 * Paths that climb out of the root (`../`), absolute paths and URLs name
 * nothing.
 *
 * Written out for users in docs/references-and-validation.md.
 */
import { composed } from "../unicodeForm.js"
import { findMentions, type Mention } from "./mentions.js"
import { matchPattern, parsePattern } from "./pattern.js"

export interface SkillFileIndex {
  readonly files: ReadonlySet<string>
  readonly dirs: ReadonlySet<string>
  /** Files in bytewise order (expansions are listed in this order). */
  readonly sortedFiles: ReadonlyArray<string>
  /** Lower-cased file or directory path → the real paths. */
  readonly folded: ReadonlyMap<string, ReadonlyArray<string>>
  /**
   * The skill directory's own name, when known: a mention that names a path through it from further up
   * (`skills/brainstorming/visual-companion.md`, written from a plugin's root) reaches the file below it.
   */
  readonly rootName?: string
}

/** Paths relative to the root, `/`-separated, no leading `./`. */
export const indexSkillFiles = (files: Iterable<string>, dirs: Iterable<string>, rootName?: string): SkillFileIndex => {
  const fileSet = new Set(files)
  const dirSet = new Set(dirs)
  const folded = new Map<string, Array<string>>()
  for (const p of [...fileSet, ...dirSet]) {
    // Case and Unicode form folded: a mention typed composed reaches a file named decomposed (macOS).
    const k = composed(p).toLowerCase()
    const list = folded.get(k)
    if (list === undefined) folded.set(k, [p])
    else list.push(p)
  }
  const sortedFiles = [...fileSet].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return { files: fileSet, dirs: dirSet, sortedFiles, folded, ...(rootName === undefined || rootName === "" ? {} : { rootName }) }
}

/** The rest of `text` after its last segment named `name` (`skills/pdf/forms.md`, `pdf` → `forms.md`), if any. */
const belowNamed = (text: string, name: string): string | undefined => {
  const segments = text.split("/")
  const at = segments.lastIndexOf(name, segments.length - 2)
  return at === -1 ? undefined : segments.slice(at + 1).join("/")
}

export interface CaseMismatch {
  readonly mention: Mention
  /** The path as the mention spells it, resolved. */
  readonly written: string
  /** The file or directory's real path. */
  readonly real: string
}

export interface References {
  /** Files reached, each once, in the order of their first mention (expansions bytewise). */
  readonly files: ReadonlyArray<{ readonly path: string; readonly mention: Mention }>
  readonly caseMismatches: ReadonlyArray<CaseMismatch>
}

/** `a/./b/../c` → `a/c`; undefined when it climbs out of the root. */
export const normalize = (p: string): string | undefined => {
  const out: Array<string> = []
  for (const seg of p.split("/")) {
    if (seg === "" || seg === ".") continue
    if (seg === "..") {
      if (out.length === 0) return undefined
      out.pop()
    } else out.push(seg)
  }
  return out.join("/")
}

export const dirOf = (path: string): string => {
  const i = path.lastIndexOf("/")
  return i === -1 ? "" : path.slice(0, i)
}

const below = (index: SkillFileIndex, dir: string): ReadonlyArray<string> => {
  const prefix = dir === "" ? "" : `${dir}/`
  return index.sortedFiles.filter((f) => f.startsWith(prefix))
}

type Resolved =
  | { readonly _tag: "Files"; readonly files: ReadonlyArray<string> }
  | { readonly _tag: "Case"; readonly written: string; readonly real: string }
  | { readonly _tag: "None" }

const NONE: Resolved = { _tag: "None" }

/** What one mention names, seen from the file at `fromFile`. */
export const resolveMention = (index: SkillFileIndex, fromFile: string, mention: Mention): Resolved => {
  const bases = mention.rooted === true ? [""] : [...new Set(["", dirOf(fromFile)])]
  const candidates: Array<string> = []
  for (const base of bases) {
    const p = normalize(base === "" ? mention.text : `${base}/${mention.text}`)
    if (p !== undefined && p !== "") candidates.push(p)
  }
  for (const p of candidates) {
    if (!mention.directoryWord && index.files.has(p)) return { _tag: "Files", files: [p] }
    if (index.dirs.has(p)) return { _tag: "Files", files: below(index, p) }
  }
  for (const p of candidates) {
    const pattern = parsePattern(p)
    if (pattern === undefined) continue
    const hits = new Set<string>()
    for (const d of index.dirs) if (matchPattern(pattern, d)) for (const f of below(index, d)) hits.add(f)
    if (!mention.text.endsWith("/")) for (const f of index.sortedFiles) if (matchPattern(pattern, f)) hits.add(f)
    if (hits.size > 0) return { _tag: "Files", files: index.sortedFiles.filter((f) => hits.has(f)) }
  }
  for (const p of candidates) {
    const real = index.folded.get(composed(p).toLowerCase())
    if (real !== undefined && real.length > 0) return { _tag: "Case", written: p, real: real[0]! }
  }
  // A path through the skill's own directory from further up (a plugin's root): the part below it, from the root.
  const rest = index.rootName === undefined || mention.rooted === true ? undefined : belowNamed(mention.text, index.rootName)
  if (rest !== undefined && rest !== "") {
    const found = resolveMention({ ...index, rootName: undefined }, fromFile, { ...mention, text: rest, rooted: true })
    if (found._tag === "Files") return found
  }
  return NONE
}

/** Every file the text of `fromFile` reaches, and its mentions that match only ignoring case. */
export const referencesIn = (index: SkillFileIndex, fromFile: string, text: string): References => {
  const files: Array<{ path: string; mention: Mention }> = []
  const caseMismatches: Array<CaseMismatch> = []
  const seen = new Set<string>()
  const add = (path: string, mention: Mention) => {
    if (path === fromFile || seen.has(path)) return
    seen.add(path)
    files.push({ path, mention })
  }
  for (const mention of findMentions(text)) {
    const r = resolveMention(index, fromFile, mention)
    if (r._tag === "Files") for (const f of r.files) add(f, mention)
    else if (r._tag === "Case") {
      // A bare word before "folder" or "directory" is prose ("Scripts folder holds…", "## Scripts Directory"):
      // it reaches the directory, but its capital is no misspelt path.
      // One that differs only in Unicode form is no case to correct (SKL301 says it of a link).
      if (!mention.directoryWord && composed(r.written) !== composed(r.real)) caseMismatches.push({ mention, written: r.written, real: r.real })
      if (index.files.has(r.real)) add(r.real, mention)
      else for (const f of below(index, r.real)) add(f, mention)
    }
  }
  return { files, caseMismatches }
}

/**
 * Files reachable from `start` by following references through the files
 * whose text `textOf` gives (others are reached but not read).
 */
export const reachableFrom = (
  index: SkillFileIndex,
  start: string,
  textOf: (path: string) => string | undefined
): ReadonlySet<string> => {
  const reached = new Set<string>([start])
  const queue = [start]
  for (let i = 0; i < queue.length; i++) {
    const file = queue[i]!
    const text = textOf(file)
    if (text === undefined) continue
    for (const { path } of referencesIn(index, file, text).files) {
      if (reached.has(path)) continue
      reached.add(path)
      queue.push(path)
    }
  }
  return reached
}
