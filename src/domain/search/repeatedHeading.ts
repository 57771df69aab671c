/**
 * A search result whose heading another section of its skill also has. `show` given that heading alone
 * reads the first of them (warning W001, naming the others), so an agent that read the hit
 * `examples/incident-reports.md#Structure` with `section="Structure"` got the newsletter's "Structure" and
 * had to ask again. Such a result names the `show` of its own section: with its file, and with its line
 * too when its own file repeats the heading. Every other result keeps its plain `line N`.
 */
import { asciiLower } from "../ascii.js"
import { showStep, stepText, type StepStyle } from "../nextStep.js"

/** How a repeated heading's section is told apart: its file alone, or its file and line (the file repeats it too). */
export type RepeatedRead = "file" | "line"

/** A result's key among the repeated ones: its skill (across skills; "" in one skill's answer), file and heading, ASCII case folded as `show` matches it. */
export const headingKey = (skill: string | undefined, file: string, section: string): string => `${skill ?? ""}\u0000${file}\u0000${asciiLower(section)}`

/** What a repeated heading's result adds after its `line N`. */
export const repeatedHeadingRead = (
  skill: string,
  r: { readonly file: string; readonly section: string; readonly line: number },
  by: RepeatedRead,
  style: StepStyle
): string => `more than one section is named '${r.section}'; read this one with: ${stepText(showStep(skill, r.section, r.file, by === "line" ? r.line : undefined), style)}`
