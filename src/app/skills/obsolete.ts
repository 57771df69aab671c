/**
 * Build state of a skill as `list` sees it (RFC-0007:C-LIST, DECISIONS #1):
 * the manifest at `<runtime>/.skillc-meta/manifest.json` and, for
 * `--check-obsolete`, the hash of the current sources (RFC-0001:C-MANIFEST).
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { MANIFEST_FILE, META_DIR, parseManifest } from "../../domain/manifest.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { currentSourceHash, type FileHashCache } from "../shared/index.js"

export const manifestPath = (runtimeDir: string) =>
  Effect.map(Effect.service(Path), (path) => path.join(runtimeDir, META_DIR, MANIFEST_FILE))

/**
 * The manifest's `source_hash`, or `undefined` when there is no usable
 * manifest (missing, unreadable, not a manifest): such a skill is
 * `not-built`. Never fails.
 */
export const readManifestSourceHash = Effect.fnUntraced(function* (file: Effect.Effect<string, never, Path>) {
  const fs = yield* FileSystem
  const text = yield* fs.readFileString(yield* file).pipe(unseenAs(undefined))
  return text === undefined ? undefined : parseManifest(text)?.source_hash
})

/**
 * Per-process memory of file hashes, keyed by skill source directory: a
 * long-lived MCP server asked `check_obsolete` repeatedly re-reads only the
 * files whose size or mtime moved (the cache's own racy-window rule keeps it
 * exact). A CLI process starts empty, which is the same as no cache.
 */
const hashCaches = new Map<string, FileHashCache>()

/** The current source hash, or `undefined` when the sources cannot be read (then the skill is reported obsolete). */
export const sourceHashOf = (sourceDir: string) =>
  currentSourceHash(sourceDir, { cache: hashCaches.get(sourceDir) ?? {} }).pipe(
    Effect.tap(({ cache }) => Effect.sync(() => void hashCaches.set(sourceDir, cache))),
    Effect.map(({ hash }): string | undefined => hash),
    // Recovery: sources that cannot be read have no current hash, and the skill is reported obsolete (the doc line above).
    Effect.orElseSucceed(() => undefined)
  )
