/**
 * Which findings a code action request is about (LSP 3.17
 * `textDocument/codeAction`): those whose range meets the request's range;
 * when none does (a cursor beside a finding), those the client names in
 * `context.diagnostics`. Chosen by line, a request for one diagnostic's
 * range got the fixes of every other finding on its line, one of them
 * marked preferred, so "apply the preferred fix" changed text the user
 * never pointed at (issue 50). The range comes first because Neovim names
 * every diagnostic of the cursor's line in `context.diagnostics`, not only
 * those that overlap the range as LSP 3.17 says.
 *
 * A named diagnostic is one of the findings when its code and range are the
 * finding's, or its code, message and lines are: Neovim 0.7 sends back the
 * columns it stores (bytes), not the UTF-16 units it was given, so
 * on a line with non-ASCII text before a finding the range it names is not
 * the finding's, and a cursor beside the finding got no quick fix.
 *
 * A finding is also asked about where its certain fix edits (`fixedAt`),
 * there or inside a finding asked about: SKL402 reports a mention repeated
 * in a file once, at its first place ("also on lines 311, 312"), and its fix
 * re-spells every occurrence; before, a cursor on another occurrence (a link
 * `[r](REFERENCE.md)` far below, where the editor shows only SKL301) was
 * offered no fix at all.
 */
import type { Position } from "./text.js"

export interface Range {
  readonly start: Position
  readonly end: Position
}

const compare = (a: Position, b: Position): number => a.line - b.line || a.character - b.character

const isEmpty = (r: Range) => compare(r.start, r.end) === 0

/**
 * Whether two ranges share text. An empty range (a cursor, or a finding at a
 * point) meets a range that holds it, ends included, so a cursor at either
 * end of a finding still asks about it; two non-empty ranges that only touch
 * (one ends where the next starts) share nothing.
 */
export const meets = (a: Range, b: Range): boolean =>
  isEmpty(a) || isEmpty(b) ? compare(a.start, b.end) <= 0 && compare(b.start, a.end) <= 0 : compare(a.start, b.end) < 0 && compare(b.start, a.end) < 0

const sameRange = (a: Range, b: Range) => compare(a.start, b.start) === 0 && compare(a.end, b.end) === 0

/** LSP 3.18 `MarkupContent`: a diagnostic's message may be one (capability `markupMessageSupport`). */
interface Markup {
  readonly kind: string
  readonly value: string
}

interface Finding {
  readonly range: Range
  /** Where the finding's certain fix edits, besides its range. */
  readonly fixedAt?: ReadonlyArray<Range> | undefined
  readonly code?: string | number | undefined
  readonly message?: string | Markup | undefined
}

/** A message's text: its markup's source when the client names the diagnostic with LSP 3.18 markup. */
const messageText = (m: Finding["message"]): string | undefined => (typeof m === "object" ? m.value : m)

const sameLines = (a: Range, b: Range) => a.start.line === b.start.line && a.end.line === b.end.line

/** Whether the client's diagnostic `n` names the finding `d`: same code, and same range or same message on the same lines. */
const names = (n: Finding, d: Finding) =>
  n.code === d.code && (sameRange(n.range, d.range) || (n.message !== undefined && messageText(n.message) === messageText(d.message) && sameLines(n.range, d.range)))

/** The findings the request is about: those meeting its range, else those the client named; and those whose fix edits there or in one of them. */
export const requested = <D extends Finding>(all: ReadonlyArray<D>, request: Range, named: ReadonlyArray<Finding>): ReadonlyArray<D> => {
  const met = all.filter((d) => meets(d.range, request))
  const base = met.length > 0 ? met : all.filter((d) => named.some((n) => names(n, d)))
  // A fix that edits where the request is, or inside a finding it is about (the SKL301 of `[r](REFERENCE.md)`).
  const fixesHere = all.filter((d) => !base.includes(d) && (d.fixedAt ?? []).some((r) => meets(r, request) || base.some((b) => meets(r, b.range))))
  return [...base, ...fixesHere]
}
