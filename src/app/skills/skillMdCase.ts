/**
 * A skill folder whose SKILL.md is spelled in another case: what E010 and a folder lint say of it.
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { FileSystem, isRegularFile, unseenAs } from "../../ports/FileSystem.js"
import { compareBytewise as bytewise } from "../../domain/sourcePaths.js"

/**
 * The name of a file in `dir` spelling SKILL.md in another case (`SKILL.MD`, `skill.md`, `Skill.md`), when
 * `dir` has no `SKILL.md` itself; undefined otherwise. Agents look for `SKILL.md` exactly: on a case-sensitive
 * file system such a skill is never loaded, and a folder lint skipped it without a word (CI passed).
 */
export const skillMdCaseVariant = Effect.fnUntraced(function* (dir: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  // Recovery: a folder that cannot be read has no variant to report; the caller's own error stands.
  const entries = yield* fs.readDir(dir).pipe(unseenAs([]))
  if (entries.some((e) => e.name === "SKILL.md")) return undefined
  for (const e of [...entries].sort((a, b) => bytewise(a.name, b.name))) {
    if (e.name.toLowerCase() === "skill.md" && (yield* isRegularFile(path.join(dir, e.name)))) return e.name
  }
  return undefined
})

/** The hint of an E010 for a folder whose SKILL.md is spelled `variant`. */
export const caseVariantHint = (variant: string): string =>
  `it holds '${variant}': agents look for 'SKILL.md' exactly (a case-sensitive file system never loads it); rename it to SKILL.md`

