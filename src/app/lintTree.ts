/**
 * Read a skill directory for lint: every entry below the root (`.git/` and
 * `.jj/` skipped), the text of the markdown files in lint scope, binary files
 * left unread. Symlinks are never followed: one pointing inside the root is
 * recorded as what it points to, one pointing outside is marked `escapes`.
 *
 * Kept private and small on purpose: when `src/app/sourceTree.ts` (the shared
 * scan of build) lands on main, this walker is replaced by it.
 */
import { Effect } from "effect"
import { Path } from "@effect/platform/Path"
import { InternalError } from "../domain/errors.js"
import { inLintScope } from "../domain/lint/snapshot.js"
import type { MarkdownFile, SkillEntry } from "../domain/lint/types.js"
import { FileSystem, type FsError } from "../ports/FileSystem.js"

const SKIPPED_DIRS = new Set([".git", ".jj"])

const internal = (e: FsError) => new InternalError({ message: `${e.op} '${e.path}': ${e.code}`, cause: e })

const utf8 = new TextDecoder("utf-8")

/** A NUL byte in the first 8 KiB marks a file as binary (as git and ripgrep do). */
export const looksBinary = (bytes: Uint8Array): boolean => {
  const n = Math.min(bytes.length, 8192)
  for (let i = 0; i < n; i++) if (bytes[i] === 0) return true
  return false
}

export const readSkillTree = (root: string) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const path = yield* Path
    const canonicalRoot = yield* fs.realPath(root).pipe(Effect.mapError(internal))
    const entries: Array<SkillEntry> = []
    const markdownFiles: Array<MarkdownFile> = []
    const inside = (p: string) => p === canonicalRoot || p.startsWith(canonicalRoot + path.sep)

    const walk = (abs: string, rel: string): Effect.Effect<void, InternalError> =>
      Effect.gen(function* () {
        const children = yield* fs.readDir(abs).pipe(Effect.mapError(internal))
        for (const child of children) {
          const childRel = rel === "" ? child.name : `${rel}/${child.name}`
          const childAbs = path.join(abs, child.name)
          if (child.type === "directory") {
            if (SKIPPED_DIRS.has(child.name)) continue
            entries.push({ path: childRel, type: "directory" })
            yield* walk(childAbs, childRel)
          } else if (child.type === "file") {
            entries.push({ path: childRel, type: "file" })
            if (inLintScope(childRel)) {
              const bytes = yield* fs.readFile(childAbs).pipe(Effect.mapError(internal))
              if (!looksBinary(bytes)) markdownFiles.push({ path: childRel, source: utf8.decode(bytes) })
            }
          } else if (child.type === "symlink") {
            // A dangling or looping link is simply not there.
            const real = yield* fs.realPath(childAbs).pipe(Effect.orElseSucceed(() => undefined))
            if (real === undefined) continue
            if (!inside(real)) {
              entries.push({ path: childRel, type: "file", escapes: true })
              continue
            }
            const info = yield* fs.statOption(real).pipe(Effect.orElseSucceed(() => undefined))
            if (info !== undefined) entries.push({ path: childRel, type: info.type === "directory" ? "directory" : "file" })
          }
        }
      })

    yield* walk(canonicalRoot, "")
    return { entries, markdownFiles }
  })
