/**
 * Claude Code's skill listing as its client builds it (checked against
 * Claude Code 2.1.332 run offline against a recording API server; the
 * recorded listings are test/fixtures/claude-listing/). Pure.
 *
 * - **Line.** `- <label>: <text>`, the lines joined by newlines. The label is
 *   the skill's directory name, the command people type; when the
 *   frontmatter `name` differs it follows in brackets (`- dir (name): …`).
 *   The text is `description`, then ` - ` and `when_to_use` when set, on one
 *   line (`claudeOneLine`).
 * - **Cut.** A text longer than the per-entry cap (1,536 by default, counted
 *   in UTF-16 units as JavaScript's `length`) keeps its first cap − 1 units
 *   and ends with `…`.
 * - **Budget.** The listing fits when the display width of its lines (a wide
 *   East Asian character counts 2) plus one per newline between them is
 *   within the budget. Past it, every skill starts from its bare line
 *   (`- <label>`); then, in listing order (Claude Code ranks by use first; a
 *   new session has none), each skill whose text still fits in what is left
 *   gets it back. A long entry early in the order does not take the room of
 *   the shorter ones after it: they are still tried.
 * - **Settings.** `skillOverrides: name-only` lists a skill as `- <label>`
 *   always; `off` and `user-invocable-only` leave it out
 *   (src/domain/agents/claudeSettings.ts).
 */

/** A skill as Claude Code lists it, in its order. */
export interface ClaudeSkill {
  /** The directory name (the command), with ` (name)` when the frontmatter name differs. */
  readonly label: string
  /** `description`, then ` - ` and `when_to_use`. */
  readonly text: string
  /** Always `- <label>` alone (`skillOverrides: name-only` in Claude Code's settings). */
  readonly nameOnly?: boolean
}

export interface ClaudeLine {
  readonly skill: ClaudeSkill
  /** The text after the per-entry cut. */
  readonly shown: string
  readonly cut: boolean
  /** `full`: listed with its text; `name-only`: past the budget, `- <label>` alone. */
  readonly state: "full" | "name-only"
  /** The line as listed. */
  readonly line: string
  /** Display width of the full line and of the bare one. */
  readonly fullWidth: number
  readonly bareWidth: number
}

/**
 * A text on one line as Claude Code lists it: trimmed, each run of line
 * breaks and tabs one space (a block-scalar description's lines, its blank
 * lines included); runs of spaces are kept.
 */
export const claudeOneLine = (text: string): string => text.trim().replace(/[\t\r\n]+/g, " ")

/**
 * The text Claude Code lists for a skill whose joined text is `text`: cut at
 * `cap` UTF-16 units, the last one an ellipsis. `null`: no cap.
 */
export const claudeCut = (text: string, cap: number | null): string => (cap === null || text.length <= cap ? text : `${text.slice(0, Math.max(0, cap - 1))}…`)

/** Code points a terminal shows two columns wide (East Asian Wide and Fullwidth, and emoji). */
const isWide = (cp: number): boolean =>
  (cp >= 0x1100 && cp <= 0x115f) ||
  (cp >= 0x2e80 && cp <= 0x303e) ||
  (cp >= 0x3041 && cp <= 0x33ff) ||
  (cp >= 0x3400 && cp <= 0x4dbf) ||
  (cp >= 0x4e00 && cp <= 0x9fff) ||
  (cp >= 0xa000 && cp <= 0xa4cf) ||
  (cp >= 0xa960 && cp <= 0xa97f) ||
  (cp >= 0xac00 && cp <= 0xd7a3) ||
  (cp >= 0xf900 && cp <= 0xfaff) ||
  (cp >= 0xfe10 && cp <= 0xfe19) ||
  (cp >= 0xfe30 && cp <= 0xfe6f) ||
  (cp >= 0xff00 && cp <= 0xff60) ||
  (cp >= 0xffe0 && cp <= 0xffe6) ||
  (cp >= 0x1f300 && cp <= 0x1f64f) ||
  (cp >= 0x1f900 && cp <= 0x1f9ff) ||
  (cp >= 0x20000 && cp <= 0x3fffd)

/** Code points that take no column: combining marks, zero-width characters, controls. */
const ZERO_WIDTH = /[\p{M}\u200b-\u200f\u2060-\u2064\ufeff\p{Cc}]/u

/**
 * The width Claude Code counts a line at: its columns in a terminal. ASCII
 * costs one per character (the fast path); a wide East Asian character two.
 */
export const displayWidth = (s: string): number => {
  // eslint-disable-next-line no-control-regex
  if (/^[\x20-\x7e]*$/.test(s)) return s.length
  let width = 0
  for (const ch of s) {
    const cp = ch.codePointAt(0)!
    if (ZERO_WIDTH.test(ch)) continue
    width += isWide(cp) ? 2 : 1
  }
  return width
}

/**
 * The listing of `skills` (in Claude Code's order) within `budget` display
 * columns (null: no budget), each text cut at `cap`.
 */
export const claudeListing = (skills: ReadonlyArray<ClaudeSkill>, budget: number | null, cap: number | null): ReadonlyArray<ClaudeLine> => {
  const lines = skills.map((skill) => {
    const shown = claudeCut(skill.text, cap)
    const bare = `- ${skill.label}`
    const full = skill.nameOnly === true ? bare : `${bare}: ${shown}`
    // A skill the settings list by name only shows no text, so none of it is cut.
    return { skill, shown, cut: skill.nameOnly !== true && shown !== skill.text, bare, full, fullWidth: displayWidth(full), bareWidth: displayWidth(bare) }
  })
  const newlines = Math.max(0, lines.length - 1)
  const whole = lines.reduce((n, l) => n + l.fullWidth, 0) + newlines
  const fits = budget === null || whole <= budget
  let room = fits ? 0 : budget! - (lines.reduce((n, l) => n + l.bareWidth, 0) + newlines)
  return lines.map((l): ClaudeLine => {
    let full = fits
    if (!fits) {
      const extra = l.fullWidth - l.bareWidth
      if (extra <= room) {
        room -= extra
        full = true
      }
    }
    const state = full && l.skill.nameOnly !== true ? "full" : "name-only"
    return { skill: l.skill, shown: l.shown, cut: l.cut, state, line: full ? l.full : l.bare, fullWidth: l.fullWidth, bareWidth: l.bareWidth }
  })
}
