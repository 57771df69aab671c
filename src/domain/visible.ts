/**
 * Untrusted text made safe for a terminal (issue 29 item 5). Headings,
 * logged queries, descriptions, file paths and names come from skills skc
 * did not write (foreign skills, agents' search queries): an ESC or OSC
 * sequence in one would reach the user's terminal (retitle it, move the
 * cursor, hide lines), and a newline would break a table's rows.
 *
 * The scheme, one for every text view: each C0 control character
 * (U+0000–U+001F), DEL (U+007F) and C1 control character (U+0080–U+009F)
 * is shown as a backslash escape — `\n`, `\r`, `\t` for those three, `\xHH`
 * (two lowercase hex digits) for the others: ESC is `\x1b`, BEL `\x07`, NUL
 * `\x00`, CSI `\x9b`. Nothing else changes: a backslash stays a backslash,
 * so text without control characters (every normal output) is byte for
 * byte what it was. The escaped form is for reading, not for parsing back;
 * the JSON output carries every string exactly.
 *
 * `visible` is for a string that is one cell or one line. `visibleBody` is
 * for a skill's own multi-line text (`show`, `load`): its line breaks
 * (`\n`, `\r\n`) and tabs are the text's layout and stay; every other
 * control character is escaped as above.
 *
 * In one cell or line, the bidirectional embedding, override and isolate
 * characters (U+202A–U+202E, U+2066–U+2069) are escaped too, as `\u202e`:
 * a name, heading or query holding U+202E (right-to-left override) showed
 * the rest of skc's own line reversed ("Trojan Source"), so a message could
 * read as naming another skill or file. A skill's body keeps them: there
 * they are right-to-left writing's own marks, and the line is the skill's.
 */

// eslint-disable-next-line no-control-regex
const CONTROL_IN_BODY = /\r(?!\n)|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g
// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/
// eslint-disable-next-line no-control-regex
const CONTROL_OR_BIDI = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g
// eslint-disable-next-line no-control-regex
const ANY_CONTROL_OR_BIDI = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

const NAMED: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" }

const escapeOne = (c: string): string => {
  const code = c.charCodeAt(0)
  return NAMED[c] ?? (code > 0xff ? `\\u${code.toString(16)}` : `\\x${code.toString(16).padStart(2, "0")}`)
}

/** One cell or line: every control character and bidirectional override escaped (see the module comment). */
export const visible = (s: string): string => (ANY_CONTROL_OR_BIDI.test(s) ? s.replace(CONTROL_OR_BIDI, escapeOne) : s)

/** A skill's text: line breaks and tabs kept, every other control character escaped. */
export const visibleBody = (s: string): string => (ANY_CONTROL.test(s) ? s.replace(CONTROL_IN_BODY, escapeOne) : s)

// eslint-disable-next-line no-control-regex
const CONTROL_OR_BIDI_IN_MESSAGE = /\r(?!\n)|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

/**
 * skc's own message of several lines (an error and its hints, a warning) quoting untrusted text: its line
 * breaks and tabs kept, every other control character and bidirectional override escaped, as `visible`.
 */
export const visibleMessage = (s: string): string => (ANY_CONTROL_OR_BIDI.test(s) ? s.replace(CONTROL_OR_BIDI_IN_MESSAGE, escapeOne) : s)

/** Lines built by a text renderer, each made visible, then joined: a newline inside one cannot start another. */
export const visibleLines = (lines: ReadonlyArray<string>): string => lines.map(visible).join("\n")
