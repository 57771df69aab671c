/**
 * Access logs moved aside as damaged (logRepair.ts), which `skc stats` does
 * not count. The warning that a log was moved aside goes to the one
 * process that met the damage — usually an agent, whose stderr the author
 * never reads — so the author's next `stats` showed a fresh count (1 where
 * the day before said 354) with no word of the file beside it that holds the
 * rest. `stats` now says so each time, until the author removes the files.
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { isAsideNameOf } from "../shared/index.js"
import { logDbIn } from "./accessLog.js"

/** The damaged logs kept in a runtime directory's `.skillc-meta`: their names, oldest first. */
export const asideLogs = Effect.fnUntraced(function* (runtimeDir: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const log = logDbIn(runtimeDir, path)
  const meta = path.dirname(log)
  // Recovery: a directory that cannot be listed has no note to give; the counts stand.
  const entries = yield* fs.readDir(meta).pipe(unseenAs([]), Effect.orElseSucceed(() => []))
  const names = new Set(entries.map((e) => e.name))
  const base = path.basename(log)
  // A -wal moved aside alone (its log moved or deleted without it, logRepair.ts) holds rows too: named as itself.
  // One beside its own database is part of that copy, named once by it.
  return [...names]
    .filter((n) => isAsideNameOf(base, n) || (n.endsWith("-wal") && isAsideNameOf(base, n.slice(0, -4)) && !names.has(n.slice(0, -4))))
    .sort()
    .map((n) => path.join(meta, n))
})

/** The note `stats` prints for them. */
export const asideNote = (files: ReadonlyArray<string>): string =>
  `${files.length === 1 ? "a damaged access log was" : `${files.length} damaged access logs were`} moved aside (${files.at(-1)}${files.length > 1 ? ", the newest" : ""}): ` +
  `the rows ${files.length === 1 ? "it holds are" : "they hold are"} not in these figures; remove ${files.length === 1 ? "it" : "them"} once recovered or not needed`
