/**
 * The heading a `show` section meant when it was pasted from another answer with more than the
 * heading: a search result's label (`forms.md#Step 3: Fill the Form`, as skc_search prints each hit),
 * a line of E020's "Did you mean" (`Step 3: Fill the Form (forms.md)`),
 * an outline line (`## Step 3: Fill the Form`, as skc_outline prints it), or a heading with a trailing
 * `#`, or a heading as its Markdown source (`GIFBuilder (\`core.gif_builder\`)`, as the source and the
 * first line `show` prints write it, while outline and the index give its plain text). RFC-0002:C-SHOW
 * matches the heading text only, so these stay E020; the error then names the `show` of the heading
 * meant, with its file, instead of five similar headings to choose from.
 * Found by an agent reading anthropics/skills through `skc mcp`.
 */
import { flattenInline } from "../markdown/inline.js"
import type { HeadingEntry } from "./sectionMatch.js"

export interface PastedSection {
  readonly text: string
  /** The heading's file: named by the label, or the one file holding that heading (undefined when several do). */
  readonly file?: string
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase()

export const pastedSection = (asked: string, headings: ReadonlyArray<HeadingEntry>, onlyFile?: string): PastedSection | undefined => {
  const section = asked.trim()
  const inScope = onlyFile === undefined ? headings : headings.filter((h) => h.file === onlyFile)
  // `file#heading`: the file is one of the headings' files, and the rest one of its headings (a file's
  // own name may hold a `#`, so every `#` is tried).
  for (const m of section.matchAll(/#/g)) {
    const [file, rest] = [section.slice(0, m.index), section.slice(m.index + 1).trim()]
    const heading = inScope.find((h) => h.file === file && same(h.text, rest))
    if (heading !== undefined) return { text: heading.text, file: heading.file }
  }
  // `heading (file)` or `heading (file line N)`: a line of E020's own "Did you mean one of these?", pasted
  // back whole (an agent looped on it: the same suggestion for the suggestion). Only a file the headings name.
  const suggested = /^(.*\S)\s+\(([^()]+?)(?: line (\d+))?\)$/.exec(section)
  if (suggested !== null) {
    const [, text, file, line] = suggested
    const heading = inScope.find((h) => h.file === file && same(h.text, text!) && (line === undefined || h.start_line === Number(line)))
    if (heading !== undefined) return { text: heading.text, file: heading.file }
  }
  // `## heading`, `heading #`: the ATX marks Markdown itself does not count as the heading's text; nor its
  // inline markup (code spans, emphasis, links), which the index flattens by this same function. A
  // reference link's label is taken as undefined: the pasted line comes without the file's definitions.
  const bare = flattenInline(section.replace(/^#{1,6}\s+/, "").replace(/\s*#+$/, ""), () => false).trim()
  if (bare === section || bare === "") return undefined
  const found = inScope.filter((h) => same(h.text, bare))
  if (found.length === 0) return undefined
  const files = new Set(found.map((h) => h.file))
  return files.size === 1 ? { text: found[0]!.text, file: found[0]!.file } : { text: found[0]!.text }
}
