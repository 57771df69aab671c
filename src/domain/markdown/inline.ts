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
 *   the HTML kept, and except a tag that names no HTML element (`<T>` in
 *   `std::span<T>`, htmlElements.ts), which is text;
 * - line breaks, soft or hard, become one space.
 * `parseMarkdownAst` flattens remark's nodes by the same rules; the
 * differential tests hold the two to the same output.
 *
 * This module holds the loop over the source and the constructs that give
 * text directly (escapes, code spans, autolinks and HTML, character
 * references, line breaks); emphasis is in emphasis.ts, links and images in
 * inlineLinks.ts, the shared state in inlineState.ts.
 */
import { delimiterRun, processEmphasis } from "./emphasis.js"
import { decodeEntity } from "./entities.js"
import { closeBracket, openBracket } from "./inlineLinks.js"
import { isHtmlMarkup } from "./htmlElements.js"
import { InlineState } from "./inlineState.js"
import { isAsciiPunctuation } from "./syntax.js"

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
  const f = new InlineState(source, isDefined)
  const n = f.n
  while (f.pos < n) {
    const c = source.charCodeAt(f.pos)
    switch (c) {
      case 10:
        f.pos++
        lineBreak(f)
        break
      case 92:
        backslash(f)
        break
      case 96:
        codeSpan(f)
        break
      case 42:
      case 95:
        delimiterRun(f, c)
        break
      case 91:
        openBracket(f, false)
        break
      case 33:
        if (source.charCodeAt(f.pos + 1) === 91) openBracket(f, true)
        else {
          f.push("!", true)
          f.pos++
        }
        break
      case 93:
        closeBracket(f)
        break
      case 60:
        angle(f)
        break
      case 38:
        entity(f)
        break
      default:
        textRun(f)
    }
  }
  processEmphasis(f, null)
  dropHtmlOutsideImages(f)
  return finishText(f.parts.join(""))
}

/** Characters up to the next one that may start a construct, kept as plain text. */
const textRun = (f: InlineState): void => {
  const source = f.source
  const start = f.pos
  f.pos++
  while (f.pos < f.n) {
    const d = source.charCodeAt(f.pos)
    if (d < 128 && SPECIAL[d] === 1) break
    f.pos++
  }
  f.push(source.slice(start, f.pos), true)
}

const lineBreak = (f: InlineState): void => {
  const parts = f.parts
  const last = parts.length - 1
  if (last >= 0 && f.plain[last]) parts[last] = parts[last].replace(/[ \t]+$/, "")
  f.push(" ", false)
  f.skipLeadingSpaces()
}

/** A hard line break (`\` at the end of a line), an escaped punctuation character, or a literal `\`. */
const backslash = (f: InlineState): void => {
  const source = f.source
  const next = source.charCodeAt(f.pos + 1)
  if (next === 10) {
    f.pos += 2
    f.push(" ", false)
    f.skipLeadingSpaces()
  } else if (f.pos + 1 < f.n && isAsciiPunctuation(next)) {
    f.push(source[f.pos + 1], false)
    f.pos += 2
  } else {
    f.push("\\", true)
    f.pos++
  }
}

const codeSpan = (f: InlineState): void => {
  const source = f.source
  const n = f.n
  const start = f.pos
  while (f.pos < n && source.charCodeAt(f.pos) === 96) f.pos++
  const run = f.pos - start
  let search = f.pos
  for (;;) {
    const open = source.indexOf("`", search)
    if (open === -1) break
    let end = open
    while (end < n && source.charCodeAt(end) === 96) end++
    if (end - open === run) {
      let content = source.slice(f.pos, open).replace(/\r\n|[\r\n]/g, " ")
      if (content.length >= 2 && content.charCodeAt(0) === 32 && content.charCodeAt(content.length - 1) === 32 && /[^ ]/.test(content)) {
        content = content.slice(1, -1)
      }
      f.push(content, false)
      f.pos = end
      return
    }
    search = end
  }
  f.push(source.slice(start, f.pos), true)
}

/** `<`: an autolink (its address kept), raw HTML (dropped unless in an image's alt text), or a literal `<`. */
const angle = (f: InlineState): void => {
  const source = f.source
  for (const re of [AUTOLINK, EMAIL_AUTOLINK]) {
    re.lastIndex = f.pos
    const m = re.exec(source)
    if (m !== null) {
      f.push(m[1], false)
      f.pos += m[0].length
      return
    }
  }
  HTML_INLINE.lastIndex = f.pos
  const html = HTML_INLINE.exec(source)
  if (html !== null) {
    // A tag naming no HTML element (`<T>` in `std::span<T>`) is text, as ast.ts reads it (htmlElements.ts).
    if (!isHtmlMarkup(html[0])) f.push(html[0], false)
    else f.htmlParts.push(f.push(html[0], false))
    f.pos += html[0].length
    return
  }
  f.push("<", true)
  f.pos++
}

const entity = (f: InlineState): void => {
  ENTITY.lastIndex = f.pos
  const m = ENTITY.exec(f.source)
  const decoded = m === null ? undefined : decodeEntity(m[1])
  if (m !== null && decoded !== undefined) {
    f.push(decoded, false)
    f.pos += m[0].length
    return
  }
  f.push("&", true)
  f.pos++
}

/** Raw HTML is dropped from the text, except inside a matched image's alt text (see the header). */
const dropHtmlOutsideImages = (f: InlineState): void => {
  const imageRanges = f.imageRanges
  for (const part of f.htmlParts) {
    let inImage = false
    for (let i = 0; i < imageRanges.length && !inImage; i += 2) {
      inImage = part > imageRanges[i] && part < imageRanges[i + 1]
    }
    if (!inImage) f.parts[part] = ""
  }
}
