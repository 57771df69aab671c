/**
 * CommonMark link syntax pieces shared by the block scanner (link reference
 * definitions) and the inline flattener (inline links, reference labels).
 * Each scanner takes a position and returns the position after the construct,
 * or -1; none allocates on the failure path.
 */

const isAsciiPunctuation = (code: number): boolean =>
  (code >= 33 && code <= 47) || (code >= 58 && code <= 64) || (code >= 91 && code <= 96) || (code >= 123 && code <= 126)

export { isAsciiPunctuation }

const MAX_LABEL = 999

/**
 * `[label]`: at most 999 characters inside, no unescaped brackets. `[]` is
 * accepted (a collapsed reference); callers reject blank labels where needed.
 */
export const scanLinkLabel = (s: string, pos: number): number => {
  if (s.charCodeAt(pos) !== 91) return -1
  let i = pos + 1
  while (i < s.length && i - pos - 1 <= MAX_LABEL) {
    const c = s.charCodeAt(i)
    if (c === 93) return i + 1
    if (c === 91) return -1
    i += c === 92 && i + 1 < s.length && isAsciiPunctuation(s.charCodeAt(i + 1)) ? 2 : 1
  }
  return -1
}

/** micromark's normalizeIdentifier: collapse whitespace, trim, case-fold. */
export const normalizeLabel = (inner: string): string =>
  inner
    .replace(/[\t\n\r ]+/g, " ")
    .replace(/^ | $/g, "")
    .toLowerCase()
    .toUpperCase()

/** Spaces/tabs with at most one line ending among them. */
export const skipSpaceNewline = (s: string, pos: number): number => {
  let i = pos
  let newline = false
  while (i < s.length) {
    const c = s.charCodeAt(i)
    if (c === 32 || c === 9) i++
    else if (c === 10 && !newline) {
      newline = true
      i++
    } else break
  }
  return i
}

/**
 * Link destination: `<...>` (no line ending, no unescaped `<`) or a run without
 * spaces or control characters and with balanced parentheses. An empty raw
 * destination returns `pos` itself; callers decide whether that is allowed.
 */
export const scanLinkDestination = (s: string, pos: number): number => {
  if (s.charCodeAt(pos) === 60) {
    let i = pos + 1
    while (i < s.length) {
      const c = s.charCodeAt(i)
      if (c === 62) return i + 1
      if (c === 60 || c === 10) return -1
      if (c === 92 && i + 1 < s.length && isAsciiPunctuation(s.charCodeAt(i + 1))) i += 2
      else i++
    }
    return -1
  }
  let i = pos
  let depth = 0
  while (i < s.length) {
    const c = s.charCodeAt(i)
    if (c === 92 && i + 1 < s.length && isAsciiPunctuation(s.charCodeAt(i + 1))) {
      i += 2
      continue
    }
    if (c === 40) {
      depth++
      // micromark caps nesting in destinations at 32 levels.
      if (depth > 32) return -1
    } else if (c === 41) {
      if (depth === 0) break
      depth--
    } else if (c <= 32 || c === 127) break
    i++
  }
  return depth === 0 ? i : -1
}

/** `"title"`, `'title'` or `(title)`; may span lines but not a blank line. */
export const scanLinkTitle = (s: string, pos: number): number => {
  const open = s.charCodeAt(pos)
  const close = open === 40 ? 41 : open
  if (open !== 34 && open !== 39 && open !== 40) return -1
  let i = pos + 1
  let lineBlank = false
  while (i < s.length) {
    const c = s.charCodeAt(i)
    if (c === close) return i + 1
    if (open === 40 && c === 40) return -1
    if (c === 10) {
      if (lineBlank) return -1
      lineBlank = true
      i++
      continue
    }
    if (c !== 32 && c !== 9) lineBlank = false
    if (c === 92 && i + 1 < s.length) i += 2
    else i++
  }
  return -1
}

const spacesToLineEnd = (s: string, pos: number): number => {
  let i = pos
  while (i < s.length && (s.charCodeAt(i) === 32 || s.charCodeAt(i) === 9)) i++
  if (i === s.length) return i
  return s.charCodeAt(i) === 10 ? i + 1 : -1
}

/**
 * A link reference definition starting at `pos` (CommonMark 4.7), the way
 * commonmark.js parses them out of a paragraph's start: returns the position
 * after it (past its line ending) and its normalized label.
 */
export const scanDefinition = (s: string, pos: number): { readonly end: number; readonly label: string } | undefined => {
  const labelEnd = scanLinkLabel(s, pos)
  if (labelEnd === -1 || s.charCodeAt(labelEnd) !== 58) return undefined
  const label = normalizeLabel(s.slice(pos + 1, labelEnd - 1))
  if (label === "") return undefined
  const destStart = skipSpaceNewline(s, labelEnd + 1)
  const destEnd = scanLinkDestination(s, destStart)
  if (destEnd === -1 || (destEnd === destStart && s.charCodeAt(destStart) !== 60)) return undefined
  const beforeTitle = destEnd
  const titleStart = skipSpaceNewline(s, beforeTitle)
  if (titleStart !== beforeTitle) {
    const titleEnd = scanLinkTitle(s, titleStart)
    if (titleEnd !== -1) {
      const end = spacesToLineEnd(s, titleEnd)
      if (end !== -1) return { end, label }
    }
  }
  const end = spacesToLineEnd(s, beforeTitle)
  return end === -1 ? undefined : { end, label }
}
