/**
 * Where `skc stats` reads a skill's access log. A stub skc deployed whose source is gone (its folder
 * renamed or deleted: `ResolvedSkill.missingSource`) resolves with its index and log in the cache, since
 * only its headings can be served; but the runtime it is, named by its path (`skc stats
 * .skillc/runtime/gamma`, as the build's orphan warning advises), holds the skill's whole history in its
 * own `.skillc-meta/logs.db`. Stats reads that log: it read the empty cache log, "No recorded accesses",
 * and the advice to keep the runtime for its history showed none (a build probe).
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import type { ResolvedSkill } from "../skills/index.js"

export const statsRuntimeOf = Effect.fnUntraced(function* (skill: ResolvedSkill) {
  if (skill.missingSource === undefined || skill.canonicalSourceDir === skill.runtimeDir) return skill.runtimeDir
  const fs = yield* FileSystem
  const path = yield* Path
  const own = yield* fs.statOption(path.join(skill.canonicalSourceDir, ".skillc-meta", "logs.db")).pipe(unseenAs(undefined))
  return own?.type === "file" ? skill.canonicalSourceDir : skill.runtimeDir
})
