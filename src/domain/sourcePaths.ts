/**
 * Facts about relative source paths shared by build, outline, sources and
 * the index: bytewise ordering, which directories are never part of a
 * skill, which files are markdown, and how the source hash is composed
 * (RFC-0001:C-MANIFEST, RFC-0002:C-OUTLINE ordering).
 */

/**
 * Bytewise (UTF-8) order of two strings. UTF-8 byte order equals code point
 * order, which differs from JavaScript's UTF-16 `<` only for characters
 * above U+FFFF against U+E000–U+FFFF; those are compared by code point.
 */
const SURROGATE = /[\ud800-\udfff]/

/**
 * `items` sorted bytewise by `key` (a copy). Without surrogates UTF-16 order
 * is bytewise order, and the engine's own string comparison sorts 100k
 * paths many times faster than `compareBytewise`'s loop (a 60 ms pause of
 * `skc mcp` per sort, issue 29 item 3).
 */
export const sortedBytewise = <A>(items: ReadonlyArray<A>, key: (a: A) => string): Array<A> => {
  const plain = !items.some((a) => SURROGATE.test(key(a)))
  return [...items].sort(
    plain
      ? (a, b) => {
          const x = key(a)
          const y = key(b)
          return x < y ? -1 : x > y ? 1 : 0
        }
      : (a, b) => compareBytewise(key(a), key(b))
  )
}

export const compareBytewise = (a: string, b: string): number => {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i)
    const y = b.charCodeAt(i)
    if (x === y) continue
    const xs = x >= 0xd800 && x <= 0xdfff
    const ys = y >= 0xd800 && y <= 0xdfff
    // A surrogate stands for a code point above U+FFFF: larger than any BMP character.
    if (xs !== ys) return xs ? 1 : -1
    return x - y
  }
  return a.length - b.length
}

/**
 * Directories that belong to version control, not to the skill (reference
 * change log 0.1.0; `.hg` and `.svn` since issue 19): never built, listed,
 * indexed or served, and a path through one is outside the skill for every
 * command and tool (a `.git/config` may hold a token).
 */
export const IGNORED_DIRS: ReadonlySet<string> = new Set([".git", ".jj", ".hg", ".svn"])

/**
 * The files an editor keeps beside the one being edited, which are no part of the skill: vim's swap files
 * (`.SKILL.md.swp`, `.swo` … `.swa`) and its write-test file `4913`, backups (`SKILL.md~`), Emacs's
 * auto-save (`#SKILL.md#`) and lock links (`.#SKILL.md`). Counted as sources, merely opening SKILL.md in vim
 * made the index stale (every `show` and `search` E002 until a build), and under `--watch` each swap write
 * rewrote the whole index (a build probe). Never built, indexed, hashed, listed or watched; `open` still
 * reads one by its path.
 */
export const isEditorArtifact = (name: string): boolean =>
  name === "4913" || name.endsWith("~") || /^\.(?:.*\.)?sw[a-p]$/.test(name) || /^#.*#$/.test(name) || name.startsWith(".#")

export type SkillPathCheck =
  | { readonly _tag: "Inside"; readonly rel: string; readonly trailingSlash: boolean }
  | { readonly _tag: "NulByte" }
  /** `vcs`: inside the skill, but through that version-control directory. */
  | { readonly _tag: "Outside"; readonly vcs?: string }

/**
 * The one lexical path-safety rule for a path given relative to a skill root
 * (RFC-0002:C-OPEN, C-SOURCES, C-SHOW `--file`; issue 19): `\` counts as
 * `/`; `.` and empty segments are dropped and `..` pops a segment
 * (`references/../SKILL.md` is `SKILL.md`); an absolute path (POSIX, drive
 * letter, UNC), a `..` above the root and any segment naming a VCS directory
 * are outside the skill (E012); a NUL byte is its own case (no file name can
 * hold one). `rel` is "" for the root itself. Symlinks are the caller's
 * second check (on the canonical path).
 */
export const checkSkillPath = (given: string): SkillPathCheck => {
  if (given.includes("\0")) return { _tag: "NulByte" }
  const unified = given.replace(/\\/g, "/")
  if (unified.startsWith("/") || /^[A-Za-z]:\//.test(unified)) return { _tag: "Outside" }
  const out: Array<string> = []
  for (const segment of unified.split("/")) {
    if (segment === "" || segment === ".") continue
    if (segment === "..") {
      if (out.length === 0) return { _tag: "Outside" }
      out.pop()
      continue
    }
    if (IGNORED_DIRS.has(segment)) return { _tag: "Outside", vcs: segment }
    out.push(segment)
  }
  return { _tag: "Inside", rel: out.join("/"), trailingSlash: /\/\.?$/.test(unified) }
}

/** Whether a relative POSIX path (of a canonical target) runs through a VCS directory. */
export const throughVcsDir = (rel: string): boolean => rel.split("/").some((s) => IGNORED_DIRS.has(s))

/** Markdown is decided by the `.md` extension (RFC-0001:C-INPUT, RFC-0002:C-OUTLINE). */
export const isMarkdownPath = (relPath: string): boolean => relPath.endsWith(".md")

/** The skill's main document sits at the root. */
export const MAIN_DOC = "SKILL.md"

/**
 * The text the source hash is taken over: one line per file, sorted
 * bytewise by path, `<relative path>\0<sha256 hex of the file>\n`. A NUL
 * cannot occur in a path, so no two lists produce the same text.
 */
export const sourceHashInput = (pairs: ReadonlyArray<readonly [path: string, fileHash: string]>): string =>
  sourceHashLines(sortedBytewise(pairs, (p) => p[0]))

/** The lines of `sourceHashInput` for pairs already sorted bytewise (a piece of a large tree's input). */
export const sourceHashLines = (sorted: ReadonlyArray<readonly [path: string, fileHash: string]>): string => {
  let out = ""
  for (const [p, h] of sorted) out += `${p}\0${h}\n`
  return out
}

/** A file the index leaves out (issue 29 item 3): above `[search] max_file_bytes`; SKILL.md never. */
export const isOversized = (f: { readonly path: string; readonly size: number }, maxFileBytes: number): boolean =>
  f.size > maxFileBytes && f.path !== MAIN_DOC
