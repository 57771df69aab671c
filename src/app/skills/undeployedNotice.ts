/**
 * The notice naming the skills of skc's stores an agent finds nowhere, with
 * the build that deploys them where it reads (src/domain/protocol/undeployed.ts):
 * said by `discover`, `budget` and `prompt`, whose answers are otherwise
 * silent about a skill built for another agent only.
 */
import { Effect } from "effect"
import { Warning } from "../../domain/errors.js"
import type { Discovery } from "../../domain/protocol/discovery.js"
import { profileOf, type ProfileName } from "../../domain/agents/index.js"
import { undeployed, undeployedNote } from "../../domain/protocol/undeployed.js"
import { Diagnostics, warn, type DiagnosticsService } from "../../ports/Diagnostics.js"
import { Settings } from "../shared/index.js"
import { discoverSkills } from "./storeSkills.js"
import { projectAboveRepository } from "./aboveRepository.js"

export const warnUndeployed = Effect.fnUntraced(function* (found: Discovery & { readonly agent: ProfileName }, after = "") {
  // Quietly: a store skill that does not load is `skc list`'s and `skc lint`'s to report, not each
  // discover's; only the skills that load could be deployed.
  const diagnostics = yield* Diagnostics
  const quiet: DiagnosticsService = { ...diagnostics, warn: () => Effect.void, verbose: () => Effect.void }
  // Recovery: the notice only adds to the answer; a store that cannot be listed leaves it out.
  // The store listing itself (`undeployed` keeps a name's first entry, the project's): no realPath per skill.
  const store = yield* discoverSkills("all").pipe(Effect.provideService(Diagnostics, quiet), Effect.orElseSucceed(() => []))
  const missing = undeployed(store.map((s) => ({ name: s.name, scope: s.scope })), found)
  if (missing.length === 0) return
  // Built already, but above the repository the agent stops at: the build advised would put them where they are.
  const above = yield* projectAboveRepository()
  const why =
    above === undefined
      ? ""
      : `; a build deploys them under ${above.root}, above the repository you are in (${above.repository}), where agents stop looking: make the repository its own project (skc init in ${above.repository})`
  // An agent that reads the directory it runs in only (Gemini CLI), run below the project's root: no build puts
  // the project's skills where it looks; the build advised answered "unchanged" and the notice came back.
  const { stores, config } = yield* Settings
  const cwdOnly = profileOf(found.agent).dirs.cwdOnly === true && stores.projectRoot !== undefined && stores.cwd !== stores.projectRoot
  const here = cwdOnly && missing.some((s) => s.scope === "project")
    ? `; ${profileOf(found.agent).title} reads the skills of the directory it runs in, not its parents': run it from ${stores.projectRoot}, or deploy user-level copies (skc build <skill> --global)`
    : ""
  yield* warn(Warning.notice(`${undeployedNote(found.agent, missing, config.buildTargets)}${why}${here}${after}`))
})
