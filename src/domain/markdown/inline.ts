/**
 * Plain text of inline markdown, for heading text in the fast scanner.
 *
 * This is the CommonMark inline algorithm (the commonmark.js structure:
 * a delimiter stack for emphasis, a bracket stack for links and images) run in
 * "flatten" mode: instead of building nodes it keeps text pieces, so that
 * - emphasis delimiters that match disappear and unmatched ones stay literal;
 * - code spans give their content, links their text, images their alt text,
 *   autolinks their literal address;
 * - backslash escapes and character references are resolved;
 * - raw HTML (tags, comments, processing instructions...) is dropped, except
 *   inside an image's alt text, which remark builds as a plain string with
 *   the HTML kept;
 * - line breaks, soft or hard, become one space.
 * `parseMarkdownAst` flattens remark's nodes by the same rules; the
 * differential tests hold the two to the same output.
 */
import { decodeEntity } from "./entities.js"
import { isAsciiPunctuation, normalizeLabel, scanLinkDestination, scanLinkLabel, scanLinkTitle, skipSpaceNewline } from "./syntax.js"

interface Delimiter {
  readonly cc: number
  count: number
  readonly part: number
  prev: Delimiter | null
  next: Delimiter | null
  readonly canOpen: boolean
  readonly canClose: boolean
}

interface Bracket {
  readonly part: number
  readonly image: boolean
  readonly prev: Bracket | null
  readonly prevDelimiter: Delimiter | null
  /** Offset of the `[`. */
  readonly index: number
  bracketAfter: boolean
  active: boolean
}

// Characters that may start an inline construct; anything else is plain text.
const SPECIAL = new Uint8Array(128)
for (const c of "\n\\`*_[]!<&") SPECIAL[c.charCodeAt(0)] = 1

const TAGNAME = "[A-Za-z][A-Za-z0-9-]*"
const ATTRIBUTENAME = "[a-zA-Z_:][a-zA-Z0-9:._-]*"
const ATTRIBUTEVALUE = "(?:[^\"'=<>`\\x00-\\x20]+|'[^']*'|\"[^\"]*\")"
const ATTRIBUTE = `(?:\\s+${ATTRIBUTENAME}(?:\\s*=\\s*${ATTRIBUTEVALUE})?)`
export const OPEN_TAG = `<${TAGNAME}${ATTRIBUTE}*\\s*/?>`
export const CLOSE_TAG = `</${TAGNAME}\\s*>`
// CommonMark 0.31 (micromark 4): `<!-->` and `<!--->` are comments too.
const HTML_INLINE = new RegExp(
  `(?:${OPEN_TAG}|${CLOSE_TAG}|<!-->|<!--->|<!--[\\s\\S]*?-->|<\\?[\\s\\S]*?\\?>|<![A-Za-z][^>]*>|<!\\[CDATA\\[[\\s\\S]*?\\]\\]>)`,
  "y"
)
const AUTOLINK = /<([A-Za-z][A-Za-z0-9.+-]{1,31}:[^<>\x00-\x20]*)>/y
const EMAIL_AUTOLINK =
  /<([a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*)>/y
const ENTITY = /&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/y

// micromark's character classes for emphasis flanking.
const UNICODE_WHITESPACE = /\s/
const UNICODE_PUNCTUATION = /[\p{P}\p{S}]/u

type CharClass = 0 | 1 | 2 // other, whitespace, punctuation

const classify = (ch: string | undefined): CharClass => {
  if (ch === undefined || UNICODE_WHITESPACE.test(ch)) return 1
  const code = ch.charCodeAt(0)
  if (code < 128) return isAsciiPunctuation(code) ? 2 : 0
  return UNICODE_PUNCTUATION.test(ch) ? 2 : 0
}

const codePointBefore = (s: string, pos: number): string | undefined => {
  if (pos <= 0) return undefined
  const low = s.charCodeAt(pos - 1)
  if (low >= 0xdc00 && low <= 0xdfff && pos >= 2) {
    const high = s.charCodeAt(pos - 2)
    if (high >= 0xd800 && high <= 0xdbff) return s.slice(pos - 2, pos)
  }
  return s[pos - 1]
}

const codePointAt = (s: string, pos: number): string | undefined => {
  if (pos >= s.length) return undefined
  const cp = s.codePointAt(pos)!
  return String.fromCodePoint(cp)
}

/** Line endings (source or decoded) become spaces; ends are trimmed. */
export const finishText = (text: string): string => text.replace(/\r\n|[\r\n]/g, " ").trim()

/**
 * Flattens inline markdown to plain text. `isDefined` answers whether a
 * normalized reference label has a definition in the document, since
 * `[text][label]` is a link only then.
 */
export const flattenInline = (source: string, isDefined: (label: string) => boolean): string => {
  // Most headings are plain words: nothing to flatten.
  if (!PLAIN_TEXT.test(source)) return source.trim()
  return flattenMarkup(source, isDefined)
}

// Anything that could be markup, a character reference or a line break.
const PLAIN_TEXT = /[\n\r\\`*_[\]!<&]/

const flattenMarkup = (source: string, isDefined: (label: string) => boolean): string => {
  const parts: Array<string> = []
  // Parts that are plain source text, whose trailing spaces a line break eats.
  const plain: Array<boolean> = []
  // Raw HTML parts, and the part ranges [from, to) of matched images.
  const htmlParts: Array<number> = []
  const imageRanges: Array<number> = []
  let delimiters: Delimiter | null = null
  let brackets: Bracket | null = null
  const n = source.length
  let pos = 0

  const push = (text: string, isPlain: boolean): number => {
    parts.push(text)
    plain.push(isPlain)
    return parts.length - 1
  }

  const removeDelimiter = (d: Delimiter): void => {
    if (d.prev !== null) d.prev.next = d.next
    if (d.next === null) delimiters = d.prev
    else d.next.prev = d.prev
  }

  /**
   * Matches emphasis delimiters above `bottom` the way micromark's attention
   * resolver does: closers left to right, each with the nearest usable opener.
   * Unlike commonmark.js, the "multiple of 3" rule looks at what is left of
   * the runs after earlier matches, not their original lengths, and there is
   * no openers-bottom shortcut (it assumes original lengths).
   */
  const processEmphasis = (bottom: Delimiter | null): void => {
    let closer = delimiters
    while (closer !== null && closer.prev !== bottom) closer = closer.prev
    while (closer !== null) {
      if (!closer.canClose) {
        closer = closer.next
        continue
      }
      let opener = closer.prev
      while (opener !== null && opener !== bottom) {
        const oddMatch =
          (closer.canOpen || opener.canClose) && closer.count % 3 !== 0 && (opener.count + closer.count) % 3 === 0
        if (opener.cc === closer.cc && opener.canOpen && !oddMatch) break
        opener = opener.prev
      }
      if (opener === null || opener === bottom) {
        const next: Delimiter | null = closer.next
        if (!closer.canOpen) removeDelimiter(closer)
        closer = next
        continue
      }
      const use = closer.count >= 2 && opener.count >= 2 ? 2 : 1
      opener.count -= use
      closer.count -= use
      parts[opener.part] = parts[opener.part].slice(0, parts[opener.part].length - use)
      parts[closer.part] = parts[closer.part].slice(0, parts[closer.part].length - use)
      // Delimiters between a matched pair can no longer match anything.
      if (opener.next !== closer) {
        opener.next = closer
        closer.prev = opener
      }
      if (opener.count === 0) removeDelimiter(opener)
      if (closer.count === 0) {
        const next: Delimiter | null = closer.next
        removeDelimiter(closer)
        closer = next
      }
    }
    while (delimiters !== null && delimiters !== bottom) removeDelimiter(delimiters)
  }

  const skipLeadingSpaces = (): void => {
    while (pos < n && (source.charCodeAt(pos) === 32 || source.charCodeAt(pos) === 9)) pos++
  }

  const lineBreak = (): void => {
    const last = parts.length - 1
    if (last >= 0 && plain[last]) parts[last] = parts[last].replace(/[ \t]+$/, "")
    push(" ", false)
    skipLeadingSpaces()
  }

  const closeBracket = (): void => {
    pos++ // past `]`
    const afterBracket = pos
    const opener = brackets
    if (opener === null) {
      push("]", true)
      return
    }
    if (!opener.active) {
      brackets = opener.prev
      push("]", true)
      return
    }
    let matched = false
    if (source.charCodeAt(pos) === 40) {
      matched = scanInlineResource()
      if (!matched) pos = afterBracket
    }
    if (!matched) {
      const labelEnd = scanLinkLabel(source, pos)
      let label: string | undefined
      if (labelEnd !== -1 && labelEnd - pos > 2) label = source.slice(pos + 1, labelEnd - 1)
      else if (!opener.bracketAfter) label = source.slice(opener.index + 1, afterBracket - 1)
      if (label !== undefined && label.length <= 999) {
        const normalized = normalizeLabel(label)
        if (normalized !== "" && isDefined(normalized)) {
          matched = true
          if (labelEnd !== -1) pos = labelEnd
        }
      }
    }
    if (!matched) {
      brackets = opener.prev
      pos = afterBracket
      push("]", true)
      return
    }
    parts[opener.part] = ""
    if (opener.image && htmlParts.length > 0) imageRanges.push(opener.part, parts.length)
    processEmphasis(opener.prevDelimiter)
    brackets = opener.prev
    if (!opener.image) {
      // Links cannot contain links: earlier `[` openers can no longer match.
      for (let b = brackets; b !== null; b = b.prev) if (!b.image) b.active = false
    }
  }

  /** `(destination "title")` after `]`; advances `pos` past `)` on success. */
  const scanInlineResource = (): boolean => {
    let i = skipSpaceNewline(source, pos + 1)
    if (source.charCodeAt(i) === 41) {
      pos = i + 1
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
    pos = i + 1
    return true
  }

  const delimiterRun = (cc: number): void => {
    const start = pos
    while (pos < n && source.charCodeAt(pos) === cc) pos++
    const count = pos - start
    const before = classify(codePointBefore(source, start))
    const after = classify(codePointAt(source, pos))
    const leftFlanking = after !== 1 && (after !== 2 || before !== 0)
    const rightFlanking = before !== 1 && (before !== 2 || after !== 0)
    let canOpen = leftFlanking
    let canClose = rightFlanking
    if (cc === 95) {
      canOpen = leftFlanking && (!rightFlanking || before === 2)
      canClose = rightFlanking && (!leftFlanking || after === 2)
    }
    const part = push(source.slice(start, pos), false)
    const d: Delimiter = { cc, count, part, prev: delimiters, next: null, canOpen, canClose }
    if (delimiters !== null) delimiters.next = d
    delimiters = d
  }

  const codeSpan = (): void => {
    const start = pos
    while (pos < n && source.charCodeAt(pos) === 96) pos++
    const run = pos - start
    let search = pos
    for (;;) {
      const open = source.indexOf("`", search)
      if (open === -1) break
      let end = open
      while (end < n && source.charCodeAt(end) === 96) end++
      if (end - open === run) {
        let content = source.slice(pos, open).replace(/\r\n|[\r\n]/g, " ")
        if (content.length >= 2 && content.charCodeAt(0) === 32 && content.charCodeAt(content.length - 1) === 32 && /[^ ]/.test(content)) {
          content = content.slice(1, -1)
        }
        push(content, false)
        pos = end
        return
      }
      search = end
    }
    push(source.slice(start, pos), true)
  }

  const angle = (): void => {
    for (const re of [AUTOLINK, EMAIL_AUTOLINK]) {
      re.lastIndex = pos
      const m = re.exec(source)
      if (m !== null) {
        push(m[1], false)
        pos += m[0].length
        return
      }
    }
    HTML_INLINE.lastIndex = pos
    const html = HTML_INLINE.exec(source)
    if (html !== null) {
      htmlParts.push(push(html[0], false))
      pos += html[0].length
      return
    }
    push("<", true)
    pos++
  }

  const entity = (): void => {
    ENTITY.lastIndex = pos
    const m = ENTITY.exec(source)
    const decoded = m === null ? undefined : decodeEntity(m[1])
    if (m !== null && decoded !== undefined) {
      push(decoded, false)
      pos += m[0].length
      return
    }
    push("&", true)
    pos++
  }

  const openBracket = (image: boolean): void => {
    const index = image ? pos + 1 : pos
    const part = push(image ? "![" : "[", true)
    if (brackets !== null) brackets.bracketAfter = true
    brackets = { part, image, prev: brackets, prevDelimiter: delimiters, index, bracketAfter: false, active: true }
    pos = index + 1
  }

  while (pos < n) {
    const c = source.charCodeAt(pos)
    switch (c) {
      case 10:
        pos++
        lineBreak()
        break
      case 92: {
        const next = source.charCodeAt(pos + 1)
        if (next === 10) {
          pos += 2
          push(" ", false)
          skipLeadingSpaces()
        } else if (pos + 1 < n && isAsciiPunctuation(next)) {
          push(source[pos + 1], false)
          pos += 2
        } else {
          push("\\", true)
          pos++
        }
        break
      }
      case 96:
        codeSpan()
        break
      case 42:
      case 95:
        delimiterRun(c)
        break
      case 91:
        openBracket(false)
        break
      case 33:
        if (source.charCodeAt(pos + 1) === 91) openBracket(true)
        else {
          push("!", true)
          pos++
        }
        break
      case 93:
        closeBracket()
        break
      case 60:
        angle()
        break
      case 38:
        entity()
        break
      default: {
        const start = pos
        pos++
        while (pos < n) {
          const d = source.charCodeAt(pos)
          if (d < 128 && SPECIAL[d] === 1) break
          pos++
        }
        push(source.slice(start, pos), true)
      }
    }
  }
  processEmphasis(null)
  for (const part of htmlParts) {
    let inImage = false
    for (let i = 0; i < imageRanges.length && !inImage; i += 2) {
      inImage = part > imageRanges[i] && part < imageRanges[i + 1]
    }
    if (!inImage) parts[part] = ""
  }
  return finishText(parts.join(""))
}
