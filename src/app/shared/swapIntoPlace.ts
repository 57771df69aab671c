/**
 * Replacing a directory entry so that a failure at any step leaves what was
 * there: the new entry is made under a hidden name beside it, and only a
 * finished one is renamed into its place.
 *
 * Used by `skc build <path>`: the imported copy goes into the store, the
 * copy it replaces kept aside until the build of the copy decides. Deployment
 * stages a first copy's manifest the same way (`besidePath`, then
 * `removeStaleBeside` for what a killed build left), never a SKILL.md.
 */
import { Clock, Effect, Random } from "effect"
import { Path } from "effect/Path"
import { FileSystem, type FsError, unseenAs } from "../../ports/FileSystem.js"

/**
 * The hidden name of an entry beside `name` (`.<name>.<tag>`), without the
 * name when that would pass the 255 bytes most file systems allow a name: a
 * valid skill name of 64 four-byte letters is 256 bytes already.
 */
const besideName = (name: string, tag: string): string => {
  const full = `.${name}.${tag}`
  return Buffer.byteLength(full, "utf8") <= 255 ? full : `.${tag}`
}

/** How old a hidden entry must be to count as one a killed run left behind (a live one lives minutes at most). */
const STALE_BESIDE_MS = 60 * 60_000

/**
 * The hidden entries a killed run left beside `name` in `dir` (`.<name>.<tag>-*`
 * for each tag), removed once an hour old: a run killed again and again
 * must not add a whole copy each time.
 */
export const removeStaleBeside = Effect.fnUntraced(function* (dir: string, name: string, tags: ReadonlyArray<string>, staleMs: number = STALE_BESIDE_MS) {
  const fs = yield* FileSystem
  const path = yield* Path
  const now = yield* Clock.currentTimeMillis
  const prefixes = tags.map((tag) => besideName(name, `${tag}-`))
  for (const e of yield* fs.readDir(dir).pipe(unseenAs([]))) {
    if (!prefixes.some((p) => e.name.startsWith(p))) continue
    const at = path.join(dir, e.name)
    const info = yield* fs.lstatOption(at).pipe(unseenAs(undefined))
    if (info !== undefined && now - info.mtimeMs > staleMs) yield* fs.remove(at, { recursive: info.type === "directory" }).pipe(Effect.ignore)
  }
})

/** A fresh hidden path beside `dest` for `tag`: `.<name>.<tag>-<random>`. */
export const besidePath = Effect.fnUntraced(function* (dest: string, tag: string) {
  const path = yield* Path
  const suffix = (yield* Random.nextIntBetween(0, 0xffffff)).toString(16)
  return path.join(path.dirname(dest), besideName(path.basename(dest), `${tag}-${suffix}`))
})

/**
 * Puts what `make` writes at `dest`, leaving `dest` as it was when any
 * step fails. `make` writes a hidden entry beside `dest` (`besidePath(dest,
 * tag)`), removed again when it fails. Then what is at `dest` is renamed
 * aside and the new entry renamed into its place; if that last rename
 * fails, the old entry is put back and the new one removed. Never in an
 * agent's skills directory: agents that list hidden directories (OpenCode)
 * would list an entry a kill left there as a second copy of the skill.
 *
 * Returns `make`'s value and where the old entry went (undefined when
 * nothing was there), for the caller to remove once it is sure, or to put
 * back (`skc build <path>` keeps it until the build of the copy decides).
 */
export const swapIntoPlace = Effect.fnUntraced(function* <A, E, R>(dest: string, tag: string, make: (staging: string) => Effect.Effect<A, E, R>) {
    const fs = yield* FileSystem
    const staging = yield* besidePath(dest, tag)
    const dropStaging = fs.remove(staging, { recursive: true }).pipe(Effect.ignore)
    const made = yield* make(staging).pipe(Effect.tapError(() => dropStaging))
    const aside = yield* besidePath(dest, "old")
    const moved = yield* fs.rename(dest, aside).pipe(
      Effect.as(true),
      // Nothing there (any more): another run moved it meanwhile.
      Effect.catchIf((e: FsError) => e.code === "ENOENT", () => Effect.succeed(false)),
      Effect.tapError(() => dropStaging)
    )
    yield* fs.rename(staging, dest).pipe(
      Effect.tapError(() => Effect.andThen(moved ? fs.rename(aside, dest).pipe(Effect.ignore) : Effect.void, dropStaging))
    )
    return { made, aside: moved ? aside : undefined }
})
