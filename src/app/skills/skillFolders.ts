/**
 * A folder of skill folders: the layout of every published skills
 * repository (`skills/<name>/SKILL.md`). `skc lint <dir>` lints each of
 * them when `<dir>` has no SKILL.md of its own (issue 12, item 4).
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { FileSystem, isRegularFile, unseenAs } from "../../ports/FileSystem.js"
import { describeSkillDir, type ResolvedSkill } from "./resolve.js"
import { skillMdCaseVariant } from "./skillMdCase.js"
import { Settings } from "../shared/index.js"
import { compareBytewise as bytewise } from "../../domain/sourcePaths.js"


/**
 * The skill folders directly inside `given` (a path, cwd-relative or
 * absolute), by name; `undefined` when `given` is not such a folder: not a
 * directory, a skill itself, or holding no skill folder at all (then the
 * caller's resolution reports E001/E010 as before).
 */
export const skillFoldersIn = Effect.fnUntraced(function* (given: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const { stores } = yield* Settings
  if (given.length === 0 || given.includes("\0")) return undefined
  const dir = path.resolve(stores.cwd, given)
  const info = yield* fs.statOption(dir).pipe(unseenAs(undefined))
  if (info?.type !== "directory" || (yield* isRegularFile(path.join(dir, "SKILL.md")))) return undefined
  const entries = yield* fs.readDir(dir).pipe(unseenAs([]))
  const skills: Array<ResolvedSkill> = []
  for (const e of [...entries].sort((a, b) => bytewise(a.name, b.name))) {
    if (e.name.startsWith(".") || (e.type !== "directory" && e.type !== "symlink")) continue
    const child = path.join(dir, e.name)
    if (yield* isRegularFile(path.join(child, "SKILL.md"))) skills.push(yield* describeSkillDir(child))
  }
  return skills.length === 0 ? undefined : (skills as ReadonlyArray<ResolvedSkill>)
})

/** The folders directly inside `given` that are skills but for their SKILL.md's case, with the name it has. */
export const misnamedSkillFoldersIn = Effect.fnUntraced(function* (given: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const { stores } = yield* Settings
  const dir = path.resolve(stores.cwd, given)
  // Recovery: as skillFoldersIn, a folder that cannot be read lists nothing.
  const entries = yield* fs.readDir(dir).pipe(unseenAs([]))
  const out: Array<{ readonly dir: string; readonly variant: string }> = []
  for (const e of [...entries].sort((a, b) => bytewise(a.name, b.name))) {
    if (e.name.startsWith(".") || (e.type !== "directory" && e.type !== "symlink")) continue
    const variant = yield* skillMdCaseVariant(path.join(dir, e.name))
    if (variant !== undefined) out.push({ dir: path.join(given, e.name), variant })
  }
  return out as ReadonlyArray<{ readonly dir: string; readonly variant: string }>
})
