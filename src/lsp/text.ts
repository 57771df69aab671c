/**
 * A buffer's text as lint sees it and as the editor counts positions: lint
 * reads files without a byte order mark, the editor's line 0 counts it as a
 * character. Offsets of lint's text map to the editor's positions here.
 */
import { lineStarts, positionAt } from "../domain/lint/fix.js"

export interface LintText {
  /** The text without a leading byte order mark. */
  readonly text: string
  readonly bom: boolean
  readonly starts: ReadonlyArray<number>
}

export const lintText = (raw: string): LintText => {
  const bom = raw.charCodeAt(0) === 0xfeff
  const text = bom ? raw.slice(1) : raw
  return { text, bom, starts: lineStarts(text) }
}

export interface Position {
  readonly line: number
  readonly character: number
}

/** The editor's position of an offset of lint's text. */
export const toPosition = (t: LintText, offset: number): Position => {
  const p = positionAt(t.starts, offset)
  return t.bom && p.line === 0 ? { line: 0, character: p.character + 1 } : p
}

/** Lint's offset of an editor position. */
export const toOffset = (t: LintText, p: Position): number => {
  const start = t.starts[Math.min(p.line, t.starts.length - 1)] ?? 0
  const character = t.bom && p.line === 0 ? Math.max(0, p.character - 1) : p.character
  return Math.min(t.text.length, start + character)
}

/** The 1-based column of lint's line text at an editor position (lint's links and mentions count columns so). */
export const lintColumn = (t: LintText, p: Position): number => (t.bom && p.line === 0 ? p.character - 1 : p.character) + 1

/** The text of a 0-based line, without its line ending. */
export const lineText = (t: LintText, line: number): string => {
  const start = t.starts[line]
  if (start === undefined) return ""
  const next = t.starts[line + 1] ?? t.text.length
  return t.text.slice(start, next).replace(/\r?\n$|\r$/, "")
}
