/**
 * The files a search never looked in: of an indexed format, left out of the index for their size (above
 * `[search] max_file_bytes`, issue 29 item 3). An empty answer names them first, one skill's or across skills.
 */
import { Effect } from "effect"
import { indexedFormat } from "../../domain/search/documents.js"
import { isOversized } from "../../domain/sourcePaths.js"
import { Settings } from "../shared/index.js"

/** The files of an indexed format the index left out, above `[search] max_file_bytes` (issue 29 item 3); none when unreadable. */
export const unindexedFiles = Effect.fnUntraced(function* (index: {
  readonly sourceFiles: Effect.Effect<ReadonlyArray<{ readonly path: string; readonly size: number }> | undefined, unknown>
}) {
  const { maxFileBytes } = (yield* Settings).config
  // Recovery: the note only adds to an empty answer; an index whose file records cannot be read leaves it out.
  const files = (yield* index.sourceFiles.pipe(Effect.orElseSucceed(() => undefined))) ?? []
  return files.filter((f) => indexedFormat(f.path) !== undefined && isOversized(f, maxFileBytes)).map((f) => f.path)
})

