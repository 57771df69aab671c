/**
 * `skc outline` (RFC-0002:C-OUTLINE, DECISIONS #10, #13): every heading of
 * every `.md` file of the source directory, files in bytewise path order,
 * headings in file order, optionally only levels ≤ `level`.
 */
import { Effect, Schema } from "effect"
import { Path } from "@effect/platform/Path"
import { InternalError } from "../domain/errors.js"
import { scanMarkdown } from "../domain/markdown/model.js"
import { isMarkdownPath } from "../domain/sourcePaths.js"
import { FileSystem } from "../ports/FileSystem.js"
import { resolveSkill } from "./resolve.js"
import { scanSourceTree } from "./sourceTree.js"

export const OutlineInput = Schema.Struct({
  skill: Schema.String.annotations({ description: "Skill name or path" }),
  level: Schema.optional(Schema.Int.pipe(Schema.between(1, 6))).annotations({ description: "Maximum heading level (1-6)" })
})
export type OutlineInput = typeof OutlineInput.Type

export interface OutlineHeading {
  readonly file: string
  readonly level: number
  readonly text: string
  readonly line: number
}

export interface OutlineResult {
  readonly skill: string
  readonly headings: ReadonlyArray<OutlineHeading>
}

const utf8 = new TextDecoder("utf-8")

export const outline = (input: OutlineInput) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const path = yield* Path
    const skill = yield* resolveSkill(input.skill)
    const tree = yield* scanSourceTree(skill.sourceDir, { onEscape: "skip" })
    const max = input.level ?? 6
    const headings: Array<OutlineHeading> = []
    for (const f of tree.files) {
      if (!isMarkdownPath(f.path)) continue
      const bytes = yield* fs.readFile(path.join(tree.root, ...f.path.split("/"))).pipe(
        Effect.mapError((e) => new InternalError({ message: `read '${f.path}': ${e.code}`, cause: e }))
      )
      for (const h of scanMarkdown(utf8.decode(bytes)).headings) {
        if (h.level <= max) headings.push({ file: f.path, level: h.level, text: h.text, line: h.line })
      }
    }
    const result: OutlineResult = { skill: skill.name, headings }
    return result
  })
