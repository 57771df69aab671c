/**
 * E021 for a file a command was asked for, naming the skill's files of a
 * close name (issue 25 item 3): `FORMS.md` → `forms.md`, `pptxgenjs` →
 * `pptxgenjs.md`. `open`, `show --file` and `outline --file` say the same.
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { DirectoryNotFound, FileNotFound } from "../../domain/errors.js"
import { scanMarkdown } from "../../domain/markdown/scan.js"
import { anchorsOf, githubSlug, headingSlug } from "../../domain/markdown/slug.js"
import { isMarkdownPath } from "../../domain/sourcePaths.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
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
  // The file as the skill spells it: `FORMS.md#Step 3`, pasted from a SKILL.md that links FORMS.md to its
  // forms.md, pointed nowhere ("the skill's files") where `forms.md#Step 3` pointed to the section.
  const spelled = (name: string) => files.find((f) => f === name) ?? oneOf(files.filter((f) => f.toLowerCase() === name.toLowerCase()))
  const cut = [...asked.matchAll(/#/g)].map((m) => m.index).find((at) => at > 0 && at < asked.length - 1 && spelled(asked.slice(0, at)) !== undefined)
  if (skill !== undefined && cut !== undefined) {
    const [file, section] = [spelled(asked.slice(0, cut))!, asked.slice(cut + 1)]
    // A link's anchor (`techniques.md#flow-fields`) names its heading by slug, which show does not take: the
    // step names the heading ("Flow Fields"), and which of same-named ones by its line.
    const heading = yield* headingOfAnchor(sourceDir, file, section)
    const step = heading === undefined ? showStep(skill, section, file) : showStep(skill, heading.text, file, heading.line)
    return new FileNotFound({ path: asked, suggestions: [], next: { lead: `'${file}#…' names a section:`, step } })
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

/** The one element of `xs`, else undefined (none, or several to choose from). */
const oneOf = <A>(xs: ReadonlyArray<A>): A | undefined => (xs.length === 1 ? xs[0] : undefined)

/** The largest Markdown file read to turn a link's anchor into its heading (the hint then keeps the anchor). */
const ANCHOR_FILE_MAX_BYTES = 4 * 1024 * 1024

/**
 * The heading of Markdown file `file` whose anchor is `anchor` (RFC-0008 SKL302's slugs: the RFC's and
 * GitHub's, case ignored, `-1` for a second heading of a name), unless `anchor` is a heading's text itself
 * (a search result's label pasted with its file: show takes it as it is). `line` only for a heading whose
 * text another heading of the file shares.
 */
const headingOfAnchor = Effect.fnUntraced(function* (sourceDir: string, file: string, anchor: string) {
  if (!isMarkdownPath(file)) return undefined
  const fs = yield* FileSystem
  const path = yield* Path
  const at = path.join(sourceDir, file)
  const info = yield* fs.statOption(at).pipe(unseenAs(undefined))
  if (info?.type !== "file" || info.size > ANCHOR_FILE_MAX_BYTES) return undefined
  const text = yield* fs.readFileString(at).pipe(unseenAs(undefined))
  if (text === undefined) return undefined
  const headings = scanMarkdown(text).headings
  if (headings.some((h) => h.text === anchor)) return undefined
  const wanted = anchor.toLowerCase()
  for (const slug of [headingSlug, githubSlug]) {
    const i = anchorsOf(headings, slug).findIndex((a) => a.toLowerCase() === wanted)
    if (i < 0) continue
    const h = headings[i]!
    const shared = headings.filter((o) => o.text === h.text).length > 1
    return { text: h.text, ...(shared ? { line: h.line } : {}) }
  }
  return undefined
})

/** E022 for a directory `sources --dir` was asked for, as E021 above: a directory of a close name, else how to list them. */
export const directoryNotFound = Effect.fnUntraced(function* (sourceDir: string, asked: string, skill: string) {
  // Recovery: the tree only suggests close names for the E022 being raised; an unreadable tree suggests none.
  const tree = yield* scanSourceTree(sourceDir, { onEscape: "skip" }).pipe(Effect.orElseSucceed(() => undefined))
  return new DirectoryNotFound({ path: asked, suggestions: closest(asked, tree?.dirs ?? []), next: { lead: "the skill's files and directories:", step: sourcesStep(skill) } })
})
