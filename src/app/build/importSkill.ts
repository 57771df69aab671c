/**
 * `skc build <path>` import (RFC-0007:C-COMMANDS build, ADR-0001, ADR-0002,
 * DECISIONS #34): copy a skill directory into the project source store (the
 * global store with `--global`, or when there is no project), refusing an
 * existing skill unless `--force`.
 *
 * The copy is made from the scanned tree: symlinks leading out of the source
 * are E012 before anything is written, links inside are copied as the files
 * they point to, `.git`/`.jj` stay behind. It is assembled in a temporary
 * directory beside the destination and renamed into place, so a failure
 * leaves the store as it was; a copy whose build then fails (its SKILL.md
 * is not valid) is taken out again by `undo`, a replaced one put back.
 */
import { fsInternal } from "../shared/index.js"
import { Clock, Effect, Random, Schema } from "effect"
import { Path } from "effect/Path"
import { SkillExists, UsageError } from "../../domain/errors.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { Settings, type Stores } from "../shared/index.js"
import { isWithin, scanSourceTree } from "../shared/index.js"
import type { ResolvedSkill } from "../skills/index.js"

/** What `build <path>` imported (part of the build result; the type is derived from the Schema, issue 28). */
export const ImportResult = Schema.Struct({
  from: Schema.String,
  to: Schema.String,
  scope: Schema.Literals(["project", "global"]),
  replaced: Schema.Boolean
})
export type ImportResult = typeof ImportResult.Type


/** The store a path is imported into: the global one with --global or outside a project, else the project's. */
export const importScope = (stores: Pick<Stores, "projectSkills">, global: boolean): "project" | "global" =>
  global || stores.projectSkills === undefined ? "global" : "project"

export const importSkill = Effect.fnUntraced(function* (skill: ResolvedSkill, options: { readonly global: boolean; readonly force: boolean }) {
  const fs = yield* FileSystem
  const path = yield* Path
  const { stores } = yield* Settings
  const scope = importScope(stores, options.global)
  const store = scope === "global" ? stores.globalSkills : stores.projectSkills!
  const dest = path.join(store, skill.name)

  const tree = yield* scanSourceTree(skill.sourceDir)
  yield* fs.makeDirectory(store, { recursive: true }).pipe(
    Effect.mapError((e) => new UsageError({ message: `cannot create source store '${store}': ${e.code}` }))
  )
  const canonicalStore = yield* fs.realPath(store).pipe(Effect.mapError(fsInternal))
  const canonicalDest = path.join(canonicalStore, skill.name)
  if (isWithin(tree.canonicalRoot, canonicalDest, path.sep) || isWithin(canonicalDest, tree.canonicalRoot, path.sep)) {
    return yield* Effect.fail(
      new UsageError({ message: `cannot import '${skill.sourceDir}' into '${dest}': one contains the other` })
    )
  }
  const existing = yield* fs.lstatOption(dest).pipe(Effect.mapError(fsInternal))
  if (existing !== undefined && !options.force) {
    return yield* Effect.fail(new SkillExists({ skill: skill.name, hint: `use --force to replace the ${scope} copy at '${dest}'` }))
  }

  yield* removeStaleImports(store, skill.name)
  const suffix = (yield* Random.nextIntBetween(0, 0xffffff)).toString(16)
  const staging = path.join(store, besideName(skill.name, `import-${suffix}`))
  const copyAll = Effect.gen(function* () {
    yield* fs.makeDirectory(staging)
    for (const d of tree.dirs) yield* fs.makeDirectory(path.join(staging, ...d.split("/")), { recursive: true })
    for (const f of tree.files) {
      yield* fs.copyFile(path.join(tree.root, ...f.path.split("/")), path.join(staging, ...f.path.split("/")))
    }
  })
  yield* copyAll.pipe(
    Effect.mapError(fsInternal),
    Effect.tapError(() => fs.remove(staging, { recursive: true }).pipe(Effect.ignore))
  )
  const old = path.join(store, besideName(skill.name, `old-${suffix}`))
  if (existing !== undefined) {
    yield* fs.rename(dest, old).pipe(Effect.mapError(fsInternal))
    yield* fs.rename(staging, dest).pipe(
      Effect.mapError(fsInternal),
      Effect.tapError(() => fs.rename(old, dest).pipe(Effect.ignore))
    )
  } else yield* fs.rename(staging, dest).pipe(Effect.mapError(fsInternal))
  const result: ImportResult = { from: skill.sourceDir, to: dest, scope, replaced: existing !== undefined }
  const imported: Imported = {
    result,
    // The build of the copy succeeded: the replaced copy goes.
    settle: existing === undefined ? Effect.void : fs.remove(old, { recursive: true }).pipe(Effect.ignore),
    // The build of the copy failed (E011 frontmatter, a refused deployment, Ctrl-C): the store is put back as it
    // was, so the fixed source can be imported again without --force and no invalid copy is listed.
    undo: Effect.gen(function* () {
      yield* fs.remove(dest, { recursive: true }).pipe(Effect.ignore)
      if (existing !== undefined) yield* fs.rename(old, dest).pipe(Effect.ignore)
    })
  }
  return imported
})

/** How old an import's hidden copy must be to count as one a killed import left behind (a live one is minutes at most). */
const STALE_IMPORT_MS = 60 * 60_000

/**
 * The hidden copies a killed import of this skill left in the store (`.<name>.import-*`, `.<name>.old-*`):
 * removed by its next import, once an hour old, so that an import killed again and again does not add a
 * whole copy of the skill each time (found by a robustness probe: five copies after six kills).
 */
const removeStaleImports = Effect.fnUntraced(function* (store: string, name: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const now = yield* Clock.currentTimeMillis
  for (const e of yield* fs.readDir(store).pipe(unseenAs([]))) {
    if (!e.name.startsWith(`.${name}.import-`) && !e.name.startsWith(`.${name}.old-`)) continue
    const dir = path.join(store, e.name)
    const info = yield* fs.lstatOption(dir).pipe(unseenAs(undefined))
    if (info?.type === "directory" && now - info.mtimeMs > STALE_IMPORT_MS) yield* fs.remove(dir, { recursive: true }).pipe(Effect.ignore)
  }
})

/**
 * The hidden name of a directory beside the skill's in the store (`.<name>.<tag>`), without the
 * skill's name when that would pass the 255 bytes most file systems allow a name: a valid name
 * of 64 four-byte letters is 256 bytes already, and the import failed with ENAMETOOLONG.
 */
const besideName = (name: string, tag: string): string => {
  const full = `.${name}.${tag}`
  return Buffer.byteLength(full, "utf8") <= 255 ? full : `.${tag}`
}

/** An import in place, until the build of the copy decides: `settle` keeps it, `undo` puts the store back. */
export interface Imported {
  readonly result: ImportResult
  readonly settle: Effect.Effect<void>
  readonly undo: Effect.Effect<void>
}
