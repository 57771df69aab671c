/**
 * A NUL byte makes a SKILL.md a binary file, not text (issue 29 item 5):
 * lint (which reads such a file as binary, as git and ripgrep do) and build
 * both refuse it with this same sentence, under SKL100 and E011.
 */

/** The 1-based line of the first NUL character of `source`, or undefined. */
export const nulLine = (source: string): number | undefined => {
  const at = source.indexOf("\0")
  if (at === -1) return undefined
  let line = 1
  for (let i = 0; i < at; i++) {
    const c = source.charCodeAt(i)
    if (c === 10 || (c === 13 && source.charCodeAt(i + 1) !== 10)) line++
  }
  return line
}

const PREFIX = "SKILL.md holds a NUL byte"
const UTF16 = "SKILL.md is UTF-16 text, not UTF-8"

/**
 * Text saved as UTF-16 (Windows PowerShell 5.1's `>` and `Out-File`, Notepad's "Unicode") read as
 * UTF-8: its byte order mark decodes to two replacement characters and each ASCII letter comes with a
 * NUL byte. "a binary file" sent its author looking for the wrong fault.
 */
export const looksUtf16 = (source: string): boolean =>
  // eslint-disable-next-line no-control-regex
  (source.startsWith("\uFFFD\uFFFD") && source.includes("\0")) || /^(?:[\x01-\x7f]\0){2}|^(?:\0[\x01-\x7f]){2}/.test(source)

export const utf16Message = `${UTF16} (Windows PowerShell 5.1's '>' and Out-File write it): save it as UTF-8`

/** `source`: the text, to tell UTF-16 text from a binary file. */
export const nulMessage = (line: number, source?: string): string =>
  source !== undefined && looksUtf16(source) ? utf16Message : `${PREFIX} (line ${line}): it is a binary file, not text`

export const isNulMessage = (message: string): boolean => message.startsWith(PREFIX) || message.startsWith(UTF16)
