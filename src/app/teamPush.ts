/**
 * `skc sync --to <postgres-url>` (issue 18, RFC-0007:C-SYNC): push every
 * local access-log row of the skills that resolve here (or of one skill) to
 * the team store, tagged with this machine's and user's hashes.
 *
 * - Local-first (RFC-0000): the local logs are only read, never changed.
 * - Idempotent and resumable: each row's id is derived from its content
 *   (`src/domain/teamRows.ts`); the store keeps what it already holds, and
 *   each batch commits on its own, so a rerun after a failure sends the rest.
 * - A skill without a log has nothing to push; a log that cannot be read is
 *   an error naming it (nothing is half-read).
 */
import { Effect } from "effect"
import { Path } from "@effect/platform/Path"
import { InternalError } from "../domain/errors.js"
import { identityHash, teamRowConverter } from "../domain/teamRows.js"
import { AccessLog } from "../ports/AccessLog.js"
import { FileSystem } from "../ports/FileSystem.js"
import { Hasher } from "../ports/Hasher.js"
import { TeamLogStore, type PushOptions } from "../ports/TeamLogStore.js"
import { logDbIn } from "./accessLog.js"
import { resolveSkill, type ResolvedSkill } from "./resolve.js"
import { skillsInScope } from "./skillsInScope.js"

/** Rows converted and handed to the store at once (the store batches them further). */
const SLICE = 5000

export interface TeamPushInput {
  readonly skill?: string
  /** Where the rows go, as shown to people (never with a password). */
  readonly to: string
  /** The host and user names; only their hashes leave this machine. */
  readonly host: string
  readonly user: string
  readonly onBatch?: PushOptions["onBatch"]
}

export interface TeamPushResult {
  readonly to: string
  readonly machine: string
  readonly user: string
  readonly skills: ReadonlyArray<{ readonly skill: string; readonly rows: number; readonly added: number }>
  /** Local rows read, and how many of them the store did not hold yet. */
  readonly rows: number
  readonly added: number
}

export const teamPush = (input: TeamPushInput) =>
  Effect.gen(function* () {
    const log = yield* AccessLog
    const store = yield* TeamLogStore
    const fs = yield* FileSystem
    const path = yield* Path
    const { sha256Hex } = yield* Hasher
    const hash = (s: string) => sha256Hex(s)
    const who = { machine: identityHash(hash, "machine", input.host), user: identityHash(hash, "user", input.user) }
    const skills: ReadonlyArray<ResolvedSkill> = input.skill === undefined ? yield* skillsInScope : [yield* resolveSkill(input.skill)]
    const pushed: Array<TeamPushResult["skills"][number]> = []
    for (const skill of skills) {
      const dbFile = logDbIn(skill.runtimeDir, path)
      const exists = yield* fs.statOption(dbFile).pipe(Effect.orElseSucceed(() => undefined))
      if (exists?.type !== "file") continue
      const local = yield* log.readAll(dbFile)
      // Converted and sent slice by slice: only one slice of team rows exists at a time.
      const convert = teamRowConverter(hash, who)
      let added = 0
      for (let i = 0; i < local.length; i += SLICE) {
        const offset = i
        const onBatch = input.onBatch
        added += yield* store.push(
          convert(local.slice(i, i + SLICE)),
          onBatch === undefined ? undefined : { onBatch: (sent) => onBatch(offset + sent, local.length) }
        )
      }
      pushed.push({ skill: skill.name, rows: local.length, added })
    }
    const result: TeamPushResult = {
      to: input.to,
      ...who,
      skills: pushed,
      rows: pushed.reduce((n, s) => n + s.rows, 0),
      added: pushed.reduce((n, s) => n + s.added, 0)
    }
    return result
  }).pipe(
    Effect.catchTag("LogStoreError", (e) =>
      Effect.fail(new InternalError({ message: `cannot push to ${input.to}: ${e.op} ${e.path}: ${e.code}: ${e.message}`, cause: e }))
    )
  )
