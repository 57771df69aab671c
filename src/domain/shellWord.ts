/** Text single-quoted as a POSIX shell reads it back, a quote inside written `'\''`. */
const singleQuoted = (s: string): string => `'${s.replaceAll("'", "'\\''")}'`

/**
 * A word of a command skc prints for the user or an agent to paste (a next step, a hint): as a POSIX
 * shell reads it back, single-quoted when it holds anything but plain characters (a heading with
 * spaces, a quote, a `#`).
 */
export const shellWord = (s: string): string => (/^[\w@%+=:,./-]+$/.test(s) ? s : singleQuoted(s))

/** A path as `shellWord` quotes it, a leading `~/` (a path shown from the home directory) left for the shell to expand. */
export const shellPath = (p: string): string => (p.startsWith("~/") ? `~/${shellWord(p.slice(2))}` : shellWord(p))

/** A path a message quotes, always single-quoted and paste-safe (`'it'\''s/x'`): a quote in it ended the quoting. */
export const quotedPath = singleQuoted
