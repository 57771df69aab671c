/**
 * The compiled stub `SKILL.md` (RFC-0001:C-STUB, C-SECTIONS, C-CONSTRAINTS;
 * DECISIONS #26, #27). Pure: headings and descriptions in, text out.
 *
 * Limits, applied in this order:
 * - SKILL.md entries (H1 at level 0, H2 at level 1, H3+ never): at most 15,
 *   and at most 12 top-level headings (H1s); whatever is cut is counted in one
 *   `… (N more)` line at level 0.
 * - References group (only when other `.md` files exist): first H1 or the
 *   path, ` — description` cut to 120 characters plus `…`, at most 15
 *   entries, then `… (N more)` at level 1. The group label is a fixed label,
 *   not a heading, so it does not count toward the 12.
 * - The whole stub stays within 100 lines: if it would not, the listing is
 *   cut from the end and one `… (N more)` line says how many entries went.
 *
 * The stub never names a source file except as a reference label (a relative
 * path), and never an absolute path.
 */
import { Document, isCollection, isMap, parse, stringify } from "yaml"
import type { HeadingLevel } from "./markdown/model.js"
import { DESCRIPTION_LIMIT, listedDescription, oneLine, truncateDescription } from "./descriptionCut.js"

export { DESCRIPTION_LIMIT, truncateDescription }

export const STUB_MAX_LINES = 100
export const MAIN_ENTRY_LIMIT = 15
export const TOP_LEVEL_LIMIT = 12
export const REFERENCE_LIMIT = 15
/**
 * The grouping label of RFC-0001's stub, fixed by RFC-0001:C-SECTIONS
 * (normative: "the fixed grouping label with hint"). Issue 46 item 5 found
 * the hint read as "only titles can be searched"; the wording is the
 * specification's, so it stays until the RFC changes. What the hint means
 * (look a reference up by its title; the text after the dash describes it)
 * is said in the README's build section.
 */
export const REFERENCES_LABEL = "References (query by title only)"

export interface StubHeading {
  readonly level: HeadingLevel
  readonly text: string
}

/**
 * What the stub lists of a reference: its first H1 and its frontmatter
 * `description` (structurally the markdown model's document).
 */
export const referenceInfo = (doc: {
  readonly headings: ReadonlyArray<{ readonly level: number; readonly text: string }>
  readonly frontmatter: { readonly _tag: string; readonly data?: Readonly<Record<string, unknown>> }
}): { readonly title: string | undefined; readonly description: string | undefined } => {
  const h1 = doc.headings.find((h) => h.level === 1)
  const d = doc.frontmatter._tag === "Parsed" ? doc.frontmatter.data?.description : undefined
  return { title: detached(h1?.text), description: typeof d === "string" ? detached(d) : undefined }
}

/**
 * A copy of `text` that does not hold on to the string it was cut from.
 * A heading's text is a slice of its file's text, and V8 keeps a slice's
 * whole parent alive: kept for every file of a build, the titles held
 * every file's text in memory, 20 MB for a 20 MB skill (issue 44,
 * `build.cold.memory`). Titles and descriptions are short; copying them
 * is cheap.
 */
const detached = (text: string | undefined): string | undefined => (text === undefined ? undefined : (JSON.parse(JSON.stringify(text)) as string))

export interface StubReference {
  /** Relative POSIX path of the `.md` file. */
  readonly path: string
  /** Text of the file's first H1, if any. */
  readonly title: string | undefined
  /** The `description` of the file's frontmatter, if it is a string. */
  readonly description: string | undefined
}

export interface StubInput {
  /** `name` and `description` exactly as the source frontmatter gives them. */
  readonly name: string
  readonly description: string
  /** The name commands address the skill by (the store directory's name). */
  readonly skill: string
  /** Headings of SKILL.md in file order (any level; H3+ are dropped here). */
  readonly main: ReadonlyArray<StubHeading>
  /** Every other `.md` file, in bytewise path order (DECISIONS #26). */
  readonly references: ReadonlyArray<StubReference>
  /**
   * The source frontmatter's other fields, in the author's order: the
   * deployed stub is what agents load, and they read more than the two the
   * RFC names (DECISIONS #51: `allowed-tools`, `disable-model-invocation`,
   * `when_to_use`, `hooks`, `paths`, …). Without them a built skill lost its
   * permissions and became model-invocable in Claude Code.
   */
  readonly fields?: Readonly<Record<string, unknown>>
  /**
   * The source frontmatter's text and the file line of each top-level key:
   * the other fields are copied as the author wrote them (comments, `1.0`,
   * `'007'`, quoting) when those lines read back as the same values; else
   * they are written from `fields`. A reader that keeps YAML's spellings
   * (skills-ref's strict reader reads `version: 1.0` as "1.0") then reads the
   * stub as it reads the source.
   */
  readonly source?: { readonly raw: string; readonly keyLines: Readonly<Record<string, number>> }
  /**
   * Set when SKILL.md's body uses Claude Code's argument placeholders
   * (`$ARGUMENTS`, `$0`, a name of `arguments`): Claude Code substitutes the
   * stub it loads, not the source the agent reads through skc, so the stub
   * carries the arguments given and says how the sections name them.
   */
  readonly arguments?: { readonly names: ReadonlyArray<string>; readonly hint: string | undefined }
}

export type ListingItem =
  | { readonly kind: "entry"; readonly indent: 0 | 1; readonly text: string }
  | { readonly kind: "more"; readonly indent: 0 | 1; readonly count: number }

export const moreText = (count: number) => `… (${count} more)`

/** C0 control characters but the white space `oneLine` folds, and DEL: no text of a valid SKILL.md holds them. */
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f]/


/** The "Top Sections" items before the 100-line limit. */
export const sectionListing = (input: Pick<StubInput, "main" | "references">): ReadonlyArray<ListingItem> => {
  const items: Array<ListingItem> = []
  const candidates = input.main
    .filter((h) => h.level <= 2)
    .map((h) => ({ level: h.level, text: oneLine(h.text) }))
    .filter((h) => h.text !== "")
  let shown = 0
  let topLevel = 0
  for (const h of candidates) {
    if (shown === MAIN_ENTRY_LIMIT) break
    if (h.level === 1 && topLevel === TOP_LEVEL_LIMIT) break
    if (h.level === 1) topLevel++
    items.push({ kind: "entry", indent: h.level === 1 ? 0 : 1, text: h.text })
    shown++
  }
  if (shown < candidates.length) items.push({ kind: "more", indent: 0, count: candidates.length - shown })

  if (input.references.length > 0) {
    items.push({ kind: "entry", indent: 0, text: REFERENCES_LABEL })
    for (const ref of input.references.slice(0, REFERENCE_LIMIT)) {
      // A title with control bytes (a binary file named .md: NUL, \x01) is listed by its path: in the stub they
      // made SKILL.md a file `file` calls data, and RFC-0001:C-STUB asks for a valid SKILL.md.
      const title = ref.title === undefined || oneLine(ref.title) === "" || CONTROL.test(ref.title) ? ref.path : oneLine(ref.title)
      const description = ref.description === undefined || CONTROL.test(ref.description) ? "" : listedDescription(ref.description)
      items.push({ kind: "entry", indent: 1, text: description === "" ? title : `${title} — ${description}` })
    }
    if (input.references.length > REFERENCE_LIMIT) {
      items.push({ kind: "more", indent: 1, count: input.references.length - REFERENCE_LIMIT })
    }
  }
  return items
}

const itemLine = (item: ListingItem) =>
  `${"  ".repeat(item.indent)}- ${item.kind === "entry" ? item.text : moreText(item.count)}`

const countOf = (item: ListingItem) => (item.kind === "entry" ? 1 : item.count)

/** Fit the listing into `room` lines, replacing the tail with one `… (N more)` line. */
export const fitListing = (items: ReadonlyArray<ListingItem>, room: number): ReadonlyArray<ListingItem> => {
  if (items.length <= room) return items
  const keep = Math.max(0, room - 1)
  const omitted = items.slice(keep).reduce((n, item) => n + countOf(item), 0)
  return [...items.slice(0, keep), { kind: "more", indent: 0, count: omitted }]
}

/** Shell-quote a word only when it needs it (skill names normally do not). */
const shellWord = (s: string) => (/^[A-Za-z0-9._-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`)

/**
 * The most lines the source's other fields take in the stub's frontmatter
 * in block style; beyond, each field is written on one line in flow style,
 * so that the stub keeps RFC-0001's 100 lines with room for its listing.
 */
export const STUB_FIELD_LINES = 40

/**
 * The source's own lines of every top-level field but `name` and
 * `description` (each from its key's line to the next key's), when they
 * parse, alone, to exactly `rest` and fit STUB_FIELD_LINES; else undefined.
 * An alias to an anchor in `name` or `description`, say, does not.
 */
const verbatimFields = (source: NonNullable<StubInput["source"]>, rest: Readonly<Record<string, unknown>>): string | undefined => {
  const lines = source.raw.split("\n")
  // keyLines are file lines; `raw` starts on file line 2, after the opening `---`.
  const keys = Object.entries(source.keyLines).sort((a, b) => a[1] - b[1])
  const kept: Array<string> = []
  keys.forEach(([key, line], i) => {
    if (key === "name" || key === "description") return
    kept.push(...lines.slice(line - 2, i + 1 < keys.length ? keys[i + 1]![1] - 2 : lines.length))
  })
  while (kept.length > 0 && kept[kept.length - 1]!.trim() === "") kept.pop()
  if (kept.length === 0 || kept.filter((l) => l.trim() !== "").length > STUB_FIELD_LINES) return undefined
  const text = `${kept.join("\n")}\n`
  try {
    const back: unknown = parse(text)
    return JSON.stringify(back) === JSON.stringify(rest) ? text : undefined
  } catch {
    return undefined
  }
}

/** The other fields as YAML: the source's lines, else block style, or one line per field when that is too long. */
const fieldsYaml = (fields: Readonly<Record<string, unknown>>, source?: StubInput["source"]): string => {
  const rest = Object.fromEntries(Object.entries(fields).filter(([k, v]) => k !== "name" && k !== "description" && v !== undefined))
  if (Object.keys(rest).length === 0) return ""
  const verbatim = source === undefined ? undefined : verbatimFields(source, rest)
  if (verbatim !== undefined) return verbatim
  const block = stringify(rest, { lineWidth: 0 })
  if (block.split("\n").filter((l) => l !== "").length <= STUB_FIELD_LINES) return block
  // Each field's map or list in flow style, on its field's line; a string with line breaks double-quoted (escaped) for the same reason.
  const doc = new Document(rest)
  if (isMap(doc.contents)) for (const pair of doc.contents.items) if (isCollection(pair.value)) pair.value.flow = true
  return doc.toString({ lineWidth: 0, blockQuote: false, doubleQuotedMinMultiLineLength: Number.MAX_SAFE_INTEGER })
}

/** The most lines of comments kept before the first key, and with `name` or `description` (the stub keeps its 100 lines). */
const KEPT_COMMENT_LINES = 5

/** A line of YAML that holds nothing but a comment (or nothing at all). */
const commentOrBlank = (line: string): boolean => /^\s*(#.*)?$/.test(line)

/**
 * The comment lines before the source frontmatter's first key (`# owner: docs team`), kept at the top of the
 * stub's: they were dropped while the README said comments stay.
 */
const leadingComments = (source: NonNullable<StubInput["source"]>): string => {
  const first = Math.min(...Object.values(source.keyLines))
  if (!Number.isFinite(first)) return ""
  const lead = source.raw.split("\n").slice(0, first - 2).filter((l) => l.trim() !== "")
  return lead.length > 0 && lead.length <= KEPT_COMMENT_LINES && lead.every(commentOrBlank) ? `${lead.join("\n")}\n` : ""
}

/**
 * `key`'s own lines in the source (`description: Fill forms.  # keep short`, and the comment lines up to the
 * next key) when its value is on that one line and they read back as exactly `value`; else undefined.
 */
const verbatimKey = (source: NonNullable<StubInput["source"]>, key: "name" | "description", value: string): string | undefined => {
  const line = source.keyLines[key]
  if (line === undefined) return undefined
  const lines = source.raw.split("\n")
  const next = Math.min(...Object.values(source.keyLines).filter((l) => l > line), lines.length + 2)
  const own = lines.slice(line - 2, next - 2)
  while (own.length > 0 && own[own.length - 1]!.trim() === "") own.pop()
  if (own.length === 0 || own.length > 1 + KEPT_COMMENT_LINES || !own[0]!.startsWith(`${key}:`) || !own.slice(1).every(commentOrBlank)) return undefined
  const text = `${own.join("\n")}\n`
  try {
    const back = parse(text) as Record<string, unknown> | null
    return back !== null && typeof back === "object" && Object.keys(back).length === 1 && back[key] === value ? text : undefined
  } catch {
    return undefined
  }
}

/**
 * YAML for the two preserved fields, then the source's other fields; a name
 * or description with line breaks is double-quoted so it stays on one line.
 * Given the source, its comments and its spelling of the two (quotes, a
 * trailing comment) are kept when they read back as the same values.
 */
export const stubFrontmatter = (name: string, description: string, fields: Readonly<Record<string, unknown>> = {}, source?: StubInput["source"]): string => {
  const lead = source === undefined ? "" : leadingComments(source)
  // Each of the two as the source wrote it when it can be, else written from its value: a description on
  // several lines no longer has the name double-quoted with it (`name: "claude-api"`).
  const ownName = (source === undefined ? undefined : verbatimKey(source, "name", name)) ?? oneLineField("name", name)
  const ownDescription = (source === undefined ? undefined : verbatimKey(source, "description", description)) ?? oneLineField("description", description)
  return `---\n${lead}${ownName}${ownDescription}${fieldsYaml(fields, source)}---\n`
}

/** `key: value` on one line: plain when YAML writes it so, else double-quoted (its line breaks escaped; `name: "123"`, which plain would read as a number). */
export const oneLineField = (key: "name" | "description", value: string): string => {
  const plain = stringify({ [key]: value }, { lineWidth: 0 })
  const text = plain.split("\n").filter((l) => l !== "").length === 1
    ? plain
    : // Never folded over lines: the yaml library folds a double-quoted string of 40 characters or more by default, so
      // claude-api's 1,068-character `|-` description came out over five lines with blank ones between (a probe).
      stringify({ [key]: value }, { lineWidth: 0, defaultStringType: "QUOTE_DOUBLE", defaultKeyType: "PLAIN", doubleQuotedMinMultiLineLength: Number.MAX_SAFE_INTEGER })
  return text.endsWith("\n") ? text : `${text}\n`
}

/**
 * The stub's "Arguments" section. Claude Code replaces `$ARGUMENTS` here with
 * what was typed after `/name` (and every placeholder anywhere in the stub, so
 * the explanation spells none of them). The sections the agent reads through
 * skc keep the author's placeholders; the headings listed below are
 * substituted, and `skc show` finds a heading in either form.
 */
const argumentsBlock = (args: NonNullable<StubInput["arguments"]>): ReadonlyArray<string> => [
  "## Arguments",
  "",
  `This skill takes arguments${args.hint === undefined ? "" : ` (${oneLine(args.hint).replaceAll("$", "")})`}. Given: $ARGUMENTS`,
  "",
  "Its sections name them with a dollar sign followed by ARGUMENTS (all of them), by a position",
  `counted from 0 (one of them)${args.names.length === 0 ? "" : ` or by a name (${args.names.map(oneLine).join(", ").replaceAll("$", "")})`}: read them as the values given.`,
  ""
]

export const renderStub = (input: StubInput): string => {
  const s = shellWord(input.skill)
  const head = [
    stubFrontmatter(input.name, input.description, input.fields, input.source).replace(/\n$/, ""),
    "",
    `# ${oneLine(input.name)}`,
    "",
    "This skill is compiled by skillc. Do not read its source files directly: use the gateway",
    "commands below to retrieve structure and sections on demand.",
    "",
    "If the skillc MCP server is available, prefer its tools (`skc_outline`, `skc_show`,",
    "`skc_search`, `skc_open`, `skc_sources`): they are faster and return structured output.",
    "",
    "## Gateway commands (CLI fallback)",
    "",
    `- \`skc outline ${s}\`: list every section`,
    `- \`skc show ${s} --section "<heading>"\`: read one section`,
    `- \`skc open ${s} <path>\`: read one file as it is`,
    `- \`skc sources ${s}\`: list the skill's files`,
    `- \`skc search ${s} "<query>"\`: full-text search`,
    "",
    ...(input.arguments === undefined ? [] : argumentsBlock(input.arguments)),
    "## Top Sections",
    ""
  ].join("\n").split("\n")
  const listing = fitListing(sectionListing(input), STUB_MAX_LINES - head.length)
  return [...head, ...listing.map(itemLine)].join("\n") + "\n"
}
