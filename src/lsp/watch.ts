/**
 * The server's own watch of an open skill's directory (issue 50), for a
 * client that does not watch files for it: Neovim 0.7 has no
 * `workspace/didChangeWatchedFiles`, and Neovim 0.10+ turns it off on Linux,
 * so a file created, deleted or renamed on disk (a link's target: SKL301)
 * was never noticed until the buffer changed.
 *
 * One watch per open skill, closed when the skill is released. Where the
 * platform watches a tree natively (macOS, Windows) one recursive watcher
 * does; elsewhere (Linux: inotify watches one directory) each directory of
 * the skill gets its own, added as directories appear, at most
 * MAX_WATCHED_DIRS per skill and never in a version control directory, so
 * a skill that holds a large tree costs a bounded number of watchers.
 */
import { existsSync, readdirSync, watch, type FSWatcher } from "node:fs"
import { basename, join, sep } from "node:path"
import { IGNORED_DIRS, isEditorArtifact } from "../domain/sourcePaths.js"

/** The most directories one skill's watch covers; past it, changes deeper down are not seen (the next edit re-lints). */
export const MAX_WATCHED_DIRS = 64

/** Platforms whose `fs.watch` follows a whole tree with one native watcher. */
const NATIVE_RECURSIVE = process.platform === "darwin" || process.platform === "win32"

export interface SkillWatch {
  /** How many watchers are open (one when recursive natively). */
  readonly size: () => number
  readonly close: () => void
}

/** Skipped: version control (never part of a skill) and dependency trees (large, never linted as the skill's). */
const skipped = (name: string) => IGNORED_DIRS.has(name) || name === "node_modules"

/**
 * Watch `root` and call `changed` on any change below it. A watcher that
 * fails (its directory removed) is closed and forgotten; nothing here throws
 * to the caller, since a watch is a convenience the edits still back up.
 */
export const watchSkill = (root: string, changed: () => void, options: { readonly recursive?: boolean } = {}): SkillWatch => {
  const watchers = new Map<string, FSWatcher>()
  let closed = false
  const forget = (dir: string) => {
    watchers.get(dir)?.close()
    watchers.delete(dir)
  }
  /** A directory gone (deleted or renamed away): its watchers and those below it, so one made again there is watched anew. */
  const forgetTree = (dir: string) => {
    for (const d of [...watchers.keys()]) if (d === dir || d.startsWith(dir + sep)) forget(d)
  }
  const open = (dir: string, recursive: boolean): boolean => {
    if (closed || watchers.has(dir) || watchers.size >= MAX_WATCHED_DIRS) return false
    try {
      const w = watch(dir, { recursive, persistent: false }, (_event, name) => {
        // An editor's swap, backup or lock file is no part of the skill (isEditorArtifact): vim writes its
        // swap file every few seconds of typing, each a lint of the whole skill for nothing.
        if (typeof name === "string" && isEditorArtifact(basename(name))) return
        // A new directory gets its watcher before the lint this change starts, so a file made in it
        // after that lint read the tree is still seen.
        if (!recursive && typeof name === "string" && name !== "") {
          const path = join(dir, name)
          if (watchers.has(path) && !existsSync(path)) forgetTree(path)
          else addTree(path)
        }
        changed()
      })
      w.on("error", () => forget(dir))
      watchers.set(dir, w)
      return true
    } catch {
      // Gone between the listing and the watch, or the system's watches used up: this one goes unwatched.
      return false
    }
  }
  /** `dir` and the directories below it, breadth first, while the bound allows. */
  const addTree = (dir: string) => {
    const queue = [dir]
    while (queue.length > 0 && watchers.size < MAX_WATCHED_DIRS) {
      const d = queue.shift()!
      let entries
      try {
        entries = readdirSync(d, { withFileTypes: true })
      } catch {
        continue // not a directory, or gone already
      }
      if (!open(d, false)) continue
      for (const e of entries) if (e.isDirectory() && !skipped(e.name)) queue.push(join(d, e.name))
    }
  }
  if (!((options.recursive ?? NATIVE_RECURSIVE) && open(root, true))) addTree(root)
  return {
    size: () => watchers.size,
    close: () => {
      closed = true
      for (const w of watchers.values()) w.close()
      watchers.clear()
    }
  }
}
