/**
 * A small, strict HTML parser for tests of skc's own generated pages: it
 * builds the element tree and fails on anything skc should never emit —
 * an unclosed or misnested element, a stray end tag, an unquoted attribute.
 * Not a general HTML5 parser (no implied end tags, no foreign content
 * besides inline SVG, whose elements it treats like any other).
 */

export interface HtmlElement {
  readonly tag: string
  readonly attrs: Readonly<Record<string, string>>
  readonly children: Array<HtmlElement | string>
}

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr", "line", "rect"])
/** Elements whose content is raw text up to their end tag. */
const RAW = new Set(["style", "script", "title"])

const decode = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e]!)

export const parseHtml = (html: string): HtmlElement => {
  const root: HtmlElement = { tag: "#root", attrs: {}, children: [] }
  const stack: Array<HtmlElement> = [root]
  let i = 0
  const top = () => stack[stack.length - 1]!
  while (i < html.length) {
    const lt = html.indexOf("<", i)
    if (lt === -1) {
      top().children.push(decode(html.slice(i)))
      break
    }
    if (lt > i) top().children.push(decode(html.slice(i, lt)))
    if (html.startsWith("<!--", lt)) {
      i = html.indexOf("-->", lt) + 3
      continue
    }
    if (html.startsWith("<!", lt)) {
      i = html.indexOf(">", lt) + 1
      continue
    }
    const gt = html.indexOf(">", lt)
    if (gt === -1) throw new Error(`unterminated tag at ${lt}`)
    const inner = html.slice(lt + 1, gt)
    if (inner.startsWith("/")) {
      const name = inner.slice(1).trim().toLowerCase()
      const open = stack.pop()
      if (open === undefined || open.tag !== name) throw new Error(`</${name}> closes <${open?.tag}> at ${lt}`)
      i = gt + 1
      continue
    }
    const m = /^([a-zA-Z][a-zA-Z0-9-]*)([\s\S]*?)\/?$/.exec(inner)
    if (m === null) throw new Error(`bad tag <${inner}> at ${lt}`)
    const tag = m[1]!.toLowerCase()
    const attrs: Record<string, string> = {}
    const rest = m[2]!.trim()
    const attrRe = /([a-zA-Z_:][a-zA-Z0-9_:.-]*)(?:="([^"]*)")?\s*/gy
    let consumed = 0
    for (let a = attrRe.exec(rest); a !== null && a[0].length > 0; a = attrRe.exec(rest)) {
      attrs[a[1]!.toLowerCase()] = decode(a[2] ?? "")
      consumed = attrRe.lastIndex
    }
    if (consumed !== rest.length) throw new Error(`unparsed attributes '${rest.slice(consumed)}' in <${tag}> at ${lt}`)
    const el: HtmlElement = { tag, attrs, children: [] }
    top().children.push(el)
    i = gt + 1
    if (VOID.has(tag) && (tag !== "line" && tag !== "rect" ? true : inner.endsWith("/"))) continue
    if (RAW.has(tag)) {
      const end = html.indexOf(`</${tag}>`, i)
      if (end === -1) throw new Error(`<${tag}> never closed`)
      el.children.push(decode(html.slice(i, end)))
      i = end + tag.length + 3
      continue
    }
    stack.push(el)
  }
  if (stack.length !== 1) throw new Error(`unclosed: ${stack.slice(1).map((e) => e.tag).join(" > ")}`)
  return root
}

export const walk = function* (el: HtmlElement): Generator<HtmlElement> {
  yield el
  for (const c of el.children) if (typeof c !== "string") yield* walk(c)
}

export const all = (root: HtmlElement, pred: (e: HtmlElement) => boolean) => [...walk(root)].filter(pred)
export const byId = (root: HtmlElement, id: string) => all(root, (e) => e.attrs.id === id)[0]
export const textOf = (el: HtmlElement): string => el.children.map((c) => (typeof c === "string" ? c : textOf(c))).join("")
