/**
 * The size budget of an outline (issue 26 item 3). A published skill can
 * have thousands of headings; an agent that asks for its outline over MCP
 * should get the top of the tree and be told what it did not get, never a
 * silently cut list. The budget is in bytes of the tool result as sent (the
 * text rendering plus the structured content), estimated per heading.
 *
 * Rule: keep every heading of the deepest level L whose headings (levels
 * ≤ L) all fit, then the headings of level L + 1 in outline order while
 * they fit; when not even the top level fits, keep the headings of
 * the shallowest level in outline order while they fit. Every left-out heading is counted under the nearest kept heading
 * above it in its file (or under the file itself), so the answer can say
 * "12 more headings under forms.md#Fillable fields".
 *
 * The truncation is part of the outline result, so its Schema is declared
 * here and its type derived from it (issue 28).
 */
import { Schema } from "effect"
import { hintAsOptions, prettyJsonBytes, printedGroupBytes, reserveOn, type AnswerSurface } from "./answerSurface.js"
import { utf8Bytes } from "./utf8.js"

export interface BudgetHeading {
  readonly file: string
  readonly level: number
  readonly text: string
  readonly line: number
  readonly tokens?: number
}

/** Where left-out headings are: under a kept heading (`section`) or a file none of whose headings was kept. */
export const OmittedGroup = Schema.Struct({
  file: Schema.String,
  /** The kept heading they sit under; absent when nothing of the file was kept. */
  section: Schema.optionalKey(Schema.String),
  line: Schema.optionalKey(Schema.Int),
  count: Schema.Int
})
export type OmittedGroup = typeof OmittedGroup.Type

export const OutlineTruncation = Schema.Struct({
  /** Headings left out. */
  omitted: Schema.Int,
  /** Deepest level kept in full (0 when even level 1 was cut). */
  level: Schema.Int,
  /** The largest groups of left-out headings, most first (at most `MAX_GROUPS`). */
  under: Schema.Array(OmittedGroup),
  /** What to ask next. */
  hint: Schema.String
})
export type OutlineTruncation = typeof OutlineTruncation.Type

/** Groups named in the answer; the rest are counted in `omitted` only. */
export const MAX_GROUPS = 12

/** Bytes a heading costs in the result: its JSON object in the structured content and its line of text (JSON-escaped). */
export const headingCost = (h: BudgetHeading): number =>
  // {"file":…,"level":n,"text":…,"line":n}, plus a comma; "  ## text\n" inside the text content's JSON string.
  JSON.stringify(h).length + 1 + JSON.stringify(h.text).length + h.level + 3

/** A file's line in the text ("reference/api.md\n"), paid once by the first kept heading of the file. */
const fileCost = (file: string): number => JSON.stringify(file).length

/** What a heading and a file's line cost on a surface (src/domain/answerSurface.ts). */
interface Costs {
  readonly heading: (h: BudgetHeading) => number
  readonly file: (file: string) => number
}

/**
 * `fileExtra`: what else a file's first kept heading brings (the text output's line reading the text above
 * a file's first heading, which the use case knows of).
 */
const costsOn = (surface: AnswerSurface, fileExtra: (file: string) => number): Costs =>
  surface === "mcp"
    ? { heading: headingCost, file: fileCost }
    : surface === "json"
      ? // Its object in `headings`, two levels in; files have no line of their own.
        { heading: (h) => prettyJsonBytes(h, 2), file: fileExtra }
      : // "  ## text  (~N tokens)"; a file's line with its tokens.
        { heading: (h) => utf8Bytes(h.text) + h.level + 4 + (h.tokens === undefined ? 0 : 20), file: (file) => utf8Bytes(file) + 24 + fileExtra(file) }

/**
 * Kept aside from the budget when an outline is cut: the `truncated` object
 * (up to `MAX_GROUPS` groups of file and heading) and the text line saying
 * the same, plus the result's envelope.
 */
export const TRUNCATION_RESERVE = 3072

/**
 * The reserve for a budget of `maxBytes`: `TRUNCATION_RESERVE`, but never
 * more than half the budget, so the smallest budget (1,024) still shows the
 * top of the tree; the groups named are then as many as fit the reserve.
 */
export const truncationReserve = (maxBytes: number): number => Math.min(TRUNCATION_RESERVE, Math.floor(maxBytes / 2))

/** The truncation's fixed part: its keys, counts and hint, in the structured content and the text line. */
const TRUNCATION_BASE_COST = 400

/**
 * The groups a truncation names (an outline's headings under a section, a search's results in a file):
 * the largest first, as many as `reserve` holds beside the truncation's fixed part, at most `MAX_GROUPS`;
 * the rest are counted as "elsewhere" by the line that prints them.
 */
export const largestGroups = <G extends { readonly count: number }>(groups: Iterable<G>, reserve: number, cost: (g: G) => number): Array<G> => {
  const named: Array<G> = []
  let spent = TRUNCATION_BASE_COST
  for (const g of [...groups].sort((a, b) => b.count - a.count)) {
    if (named.length >= MAX_GROUPS || spent + cost(g) > reserve) break
    spent += cost(g)
    named.push(g)
  }
  return named
}

/** A named group's bytes: its object in the structured content and its words in the text line. */
const groupCost = (g: OmittedGroup): number => 2 * JSON.stringify(g).length

/**
 * What to ask next, only what can help see the rest: one file when the outline is not of one file already,
 * and always a larger budget. Fewer levels never shows a heading left out (the levels kept are complete,
 * and the room left is filled with the next one): "pass level (fewer levels)" after "levels 1-1 complete"
 * asked for what cannot be (an agent's probe).
 */
const hintFor = (oneFile: boolean, surface: AnswerSurface = "mcp"): string => {
  const ways = [...(oneFile ? [] : ["file (one file)"]), "max_bytes (a larger budget)"]
  const hint = `pass ${ways.length === 1 ? ways[0] : `${ways.slice(0, -1).join(", ")} or ${ways[ways.length - 1]}`} to see the rest`
  return surface === "mcp" ? hint : hintAsOptions(hint)
}

/** Bytes of the headings `keep` selects, file lines included. */
export const costOf = <H extends BudgetHeading>(headings: ReadonlyArray<H>, keep: (h: H, i: number) => boolean, costs: Costs = costsOn("mcp", () => 0)): number => {
  let n = 0
  let file: string | undefined
  headings.forEach((h, i) => {
    if (!keep(h, i)) return
    if (h.file !== file) {
      file = h.file
      n += costs.file(h.file)
    }
    n += costs.heading(h)
  })
  return n
}

/**
 * The indexes of the headings of `level` that fit in `room` beside `spent` bytes already shown, in outline
 * order; a file's line is paid by its first heading shown (`shown`: the headings already kept).
 */
const fillLevel = <H extends BudgetHeading>(
  headings: ReadonlyArray<H>,
  level: number,
  spent: number,
  room: number,
  shown: (h: H) => boolean,
  costs: Costs
): Set<number> => {
  const chosen = new Set<number>()
  let file: string | undefined
  headings.forEach((h, i) => {
    if (shown(h)) {
      file = h.file
      return
    }
    if (h.level !== level) return
    const cost = costs.heading(h) + (h.file !== file ? costs.file(h.file) : 0)
    if (spent + cost > room) return
    spent += cost
    file = h.file
    chosen.add(i)
  })
  return chosen
}

/** The headings that fit `maxBytes`, and what was left out (undefined when nothing was). */
export const fitOutline = <H extends BudgetHeading>(
  headings: ReadonlyArray<H>,
  maxBytes: number,
  options: { readonly oneFile?: boolean; readonly surface?: AnswerSurface; readonly fileExtra?: (file: string) => number } = {}
): { readonly kept: ReadonlyArray<H>; readonly truncation?: OutlineTruncation } => {
  const surface = options.surface ?? "mcp"
  const costs = costsOn(surface, options.fileExtra ?? (() => 0))
  if (costOf(headings, () => true, costs) <= maxBytes) return { kept: headings }
  const reserve = reserveOn(surface, maxBytes, truncationReserve(maxBytes))
  const room = Math.max(0, maxBytes - reserve)
  let level = 0
  for (let l = 1; l <= 6; l++) {
    if (costOf(headings, (h) => h.level <= l, costs) > room) break
    level = l
  }
  let keep: (h: H, i: number) => boolean
  if (level > 0) {
    // The room the complete levels leave is filled with the next level's headings in outline order: a
    // level-2 outline 5 % over its budget fell back to level 1 alone, 4 of 74 files (the rest have no
    // level-1 heading), an answer 8 times smaller (an agent's probe).
    const whole = (h: H) => h.level <= level
    const next = fillLevel(headings, level + 1, costOf(headings, whole, costs), room, whole, costs)
    keep = (h, i) => whole(h) || next.has(i)
  } else {
    // Not even the top level fits: the top-level headings in order, while they fit.
    // A loop, not Math.min(...levels): 200k arguments overflow the stack.
    let top = 6
    for (const h of headings) if (h.level < top) top = h.level
    const chosen = fillLevel(headings, top, 0, room, () => false, costs)
    keep = (_h, i) => chosen.has(i)
  }
  const kept: Array<H> = []
  const groups = new Map<string, { group: OmittedGroup; count: number }>()
  // The nearest kept heading above, per file (headings come file by file, in file order).
  let file: string | undefined
  let anchor: H | undefined
  let omitted = 0
  headings.forEach((h, i) => {
    if (h.file !== file) {
      file = h.file
      anchor = undefined
    }
    if (keep(h, i)) {
      kept.push(h)
      anchor = h
      return
    }
    // A kept heading anchors only what is nested under it (deeper), not its later siblings.
    if (anchor !== undefined && anchor.level >= h.level) anchor = undefined
    omitted++
    const key = anchor === undefined ? `${h.file}\u0000` : `${h.file}\u0000${anchor.line}`
    const at = groups.get(key)
    if (at !== undefined) at.count++
    else
      groups.set(key, {
        group: anchor === undefined ? { file: h.file, count: 0 } : { file: h.file, section: anchor.text, line: anchor.line, count: 0 },
        count: 1
      })
  })
  const groupCostOn = (g: OmittedGroup) => (surface === "mcp" ? groupCost(g) : printedGroupBytes(g, surface))
  const under = largestGroups([...groups.values()].map(({ group, count }): OmittedGroup => ({ ...group, count })), reserve, groupCostOn)
  return { kept, truncation: { omitted, level, under, hint: hintFor(options.oneFile === true, surface) } }
}

/** The text lines that say what a truncated outline left out. */
export const truncationLines = (t: OutlineTruncation, surface: "mcp" | "cli" = "mcp"): ReadonlyArray<string> => {
  const where = t.under.map((g) => `${g.count} under ${g.section === undefined ? g.file : `${g.file}#${g.section}`}`)
  const named = t.under.reduce((n, g) => n + g.count, 0)
  const rest = t.omitted - named
  // The hint names the tool's parameters; at a terminal, the options that set them.
  const hint =
    surface === "cli" ? hintAsOptions(t.hint) : t.hint
  const places = [...where, ...(rest > 0 ? [`${rest} elsewhere`] : [])]
  return [
    `… ${t.omitted} more heading${t.omitted === 1 ? "" : "s"} not shown (result budget${t.level > 0 ? `; levels 1-${t.level} complete` : ""})` +
      (places.length > 0 ? `: ${places.join(", ")}` : "") +
      `; ${hint}`
  ]
}
