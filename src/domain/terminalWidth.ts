/**
 * How many columns a terminal gives a text, for text tables that stay
 * aligned (`skc stats`, and every table of src/render/table.ts: `skc list`
 * padded a CJK skill name by its characters, and its row sat two columns
 * right of the others). Claude Code's own count of its listing's width is
 * another function (src/domain/agents/claudeListing.ts `displayWidth`),
 * matched to what Claude Code does rather than to a terminal.
 */
/**
 * Characters a terminal draws two columns wide: emoji shown as emoji (✅, ❌, 🚀: the published xlsx skill's
 * headings start with them) and East Asian wide and fullwidth ones (CJK, Hangul, fullwidth forms).
 */
const WIDE =
  /[\p{Emoji_Presentation}\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\ua960-\ua97f\uac00-\ud7a3\uf900-\ufaff\ufe10-\ufe19\ufe30-\ufe6f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}]/u
/** Characters that take no column: combining marks (variation selectors included) and zero-width ones. */
const ZERO_WIDTH = /[\p{M}\u200b-\u200f\u2060-\u2064\ufeff]/u
/** The columns a terminal gives `s` (RFC-0003:C-CLI: text "suitable for terminal display"), so tables stay aligned. */
export const terminalWidth = (s: string): number => {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7e]*$/.test(s)) return s.length
  let w = 0
  for (const ch of s) w += ZERO_WIDTH.test(ch) ? 0 : WIDE.test(ch) ? 2 : 1
  return w
}
