/**
 * Path mentions in a skill file, read the way an agent reads them: any
 * word that looks like a path, wherever it is written — a Markdown link
 * target, inline code, a code block or plain prose. This is the detection
 * half of reference resolution (`reach.ts` decides what each mention names).
 *
 * A mention is a maximal run of path characters (letters, digits, `_ . - /`,
 * template brackets `{}` `<>`, the glob `*`, `@ + % ~`, any non-ASCII
 * letter). It counts when it holds a `/` or ends in a file extension, or when
 * it is a bare word followed by "directory"/"folder" (`the themes directory`).
 *
 * One pass over the text, a bounded look-ahead per word and no regular
 * expression over the whole text: the cost is linear in the input whatever
 * it holds (an 80 KB unbroken hex line is one over-long word, skipped).
 */

import { BASE_DIR_PREFIX, SKILL_DIR_VARIABLE } from "../agents/claudeBody.js"

/** The skill's root as openai's published skills write it before a path (`<path-to-skill>/scripts/x.py`). */
const SKILL_PATH_PLACEHOLDER = "<path-to-skill>/"

export interface Mention {
  /** The path as written, link wrappers and trailing punctuation removed, percent escapes decoded. */
  readonly text: string
  /** 1-based line and column (UTF-16 units) in the text given. */
  readonly line: number
  readonly column: number
  /** A bare word named as a directory ("the `themes` directory"): it names no file by itself. */
  readonly directoryWord: boolean
  /**
   * Written after `${CLAUDE_SKILL_DIR}/` (Claude Code's name for the skill's own directory, CHANGELOG
   * 2.1.69): `text` is the rest, a path from the skill's root only, never beside the file it is in.
   */
  readonly rooted?: boolean
}

/** A shell variable named for the skill's directory, as a word holds it after its `$` (`skill_dir/`, `{SKILL_ROOT}/`). */
const SKILL_VARIABLE_WORD = /^\{?[A-Za-z_]*[Ss][Kk][Ii][Ll][Ll][A-Za-z_]*\}?\//

/** claude.ai's mount of a skill, `/mnt/skills/<public|user|…>/<name>/`, before a path of it. */
const SKILLS_MOUNT = /^\/mnt\/skills\/[^/]+\/[^/]+\//

/** `${CLAUDE_SKILL_DIR}/` as a word holds it: the `$` is no path character, the braces are. */
const SKILL_DIR_WORD = `${SKILL_DIR_VARIABLE.slice(1)}/`

/** Words longer than this are not paths (and would only cost time to resolve). */
export const MAX_MENTION_LENGTH = 512

const PATH_CHAR = new Uint8Array(128)
for (const c of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-/{}<>*@+%~") PATH_CHAR[c.charCodeAt(0)] = 1

const isPathChar = (code: number): boolean => (code < 128 ? PATH_CHAR[code] === 1 : code !== 0xa0 && code !== 0x2028 && code !== 0x2029 && code !== 0xfeff)

/** A file extension: a dot and up to ten letters or digits, at least one a letter (`3.4` is a number, not a file). */
const EXTENSION = /\.[0-9]{0,9}[A-Za-z][A-Za-z0-9]{0,9}$/
const DIRECTORY_WORDS = ["directory", "directories", "folder", "folders", "dir"]

/** Characters that may sit between a word and the noun that says it is a directory (`` `themes` directory``). */
const WRAPPERS = "`*_'\""

/**
 * The path in a word, and how many characters before it were markup (`<`, emphasis `*`): the
 * mention's column is the path's, so that its range and SKL402's fix land on the path itself (`**FORMS.md**`
 * was reported, and would have been re-spelt, at the `**`).
 */
const trimWord = (raw: string): { readonly word: string; readonly lead: number } => {
  let w = raw
  let lead = 0
  // `<references/api.md>` (a link destination in angle brackets) — but not `<lang>/x.md`.
  if (w.startsWith("<") && w.endsWith(">") && w.indexOf("<", 1) === -1 && w.indexOf(">") === w.length - 1) {
    w = w.slice(1, -1)
    lead += 1
  }
  let start = 0
  let end = w.length
  // Emphasis around a word (`**references/api.md**`) is markup, not part of the path.
  while (start < end && w.charCodeAt(start) === 42 /* * */) start++
  while (end > start && (w.charCodeAt(end - 1) === 42 || w.charCodeAt(end - 1) === 46 /* . */)) end--
  w = w.slice(start, end)
  lead += start
  // A leading `./` stays in the column (the mention as written starts there; SKL402 leaves it to the author).
  if (w.startsWith("./")) w = w.slice(2)
  return { word: w, lead }
}

const decode = (w: string): string => {
  if (!w.includes("%")) return w
  try {
    return decodeURIComponent(w)
  } catch {
    return w
  }
}

/** Does the word after position `i` (skipping wrappers and spaces) name a directory? Allocation-free until likely. */
const followedByDirectoryWord = (text: string, i: number): boolean => {
  let j = i
  while (j < text.length && j - i < 4 && WRAPPERS.includes(text[j]!)) j++
  const spaceStart = j
  while (j < text.length && j - spaceStart < 4 && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9)) j++
  if (j === spaceStart) return false
  const c = text.charCodeAt(j) | 0x20 // ASCII lower case
  if (c !== 100 /* d */ && c !== 102 /* f */) return false
  const rest = text.slice(j, j + 12).toLowerCase()
  return DIRECTORY_WORDS.some((d) => rest.startsWith(d) && !/[a-z]/.test(rest.charAt(d.length)))
}

export const findMentions = (text: string): ReadonlyArray<Mention> => {
  const out: Array<Mention> = []
  let line = 1
  let lineStart = 0
  let i = 0
  const n = text.length
  while (i < n) {
    const code = text.charCodeAt(i)
    // A line ends at LF, CRLF or a lone CR, as the markdown rules and LSP count lines: a file saved with
    // classic Mac line ends put every mention on line 1.
    if (code === 10 || (code === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++
      lineStart = i + 1
      i++
      continue
    }
    if (!isPathChar(code)) {
      i++
      continue
    }
    const start = i
    // A word without `/` or `.` is a path only when named as a directory; most prose words stop here.
    let marked = false
    for (; i < n; i++) {
      const c = text.charCodeAt(i)
      if (!isPathChar(c)) break
      if (c === 47 /* / */ || c === 46 /* . */) marked = true
    }
    if (i - start > MAX_MENTION_LENGTH) continue
    if (!marked && !followedByDirectoryWord(text, i)) continue
    const trimmed = trimWord(text.slice(start, i))
    let word = trimmed.word
    let column = start - lineStart + 1 + trimmed.lead
    const variable = word.startsWith(SKILL_DIR_WORD) && start > 0 && text.charCodeAt(start - 1) === 36 /* $ */
    // `{baseDir}/x`: the skill's root as published skills write it (claudeBody.ts BASE_DIR_PREFIX).
    const baseDir = !variable && word.startsWith(BASE_DIR_PREFIX)
    // `<path-to-skill>/scripts/x.py`, as openai's skills write the skill's root: read as a relative path
    // starting with that directory name, it named no file of the skill.
    const placeholder = !variable && !baseDir && word.startsWith(SKILL_PATH_PLACEHOLDER)
    // `$skill_dir/resources/run.sh` after `skill_dir="<path-to-skill>"`, and claude.ai's mount of the skill
    // (`/mnt/skills/user/<name>/scripts/x.sh`): the skill's root too. An agent's probe read a section of
    // vercel's deploy skill naming its script so and was told of no file.
    const other = variable || baseDir || placeholder ? undefined : (start > 0 && text.charCodeAt(start - 1) === 36 /* $ */ ? SKILL_VARIABLE_WORD.exec(word) : null) ?? SKILLS_MOUNT.exec(word)
    const rooted = variable || baseDir || placeholder || (other !== undefined && other !== null)
    if (rooted) {
      const prefix = variable ? SKILL_DIR_WORD : baseDir ? BASE_DIR_PREFIX : placeholder ? SKILL_PATH_PLACEHOLDER : other![0]
      word = word.slice(prefix.length)
      column += prefix.length
    } else if (word.length > 1 && word.charCodeAt(0) === 64 /* @ */ && word.charCodeAt(1) !== 64) {
      // `@references/style.md`: Claude Code's file reference, as CLAUDE.md imports and commands write it
      // (its CHANGELOG: a skill's body "expands `@` files"); the path is what follows.
      word = word.slice(1)
      column += 1
    }
    if (word.length === 0 || word.startsWith("/") || word.startsWith("~") || word.includes("//")) continue
    const hasSlash = word.includes("/") && word !== "/"
    const isPath = hasSlash || EXTENSION.test(word)
    const directoryWord = !isPath && /^[\w.-]+$/.test(word) && followedByDirectoryWord(text, i)
    if (!isPath && !directoryWord) continue
    out.push({ text: decode(word), line, column, directoryWord, ...(rooted ? { rooted } : {}) })
  }
  return out
}
