/**
 * Which skill directory a protocol command (`permissions`, `load`) means:
 * first the skill an agent would activate under that name (the discovery
 * winner), then skc's own resolution (a path, the project store, the
 * global store; RFC-0007:C-RESOLUTION) so authors can inspect a skill
 * before deploying it.
 */
import { Effect } from "effect"
import { Path } from "@effect/platform/Path"
import type { Agent } from "../domain/protocol/agents.js"
import { discover } from "./discover.js"
import { resolveSkill } from "./resolve.js"

export interface LocatedSkill {
  readonly name: string
  readonly dir: string
  /** `<dir>/SKILL.md` as an agent reads it. */
  readonly path: string
  /** Discovery scope, or skc's store scope when found by resolution. */
  readonly scope: "project" | "user" | "plugin" | "global" | "path" | "agent-project" | "agent-user"
}

export const locateSkill = (skill: string, agent: Agent | undefined, pluginDirs: ReadonlyArray<string> | undefined) =>
  Effect.gen(function* () {
    const path = yield* Path
    const found = yield* discover({ agent, plugin_dirs: pluginDirs })
    const hit = found.skills.find((s) => s.name === skill)
    if (hit !== undefined) {
      const located: LocatedSkill = { name: hit.name, dir: hit.dir, path: hit.path, scope: hit.scope }
      return located
    }
    // Discovery above already looked through the agent's directories.
    const resolved = yield* resolveSkill(skill, { agentDirs: false })
    const located: LocatedSkill = {
      name: resolved.name,
      dir: resolved.sourceDir,
      path: path.join(resolved.sourceDir, "SKILL.md"),
      scope: resolved.scope
    }
    return located
  })
