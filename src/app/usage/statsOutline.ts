/**
 * The current outline of a skill, for the "unused sections" of `skc stats`
 * (guide-usage-analytics: sections in the outline that were never shown)
 * and the HTML report's outline. The same source walk and markdown model as
 * `outline` (RFC-0002:C-OUTLINE): every `.md` file, bytewise by path,
 * headings in file order.
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { sectionKey, readsPerHeading, sharedTexts, type OutlineHeading, type SectionRead } from "../../domain/headingReads.js"
import { scanMarkdown } from "../../domain/markdown/model.js"
import { isMarkdownPath, isOversized } from "../../domain/sourcePaths.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { scanSourceTree, Settings } from "../shared/index.js"

/** Never fails: an unreadable tree or file contributes no sections (stats must still answer). */
export const outlineSections = Effect.fn("skc.outlineSections")(
  function* (sourceDir: string) {
    const fs = yield* FileSystem
    const path = yield* Path
    const tree = yield* scanSourceTree(sourceDir, { onEscape: "skip" })
    const sections: Array<OutlineHeading> = []
    const { maxFileBytes } = (yield* Settings).config
    for (const file of tree.files) {
      // A file over [search] max_file_bytes has no sections an agent can be shown (it is not indexed); SKILL.md is
      // indexed whatever its size, as the index's own predicate says.
      if (!isMarkdownPath(file.path) || isOversized(file, maxFileBytes)) continue
      // A file that cannot be read contributes no sections (the doc line above).
      const text = yield* fs.readFileString(path.join(tree.root, ...file.path.split("/"))).pipe(unseenAs(""))
      for (const h of scanMarkdown(text).headings) sections.push({ file: file.path, section: h.text, level: h.level, line: h.line, endLine: h.endLine })
    }
    return sections as ReadonlyArray<OutlineHeading>
  },
  // Recovery: a tree that cannot be walked contributes no sections either; the stats beside them still answer.
  (effect) => effect.pipe(Effect.orElseSucceed((): ReadonlyArray<OutlineHeading> => []))
)

/**
 * The reads of each heading of `outline` (same index), each read counted for the one heading `show`
 * showed (src/domain/headingReads.ts). `reads` are one per (file, text) as the views list them; only
 * when one of them names a text two headings of its file share are the log's lines needed, and only
 * then is `byLine` (the `sections` view's rows, by logged line) run: a skill without such headings, or
 * whose such headings nobody read, costs no second scan of its log.
 */
export const headingReadCounts = <E, R>(
  outline: ReadonlyArray<OutlineHeading>,
  reads: ReadonlyArray<{ readonly section: string; readonly file: string | null; readonly count: number }>,
  byLine: Effect.Effect<ReadonlyArray<SectionRead>, E, R>
): Effect.Effect<ReadonlyArray<number>, E, R> => {
  const shared = sharedTexts(outline)
  return reads.some((r) => shared.has(sectionKey(r.file, r.section)))
    ? Effect.map(byLine, (rows) => readsPerHeading(outline, rows))
    : Effect.succeed(readsPerHeading(outline, reads.map((r) => ({ ...r, line: null }))))
}

/** Whether a heading shares its text with another of its file: a list naming it then says which (its line). */
export const sharesItsText = (outline: ReadonlyArray<OutlineHeading>): ((h: OutlineHeading) => boolean) => {
  const shared = sharedTexts(outline)
  return (h) => shared.has(sectionKey(h.file, h.section))
}
