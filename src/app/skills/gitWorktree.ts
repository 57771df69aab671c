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

/** The directory a `.git` file at `root` names (`gitdir: …`, resolved from `root`); undefined for anything else. */
const gitdirOf = Effect.fnUntraced(function* (root: string) {
  const path = yield* Path
  const read = yield* readSmallFile(path.join(root, ".git"), GIT_FILE_MAX_BYTES)
  if (read._tag !== "Text") return undefined
  const m = /^gitdir:\s*(.+?)\s*$/m.exec(read.text)
  return m === null ? undefined : path.resolve(root, m[1]!)
})

export const mainCheckoutOf = Effect.fnUntraced(function* (worktreeRoot: string) {
  const path = yield* Path
  const gitdir = yield* gitdirOf(worktreeRoot)
  if (gitdir === undefined) return undefined
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

/**
 * The top of the repository a checkout of `dir` is scanned as: `nearestGitRoot`, except that a submodule
 * checked out inside another repository (its `.git` a file naming `<super>/.git/modules/…`) is part of
 * that repository's checkout, so the walk goes on up to it. GitHub code scanning resolves SARIF paths
 * against the repository the workflow checked out: a skills folder that is a submodule gave
 * `pdf/SKILL.md` where the file is `skills/pdf/SKILL.md`. A submodule's own clone has a `.git`
 * directory, and stays its own root.
 */
export const scannedRepositoryRoot = Effect.fnUntraced(function* (dir: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  let found: string | undefined
  for (let at = dir; ; ) {
    const info = yield* fs.lstatOption(path.join(at, ".git")).pipe(unseenAs(undefined))
    if (info !== undefined) {
      if (info.type !== "file") return at
      found ??= at
      const gitdir = yield* gitdirOf(at)
      // Not a submodule's (a linked worktree's, or unreadable): this checkout's top.
      const segments = gitdir?.split(path.sep) ?? []
      if (!segments.some((seg, i) => seg === ".git" && segments[i + 1] === "modules")) return at
    }
    const parent = path.dirname(at)
    // A submodule whose superproject is not above it (moved, or its gitdir elsewhere): its own top.
    if (parent === at) return found
    at = parent
  }
})

/** The main checkout of the repository `cwd` is in, when its nearest `.git` (up from `cwd`) is a linked worktree's. */
export const mainCheckoutAbove = Effect.fnUntraced(function* (cwd: string) {
  const root = yield* nearestGitRoot(cwd)
  return root === undefined ? undefined : yield* mainCheckoutOf(root)
})
