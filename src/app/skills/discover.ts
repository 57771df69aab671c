/**
 * `skc discover` (agent-skill-protocol "Discovery Mechanism"): the use
 * case's face. Discovery itself is a service (src/app/skills/discovery.ts)
 * because other use cases and services build on it (the agent listing,
 * locating a skill an agent cannot see): services never import a use case.
 */
import { Effect } from "effect"
import { Warning } from "../../domain/errors.js"
import { undeployed, undeployedNote } from "../../domain/protocol/undeployed.js"
import { warn } from "../../ports/Diagnostics.js"
import { Settings } from "../shared/index.js"
import { discover, type DiscoverInput } from "./discovery.js"
import { visibleSkills } from "./visibleSkills.js"

export * from "./discovery.js"

/**
 * What `skc discover` and `skc_discover` run: the agent's discovery, and a
 * notice naming the skills of skc's stores the agent finds nowhere, with
 * the build that deploys them where it reads (src/domain/protocol/undeployed.ts).
 * Built for Claude Code only, a skill was "No skills discovered for codex"
 * without a word of why.
 */
export const discoverCommand = Effect.fn("skc.discoverCommand")(function* (input: DiscoverInput = {}) {
  const found = yield* discover(input)
  // Recovery: the notice only adds to the answer; a store that cannot be listed leaves it out.
  const store = yield* visibleSkills({ agentDirs: false }).pipe(Effect.orElseSucceed(() => []))
  const missing = undeployed(
    store.flatMap((s) => (s.shadowed || (s.scope !== "project" && s.scope !== "global") ? [] : [{ name: s.name, scope: s.scope }])),
    found
  )
  if (missing.length > 0) yield* warn(Warning.notice(undeployedNote(found.agent, missing, (yield* Settings).config.buildTargets)))
  return found
})
