/**
 * Skill activations from Claude Code's telemetry into the access log
 * (issue 49 item 4): `POST /v1/logs` of `skc mcp --http` and `skc stats
 * --import-otel <file>`.
 *
 * An activation is an access-log row of the activated skill (its own
 * `logs.db`, the same place as its reads, so `skc sync` pushes it and
 * `stats --from` sees it): `command` `activate`, the event's time, and
 * `args` `{"trigger", "session", "user", "via": "otel"}` — `trigger` the
 * event's `invocation_trigger`, `session` Claude Code's `session.id`, `user`
 * its `user.email` (else `user.id`). The RFC columns are unchanged
 * (DECISIONS #40: additive). `activate` is not an agent read (DECISIONS
 * #45's read commands): no read count moves; `stats --group-by funnel`
 * counts activations beside reads.
 *
 * A skill name that does not resolve from the project is not recorded
 * (there is no log to put it in, as for any access, RFC-0007:C-LOGGING): it
 * is counted and named in the answer.
 */
import { Effect, Schema } from "effect"
import { activationsOfOtlpFile, type Activation, type OtelActivations } from "../../domain/otel.js"
import { InvalidOption } from "../../domain/errors.js"
import { FileSystem, type FsError } from "../../ports/FileSystem.js"
import { resolveSkill } from "../skills/index.js"
import { CallerRole, recordAccesses, type AccessEntry } from "./accessLog.js"
import { Settings } from "../shared/index.js"
import { Path } from "effect/Path"

export const ActivationImport = Schema.Struct({
  /** Activations written to a skill's log. */
  recorded: Schema.Int,
  /** Per skill recorded. */
  skills: Schema.Record(Schema.String, Schema.Int),
  /** Activated skills that do not resolve here (not recorded), with their counts. */
  unknown_skills: Schema.Record(Schema.String, Schema.Int),
  /** Other events of the export. */
  ignored: Schema.Int,
  /** Activation records without a skill name or a time, and lines that are not JSON. */
  rejected: Schema.Int
})
export type ActivationImport = typeof ActivationImport.Type

/** Record parsed activations; never fails on a row (logging problems are W002, as for any access). */
export const recordActivations = Effect.fn("skc.recordActivations")(function* (parsed: OtelActivations) {
  const entries: Array<AccessEntry> = []
  const skills: Record<string, number> = {}
  const unknown: Record<string, number> = {}
  // One resolution per distinct skill name.
  const resolved = new Map<string, Effect.Success<ReturnType<typeof resolveSkill>> | undefined>()
  for (const a of parsed.activations) {
    if (!resolved.has(a.skill)) {
      // Recovery: a skill that does not resolve here has no log; it is named in `unknown_skills`.
      resolved.set(a.skill, yield* resolveSkill(a.skill).pipe(Effect.orElseSucceed(() => undefined)))
    }
    const skill = resolved.get(a.skill)
    if (skill === undefined) {
      unknown[a.skill] = (unknown[a.skill] ?? 0) + 1
      continue
    }
    skills[skill.name] = (skills[skill.name] ?? 0) + 1
    entries.push({ command: "activate", skill, args: activationArgs(a), error: null, at: a.at })
  }
  // The rows are the telemetry's, not the caller's: no role, token or client of whoever imports them is merged in.
  yield* recordAccesses(entries).pipe(Effect.provideService(CallerRole, { role: undefined }))
  const result: ActivationImport = {
    recorded: entries.length,
    skills,
    unknown_skills: unknown,
    ignored: parsed.ignored,
    rejected: parsed.rejected
  }
  return result
})

const activationArgs = (a: Activation) => ({ trigger: a.trigger, session: a.session, user: a.user, via: "otel" })

/** `skc stats --import-otel <file>`: an OTLP/JSON export, one document or JSON Lines. */
export const importOtelFile = Effect.fn("skc.importOtelFile")(function* (file: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const { stores } = yield* Settings
  const text = yield* fs.readFileString(path.resolve(stores.cwd, file)).pipe(
    Effect.mapError((e: FsError) => new InvalidOption({ message: `--import-otel: cannot read '${file}': ${e.message}` }))
  )
  const parsed = activationsOfOtlpFile(text)
  // Not one line of it is JSON (a log of another format, a binary file): an error, where it was exit 0
  // with "Rejected 1 record", read by a script as a successful import.
  if (parsed.badLines > 0 && parsed.activations.length === 0 && parsed.ignored === 0 && parsed.rejected === 0) {
    return yield* Effect.fail(
      new InvalidOption({ message: `--import-otel: '${file}' is not an OTLP/JSON logs export: no line of it is JSON (one export document, or one per line)` })
    )
  }
  const result = yield* recordActivations(parsed)
  return { ...result, rejected: result.rejected + parsed.badLines }
})
