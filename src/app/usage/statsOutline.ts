/**
 * The current outline of a skill, for the "unused sections" of `skc stats`
 * (guide-usage-analytics: sections in the outline that were never shown).
 * The same source walk and markdown model as `outline` (RFC-0002:C-OUTLINE):
 * every `.md` file, bytewise by path, headings in file order.
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { scanMarkdown } from "../../domain/markdown/model.js"
import { isMarkdownPath } from "../../domain/sourcePaths.js"
import type { OutlineSection } from "../../domain/stats.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { scanSourceTree } from "../shared/index.js"

/** Never fails: an unreadable tree or file contributes no sections (stats must still answer). */
export const outlineSections = Effect.fn("skc.outlineSections")(
  function* (sourceDir: string) {
    const fs = yield* FileSystem
    const path = yield* Path
    const tree = yield* scanSourceTree(sourceDir, { onEscape: "skip" })
    const sections: Array<OutlineSection> = []
    for (const file of tree.files) {
      if (!isMarkdownPath(file.path)) continue
      // A file that cannot be read contributes no sections (the doc line above).
      const text = yield* fs.readFileString(path.join(tree.root, ...file.path.split("/"))).pipe(unseenAs(""))
      for (const h of scanMarkdown(text).headings) sections.push({ file: file.path, section: h.text, level: h.level })
    }
    return sections as ReadonlyArray<OutlineSection>
  },
  // Recovery: a tree that cannot be walked contributes no sections either; the stats beside them still answer.
  (effect) => effect.pipe(Effect.orElseSucceed((): ReadonlyArray<OutlineSection> => []))
)
