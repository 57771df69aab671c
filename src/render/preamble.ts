/**
 * Text above a file's first heading (src/domain/markdown/preamble.ts) as `outline` and `show` name it:
 * its lines, and the `open` that reads them, as the reader's surface calls it. Pure.
 */
import type { Preamble } from "../domain/markdown/preamble.js"
import { openStep, stepText, type StepStyle } from "../domain/nextStep.js"

/** `line 3` or `lines 1–5`. */
export const preambleSpan = (p: Preamble): string => (p.from_line === p.to_line ? `line ${p.from_line}` : `lines ${p.from_line}–${p.to_line}`)

/**
 * The `open` that shows the text: from the file's top to `to_line` when the text starts on line 1, else from
 * its first line. A SKILL.md's text starts below its frontmatter, which the reader has already (its name and
 * description); read from the top, the step sent it again (a probe as an agent: `max_lines=14` for lines 7–14).
 */
export const preambleRead = (skill: string, file: string, p: Preamble, style: StepStyle): string =>
  stepText(p.from_line <= 1 ? openStep(skill, file, p.to_line) : openStep(skill, file, p.to_line - p.from_line + 1, p.from_line), style)
