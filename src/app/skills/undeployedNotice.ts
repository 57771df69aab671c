/**
 * The notice naming the skills of skc's stores an agent finds nowhere, with
 * the build that deploys them where it reads (src/domain/protocol/undeployed.ts):
 * said by `discover`, `budget` and `prompt`, whose answers are otherwise
 * silent about a skill built for another agent only.
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { Warning } from "../../domain/errors.js"
import type { Discovery } from "../../domain/protocol/discovery.js"
import { isProfileName, profileOf, SHARED_SKILLS_DIR, sharedDirReaders, type ProfileName } from "../../domain/agents/index.js"
import { undeployed, undeployedNote, type StoreSkill } from "../../domain/protocol/undeployed.js"
import { Diagnostics, warn, type DiagnosticsService } from "../../ports/Diagnostics.js"
import { Settings } from "../shared/index.js"
import { discoverSkills } from "./storeSkills.js"
import { projectAboveRepository } from "./aboveRepository.js"
import { discover } from "./discovery.js"

/** How many names a notice shows. */
const NAMES_SHOWN = 5

export const warnUndeployed = Effect.fnUntraced(function* (found: Discovery & { readonly agent: ProfileName }, after = "") {
  // Quietly: a store skill that does not load is `skc list`'s and `skc lint`'s to report, not each
  // discover's; only the skills that load could be deployed.
  const diagnostics = yield* Diagnostics
  const quiet: DiagnosticsService = { ...diagnostics, warn: () => Effect.void, verbose: () => Effect.void }
  // Recovery: the notices only add to the answer; a store that cannot be listed leaves it out.
  // The store listing itself (`undeployed` keeps a name's first entry, the project's): no realPath per skill.
  // Read once for both notices.
  const store = (yield* discoverSkills("all").pipe(Effect.provideService(Diagnostics, quiet), Effect.orElseSucceed(() => []))).map((s) => ({
    name: s.name,
    scope: s.scope
  }))
  yield* warnSharedUnread(found, store, quiet)
  yield* warnStoreUndeployed(found, store, after)
})

/**
 * The skills of the shared `.agents/skills` (DECISIONS #53) an agent that does not read it finds nowhere:
 * `skc load` said so for one skill, while `discover`, `prompt` and `budget` answered "No skills discovered for
 * claude" over a project whose skills all sit there (installed by another tool, or written for Codex). A skill
 * of skc's stores is the store notice's (its build deploys it); this one names the others.
 */
const warnSharedUnread = Effect.fnUntraced(function* (
  found: Discovery & { readonly agent: ProfileName },
  storeSkills: ReadonlyArray<StoreSkill>,
  quiet: DiagnosticsService
) {
  const dirs = profileOf(found.agent).dirs
  if (dirs.project.includes(SHARED_SKILLS_DIR) && dirs.user.includes(SHARED_SKILLS_DIR)) return
  // The skills there as the agents that read it find them: the specification's view (direct children), and the
  // view of the first reader that groups skills in folders (Codex: up to 6 directories down, the scan bounded as
  // its discovery is), from which only what it finds in the shared directory counts. The specification's view
  // alone left out every grouped skill (`.agents/skills/grp/nested`) that `skc discover --agent codex` lists.
  const grouping = sharedDirReaders().find((p) => (p.dirs.depth ?? 1) > 1)?.name
  const path = yield* Path
  const sharedRoot = (root: string | undefined) => root !== undefined && root.endsWith(path.join(path.sep, ...SHARED_SKILLS_DIR.split("/")))
  const views = yield* Effect.forEach(["agentskills" as const, ...(grouping !== undefined && isProfileName(grouping) ? [grouping] : [])], (agent) =>
    // Recovery: the notice only adds to the answer; a directory that cannot be read leaves it out.
    discover({ agent }).pipe(Effect.provideService(Diagnostics, quiet), Effect.orElseSucceed(() => undefined))
  )
  const [flat, grouped] = views
  if (flat === undefined) return
  const flatDirs = new Set(flat.skills.map((s) => s.dir))
  // The project's first, as each view lists them.
  const skills = [...flat.skills, ...(grouped?.skills ?? []).filter((s) => sharedRoot(s.root) && !flatDirs.has(s.dir))]
  const shared = { skills: [...skills.filter((s) => s.scope === "project"), ...skills.filter((s) => s.scope !== "project")] }
  // A copy of a name the agent finds elsewhere (`.claude/skills/x` beside `.agents/skills/x`) is not missing from it.
  const seen = new Set([...found.skills, ...found.shadowed].flatMap((s) => [s.dir, s.name]))
  const store = new Set(storeSkills.map((s) => s.name))
  const unread = shared.skills.filter(
    (s) => !seen.has(s.dir) && !seen.has(s.name) && !store.has(s.name) && !(s.scope === "project" ? dirs.project : dirs.user).includes(SHARED_SKILLS_DIR)
  )
  if (unread.length === 0) return
  const names = unread.slice(0, NAMES_SHOWN).map((s) => `${s.name} (${s.scope === "project" ? "project" : "user"})`).join(", ") + (unread.length > NAMES_SHOWN ? ", …" : "")
  const readers = sharedDirReaders().map((p) => p.name)
  const count = `${unread.length} ${unread.length === 1 ? "skill" : "skills"}`
  yield* warn(
    Warning.notice(
      `${count} in the shared ${SHARED_SKILLS_DIR} (${names}) ${unread.length === 1 ? "is" : "are"} nowhere ${found.agent} reads: ` +
        `${profileOf(found.agent).title} does not read that directory (${readers.join(", ")} do: skc discover --agent ${readers[0]})`
    )
  )
})

const warnStoreUndeployed = Effect.fnUntraced(function* (found: Discovery & { readonly agent: ProfileName }, store: ReadonlyArray<StoreSkill>, after: string) {
  const missing = undeployed(store, found)
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
