/**
 * `skc discover` (agent-skill-protocol "Discovery Mechanism"): the use
 * case's face. Discovery itself is a service (src/app/skills/discovery.ts)
 * because other use cases and services build on it (the agent listing,
 * locating a skill an agent cannot see): services never import a use case.
 */
import { Effect } from "effect"
import { discover, type DiscoverInput } from "./discovery.js"
import { warnUndeployed } from "./undeployedNotice.js"

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
  yield* warnUndeployed(found)
  return found
})
