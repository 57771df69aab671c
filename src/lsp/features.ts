/**
 * What the editor asks of a skill file besides diagnostics (issue 50), as
 * pure functions of the lint snapshot (the same markdown model and agent
 * profiles lint used) and the buffer's text: completion, document symbols,
 * go to definition, and renaming a heading with the links to it.
 */
import type { CompletionItem, DocumentSymbol, Range, TextEdit } from "vscode-languageserver"
import { knownFields } from "../domain/agents/index.js"
import type { AgentProfile, FieldKind } from "../domain/agents/profile.js"
import { AGENT_SKILLS_FIELDS } from "../domain/lint/dialects.js"
import { fileLinks } from "../domain/lint/links.js"
import { snapshotReferences } from "../domain/lint/skillReferences.js"
import { findMentions } from "../domain/references/mentions.js"
import { resolveMention } from "../domain/references/reach.js"
import { classifyTarget, dirOf } from "../domain/lint/paths.js"
import { activeProfiles } from "../domain/lint/profiles.js"
import type { SkillSnapshot } from "../domain/lint/types.js"
import { flattenInline } from "../domain/markdown/inline.js"
import { isAscii } from "../domain/ascii.js"
import { nameProblem } from "../domain/skillName.js"
import { anchorsOf, githubSlug, headingSlug } from "../domain/markdown/model.js"
import { normalizeLabel } from "../domain/markdown/syntax.js"
import type { Heading } from "../domain/markdown/model.js"
import { lineText, lintColumn, toPosition, type LintText, type Position } from "./text.js"

// LSP's enum values, written out: the types package is imported for types only (the bundle stays small).
const KIND_PROPERTY = 10
const KIND_SNIPPET = 15
const KIND_ENUM_MEMBER = 20
const KIND_FILE = 17
const KIND_REFERENCE = 18
const SYMBOL_STRING = 15

const lineRange = (line: number, from: number, to: number): Range => ({ start: { line, character: from }, end: { line, character: to } })

/** 0-based index of the closing `---` of the frontmatter, or -1. */
export const frontmatterEnd = (t: LintText): number => {
  if (!/^---[ \t]*$/.test(lineText(t, 0))) return -1
  for (let i = 1; i < t.starts.length; i++) if (/^---[ \t]*$/.test(lineText(t, i))) return i
  return -1
}

const valueHints = (kind: FieldKind): ReadonlyArray<string> =>
  kind.kind === "enum" ? kind.values : kind.kind === "boolean" ? ["true", "false"] : []

/** The fields of the active profiles (and the format's own), each with the agents that read it. */
const fieldsOf = (profiles: ReadonlyArray<AgentProfile>) => {
  const out = new Map<string, { agents: Array<string>; summary: string; values: Set<string> }>()
  for (const name of AGENT_SKILLS_FIELDS) out.set(name, { agents: [], summary: "Agent Skills format field", values: new Set() })
  for (const p of profiles) {
    for (const f of knownFields(p)) {
      const entry = out.get(f.name) ?? { agents: [], summary: f.summary, values: new Set<string>() }
      if (!entry.agents.includes(p.name)) entry.agents.push(p.name)
      if (entry.summary === "Agent Skills format field") entry.summary = f.summary
      for (const v of valueHints(f.value)) entry.values.add(v)
      out.set(f.name, entry)
    }
  }
  return out
}

/** What the client's completion can take (its `completionItem` capabilities). */
export interface CompletionSupport {
  /** `insertReplaceSupport`: an item may say what it replaces beside what it inserts before. */
  readonly insertReplace: boolean
}

/**
 * The rest of a link destination after the cursor, up to its closing `)` or, for a path, its `#`: what an
 * item accepted inside an existing target replaces, so that `[t](references/|forms.md)` completed with
 * `references/forms.md` does not leave `forms.md` behind it.
 */
const targetRest = (after: string, stopAtAnchor: boolean): number => {
  const m = (stopAtAnchor ? /^[^()\s#]*/ : /^[^()\s]*/).exec(after)
  return m === null ? 0 : m[0].length
}

/** Completion at `pos` of the file `file` (root-relative) of the snapshot. */
export const complete = (
  s: SkillSnapshot,
  file: string,
  t: LintText,
  asked: Position,
  support: CompletionSupport = { insertReplace: false }
): ReadonlyArray<CompletionItem> => {
  // LSP 3.17: a character past the end of its line is the line's length. Unclamped, an item's edit range
  // lay off the line (39–40 on a line of five), which a strict client discards and a lenient one misplaces.
  // Lint's text has no byte order mark; the editor counts it as line 0's first character.
  const bomShift = t.bom && asked.line === 0 ? 1 : 0
  const line = lineText(t, asked.line)
  const pos: Position = { line: asked.line, character: Math.min(asked.character, line.length + bomShift) }
  const before = line.slice(0, Math.max(0, pos.character - bomShift))
  const after = line.slice(Math.max(0, pos.character - bomShift))
  /** The edit of an item that inserts `newText` over `from`…cursor, and with insert/replace, over `from`…`to`. */
  const edit = (from: number, newText: string, to: number) =>
    support.insertReplace && to > pos.character
      ? { newText, insert: lineRange(pos.line, from, pos.character), replace: lineRange(pos.line, from, to) }
      : { range: lineRange(pos.line, from, pos.character), newText }
  const fmEnd = file === "SKILL.md" ? frontmatterEnd(t) : -1
  // A SKILL.md without frontmatter, at its first line: the frontmatter every agent needs, to fill in. An author
  // starting a file got nothing until they typed `---` and knew the keys (an editor probe).
  // Not over a frontmatter being typed: an opening `---` with lines after it, not closed yet (a review).
  const opening = /^---[ \t]*$/.test(line) && t.starts.length > 1 && lineText(t, 1) !== ""
  if (file === "SKILL.md" && fmEnd === -1 && pos.line === 0 && /^-{0,3}$/.test(before) && after.trim() === "" && !opening) {
    const name = nameProblem(s.dirName) === undefined ? s.dirName : "my-skill"
    return [
      {
        label: "---",
        kind: KIND_SNIPPET,
        detail: "SKILL.md frontmatter (name, description)",
        documentation: "The two fields every agent reads: `name` (the directory's, lowercase letters, digits and hyphens) and `description` (what the skill does, then when to use it).",
        filterText: "---",
        textEdit: { range: lineRange(0, pos.character - before.length, pos.character), newText: `---\nname: ${name}\ndescription: What this skill does. Use when …\n---\n` }
      }
    ]
  }
  if (pos.line > 0 && pos.line < fmEnd) {
    const fields = fieldsOf(activeProfiles(s))
    const key = /^([A-Za-z_][\w-]*)?$/.exec(before)
    if (key !== null) {
      // The keys written, read from the lines: while a key is being typed the YAML does not parse.
      const present = new Set<string>()
      for (let i = 1; i < fmEnd; i++) {
        const k = i === pos.line ? null : /^([A-Za-z_][\w-]*):/.exec(lineText(t, i))
        if (k) present.add(k[1]!)
      }
      return [...fields]
        .filter(([name]) => !present.has(name))
        .map(([name, f]) => ({
          label: name,
          kind: KIND_PROPERTY,
          detail: f.agents.length === 0 ? "Agent Skills format" : f.agents.join(", "),
          documentation: f.summary,
          textEdit: { range: lineRange(pos.line, pos.character - before.length, pos.character), newText: `${name}: ` }
        }))
    }
    const value = /^([A-Za-z_][\w-]*):\s*([\w-]*)$/.exec(before)
    if (value !== null) {
      const f = fields.get(value[1]!)
      return [...(f?.values ?? [])].map((v) => ({
        label: v,
        kind: KIND_ENUM_MEMBER,
        detail: f!.agents.join(", "),
        textEdit: { range: lineRange(pos.line, pos.character - value[2]!.length, pos.character), newText: v }
      }))
    }
    return []
  }
  const anchor = /\]\(([^()\s#]*)#([^()\s]*)$/.exec(before)
  if (anchor !== null) {
    const target = anchor[1] === "" ? file : classifyTarget(file, anchor[1]!)
    const path = typeof target === "string" ? target : target._tag === "Internal" ? target.path : undefined
    const headings = path === undefined ? [] : (s.markdown(path)?.headings ?? [])
    // A heading in another script ("中文", "Setup 步骤") keeps little or nothing in the RFC's ASCII slug (`#`,
    // `#-1`, `#setup-`: no anchor GitHub renders); it is offered by its GitHub slug, which SKL302 accepts too,
    // as rename does. A heading with no anchor in either style is not offered.
    const [rfc, gh] = [anchorsOf(headings, headingSlug), anchorsOf(headings, githubSlug)]
    // The edit replaces the `#` too, so what it inserts is the label and no filterText is needed (see below).
    return headings.flatMap((h, i) => {
      const slug = isAscii(h.text) ? rfc[i]! : gh[i]!
      if (slug === "" || /^-\d+$/.test(slug)) return []
      return [{
        label: `#${slug}`,
        kind: KIND_REFERENCE,
        detail: h.text,
        textEdit: edit(pos.character - anchor[2]!.length - 1, `#${slug}`, pos.character + targetRest(after, false))
      }]
    })
  }
  const link = /\]\(([^()\s#]*)$/.exec(before)
  if (link !== null) {
    const here = dirOf(file)
    // What the author wrote before the path (`./`, an opening `<`) stays: the edit starts after it. Replaced,
    // the text the client filters by (`./refs/g`) matched no item, and an item accepted anyway deleted it.
    const typed = link[1]!
    const lead = /^<?(?:\.\/)*/.exec(typed)![0]
    return s.entries
      .filter((e) => e.type === "file" && e.escapes !== true && e.path !== file)
      .map((e) => {
        const rel = relativeTo(here, e.path)
        const written = asLinkDestination(rel)
        const textEdit = edit(pos.character - typed.length + lead.length, written, pos.character + targetRest(after, true))
        // A filterText only where the label is not what is typed (a percent-encoded name): Neovim 0.7's
        // omnifunc ignores the textEdit range of an item with one and completes from the start of the word
        // instead (after the last `/` or `.`), so `[x](scripts/fi` offered nothing and `[x](forms.` inserted
        // `forms.LICENSE.txt`.
        return written === rel ? { label: rel, kind: KIND_FILE, textEdit } : { label: rel, kind: KIND_FILE, filterText: written, textEdit }
      })
  }
  return []
}

/**
 * A path as a link destination: a space, a parenthesis, `<`, `>`, `#`, `?` or `%` in a file name ends or
 * changes the link (`[b](refs dir/a.md)` is no link at all), so each is percent-encoded, as lint and go to
 * definition decode it (`refs%20dir/a.md`).
 */
export const asLinkDestination = (path: string): string =>
  path.replace(/[\s()<>#?%[\]]/gu, (c) => (c.charCodeAt(0) < 0x80 ? `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}` : encodeURIComponent(c)))

/** `to` (root-relative) as written from a file in `fromDir`. */
export const relativeTo = (fromDir: string, to: string): string => {
  if (fromDir === "") return to
  const from = fromDir.split("/")
  const parts = to.split("/")
  let i = 0
  while (i < from.length && i < parts.length - 1 && from[i] === parts[i]) i++
  return [...from.slice(i).map(() => ".."), ...parts.slice(i)].join("/")
}

/** The outline: headings nested by level, each spanning its section. */
/**
 * The most headings an outline answer holds. A generated 5 MB reference with 46,414 headings answered an
 * 11 MB message, half a second to build and more for the editor to read (the diagnostics have their own cap,
 * MAX_DIAGNOSTICS_PER_FILE, for the same reason). Past it the outline keeps its upper levels whole: the
 * deepest level that fits with every level above it.
 */
export const MAX_DOCUMENT_SYMBOLS = 5000

/** The headings an outline shows: every one, or those of the upper levels that fit in MAX_DOCUMENT_SYMBOLS. */
const outlined = <H extends { readonly level: number }>(headings: ReadonlyArray<H>): ReadonlyArray<H> => {
  if (headings.length <= MAX_DOCUMENT_SYMBOLS) return headings
  let keep: ReadonlyArray<H> = []
  for (let level = 1; level <= 6; level++) {
    const upTo = headings.filter((h) => h.level <= level)
    if (upTo.length > MAX_DOCUMENT_SYMBOLS) break
    keep = upTo
  }
  // Even the top level is past the cap: its first headings.
  const top = headings.reduce((least, h) => Math.min(least, h.level), 6)
  return keep.length > 0 ? keep : headings.filter((h) => h.level === top).slice(0, MAX_DOCUMENT_SYMBOLS)
}

export const documentSymbols = (s: SkillSnapshot, file: string, t: LintText): ReadonlyArray<DocumentSymbol> => {
  const headings = outlined(s.markdown(file)?.headings ?? [])
  const root: Array<DocumentSymbol> = []
  const stack: Array<{ level: number; children: Array<DocumentSymbol> }> = [{ level: 0, children: root }]
  for (const h of headings) {
    const lastLine = Math.max(h.line, h.endLine - 1) - 1
    const symbol: DocumentSymbol = {
      name: h.text === "" ? `H${h.level}` : h.text,
      detail: `H${h.level}`,
      kind: SYMBOL_STRING,
      range: { start: { line: h.line - 1, character: 0 }, end: { line: lastLine, character: lineText(t, lastLine).length } },
      selectionRange: lineRange(h.line - 1, 0, lineText(t, h.line - 1).length),
      children: []
    }
    while (stack.length > 1 && stack[stack.length - 1]!.level >= h.level) stack.pop()
    stack[stack.length - 1]!.children.push(symbol)
    stack.push({ level: h.level, children: symbol.children as Array<DocumentSymbol> })
  }
  return root
}

/** The heading of `path` an anchor names (RFC slug or GitHub's, ignoring case), if any. */
export const headingFor = (s: SkillSnapshot, path: string, fragment: string): Heading | undefined => {
  const headings = s.markdown(path)?.headings ?? []
  const want = fragment.toLowerCase()
  for (const slug of [headingSlug, githubSlug]) {
    const anchors = anchorsOf(headings, slug)
    const i = anchors.findIndex((a) => a.toLowerCase() === want)
    if (i >= 0) return headings[i]
  }
  return undefined
}

/**
 * The 1-based column just past a link on its line: where the scanner says the link's source ends (the
 * whole `[text](target)`, `[text][label]`, `<url>` or definition); undefined when it ends on a later line,
 * which then reaches to the end of the line. It was found by searching the destination from the link's
 * start, which met a copy of it in the link's own text (`[a.md#two](a.md#two)`) and ended the link there.
 */
const linkEnd = (link: { readonly line: number; readonly endLine: number; readonly endColumn: number }): number | undefined =>
  link.endLine === link.line ? link.endColumn : undefined

/**
 * Where a link's destination starts on its line (0-based): past its text's closing `]` and the `(` or `]:`
 * after it, found by matching brackets (a backslash escapes); the link's start when it cannot be told (an
 * autolink, a text running over lines). A `#fragment` written in the link's text is then never taken for
 * the destination's (`[see #setup](#setup)`: a rename rewrote the text and left the link broken).
 */
export const destinationStart = (written: string, link: { readonly column: number; readonly kind: string }): number => {
  const from = link.column - 1
  if ((link.kind !== "inline" && link.kind !== "definition") || (written[from] !== "[" && written.slice(from, from + 2) !== "![")) return from
  let depth = 0
  for (let i = written[from] === "!" ? from + 1 : from; i < written.length; i++) {
    const c = written[i]
    if (c === "\\") i++
    else if (c === "[") depth++
    else if (c === "]" && --depth === 0) return written[i + 1] === "(" || written[i + 1] === ":" ? i + 2 : from
  }
  return from
}

/**
 * The link under the cursor: of the links of the line that start at or
 * before it, the last one that has not ended before it. Prose after a link
 * ("… [guide](a.md) then run `b.md`") is not that link: a path mentioned
 * there is followed as a mention. A reference link (`[x][r]`, `[r]`) goes
 * where its definition goes.
 */
export const linkAt = (s: SkillSnapshot, file: string, t: LintText, pos: Position) => {
  const column = lintColumn(t, pos)
  const facts = s.markdown(file)
  const onLine = [...(facts?.links ?? []), ...(facts?.images ?? [])].filter((l) => l.line === pos.line + 1 && l.column <= column)
  const last = onLine.sort((a, b) => b.column - a.column)[0]
  if (last === undefined) return undefined
  const end = linkEnd(last)
  return end === undefined || column < end ? { file, link: last, target: classifyTarget(file, last.target) } : undefined
}

/**
 * The files a path mention under the cursor names, read as an agent reads
 * it (src/domain/references: prose, inline code, code blocks — "read
 * FORMS.md", `scripts/recalc.py`, `themes/`), resolved from `file` as
 * SKL401 resolves it: one file, every file of a directory or glob, or the
 * real file of a mention that matches it only ignoring case (SKL402).
 * Published skills point to their files this way far more often than by
 * Markdown links.
 */
export const mentionedAt = (s: SkillSnapshot, file: string, t: LintText, pos: Position): ReadonlyArray<string> => {
  const column = lintColumn(t, pos)
  const mention = findMentions(lineText(t, pos.line)).find((m) => m.column <= column && column <= m.column + m.text.length)
  if (mention === undefined) return []
  const resolved = resolveMention(snapshotReferences(s).index, file, mention)
  return resolved._tag === "Files" ? resolved.files : resolved._tag === "Case" ? [resolved.real] : []
}

/** At most this many files of a directory or glob mention are offered as its definitions. */
const MENTIONED_FILES_SHOWN = 50

/** Where a link at the cursor goes: a root-relative file and the heading's 0-based line (0 without an anchor); else the files a path mention there names (line 0). */
export const definitions = (s: SkillSnapshot, file: string, t: LintText, pos: Position): ReadonlyArray<{ readonly path: string; readonly line: number }> => {
  const linked = definition(s, file, t, pos)
  if (linked !== undefined) return [linked]
  return mentionedAt(s, file, t, pos)
    .filter((path) => s.lookup(path)?.type === "file")
    .slice(0, MENTIONED_FILES_SHOWN)
    .map((path) => ({ path, line: 0 }))
}

/** Where a link at the cursor goes: a root-relative file and the heading's 0-based line (0 without an anchor). */
export const definition = (s: SkillSnapshot, file: string, t: LintText, pos: Position): { readonly path: string; readonly line: number } | undefined => {
  const l = linkAt(s, file, t, pos)
  if (l === undefined) return undefined
  const target = l.target
  const path = target._tag === "Anchor" ? file : target._tag === "Internal" ? target.path : undefined
  if (path === undefined || s.lookup(path)?.type !== "file") return undefined
  const fragment = target._tag === "Anchor" ? target.fragment : target._tag === "Internal" ? target.fragment : undefined
  const h = fragment === undefined || fragment === "" ? undefined : headingFor(s, path, fragment)
  return { path, line: h === undefined ? 0 : h.line - 1 }
}

/** The ATX heading text on a line, as a range of the line: what a rename replaces. */
export const headingTextRange = (s: SkillSnapshot, file: string, t: LintText, line: number): { readonly heading: Heading; readonly range: Range } | undefined => {
  const headings = s.markdown(file)?.headings ?? []
  const heading = headings.find((h) => h.line === line + 1)
  const shift = t.bom && line === 0 ? 1 : 0
  if (heading === undefined) {
    // On a setext heading's underline (`-----`): the heading it underlines.
    const above = headings.find((h) => h.line === line)
    return above !== undefined && SETEXT_UNDERLINE.test(lineText(t, line)) ? headingTextRange(s, file, t, line - 1) : undefined
  }
  const text = lineText(t, line)
  const m = /^( {0,3}#{1,6}[ \t]+)(.*?)([ \t]+#+)?[ \t]*$/.exec(text)
  if (m !== null && m[2] !== "") return { heading, range: lineRange(line, m[1]!.length + shift, m[1]!.length + m[2]!.length + shift) }
  // A setext heading of one line (`Setup` over `-----`): its text, as written between the indent and trailing
  // spaces. Rename answered nothing on it (an editor probe) while hover, outline and go to definition took it.
  const setext = /^( {0,3})(\S.*?)[ \t]*$/.exec(text)
  if (m === null && setext !== null && line + 1 < t.starts.length && SETEXT_UNDERLINE.test(lineText(t, line + 1))) {
    return { heading, range: lineRange(line, setext[1]!.length + shift, setext[1]!.length + setext[2]!.length + shift) }
  }
  return undefined
}

/** A setext heading's underline: `=` or `-` repeated, up to three spaces before, spaces after. */
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/

/**
 * The text a heading line will have once `newText` is written as its text:
 * Markdown reads a trailing run of `#` after a space as the closing
 * sequence, not as text ("Use # it ##" is the heading "Use # it"), and trims
 * spaces. When the heading already has a closing sequence, the new text's
 * own trailing `#`s stay text (only the last run closes).
 */
export const writtenHeadingText = (newText: string, hasClosing = false): string =>
  (hasClosing ? newText : newText.replace(/(?:^|[ \t]+)#+[ \t]*$/, "")).trim()

/**
 * Why `newText` cannot be a heading's new text, or undefined. A heading is
 * one line (a line break would write a second heading or paragraph into the
 * file), it has text (an empty one, or only a closing `##`, is no heading),
 * and its anchor is not empty ("!!!" has none in either slug style): the
 * links this rename re-points would all break.
 */
export const headingTextProblem = (newText: string): string | undefined => {
  const text = writtenHeadingText(newText)
  return newText.trim() === "" || text === ""
    ? "a heading needs text"
    : /[\r\n]/.test(newText)
      ? "a heading is one line: the new name has a line break"
      : // A NUL or another control character (an editor probe's "A\u0000B") made the file one that git takes for
        // binary (SKL207; SKL100 in SKILL.md).
        // eslint-disable-next-line no-control-regex
        /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(newText)
        ? "a heading is text: the new name holds a control character"
        : headingSlug(text) === "" && githubSlug(text) === ""
        ? `'${newText}' gives the heading no anchor, so links to it would break`
        : undefined
}

/**
 * The edits of renaming the heading on `line` of `file` to `newText`: the
 * heading itself and every link of the skill whose anchor it changes. That
 * is the renamed heading's (in either slug style, re-pointed to the new RFC
 * slug), and also those of other headings of the file with the same text,
 * whose `-1`, `-2` suffixes count the headings before them: renaming the
 * first of two "Setup"s makes the second one's anchor `setup`, so its links
 * (`#setup-1`) move with it. `texts` gives each markdown file's text (the
 * buffers where open).
 */
/**
 * Where the link's `#fragment` is written on its line (from `from`), and its length as written: as decoded
 * (`#café-setup`), or percent-encoded (`#caf%C3%A9-setup`), which lint and go to definition read as the same
 * anchor. Undefined when the line holds neither.
 */
const writtenFragment = (line: string, from: number, fragment: string): { readonly at: number; readonly length: number } | undefined => {
  const plain = line.indexOf(`#${fragment}`, from)
  if (plain >= 0) return { at: plain, length: fragment.length }
  for (let hash = line.indexOf("#", from); hash >= 0; hash = line.indexOf("#", hash + 1)) {
    const token = /^[^\s)>#]*/.exec(line.slice(hash + 1))![0]
    let decoded: string | undefined
    try {
      decoded = decodeURIComponent(token)
    } catch {
      decoded = undefined
    }
    if (decoded !== undefined && decoded.toLowerCase() === fragment.toLowerCase()) return { at: hash, length: token.length }
  }
  return undefined
}

export const renameHeading = (
  s: SkillSnapshot,
  file: string,
  line: number,
  newText: string,
  texts: (path: string) => LintText | undefined
): ReadonlyMap<string, ReadonlyArray<TextEdit>> | undefined => {
  const own = texts(file)
  const at = own === undefined ? undefined : headingTextRange(s, file, own, line)
  if (own === undefined || at === undefined) return undefined
  const headings = s.markdown(file)?.headings ?? []
  const index = headings.indexOf(at.heading)
  const hasClosing = /[ \t]#+[ \t]*$/.test(lineText(own, line).slice(at.range.end.character - (own.bom && line === 0 ? 1 : 0)))
  // The new heading's text as its anchor reads it: its markup flattened, as the scanner flattens every heading
  // (`See [the manual](notes.md)` is "See the manual"; unflattened, its links went to `#see-the-manualnotesmd`).
  const definitions = new Set((s.markdown(file)?.links ?? []).filter((l) => l.kind === "definition").map((l) => normalizeLabel(l.text)))
  const newHeading = flattenInline(writtenHeadingText(newText, hasClosing), (label) => definitions.has(label))
  const renamed = headings.map((h, i) => (i === index ? { text: newHeading } : h))
  const [oldRfc, oldGh, newGh] = [anchorsOf(headings, headingSlug), anchorsOf(headings, githubSlug), anchorsOf(renamed, githubSlug)]
  // Every link keeps the style it uses: an RFC-slug link takes the new RFC slug, a GitHub-slug one the new GitHub
  // slug. But an RFC slug drops letters outside ASCII ("Café Déjà Vu" is `caf-dj-vu`, "Setup 步骤" `setup-`),
  // no anchor GitHub renders: a renamed heading holding such letters gives its RFC-style links the GitHub slug,
  // which SKL302 accepts as well. (`#café-déjà` became `#caf-dj-vu` on renaming "Café Déjà" to "Café Déjà Vu".)
  const dropsLetters = (text: string) => /[\p{L}\p{N}]/u.test(text.replace(/[\x00-\x7f]/g, ""))
  const toRfc = anchorsOf(renamed, headingSlug).map((a, i) =>
    i === index && (headingSlug(renamed[i]!.text) === "" || dropsLetters(renamed[i]!.text)) ? newGh[i]! : a
  )
  const toGh = newGh
  // Each anchor a link may use now, in either slug style, to the anchor it must use after the rename. GitHub slugs
  // first, RFC slugs over them: a heading's RFC slug wins over another's GitHub slug of that spelling, as `headingFor` reads links.
  const moves = new Map<string, string>([...oldGh.map((a, i) => [a.toLowerCase(), toGh[i]!] as const), ...oldRfc.map((a, i) => [a.toLowerCase(), toRfc[i]!] as const)])
  const edits = new Map<string, Array<TextEdit>>([[file, [{ range: at.range, newText }]]])
  for (const l of fileLinks(s)) {
    const target = l.target
    const to = target._tag === "Anchor" ? l.file : target._tag === "Internal" ? target.path : undefined
    const fragment = target._tag === "Anchor" ? target.fragment : target._tag === "Internal" ? target.fragment : undefined
    if (to !== file || fragment === undefined || fragment === "") continue
    const moved = moves.get(fragment.toLowerCase())
    if (moved === undefined || moved.toLowerCase() === fragment.toLowerCase()) continue
    const text = texts(l.file)
    if (text === undefined) continue
    const lineNo = l.link.line - 1
    const written = lineText(text, lineNo)
    const raw = writtenFragment(written, destinationStart(written, l.link), fragment)
    if (raw === undefined) continue
    const start = toPosition(text, text.starts[lineNo]! + raw.at + 1)
    const list = edits.get(l.file) ?? []
    list.push({ range: { start, end: { line: start.line, character: start.character + raw.length } }, newText: moved })
    edits.set(l.file, list)
  }
  return edits
}
