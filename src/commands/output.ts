/**
 * Writing a command's output on stdout, for the runner and the handlers
 * that emit more than one format, and the lines a command writes on stderr
 * beside it (DECISIONS #39: a skill's failure in a multi-skill run). Text ends with exactly one newline unless
 * empty; JSON is indented by two spaces.
 */
import { Effect } from "effect"

export const printText = (text: string) =>
  Effect.sync(() => {
    if (text.length > 0) process.stdout.write(text.endsWith("\n") ? text : text + "\n")
  })

export const jsonText = (value: unknown) => JSON.stringify(value, null, 2) + "\n"

export const printJson = (value: unknown) => printText(jsonText(value))

/** One line on stderr (a newline is added unless it ends with one). */
export const printStderr = (line: string) => Effect.sync(() => void process.stderr.write(line.endsWith("\n") ? line : line + "\n"))
