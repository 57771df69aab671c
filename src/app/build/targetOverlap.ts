/**
 * After a build deployed: a warning when one agent reads two of the
 * directories it deployed into (src/domain/targetOverlap.ts), naming the
 * agents, the directories and the targets that can go. Nothing deployed is
 * changed: the user asked for those targets.
 *
 * The directories each agent reads are its profile's (DECISIONS #51): a
 * project build's under the project root, a global build's under the home
 * (where the agent's own environment variable moves them, there).
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { isProfileName, PROFILES } from "../../domain/agents/index.js"
import { Warning } from "../../domain/errors.js"
import { describeOverlap, targetOverlap, type AgentReads, type DeployedDir } from "../../domain/targetOverlap.js"
import { verbose, warn } from "../../ports/Diagnostics.js"
import { Env } from "../../ports/Env.js"
import { agentUserPath, extraConfigDirs } from "../skills/index.js"
import { Settings } from "../shared/index.js"

/** Every agent (the strict `agentskills` lint profile is none) and the directories it reads at `scope`. */
export const agentReads = Effect.fnUntraced(function* (scope: "project" | "global") {
  const path = yield* Path
  const { stores } = yield* Settings
  const out: Array<AgentReads> = []
  for (const p of PROFILES) {
    if (p.name === "agentskills" || !isProfileName(p.name)) continue
    const dirs: Array<string> = []
    if (scope === "project" && stores.projectRoot !== undefined) {
      for (const rel of p.dirs.project) dirs.push(path.join(stores.projectRoot, ...rel.split("/")))
    } else {
      for (const rel of p.dirs.user) dirs.push((yield* agentUserPath(p.name, rel)).path)
      for (const extra of yield* extraConfigDirs(p.name)) dirs.push(extra.path)
    }
    out.push({ name: p.name, title: p.title, dirs })
  }
  return out
})

/** The directories `deployments` went into, each once, with the target words that named it. */
export const deployedDirs = Effect.fnUntraced(function* (deployments: ReadonlyArray<{ readonly target: string; readonly path: string }>) {
  const path = yield* Path
  const deployed: Array<DeployedDir> = []
  for (const d of deployments) {
    const dir = path.dirname(d.path)
    if (!deployed.some((x) => x.dir === dir)) deployed.push({ dir, labels: d.target.split(",") })
  }
  return deployed
})

/** Which agents read two of the directories `deployments` went into at `scope` (src/domain/targetOverlap.ts). */
export const overlapOf = Effect.fnUntraced(function* (deployments: ReadonlyArray<{ readonly target: string; readonly path: string }>, scope: "project" | "global") {
  const deployed = yield* deployedDirs(deployments)
  return deployed.length < 2 ? undefined : targetOverlap(deployed, yield* agentReads(scope))
})

/**
 * Warn (once) when an agent reads two of the directories `deployments` went into, for the `skills`
 * built; `fromConfig`: the targets are the configuration's `[build] targets`.
 */
export const warnTargetOverlap = Effect.fnUntraced(function* (
  deployments: ReadonlyArray<{ readonly target: string; readonly path: string }>,
  options: { readonly scope: "project" | "global"; readonly skills: ReadonlyArray<string>; readonly fromConfig: boolean }
) {
  const overlap = yield* overlapOf(deployments, options.scope)
  if (overlap === undefined) return
  const show = yield* dirShower(options.scope)
  const message = describeOverlap(overlap, { who: skillsWho(options.skills), many: options.skills.length > 1, option: options.fromConfig ? "[build] targets" : "--target", show })
  // Nothing to drop (`claude,agents`: Copilot reads both, Claude Code only the one, Codex only the other): not a
  // warning on every build of a sound configuration; said with --verbose.
  if (overlap._tag === "Unavoidable") yield* verbose(message)
  else yield* warn(Warning.notice(message))
})

/** A directory as the user knows it: from the project root (`.agents/skills`), or the home (`~/.claude/skills`) for a global build. */
export const dirShower = Effect.fnUntraced(function* (scope: "project" | "global") {
  const path = yield* Path
  const env = yield* Env
  const { stores } = yield* Settings
  const base = scope === "project" && stores.projectRoot !== undefined ? stores.projectRoot : env.home
  return (dir: string) => {
    const rel = path.relative(base, dir)
    if (rel === "" || rel.startsWith("..") || path.isAbsolute(rel)) return dir
    const slashed = rel.split(path.sep).join("/")
    return base === env.home && scope === "global" ? `~/${slashed}` : slashed
  }
})

/** `'a'`, `'a' and 'b'`, …; past three, `4 skills`. */
export const skillsWho = (names: ReadonlyArray<string>): string =>
  names.length > 3
    ? `${names.length} skills`
    : names.length <= 1
      ? `'${names[0] ?? ""}'`
      : `${names.slice(0, -1).map((n) => `'${n}'`).join(", ")} and '${names[names.length - 1]}'`
