/**
 * One of an agent's own settings files (Claude Code's, Gemini CLI's), read
 * for what it changes in the agent's skill listing. A file that is missing
 * counts for nothing; one that cannot be read or is too large is reported
 * and ignored, never fatal.
 */
import { Effect } from "effect"
import { Warning } from "../../domain/errors.js"
import { Diagnostics } from "../../ports/Diagnostics.js"
import { readSmallFile } from "../shared/index.js"

/** A settings file larger than this is not read whole (the agents' are a few kilobytes). */
const SETTINGS_MAX_BYTES = 1024 * 1024

/** The file's text; undefined when it is missing, or (with a warning) not a readable file of at most 1 MiB. */
export const readSettingsFile = Effect.fnUntraced(function* (file: string) {
  const diagnostics = yield* Diagnostics
  const read = yield* readSmallFile(file, SETTINGS_MAX_BYTES)
  if (read._tag === "Missing") return undefined
  if (read._tag === "NotAFile" || read._tag === "TooLarge") {
    yield* diagnostics.warn(Warning.notice(`${file} is not a settings file skc reads (${read._tag === "NotAFile" ? "not a file" : "over 1 MiB"}); ignored`))
    return undefined
  }
  if (read._tag === "Unreadable") {
    yield* diagnostics.warn(Warning.notice(`cannot read ${file}: ${read.code}; ignored`))
    return undefined
  }
  return read.text
})
