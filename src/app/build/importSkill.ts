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
import { quotedPath } from "../../domain/shellWord.js"
import { fsInternal } from "../shared/index.js"
import { Effect, Schema } from "effect"
import { Path } from "effect/Path"
import { SkillExists, UsageError } from "../../domain/errors.js"
import { FileSystem } from "../../ports/FileSystem.js"
import { Settings, type Stores } from "../shared/index.js"
import { isWithin, removeStaleBeside, scanSourceTree, swapIntoPlace } from "../shared/index.js"
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

/**
 * E050 when the store already holds a skill of the imported one's name (and it is not that very directory),
 * unless --force: asked before anything else of the build, so adopting a skill kept in an agent directory
 * (`skc build .agents/skills/gamma`) names the store's copy --force would replace; its first refusal spoke of the
 * agent directory only, and --force then replaced the team's committed copy unannounced (a deployment probe).
 */
export const refuseExistingCopy = Effect.fnUntraced(function* (skill: ResolvedSkill, options: { readonly global: boolean; readonly force: boolean }) {
  if (options.force) return
  const fs = yield* FileSystem
  const path = yield* Path
  const { stores } = yield* Settings
  const scope = importScope(stores, options.global)
  const dest = path.join(scope === "global" ? stores.globalSkills : stores.projectSkills!, skill.name)
  if ((yield* fs.lstatOption(dest).pipe(Effect.mapError(fsInternal))) === undefined) return
  // Recovery: a copy whose real path cannot be read is not the imported directory.
  const real = yield* fs.realPath(dest).pipe(Effect.orElseSucceed(() => undefined))
  if (real === skill.canonicalSourceDir) return
  return yield* Effect.fail(new SkillExists({ skill: skill.name, hint: `use --force to replace the ${scope} copy at ${quotedPath(dest)}` }))
})

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
    return yield* Effect.fail(new SkillExists({ skill: skill.name, hint: `use --force to replace the ${scope} copy at ${quotedPath(dest)}` }))
  }

  yield* removeStaleBeside(store, skill.name, ["import", "old"])
  const copyAll = (staging: string) =>
    Effect.gen(function* () {
      yield* fs.makeDirectory(staging)
      for (const d of tree.dirs) yield* fs.makeDirectory(path.join(staging, ...d.split("/")), { recursive: true })
      for (const f of tree.files) {
        yield* fs.copyFile(path.join(tree.root, ...f.path.split("/")), path.join(staging, ...f.path.split("/")))
      }
    })
  const { aside: old } = yield* swapIntoPlace(dest, "import", copyAll).pipe(Effect.mapError(fsInternal))
  const result: ImportResult = { from: skill.sourceDir, to: dest, scope, replaced: existing !== undefined }
  const imported: Imported = {
    result,
    // The build of the copy succeeded: the replaced copy goes.
    settle: old === undefined ? Effect.void : fs.remove(old, { recursive: true }).pipe(Effect.ignore),
    // The build of the copy failed (E011 frontmatter, a refused deployment, Ctrl-C): the store is put back as it
    // was, so the fixed source can be imported again without --force and no invalid copy is listed.
    undo: Effect.gen(function* () {
      yield* fs.remove(dest, { recursive: true }).pipe(Effect.ignore)
      if (old !== undefined) yield* fs.rename(old, dest).pipe(Effect.ignore)
    })
  }
  return imported
})

/** An import in place, until the build of the copy decides: `settle` keeps it, `undo` puts the store back. */
export interface Imported {
  readonly result: ImportResult
  readonly settle: Effect.Effect<void>
  readonly undo: Effect.Effect<void>
}
