/**
 * Build state of a skill as `list` sees it (RFC-0007:C-LIST, DECISIONS #1):
 * the manifest at `<runtime>/.skillc-meta/manifest.json` and, for
 * `--check-obsolete`, the hash of the current sources (RFC-0001:C-MANIFEST).
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { MANIFEST_FILE, META_DIR, parseManifest } from "../../domain/manifest.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { AGENTS, projectSkillsDirs } from "../../domain/protocol/agents.js"
import { currentSourceHash, type FileHashCache, Settings } from "../shared/index.js"
import { quoteArg } from "../../domain/tools/template.js"

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

/** What `list` and `show`/`search` say of a store skill built on another machine or in another copy (issue 46 item 2). */
export const NOT_BUILT_HERE = "not built on this machine: run `skc build --all`"
/** The E002 detail for a skill with no index at all, neither built here nor elsewhere. */
export const NOT_BUILT_YET = "it has no search index yet: it was never built here (or its runtime was removed)"

/**
 * The source whose build a store skill's runtime holds when that source is another skill of this
 * machine (`skc build <project skill> --global` writes the global runtime of the name, so the global
 * store's own skill of that name reads "not built"), or undefined. `list` said "not built on this
 * machine: run skc build --all", which builds neither; the hint names the build that took the runtime
 * and the command that builds this skill back.
 */
export const runtimeTakenBy = Effect.fnUntraced(function* (skill: { readonly scope: string; readonly sourceDir: string; readonly runtimeDir: string }) {
  // Only the global runtime is shared by name across sources (`--global`); a project's runtime naming another
  // source is a copy of the project (`cp -r`), which NOT_BUILT_HERE explains.
  if (skill.scope !== "global") return undefined
  const fs = yield* FileSystem
  const path = yield* Path
  const recorded = yield* recordedSource(skill.runtimeDir)
  if (recorded === undefined) return undefined
  const there = yield* fs.statOption(path.join(recorded, "SKILL.md")).pipe(unseenAs(undefined))
  if (there?.type !== "file") return undefined
  return (yield* sameDir(recorded, skill.sourceDir)) ? undefined : recorded
})

/** The source a runtime's manifest says it was built from; undefined without a readable manifest or path. */
const recordedSource = (runtimeDir: string) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const text = yield* fs.readFileString(yield* manifestPath(runtimeDir)).pipe(unseenAs(undefined))
    return text === undefined ? undefined : parseManifest(text)?.source_path
  })

/** Whether two paths are one directory (links resolved; a path that cannot be resolved is compared as written). */
const sameDir = (a: string, b: string) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const path = yield* Path
    const canonical = (p: string) => fs.realPath(p).pipe(unseenAs(path.resolve(p)))
    return (yield* canonical(a)) === (yield* canonical(b))
  })

/** `list`'s hint for a runtime another source's build took (`runtimeTakenBy`). */
export const takenHint = (taker: string, sourceDir: string): string =>
  `its runtime holds the build of ${taker} (a build of that name replaced it): run \`skc build ${quoteArg(sourceDir)}\` to build this one back`

/**
 * Whether a store skill's runtime belongs to another copy of its project
 * (issue 46 item 2), so that its index is missing here although the
 * project was built:
 *
 * - copied (`cp -r` of a built project): the manifest names a source other
 *   than this one (its index is keyed by that path, so none is this one's);
 * - cloned (runtimes ignored by git, deployment links committed): no
 *   manifest, and a link in one of the project's agent skill directories
 *   points at this skill's runtime.
 *
 * Never fails: anything unreadable answers `false`.
 */
export const builtElsewhere = Effect.fnUntraced(function* (skill: {
  readonly name: string
  readonly scope: string
  readonly sourceDir: string
  readonly runtimeDir: string
}) {
  if (skill.scope !== "project" && skill.scope !== "global") return false
  const fs = yield* FileSystem
  const path = yield* Path
  const text = yield* fs.readFileString(yield* manifestPath(skill.runtimeDir)).pipe(unseenAs(undefined))
  if (text !== undefined) {
    const recorded = parseManifest(text)?.source_path
    if (recorded === undefined) return false
    return !(yield* sameDir(recorded, skill.sourceDir))
  }
  if (skill.scope !== "project") return false
  const { stores } = yield* Settings
  if (stores.projectRoot === undefined) return false
  const runtime = path.resolve(skill.runtimeDir)
  const dirs = new Set(AGENTS.flatMap((a) => projectSkillsDirs(a)))
  for (const dir of dirs) {
    const link = path.join(stores.projectRoot, dir, skill.name)
    const target = yield* fs.readLink(link).pipe(unseenAs(undefined))
    if (target !== undefined && path.resolve(path.dirname(link), target) === runtime) return true
  }
  return false
})
