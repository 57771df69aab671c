/**
 * E021 for a file a command was asked for, naming the skill's files of a
 * close name (issue 25 item 3): `FORMS.md` → `forms.md`, `pptxgenjs` →
 * `pptxgenjs.md`. `open`, `show --file` and `outline --file` say the same.
 */
import { Effect } from "effect"
import { DirectoryNotFound, FileNotFound } from "../../domain/errors.js"
import { showStep, sourcesStep } from "../../domain/nextStep.js"
import { closest } from "../../domain/suggest.js"
import { scanSourceTree } from "../shared/index.js"


/**
 * `keep`: the files the command could have meant (outline: Markdown files only). `skill`: the skill as
 * the command named it, for the way on when no file has a close name: a search result's label pasted as
 * a path (`SKILL.md#Adding Charts`) is the `show` of that section, anything else the skill's file list.
 * Before, `skc open pptx 'SKILL.md#Adding Charts'` said only "file not found".
 */
export const fileNotFound = Effect.fnUntraced(function* (sourceDir: string, asked: string, keep: (path: string) => boolean = () => true, skill?: string) {
  // Recovery: the tree only suggests close names for the E021 being raised; an unreadable tree suggests none.
  const tree = yield* scanSourceTree(sourceDir, { onEscape: "skip" }).pipe(Effect.orElseSucceed(() => undefined))
  const files = tree === undefined ? [] : tree.files.map((f) => f.path).filter(keep)
  // The `#` after the file's name: a file's own name may hold one (`notes#1.md#Setup`).
  const cut = [...asked.matchAll(/#/g)].map((m) => m.index).find((at) => at > 0 && at < asked.length - 1 && files.includes(asked.slice(0, at)))
  if (skill !== undefined && cut !== undefined) {
    const [file, section] = [asked.slice(0, cut), asked.slice(cut + 1)]
    return new FileNotFound({ path: asked, suggestions: [], next: { lead: `'${file}#…' names a section:`, step: showStep(skill, section, file) } })
  }
  // A directory of the skill (`outline --file references`): its files are listed by `sources --dir`, as `open` says.
  const dir = asked.replace(/^\.\//, "").replace(/\/+$/, "")
  if (skill !== undefined && dir !== "" && tree?.dirs.includes(dir) === true) {
    return new FileNotFound({ path: asked, suggestions: [], next: { lead: `'${dir}' is a directory of the skill: list its files with:`, step: sourcesStep(skill, dir) } })
  }
  return new FileNotFound({
    path: asked,
    suggestions: closest(asked, files),
    ...(skill === undefined ? {} : { next: { lead: "the skill's files:", step: sourcesStep(skill) } })
  })
})

/** E022 for a directory `sources --dir` was asked for, as E021 above: a directory of a close name, else how to list them. */
export const directoryNotFound = Effect.fnUntraced(function* (sourceDir: string, asked: string, skill: string) {
  // Recovery: the tree only suggests close names for the E022 being raised; an unreadable tree suggests none.
  const tree = yield* scanSourceTree(sourceDir, { onEscape: "skip" }).pipe(Effect.orElseSucceed(() => undefined))
  return new DirectoryNotFound({ path: asked, suggestions: closest(asked, tree?.dirs ?? []), next: { lead: "the skill's files and directories:", step: sourcesStep(skill) } })
})
