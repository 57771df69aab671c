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

/** Directories that belong to version control, not to the skill (reference change log 0.1.0). */
export const IGNORED_DIRS: ReadonlySet<string> = new Set([".git", ".jj"])

/** Markdown is decided by the `.md` extension (RFC-0001:C-INPUT, RFC-0002:C-OUTLINE). */
export const isMarkdownPath = (relPath: string): boolean => relPath.endsWith(".md")

/** The skill's main document sits at the root. */
export const MAIN_DOC = "SKILL.md"

/**
 * The text the source hash is taken over: one line per file, sorted
 * bytewise by path, `<relative path>\0<sha256 hex of the file>\n`. A NUL
 * cannot occur in a path, so no two lists produce the same text.
 */
export const sourceHashInput = (pairs: ReadonlyArray<readonly [path: string, fileHash: string]>): string => {
  const sorted = [...pairs].sort((a, b) => compareBytewise(a[0], b[0]))
  let out = ""
  for (const [p, h] of sorted) out += `${p}\0${h}\n`
  return out
}
