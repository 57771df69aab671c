/**
 * Validating a user-given path inside a skill (RFC-0002:C-OPEN, C-SOURCES
 * path safety; DECISIONS #28): absolute paths and `..` that leave the root
 * are E012; after canonicalisation (symlinks resolved) the target must still
 * be inside the canonical root, else E012.
 */
import { Effect } from "effect"
import { Path } from "@effect/platform/Path"
import { InternalError, PathEscapes } from "../domain/errors.js"
import { FileSystem, type FileInfo } from "../ports/FileSystem.js"
import { isWithin } from "./sourceTree.js"

export interface InsidePath {
  /** Normalised relative POSIX path ("" for the root itself). */
  readonly rel: string
  readonly abs: string
  /** `undefined` when nothing exists there. */
  readonly info: FileInfo | undefined
}

export const resolveInside = (root: string, given: string) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const path = yield* Path
    if (given.includes("\0") || path.isAbsolute(given) || /^[A-Za-z]:[\\/]/.test(given) || given.startsWith("\\")) {
      return yield* Effect.fail(new PathEscapes({ path: given }))
    }
    const canonicalRoot = yield* fs.realPath(root).pipe(
      Effect.mapError((e) => new InternalError({ message: `realpath '${root}': ${e.code}`, cause: e }))
    )
    const abs = path.resolve(canonicalRoot, given.replace(/\\/g, "/"))
    if (!isWithin(canonicalRoot, abs, path.sep)) return yield* Effect.fail(new PathEscapes({ path: given }))
    const rel = path.relative(canonicalRoot, abs).split(path.sep).join("/")
    const info = yield* fs.statOption(abs).pipe(Effect.orElseSucceed(() => undefined))
    if (info !== undefined) {
      const real = yield* fs.realPath(abs).pipe(Effect.orElseSucceed(() => abs))
      if (!isWithin(canonicalRoot, real, path.sep)) return yield* Effect.fail(new PathEscapes({ path: given }))
    } else {
      // Nothing there, or a dangling/looping link: a link pointing out is still an escape.
      const link = yield* fs.lstatOption(abs).pipe(Effect.orElseSucceed(() => undefined))
      if (link?.type === "symlink") {
        const target = yield* fs.readLink(abs).pipe(Effect.orElseSucceed(() => ""))
        if (!isWithin(canonicalRoot, path.resolve(path.dirname(abs), target), path.sep)) {
          return yield* Effect.fail(new PathEscapes({ path: given }))
        }
      }
    }
    const result: InsidePath = { rel, abs, info }
    return result
  })
