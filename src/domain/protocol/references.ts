/**
 * Progressive disclosure, step 1 ("Detection"): the file references a runtime
 * notices in a skill file — Markdown link targets, inline code spans and the
 * words of code blocks. Only candidates are produced here; the loader keeps
 * those that resolve to existing files inside the skill root.
 */
export type ReferenceKind = "link" | "inline-code" | "code-block"

export interface ReferenceCandidate {
  /** The path as written, fragment and query removed, percent-decoding applied to links. */
  readonly target: string
  readonly kind: ReferenceKind
  /** 1-based line in the text given. */
  readonly line: number
}

interface Positioned extends ReferenceCandidate {
  readonly column: number
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/
const INLINE_LINK = /!?\[(?:[^\]\\]|\\.)*\]\(\s*(<[^>\n]*>|[^)\s]+)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g
const DEFINITION = /^ {0,3}\[[^\]]+\]:\s*(<[^>\n]*>|\S+)/
const INLINE_CODE = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g

/** A URL, a mail address or an in-page anchor is not a file. */
const isExternal = (t: string) => /^[a-z][a-z0-9+.-]*:/i.test(t) || t.startsWith("#") || t.startsWith("//")

const cleanLinkTarget = (raw: string): string | undefined => {
  let t = raw.startsWith("<") && raw.endsWith(">") ? raw.slice(1, -1) : raw
  if (isExternal(t)) return undefined
  t = t.replace(/[#?].*$/, "")
  try {
    t = decodeURIComponent(t)
  } catch {
    // Keep malformed escapes as written.
  }
  return t.length === 0 ? undefined : t
}

/** A word that could name a file: has a slash or an extension, no shell or URL syntax. */
const PATHLIKE = /^(?:\.{1,2}\/)?[\w@+-][\w@+.\-/]*$/
const pathWords = (text: string): ReadonlyArray<string> =>
  text
    .split(/[\s"'`()[\]{}<>=,;:|&]+/)
    .map((w) => w.replace(/[.,;:]+$/, ""))
    .filter((w) => w.length > 0 && w.length < 512 && !isExternal(w) && PATHLIKE.test(w) && (w.includes("/") || /\.[A-Za-z0-9]+$/.test(w)))

export const findReferences = (text: string): ReadonlyArray<ReferenceCandidate> => {
  const out: Array<Positioned> = []
  const add = (target: string, kind: ReferenceKind, line: number, column = 0) => out.push({ target, kind, line, column })
  const lines = text.split(/\r\n|\n|\r/)
  let fence: string | undefined
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const lineNo = i + 1
    const f = FENCE.exec(line)
    if (fence !== undefined) {
      if (f !== null && f[1]![0] === fence[0] && f[1]!.length >= fence.length && line.trim() === f[1]) fence = undefined
      else for (const w of pathWords(line)) add(w, "code-block", lineNo)
      continue
    }
    if (f !== null) {
      fence = f[1]!
      continue
    }
    const def = DEFINITION.exec(line)
    if (def !== null) {
      const t = cleanLinkTarget(def[1]!)
      if (t !== undefined) add(t, "link", lineNo)
      continue
    }
    // Inline code first, then links in what is left (a link inside code is code).
    let rest = line
    for (const m of line.matchAll(INLINE_CODE)) {
      const inner = m[2]!.trim()
      for (const w of pathWords(inner)) add(w, "inline-code", lineNo, m.index ?? 0)
      rest = rest.replace(m[0], " ".repeat(m[0].length))
    }
    for (const m of rest.matchAll(INLINE_LINK)) {
      const t = cleanLinkTarget(m[1]!)
      if (t !== undefined) add(t, "link", lineNo, m.index ?? 0)
    }
  }
  // In reading order; each (kind, target) once, at its first place.
  const seen = new Set<string>()
  return out
    .sort((a, b) => a.line - b.line || a.column - b.column)
    .filter((c) => {
      const key = `${c.kind}\0${c.target}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
    .map(({ target, kind, line }) => ({ target, kind, line }))
}
