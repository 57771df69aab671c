/**
 * Replacing a directory entry so that a failure at any step leaves what was
 * there: the new entry is made under a hidden name beside it, and only a
 * finished one is renamed into its place (a full disk mid-copy had left an
 * agent directory with a stub and no manifest, the working copy deleted,
 * and the next build refused the half-copy as "not a link made by skc").
 *
 * Used by `skc build <path>` (the imported copy, kept aside until the build
 * of the copy decides) and by deployment (links and copies in agent
 * directories).
 */
import { Clock, Effect, Random } from "effect"
import { Path } from "effect/Path"
import { FileSystem, type FsError, unseenAs } from "../../ports/FileSystem.js"

/**
 * The hidden name of an entry beside `name` (`.<name>.<tag>`), without the
 * name when that would pass the 255 bytes most file systems allow a name: a
 * valid skill name of 64 four-byte letters is 256 bytes already.
 */
export const besideName = (name: string, tag: string): string => {
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
export const removeStaleBeside = Effect.fnUntraced(function* (dir: string, name: string, tags: ReadonlyArray<string>) {
  const fs = yield* FileSystem
  const path = yield* Path
  const now = yield* Clock.currentTimeMillis
  const prefixes = tags.map((tag) => besideName(name, `${tag}-`))
  for (const e of yield* fs.readDir(dir).pipe(unseenAs([]))) {
    if (!prefixes.some((p) => e.name.startsWith(p))) continue
    const at = path.join(dir, e.name)
    const info = yield* fs.lstatOption(at).pipe(unseenAs(undefined))
    if (info !== undefined && now - info.mtimeMs > STALE_BESIDE_MS) yield* fs.remove(at, { recursive: info.type === "directory" }).pipe(Effect.ignore)
  }
})

/** A fresh hidden path beside `dest` for `tag`: `.<name>.<tag>-<random>`. */
export const besidePath = Effect.fnUntraced(function* (dest: string, tag: string) {
  const path = yield* Path
  const suffix = (yield* Random.nextIntBetween(0, 0xffffff)).toString(16)
  return path.join(path.dirname(dest), besideName(path.basename(dest), `${tag}-${suffix}`))
})

/** Codes of a rename onto an entry that is there (a directory, or another kind than the one renamed). */
const OCCUPIED: ReadonlySet<string> = new Set(["EEXIST", "ENOTEMPTY", "EISDIR", "ENOTDIR", "EPERM"])

/**
 * Puts what `make` writes at `dest`, leaving `dest` as it was when any
 * step fails. `make` writes a hidden entry beside `dest` (`besidePath(dest,
 * tag)`), removed again when it fails. Then what is at `dest` is renamed
 * aside and the new entry renamed into its place; if that last rename
 * fails, the old entry is put back and the new one removed. A link
 * replacing a link (`replaceInOneStep`) is one rename, which replaces it
 * whole, with no moment where `dest` is missing.
 *
 * Returns `make`'s value and where the old entry went (undefined when
 * nothing was there), for the caller to remove once it is sure, or to put
 * back (`skc build <path>` keeps it until the build of the copy decides).
 */
export const swapIntoPlace = Effect.fnUntraced(function* <A, E, R>(
  dest: string,
  tag: string,
  make: (staging: string) => Effect.Effect<A, E, R>,
  options: { readonly replaceInOneStep?: boolean } = {}
) {
    const fs = yield* FileSystem
    const staging = yield* besidePath(dest, tag)
    const dropStaging = fs.remove(staging, { recursive: true }).pipe(Effect.ignore)
    const made = yield* make(staging).pipe(Effect.tapError(() => dropStaging))
    if (options.replaceInOneStep === true) {
      const done = yield* fs.rename(staging, dest).pipe(
        Effect.as(true),
        Effect.catchIf((e: FsError) => OCCUPIED.has(e.code), () => Effect.succeed(false)),
        Effect.tapError(() => dropStaging)
      )
      if (done) return { made, aside: undefined }
    }
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
