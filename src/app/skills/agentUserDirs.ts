/**
 * An agent's user-level directories as it finds them (DECISIONS #51): below
 * the home directory, except where its profile's `configDirEnv` moves its
 * configuration directory (Claude Code reads `~/.claude` at
 * `$CLAUDE_CONFIG_DIR` when that is set: CHANGELOG 1.0.6, 2.1.208). Shared by
 * discovery, resolution, the legacy commands and the settings reader, so
 * they never disagree about where the user's skills are.
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { profileOf } from "../../domain/agents/index.js"
import type { Agent } from "../../domain/protocol/agents.js"
import { Env } from "../../ports/Env.js"

export interface UserDir {
  readonly path: string
  /** The environment variable the directory was found through (`CLAUDE_CONFIG_DIR`); absent: the home directory. */
  readonly via?: string
}

/** `rel` (`/`-separated, below the home directory) where `agent` reads it: `<$VAR>/<rest>` when moved, else `<home>/<rel>`. */
export const agentUserPath = Effect.fnUntraced(function* (agent: Agent, rel: string) {
  const path = yield* Path
  const env = yield* Env
  const moved = profileOf(agent).dirs.configDirEnv
  const value = moved === undefined ? undefined : env.get(moved.variable)?.trim()
  if (moved !== undefined && value !== undefined && value !== "" && (rel === moved.home || rel.startsWith(`${moved.home}/`))) {
    const rest = rel === moved.home ? [] : rel.slice(moved.home.length + 1).split("/")
    return { path: path.join(path.resolve(env.cwd, value), ...rest), via: moved.variable } satisfies UserDir
  }
  // The whole home moved (Gemini CLI's GEMINI_CLI_HOME): every user directory and settings file below it.
  const home = homeOf(agent, env)
  if (home !== undefined) return { path: path.join(path.resolve(env.cwd, home.value), ...rel.split("/")), via: home.variable } satisfies UserDir
  return { path: path.join(env.home, ...rel.split("/")) } satisfies UserDir
})

/** The home directory `agent` reads below when its profile's `homeEnv` names one that is set. */
const homeOf = (agent: Agent, env: { readonly get: (name: string) => string | undefined }) => {
  const moved = profileOf(agent).dirs.homeEnv
  const value = moved === undefined ? undefined : env.get(moved.variable)?.trim()
  return moved === undefined || value === undefined || value === "" ? undefined : { variable: moved.variable, value }
}

/**
 * The user directories found through the profile's `extraConfigDirEnv` (OpenCode's
 * `$OPENCODE_CONFIG_DIR/skills` and `/skill`): read after the others, beside them, never instead.
 * None when the variable is unset or empty.
 */
export const extraConfigDirs = Effect.fnUntraced(function* (agent: Agent) {
  const path = yield* Path
  const env = yield* Env
  const extra = profileOf(agent).dirs.extraConfigDirEnv
  const value = extra === undefined ? undefined : env.get(extra.variable)?.trim()
  if (extra === undefined || value === undefined || value === "") return [] as ReadonlyArray<UserDir>
  const base = path.resolve(env.cwd, value)
  return extra.dirs.map((d): UserDir => ({ path: path.join(base, ...d.split("/")), via: extra.variable }))
})
