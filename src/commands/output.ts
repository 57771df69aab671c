/**
 * Writing a command's output, for the runner and the handlers that emit
 * more than one format, and the lines a command writes on stderr beside it
 * (DECISIONS #39: a skill's failure in a multi-skill run): Effects over the
 * Output port (src/ports/Output.ts; issue 44 item 6), never `process`
 * itself. Text ends with exactly one newline unless empty; JSON is
 * indented by two spaces.
 */
import { Effect } from "effect"
import { Output } from "../ports/Output.js"

export const printText = (text: string) =>
  text.length === 0 ? Effect.void : Effect.flatMap(Effect.service(Output), (o) => o.stdout(text.endsWith("\n") ? text : text + "\n"))

/** Text on stdout exactly as given (no newline added): a tool's own output. */
export const printRaw = (text: string) => (text.length === 0 ? Effect.void : Effect.flatMap(Effect.service(Output), (o) => o.stdout(text)))

/** Bytes on stdout exactly as given, resuming once they are written. */
export const printBytes = (bytes: Uint8Array) => Effect.flatMap(Effect.service(Output), (o) => o.stdoutBytes(bytes))

export const jsonText = (value: unknown) => JSON.stringify(value, null, 2) + "\n"

export const printJson = (value: unknown) => printText(jsonText(value))

/** One line on stderr (a newline is added unless it ends with one). */
export const printStderr = (line: string) => Effect.flatMap(Effect.service(Output), (o) => o.stderrLine(line))
