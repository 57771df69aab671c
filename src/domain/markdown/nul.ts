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

export const nulMessage = (line: number): string => `${PREFIX} (line ${line}): it is a binary file, not text`

export const isNulMessage = (message: string): boolean => message.startsWith(PREFIX)
