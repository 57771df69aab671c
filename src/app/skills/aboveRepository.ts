/**
 * A project whose root is above the repository the working directory is in (a `.skillc/` in `~/code`, the
 * checkout in `~/code/webapp`): its deployments go to `~/code/.claude/skills`, while Claude Code, Codex and
 * the other agents with a project root read project skill directories only up to the repository's root
 * (docs/agents.md). Agents started in the checkout never see them, and `skc discover` then advised the very
 * build that put them there (a monorepo probe: the advice looped). Said once per build, with what deploys
 * where they look.
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { Warning } from "../../domain/errors.js"
import { warn } from "../../ports/Diagnostics.js"
import { Settings } from "../shared/index.js"
import { nearestGitRoot } from "./gitWorktree.js"

const below = (path: Path, child: string, parent: string) => {
  const rel = path.relative(parent, child)
  return rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel)
}

/** The project's root and the repository below it the working directory is in; undefined when the project is not above one. */
export const projectAboveRepository = Effect.fnUntraced(function* () {
  const path = yield* Path
  const { stores } = yield* Settings
  const root = stores.projectRoot
  if (root === undefined) return undefined
  const repository = yield* nearestGitRoot(stores.cwd)
  // Only a repository inside the project: one holding the project is where agents stop anyway.
  if (repository === undefined || !below(path, repository, root)) return undefined
  return { root, repository }
})

export const warnAboveRepository = Effect.fnUntraced(function* (deployments: ReadonlyArray<{ readonly path: string }>) {
  const path = yield* Path
  if (deployments.length === 0) return
  const above = yield* projectAboveRepository()
  if (above === undefined) return
  const { root, repository } = above
  const outside = deployments.filter((d) => !below(path, d.path, repository))
  if (outside.length === 0) return
  const dirs = [...new Set(outside.map((d) => path.dirname(d.path)))]
  yield* warn(
    Warning.notice(
      `this project's root (${root}) is above the repository you are in (${repository}): agents started there read project skills only up to ${repository}, so they do not see ${dirs.join(", ")}; to deploy where they look, make the repository its own project (skc init in ${repository}) or build with --target <agent dir> naming a directory inside it`
    )
  )
})
