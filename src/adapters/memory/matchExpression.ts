/**
 * The part of FTS5's query language that skc writes (`domain/search/query.ts`),
 * evaluated over plain text for the in-memory search index: quoted phrases,
 * implicit and explicit `AND`, `OR`, `NOT`, parentheses and column filters
 * (`section : …`, `{section content} : …`). Precedence as in FTS5: `NOT`
 * binds tightest, then `AND`, then `OR`. A phrase is held when the row's
 * text, lower-cased with punctuation turned into spaces, contains it as a
 * substring (no stemming, no tokenizer: the SQLite adapter is the real one).
 */

type Node =
  | { readonly kind: "phrase"; readonly text: string }
  | { readonly kind: "and" | "or"; readonly items: ReadonlyArray<Node> }
  | { readonly kind: "not"; readonly keep: Node; readonly drop: Node }
  | { readonly kind: "columns"; readonly columns: ReadonlyArray<string>; readonly node: Node }

/** Lower case, every run of characters other than letters and digits one space. */
export const plainText = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim()

const TOKEN = /\s*(?:"((?:[^"]|"")*)"|(\()|(\))|(\{[^}]*\})|([A-Za-z_][A-Za-z0-9_]*)\s*(:)|(AND|OR|NOT)(?![A-Za-z0-9_]))/y

type Token = { kind: "phrase"; text: string } | { kind: "open" | "close" | "and" | "or" | "not" } | { kind: "columns"; columns: ReadonlyArray<string> }

const tokenize = (expression: string): ReadonlyArray<Token> => {
  const out: Array<Token> = []
  TOKEN.lastIndex = 0
  while (TOKEN.lastIndex < expression.length) {
    if (/^\s*$/.test(expression.slice(TOKEN.lastIndex))) break
    const at = TOKEN.lastIndex
    const m = TOKEN.exec(expression)
    if (m === null) throw new Error(`memory search index: cannot read the match expression at ${at}: ${expression}`)
    if (m[1] !== undefined) out.push({ kind: "phrase", text: plainText(m[1].replaceAll('""', '"')) })
    else if (m[2] !== undefined) out.push({ kind: "open" })
    else if (m[3] !== undefined) out.push({ kind: "close" })
    else if (m[4] !== undefined) {
      out.push({ kind: "columns", columns: m[4].slice(1, -1).trim().split(/\s+/) })
      // `{a b} :` — the colon follows.
      const colon = /\s*:/y
      colon.lastIndex = TOKEN.lastIndex
      if (colon.exec(expression) === null) throw new Error(`memory search index: '{…}' without ':' in ${expression}`)
      TOKEN.lastIndex = colon.lastIndex
    } else if (m[5] !== undefined) out.push({ kind: "columns", columns: [m[5]] })
    else out.push({ kind: m[7]!.toLowerCase() as "and" | "or" | "not" })
  }
  return out
}

const parse = (expression: string): Node => {
  const tokens = tokenize(expression)
  let i = 0
  const primary = (): Node => {
    const t = tokens[i++]
    if (t === undefined) throw new Error(`memory search index: the match expression ends early: ${expression}`)
    if (t.kind === "phrase") return { kind: "phrase", text: t.text }
    if (t.kind === "columns") return { kind: "columns", columns: t.columns, node: primary() }
    if (t.kind === "open") {
      const node = or()
      if (tokens[i++]?.kind !== "close") throw new Error(`memory search index: unbalanced '(' in ${expression}`)
      return node
    }
    throw new Error(`memory search index: unexpected '${t.kind}' in ${expression}`)
  }
  const not = (): Node => {
    let node = primary()
    while (tokens[i]?.kind === "not") {
      i++
      node = { kind: "not", keep: node, drop: primary() }
    }
    return node
  }
  const and = (): Node => {
    const items = [not()]
    for (;;) {
      const t = tokens[i]
      if (t?.kind === "and") i++
      else if (t === undefined || t.kind === "or" || t.kind === "close") break
      items.push(not())
    }
    return items.length === 1 ? items[0]! : { kind: "and", items }
  }
  const or = (): Node => {
    const items = [and()]
    while (tokens[i]?.kind === "or") {
      i++
      items.push(and())
    }
    return items.length === 1 ? items[0]! : { kind: "or", items }
  }
  const node = or()
  if (i !== tokens.length) throw new Error(`memory search index: unexpected text in ${expression}`)
  return node
}

/** A row's columns, by FTS5 column name, already `plainText`. */
export type Columns = Readonly<Record<string, string>>

/**
 * How a match expression scores a row: 0 when the row does not match, else
 * the number of distinct phrases it holds (the memory index's stand-in for
 * BM25). Parsed once per expression.
 */
export const compileMatch = (expression: string): ((row: Columns) => number) => {
  const root = parse(expression)
  return (row) => {
    const held = new Set<string>()
    const visit = (node: Node, columns: ReadonlyArray<string>): boolean => {
      switch (node.kind) {
        case "phrase": {
          const ok = node.text !== "" && columns.some((c) => (row[c] ?? "").includes(node.text))
          if (ok) held.add(node.text)
          return ok
        }
        case "and":
          return node.items.map((n) => visit(n, columns)).every(Boolean)
        case "or":
          return node.items.map((n) => visit(n, columns)).some(Boolean)
        case "not":
          return visit(node.keep, columns) && !visit(node.drop, columns)
        case "columns":
          return visit(node.node, node.columns.filter((c) => columns.includes(c)))
      }
    }
    return visit(root, Object.keys(row)) ? Math.max(1, held.size) : 0
  }
}
