/**
 * Deployment targets (RFC-0001:C-DEPLOYMENT, ADR-0002, DECISIONS #9).
 *
 * `--target` takes comma-separated entries. Each is a known agent name
 * (built in, or a `[targets]` entry of the config, which wins), or else a
 * directory path used as the agent skills directory as-is. Anything else is
 * an error: guessing where an unknown agent keeps its skills could write into
 * the wrong place.
 */

import { PROFILES, SHARED_SKILLS_DIR, SHARED_TARGET } from "./agents/index.js"

/**
 * The one table of deployment directories (RFC-0001:C-DEPLOYMENT, DECISIONS
 * #9 revised, #38, #51, #53): for each agent profile, the first directory it
 * reads at the user level (relative to the home, `$SKILLC_HOME` when set)
 * and at the project level; plus `agents`, the shared `.agents/skills` that
 * Codex, Copilot, Gemini CLI, OpenCode and Amp read. The strict
 * `agentskills` profile is a lint profile, not a place: its directory is
 * the `agents` target's.
 */
export const AGENT_SKILL_DIRS: Readonly<Record<string, { readonly user: string; readonly project: string }>> = Object.fromEntries([
  ...PROFILES.filter((p) => p.name !== "agentskills").map((p) => [p.name, { user: p.dirs.user[0]!, project: p.dirs.project[0]! }] as const),
  [SHARED_TARGET, { user: SHARED_SKILLS_DIR, project: SHARED_SKILLS_DIR }] as const
])

/** A name of `AGENT_SKILL_DIRS`: an agent profile (but `agentskills`) or `agents`. */
export type BuiltinAgent = string

const isBuiltinAgent = (s: string): s is BuiltinAgent => Object.prototype.hasOwnProperty.call(AGENT_SKILL_DIRS, s)

/** Built-in agent skill directories at the user level, relative to the home (`~/…`). */
export const BUILTIN_TARGETS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(AGENT_SKILL_DIRS).map(([agent, dirs]) => [agent, `~/${dirs.user}`])
)

export const DEFAULT_TARGET = "claude"

export interface TargetSpec {
  /** What the user wrote (a name or a path). */
  readonly label: string
  /** The agent skills directory: absolute, or `~/…`, or relative to the cwd. */
  readonly dir: string
  readonly kind: "known" | "path"
  /** A built-in agent (not overridden by `[targets]`): its project-level directory applies to project builds. */
  readonly agent?: BuiltinAgent
}

export type TargetProblem = { readonly _tag: "UnknownTarget"; readonly name: string; readonly known: ReadonlyArray<string> } | { readonly _tag: "EmptyTarget" }

/** A word that can only be meant as a directory. */
export const looksLikePath = (s: string) =>
  s.includes("/") || s.includes("\\") || s.startsWith(".") || s.startsWith("~") || /^[A-Za-z]:/.test(s)

export const parseTargets = (
  value: string | undefined,
  configured: Readonly<Record<string, string>>
): { readonly targets: ReadonlyArray<TargetSpec> } | { readonly problem: TargetProblem } => {
  const table: Record<string, string> = { ...BUILTIN_TARGETS, ...configured }
  const words = (value ?? DEFAULT_TARGET).split(",").map((w) => w.trim())
  if (words.some((w) => w === "")) return { problem: { _tag: "EmptyTarget" } }
  const targets: Array<TargetSpec> = []
  const seen = new Set<string>()
  for (const w of words) {
    if (seen.has(w)) continue
    seen.add(w)
    if (Object.prototype.hasOwnProperty.call(configured, w)) targets.push({ label: w, dir: configured[w]!, kind: "known" })
    else if (isBuiltinAgent(w)) targets.push({ label: w, dir: table[w]!, kind: "known", agent: w })
    else if (looksLikePath(w)) targets.push({ label: w, dir: w, kind: "path" })
    else return { problem: { _tag: "UnknownTarget", name: w, known: Object.keys(table).sort() } }
  }
  return { targets }
}

/**
 * A bad `--target` value as E100 (RFC-0005: E100 for every option failure, as `lint --agent bogus`
 * is): the problem, then the targets there are as a hint line. `describeTargetProblem` stays for a
 * bad `[build] targets` in the configuration, a config file problem (DECISIONS #34), not an option.
 */
export const describeTargetOption = (p: TargetProblem, configured: Readonly<Record<string, string>>): { readonly message: string; readonly hint: string } => ({
  message: p._tag === "EmptyTarget" ? "--target: empty target (give comma-separated agent names or directory paths)" : `--target: unknown target '${p.name}'`,
  hint: `known targets: ${Object.keys({ ...BUILTIN_TARGETS, ...configured }).sort().join(", ")}; or a directory path such as ./agent-skills`
})

/**
 * A bad `[build] targets` of the configuration: named as the configuration's, since no `--target` was given
 * (it said "in --target" of an empty one, and named no file for an unknown one: a hostile-environment probe).
 */
export const describeTargetProblem = (p: TargetProblem): string =>
  p._tag === "EmptyTarget"
    ? "empty target in [build] targets of the configuration (.skillc/config.toml or ~/.skillc/config.toml): give agent names or directory paths"
    : `unknown target '${p.name}' in [build] targets of the configuration (.skillc/config.toml or ~/.skillc/config.toml) (known: ${p.known.join(", ")}; or give a directory path such as ./agent-skills)`

/** `~` and `~/…` expand to the home; other paths resolve against the cwd (done by the caller). */
export const expandHome = (dir: string, home: string, join: (...p: Array<string>) => string): string =>
  dir === "~" ? home : dir.startsWith("~/") || dir.startsWith("~\\") ? join(home, dir.slice(2)) : dir

/**
 * Where a target's links go for one build (DECISIONS #9 revised): a built-in
 * agent deploys a project build into `<project root>/<its project-level
 * directory>` and a global build into its user-level directory under the
 * home; `[targets]` entries and directory paths are used as given (`~`
 * expanded; a relative result is resolved against the cwd by the caller).
 */
export const deploymentDir = (
  target: TargetSpec,
  build: { readonly scope: "project" | "global"; readonly projectRoot: string | undefined },
  home: string,
  join: (...p: Array<string>) => string
): string =>
  target.agent !== undefined && build.scope === "project" && build.projectRoot !== undefined
    ? join(build.projectRoot, ...AGENT_SKILL_DIRS[target.agent].project.split("/"))
    : expandHome(target.dir, home, join)
