/**
 * Which copy of a name `show`, `outline`, `search` and `open` read, against the one `load` just read.
 *
 * `load` reads the copy the agent itself picks (its discovery: Claude Code takes a user's copy over
 * the project's); the reading commands resolve a name by skc's own rule (RFC-0007:C-RESOLUTION,
 * DECISIONS #38: the stores, then the agent directories from the working directory up, then the
 * home). With one name in both `~/.claude/skills` and the project's `.claude/skills`, an agent loaded
 * the user's copy and then read the sections of the project's, which its runtime never uses (a probe
 * as a Claude Code user). The rule stays; the difference is said where it bites, with the way to
 * the loaded copy: its path, which every reading command takes.
 */
import { Effect } from "effect"
import { collectingDiagnostics, Diagnostics } from "../../ports/Diagnostics.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import type { LocatedSkill } from "./locateSkill.js"
import { resolveSkill } from "./resolve.js"

/** Whose copy, in words: a discovery scope (`project`, `user`, `plugin`) or a resolution one. */
const whose = (scope: string) =>
  scope === "agent-project" || scope === "project"
    ? "the project's"
    : scope === "agent-user" || scope === "user" || scope === "global"
      ? "the user's"
      : scope === "plugin"
        ? "a plugin's"
        : "another"

/**
 * A note when `skill` (a name) resolves for the reading commands to another directory than the
 * `located` one `load` read; undefined when they are the same skill (a skc deployment and its source
 * are one) or when skc's own resolution found it. Resolution here touches no log and says nothing.
 */
export const otherReadingCopy = Effect.fnUntraced(function* (skill: string, located: LocatedSkill) {
  if (located.resolved !== undefined) return undefined
  const fs = yield* FileSystem
  const quiet = collectingDiagnostics()
  // Recovery: a name skc's own rule does not resolve has no other copy to name.
  const resolved = yield* resolveSkill(skill).pipe(
    Effect.provideService(Diagnostics, quiet.service),
    Effect.map((r) => r as typeof r | undefined),
    Effect.catch(() => Effect.succeed(undefined))
  )
  if (resolved === undefined) return undefined
  const real = (p: string) => fs.realPath(p).pipe(unseenAs(p))
  const loaded = yield* real(located.dir)
  // A deployment link resolves to its manifest's source and runtime: the same skill under either.
  if (loaded === resolved.canonicalSourceDir || loaded === (yield* real(resolved.runtimeDir))) return undefined
  if (loaded === (yield* real(resolved.sourceDir))) return undefined
  return (
    `show, outline, search and open read '${skill}' as ${whose(resolved.scope)} copy, ${resolved.sourceDir} ` +
    `(skc resolves a name from the working directory up before the home); the copy loaded here is ${whose(located.scope)}: ` +
    `give its path, ${located.dir}, as the skill to read it`
  )
})
