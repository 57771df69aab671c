/**
 * Links and images for inline flattening (inline.ts): the bracket stack
 * (CommonMark 6.3 and 6.4, the commonmark.js "look for link or image"
 * procedure). A matched link keeps its text and an image its alt text; the
 * destination, title and reference label are dropped. `[text][label]` and
 * `[label]` are links only when the document defines the label.
 */
import { processEmphasis } from "./emphasis.js"
import type { Bracket, InlineState } from "./inlineState.js"
import { normalizeLabel, scanLinkDestination, scanLinkLabel, scanLinkTitle, skipSpaceNewline } from "./syntax.js"

/** `[`, or `![` when `image`, at `pos`: kept as a part and pushed on the bracket stack. */
export const openBracket = (f: InlineState, image: boolean): void => {
  const index = image ? f.pos + 1 : f.pos
  const part = f.push(image ? "![" : "[", true)
  if (f.brackets !== null) f.brackets.bracketAfter = true
  f.brackets = { part, image, prev: f.brackets, prevDelimiter: f.delimiters, index, bracketAfter: false, active: true }
  f.pos = index + 1
}

/** `]` at `pos`: closes a link or image when what follows (or a definition) makes one, else literal. */
export const closeBracket = (f: InlineState): void => {
  f.pos++ // past `]`
  const afterBracket = f.pos
  const opener = f.brackets
  if (opener === null) {
    f.push("]", true)
    return
  }
  if (!opener.active) {
    f.brackets = opener.prev
    f.push("]", true)
    return
  }
  let matched = false
  if (f.source.charCodeAt(f.pos) === 40) {
    matched = scanInlineResource(f)
    if (!matched) f.pos = afterBracket
  }
  if (!matched) matched = matchReference(f, opener, afterBracket)
  if (!matched) {
    f.brackets = opener.prev
    f.pos = afterBracket
    f.push("]", true)
    return
  }
  f.parts[opener.part] = ""
  if (opener.image && f.htmlParts.length > 0) f.imageRanges.push(opener.part, f.parts.length)
  processEmphasis(f, opener.prevDelimiter)
  f.brackets = opener.prev
  if (!opener.image) {
    // Links cannot contain links: earlier `[` openers can no longer match.
    for (let b = f.brackets; b !== null; b = b.prev) if (!b.image) b.active = false
  }
}

/** `(destination "title")` after `]`; advances `pos` past `)` on success. */
const scanInlineResource = (f: InlineState): boolean => {
  const source = f.source
  let i = skipSpaceNewline(source, f.pos + 1)
  if (source.charCodeAt(i) === 41) {
    f.pos = i + 1
    return true
  }
  const destEnd = scanLinkDestination(source, i)
  if (destEnd === -1 || destEnd === i) return false
  i = skipSpaceNewline(source, destEnd)
  if (i !== destEnd) {
    const titleEnd = scanLinkTitle(source, i)
    if (titleEnd !== -1) i = skipSpaceNewline(source, titleEnd)
  }
  if (source.charCodeAt(i) !== 41) return false
  f.pos = i + 1
  return true
}

/** A full (`[text][label]`), collapsed or shortcut reference with a defined label; advances `pos` past a full one's label. */
const matchReference = (f: InlineState, opener: Bracket, afterBracket: number): boolean => {
  const source = f.source
  const labelEnd = scanLinkLabel(source, f.pos)
  let label: string | undefined
  if (labelEnd !== -1 && labelEnd - f.pos > 2) label = source.slice(f.pos + 1, labelEnd - 1)
  else if (!opener.bracketAfter) label = source.slice(opener.index + 1, afterBracket - 1)
  if (label !== undefined && label.length <= 999) {
    const normalized = normalizeLabel(label)
    if (normalized !== "" && f.isDefined(normalized)) {
      if (labelEnd !== -1) f.pos = labelEnd
      return true
    }
  }
  return false
}
