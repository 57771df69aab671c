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

/** The main checkout of the repository `cwd` is in, when its nearest `.git` (up from `cwd`) is a linked worktree's. */
export const mainCheckoutAbove = Effect.fnUntraced(function* (cwd: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  for (let dir = cwd; ; ) {
    if ((yield* fs.lstatOption(path.join(dir, ".git")).pipe(unseenAs(undefined))) !== undefined) return yield* mainCheckoutOf(dir)
    const parent = path.dirname(dir)
    if (parent === dir) return undefined
    dir = parent
  }
})
