/**
 * The main checkout of a linked git worktree: its `.git` is a file
 * `gitdir: <main>/.git/worktrees/<name>` (git-worktree(1)). Claude Code
 * reads the main checkout's project skills from such a worktree too
 * (CHANGELOG 2.1.47). Undefined for a main checkout, a submodule (its
 * gitdir is `.git/modules/…`) or anything unreadable.
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { readSmallFile } from "../shared/index.js"

/** A `.git` file is one line; anything larger is not one. */
const GIT_FILE_MAX_BYTES = 4096

export const mainCheckoutOf = Effect.fnUntraced(function* (worktreeRoot: string) {
  const path = yield* Path
  const read = yield* readSmallFile(path.join(worktreeRoot, ".git"), GIT_FILE_MAX_BYTES)
  if (read._tag !== "Text") return undefined
  const m = /^gitdir:\s*(.+?)\s*$/m.exec(read.text)
  if (m === null) return undefined
  const gitdir = path.resolve(worktreeRoot, m[1]!)
  const worktrees = path.dirname(gitdir)
  const dotGit = path.dirname(worktrees)
  if (path.basename(worktrees) !== "worktrees" || path.basename(dotGit) !== ".git") return undefined
  return path.dirname(dotGit)
})

/**
 * The top of the checkout `dir` is in: the nearest directory up from it holding `.git` (a directory, or
 * the file of a linked worktree or a submodule); undefined outside any. An ancestor that cannot be read
 * counts as holding none, and the walk goes on up.
 */
export const nearestGitRoot = Effect.fnUntraced(function* (dir: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  for (let at = dir; ; ) {
    if ((yield* fs.lstatOption(path.join(at, ".git")).pipe(unseenAs(undefined))) !== undefined) return at
    const parent = path.dirname(at)
    if (parent === at) return undefined
    at = parent
  }
})

/** The main checkout of the repository `cwd` is in, when its nearest `.git` (up from `cwd`) is a linked worktree's. */
export const mainCheckoutAbove = Effect.fnUntraced(function* (cwd: string) {
  const root = yield* nearestGitRoot(cwd)
  return root === undefined ? undefined : yield* mainCheckoutOf(root)
})
