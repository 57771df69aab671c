/**
 * Where a damaged file is moved aside (issue 19): `<file>.corrupt-<timestamp>`,
 * kept, never deleted. Two in the same second (a log found corrupt again by
 * the next command) must not replace the first copy, which a rename would do
 * silently: the first free name of `<base>`, `<base>-2`, `<base>-3`, …
 */
import { Clock, Effect } from "effect"
import { formatTimestamp } from "../../domain/stats.js"
import { FOREIGN_WAL_SUFFIX } from "../../ports/AccessLog.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"

/** `<file>.corrupt-20261125T041200Z` for a time in ms. */
export const corruptName = (file: string, nowMs: number): string => `${file}.corrupt-${formatTimestamp(nowMs).replace(/[-:]/g, "")}`

/** Whether `name` is one `freeAsideName` gives `base`: `corruptName`'s, then `-2`… or a random suffix. */
export const isAsideNameOf = (base: string, name: string): boolean =>
  name.startsWith(`${base}.corrupt-`) && /^\d{8}T\d{6}Z(?:-[0-9a-f]+)?$/.test(name.slice(base.length + ".corrupt-".length))

/** Beyond this many copies in one second, a random suffix (a bound, never reached by a person). */
const MAX_NUMBERED = 100

/** The first name of `<file>.corrupt-<now>`, `…-2`, … that nothing is at (nor its `-wal`). */
export const freeAsideName = Effect.fnUntraced(function* (file: string) {
  const fs = yield* FileSystem
  const base = corruptName(file, yield* Clock.currentTimeMillis)
  const taken = (p: string) =>
    Effect.map(
      Effect.all([p, `${p}-wal`, `${p}${FOREIGN_WAL_SUFFIX}`].map((q) => fs.lstatOption(q).pipe(unseenAs(undefined)))),
      (found) => found.some((f) => f !== undefined)
    )
  for (let n = 1; n <= MAX_NUMBERED; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`
    if (!(yield* taken(candidate))) return candidate
  }
  return `${base}-${Math.random().toString(16).slice(2, 10)}`
})
