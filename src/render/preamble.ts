/**
 * Text above a file's first heading (src/domain/markdown/preamble.ts) as `outline` and `show` name it:
 * its lines, and the `open` that reads them, as the reader's surface calls it. Pure.
 */
import type { Preamble } from "../domain/markdown/preamble.js"
import { openStep, stepText, type StepStyle } from "../domain/nextStep.js"

/** `line 3` or `lines 1–5`. */
export const preambleSpan = (p: Preamble): string => (p.from_line === p.to_line ? `line ${p.from_line}` : `lines ${p.from_line}–${p.to_line}`)

/** The `open` of the file that shows the text (it runs from the file's top to `to_line`). */
export const preambleRead = (skill: string, file: string, p: Preamble, style: StepStyle): string => stepText(openStep(skill, file, p.to_line), style)
