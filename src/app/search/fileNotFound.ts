/**
 * E021 for a file a command was asked for, naming the skill's files of a
 * close name (issue 25 item 3): `FORMS.md` → `forms.md`, `pptxgenjs` →
 * `pptxgenjs.md`. `open`, `show --file` and `outline --file` say the same.
 */
import { Effect } from "effect"
import { FileNotFound } from "../../domain/errors.js"
import { closest } from "../../domain/suggest.js"
import { scanSourceTree } from "../shared/index.js"

/** `keep`: the files the command could have meant (outline: Markdown files only). */
export const fileNotFound = Effect.fnUntraced(function* (sourceDir: string, asked: string, keep: (path: string) => boolean = () => true) {
  // Recovery: the tree only suggests close names for the E021 being raised; an unreadable tree suggests none.
  const tree = yield* scanSourceTree(sourceDir, { onEscape: "skip" }).pipe(Effect.orElseSucceed(() => undefined))
  const files = tree === undefined ? [] : tree.files.map((f) => f.path).filter(keep)
  return new FileNotFound({ path: asked, suggestions: closest(asked, files) })
})
