/**
 * A failed lookup (E020, E021) that named something the skill has, in a form
 * `show` and `open` do not take: a search result's label pasted as a section
 * (`forms.md#Step 3: Fill the Form`), an outline line (`## Step 3`), a file
 * without its extension (`--file SKILL`), `open SKILL.md#Heading`. RFC-0002
 * matches heading text and paths exactly, so these stay errors; but `skc
 * stats` listed them among the things "this skill does not have", and an
 * author reading it concluded content was missing that agents had found the
 * next call (a probe as an agent). They are told apart here, against the
 * current outline, with what each one meant.
 */
import type { OutlineHeading } from "../../domain/headingReads.js"
import type { UnansweredItem } from "../../domain/stats.js"
import type { HeadingEntry } from "../../domain/search/sectionMatch.js"
import { pastedSection } from "../../domain/search/pastedSection.js"

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase()

/** What a failed lookup named that the outline has: its file, and its heading for a section; undefined when nothing. */
export const meantBy = (item: UnansweredItem, outline: ReadonlyArray<OutlineHeading>): UnansweredItem["meant"] => {
  const files = new Set(outline.map((h) => h.file))
  // A file named without its `.md` (`SKILL`, `forms`): the Markdown file of that name.
  const fileOf = (f: string): string | undefined => (files.has(f) ? f : files.has(`${f}.md`) ? `${f}.md` : undefined)
  if (item.kind === "show") {
    const file = item.file === undefined ? undefined : fileOf(item.file)
    if (item.file !== undefined && file === undefined) return undefined
    const headings: ReadonlyArray<HeadingEntry> = outline.map((h) => ({ file: h.file, text: h.section, level: h.level, start_line: h.line, end_line: h.endLine }))
    const pasted = pastedSection(item.target, headings, file)
    if (pasted !== undefined) return { file: pasted.file ?? file ?? outline.find((h) => same(h.section, pasted.text))!.file, section: pasted.text }
    // The heading as it is, in the file named without its extension.
    if (file !== undefined && file !== item.file) {
      const heading = outline.find((h) => h.file === file && same(h.section, item.target.trim()))
      if (heading !== undefined) return { file, section: heading.section }
    }
    return undefined
  }
  if (item.kind === "open") {
    // `file#heading`: every `#` tried, as a file's own name may hold one.
    // A heading the file does not have is something the skill lacks, as `show` of it is.
    for (const m of item.target.matchAll(/#/g)) {
      const file = fileOf(item.target.slice(0, m.index))
      const rest = item.target.slice(m.index + 1).trim()
      if (file === undefined) continue
      if (rest === "") return { file }
      const heading = outline.find((h) => h.file === file && same(h.section, rest))
      if (heading !== undefined) return { file, section: heading.section }
    }
    const file = fileOf(item.target)
    return file !== undefined && file !== item.target ? { file } : undefined
  }
  return undefined
}

/** The lookups split: those naming nothing the skill has, and those naming something it has (each with `meant`). */
export const splitMisnamed = (
  items: ReadonlyArray<UnansweredItem>,
  outline: ReadonlyArray<OutlineHeading>
): { readonly missing: ReadonlyArray<UnansweredItem>; readonly misnamed: ReadonlyArray<UnansweredItem> } => {
  const missing: Array<UnansweredItem> = []
  const misnamed: Array<UnansweredItem> = []
  for (const item of items) {
    const meant = meantBy(item, outline)
    if (meant === undefined) missing.push(item)
    else misnamed.push({ ...item, meant })
  }
  return { missing, misnamed }
}
