/**
 * Mentions that stand for many paths: templated segments (`{lang}`,
 * `<language>`: any name, at least one character) and globs (`*`: any run of
 * characters inside one segment, `**`: any number of segments).
 *
 * Matching is the classic wildcard walk (star backtracks to its last
 * position only), so a segment costs O(pattern × name) at worst, never
 * exponential like a backtracking regular expression built from user text.
 */

type Part = { readonly _tag: "Char"; readonly c: string } | { readonly _tag: "One" } | { readonly _tag: "Star" }

export type Segment = { readonly _tag: "AnyDepth" } | { readonly _tag: "Literal"; readonly text: string } | { readonly _tag: "Wild"; readonly parts: ReadonlyArray<Part> }

/** Split a segment into literal characters and wildcards; a template becomes "one or more characters". */
const parseSegment = (seg: string): Segment => {
  if (seg === "**") return { _tag: "AnyDepth" }
  const parts: Array<Part> = []
  let wild = false
  for (let i = 0; i < seg.length; i++) {
    const c = seg[i]!
    const close = c === "{" ? "}" : c === "<" ? ">" : undefined
    if (close !== undefined) {
      const end = seg.indexOf(close, i + 1)
      if (end > i + 1) {
        parts.push({ _tag: "One" }, { _tag: "Star" })
        wild = true
        i = end
        continue
      }
    }
    if (c === "*") {
      if (parts[parts.length - 1]?._tag !== "Star") parts.push({ _tag: "Star" })
      wild = true
      continue
    }
    parts.push({ _tag: "Char", c })
  }
  return wild ? { _tag: "Wild", parts } : { _tag: "Literal", text: seg }
}

/** Undefined when the path holds no template and no glob. */
export const parsePattern = (path: string): ReadonlyArray<Segment> | undefined => {
  const segments = path.split("/").filter((s) => s !== "").map(parseSegment)
  return segments.some((s) => s._tag !== "Literal") ? segments : undefined
}

const matchParts = (parts: ReadonlyArray<Part>, name: string): boolean => {
  let p = 0
  let s = 0
  let starP = -1
  let starS = 0
  while (s < name.length) {
    const part = parts[p]
    if (part !== undefined && part._tag === "Star") {
      starP = p++
      starS = s
    } else if (part !== undefined && (part._tag === "One" || part.c === name[s])) {
      p++
      s++
    } else if (starP !== -1) {
      p = starP + 1
      s = ++starS
    } else return false
  }
  while (p < parts.length && parts[p]!._tag === "Star") p++
  return p === parts.length
}

const matchSegment = (seg: Segment, name: string): boolean =>
  seg._tag === "Literal" ? seg.text === name : seg._tag === "Wild" ? matchParts(seg.parts, name) : true

/** Does `path` (segments joined by `/`) match the pattern? Dynamic programming over segments. */
export const matchPattern = (pattern: ReadonlyArray<Segment>, path: string): boolean => {
  const names = path.split("/")
  // reach[j]: the pattern prefix read so far can end just before names[j].
  let reach = new Array<boolean>(names.length + 1).fill(false)
  reach[0] = true
  for (const seg of pattern) {
    const next = new Array<boolean>(names.length + 1).fill(false)
    if (seg._tag === "AnyDepth") {
      let any = false
      for (let j = 0; j <= names.length; j++) {
        any = any || reach[j]!
        next[j] = any
      }
    } else {
      for (let j = 0; j < names.length; j++) if (reach[j] && matchSegment(seg, names[j]!)) next[j + 1] = true
    }
    reach = next
  }
  return reach[names.length]!
}
