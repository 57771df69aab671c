/**
 * Line splitting shared by every markdown consumer (outline, show, index, lint),
 * so that a 1-based line number means the same line everywhere.
 *
 * Line endings are the CommonMark ones: `\n`, `\r\n` and a lone `\r`. remark
 * (micromark) treats a lone `\r` as a line ending too; splitting the same way
 * keeps the fast scanner and the AST path on the same line numbers.
 *
 * A final line ending terminates the last line rather than opening an empty
 * one: `"a\nb\n"` and `"a\nb"` both have two lines, `""` has none.
 */

const BOM = 0xfeff
const LINE_ENDING = /\r\n?|\n/

/** Drops a leading UTF-8 byte order mark (decoded as U+FEFF). */
export const stripBom = (source: string): string =>
  source.charCodeAt(0) === BOM ? source.slice(1) : source

/**
 * The text with every line ending (`\r\n`, a lone `\r`) written `\n` and no
 * byte order mark: what `show` and `load` give of a file, so a skill saved
 * on Windows reads, and counts, as the same text saved anywhere else.
 */
export const lfText = (source: string): string => {
  const text = stripBom(source)
  return text.indexOf("\r") === -1 ? text : text.replace(/\r\n?/g, "\n")
}

export const splitLines = (source: string): ReadonlyArray<string> => {
  const text = stripBom(source)
  if (text.length === 0) return []
  // String#split with a literal is a native loop; files without any `\r`
  // (the common case) avoid the regex engine entirely.
  const lines = text.indexOf("\r") === -1 ? text.split("\n") : text.split(LINE_ENDING)
  if (lines[lines.length - 1] === "") lines.pop()
  return lines
}
