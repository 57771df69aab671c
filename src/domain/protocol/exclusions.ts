/**
 * What a description says its skill is *not* for, as an agent reads it
 * ("Do NOT use for PDFs, spreadsheets or Google Docs.", "Not for git
 * commits.", "(not theatre productions)"): the match judge (`bm25.ts`) sets
 * those words aside instead of counting them as the skill's subject.
 * Counting them made every "not for" clause evidence *for* the skill: the
 * published xlsx skill's "Do NOT trigger when … Google Sheets API
 * integration" fired it for "build a Google Sheets API integration", and
 * an author who followed docs/eval.md ("say what it is not for") made a
 * false fire stronger ("roll back my git commit": 5.4 → 10.4). Pure.
 *
 * A clause is set aside from its opening words to the end of its sentence
 * (`.`, `;`, `!` or `?` before white space, or a line break) or to a "but"
 * that turns back to what the skill is for ("Not for git commits, but ideal
 * for rolling back schema changes": the words after it are the skill's), or
 * a whole parenthesis that opens with "not", "except" or "excluding".
 * Nothing else is read as negative: "not only", "cannot" and "no" keep their
 * words. A clause never runs past the text it is given: the judge blanks the
 * description and the field listed after it (`when_to_use`) apart, so an
 * unended "Not for …" no longer took the whole `when_to_use` with it.
 */

/** The openings of a clause that says what the skill is not for. */
const OPENINGS = [
  // "Do not use for …", "Don't trigger when …", "Never invoke it for …", "do NOT activate …"
  String.raw`\b(?:do\s+not|don['’]?t|never)\s+(?:use|trigger|invoke|activate|load|apply|select|call|choose)\b`,
  // "Not for …", "not intended for …", "Not meant to be used for …", "not suitable for …"
  String.raw`\bnot\s+(?:intended\s+|meant\s+|designed\s+|suitable\s+|to\s+be\s+used\s+|used\s+)?(?:for|to\s+be\s+used)\b`,
  // "should not be used for …", "must not be used …", "shouldn't be used …"
  String.raw`\b(?:should|must)(?:\s+not|n['’]t)\s+be\s+(?:used|triggered|invoked)\b`
]

const CLAUSE = new RegExp(`(?:${OPENINGS.join("|")})[^\\n]*?(?:[.;!?](?=\\s|$)|(?=,?\\s+but\\s)|(?=\\n)|$)`, "giu")
const PARENTHESIS = /\((?:\s*(?:not|except|excluding)\b)[^()\n]*\)/giu

/**
 * `text` with every clause that says what the skill is not for blanked out by spaces, so that offsets into
 * the text (where a description ends and the field listed after it begins) still hold.
 */
export const withoutExclusions = (text: string): string => {
  if (!/\bnot\b|n['’]t\b|\bnever\b|\bexc(?:ept|luding)\b/iu.test(text)) return text
  const blank = (m: string) => " ".repeat(m.length)
  return text.replace(PARENTHESIS, blank).replace(CLAUSE, blank)
}
