/**
 * Reading which skill an agent CLI activated from its output (`--judge
 * command`, docs/eval.md "The command judge"). Two extractors:
 *
 * - a JSON path (`--extract-json`): `$.a.b[0].c`, `a.b.0.c`, `[*]` or `*`
 *   for every element. The output is read as one JSON document or, failing
 *   that, as JSON lines (stream formats, stderr noise between them); every
 *   string the path reaches in any document is an activated skill.
 * - a regular expression (`--extract-regex`), applied globally: the group
 *   named `skill`, else group 1, else the whole match.
 *
 * Names are kept in first-seen order, once each; the first is the winner.
 */

export type Extractor =
  | { readonly _tag: "JsonPath"; readonly path: ReadonlyArray<string | number | "*">; readonly source: string }
  | { readonly _tag: "Regex"; readonly regex: RegExp; readonly source: string }

/** `$.message.content[*].input.skill` → ["message", "content", "*", "input", "skill"]; undefined when malformed. */
export const parseJsonPath = (source: string): ReadonlyArray<string | number | "*"> | undefined => {
  let rest = source.trim().replace(/^\$/, "")
  const out: Array<string | number | "*"> = []
  while (rest.length > 0) {
    const m = /^\.?([A-Za-z_$][\w$-]*|\*)/.exec(rest) ?? /^\[(\d+|\*)\]/.exec(rest) ?? /^\["([^"]*)"\]/.exec(rest) ?? /^\.(\d+)/.exec(rest)
    if (m === null) return undefined
    const key = m[1]!
    out.push(key === "*" ? "*" : /^\d+$/.test(key) && !m[0].startsWith('["') ? Number(key) : key)
    rest = rest.slice(m[0].length)
  }
  return out.length === 0 ? undefined : out
}

const walk = (value: unknown, path: ReadonlyArray<string | number | "*">, found: Array<string>): void => {
  if (path.length === 0) {
    if (typeof value === "string") found.push(value)
    else if (Array.isArray(value)) for (const v of value) if (typeof v === "string") found.push(v)
    return
  }
  const [head, ...tail] = path
  if (value === null || typeof value !== "object") return
  if (head === "*") {
    for (const v of Array.isArray(value) ? value : Object.values(value)) walk(v, tail, found)
    return
  }
  walk((value as Record<string | number, unknown>)[head!], tail, found)
}

const jsonDocuments = (output: string): ReadonlyArray<unknown> => {
  try {
    return [JSON.parse(output) as unknown]
  } catch {
    const docs: Array<unknown> = []
    for (const line of output.split(/\r?\n/)) {
      const t = line.trim()
      if (!t.startsWith("{") && !t.startsWith("[")) continue
      try {
        docs.push(JSON.parse(t) as unknown)
      } catch {
        // Not a JSON line (a log line that happens to start with a bracket): skipped.
      }
    }
    return docs
  }
}

/**
 * Whether an agent's output holds any JSON `--extract-json` can read (the whole output, or a line of it). A
 * judge that printed none is misconfigured (its command prints text, or the JSON went to stderr), not an agent
 * that activated nothing: `eval` says so beside the query rather than count a silent miss.
 */
export const holdsJson = (output: string): boolean => jsonDocuments(output).length > 0

/** Activated names in first-seen order, once each, trimmed, empty ones dropped. */
export const distinctNames = (names: ReadonlyArray<string>): ReadonlyArray<string> => [...new Set(names.map((n) => n.trim()).filter((n) => n.length > 0))]

export const extractSkills = (extractor: Extractor, output: string): ReadonlyArray<string> => {
  if (extractor._tag === "Regex") {
    const flags = extractor.regex.flags.includes("g") ? extractor.regex.flags : extractor.regex.flags + "g"
    const re = new RegExp(extractor.regex.source, flags)
    return distinctNames([...output.matchAll(re)].map((m) => m.groups?.skill ?? m[1] ?? m[0]))
  }
  const found: Array<string> = []
  for (const doc of jsonDocuments(output)) walk(doc, extractor.path, found)
  return distinctNames(found)
}

/** `{{query}}` in any argv element is replaced by the query; without one, the query goes to stdin. */
export const QUERY_PLACEHOLDER = "{{query}}"

export const commandFor = (argv: ReadonlyArray<string>, query: string): { readonly args: ReadonlyArray<string>; readonly stdin?: string } => {
  const substituted = argv.some((a) => a.includes(QUERY_PLACEHOLDER))
  const args = argv.map((a) => a.split(QUERY_PLACEHOLDER).join(query))
  return substituted ? { args } : { args, stdin: query }
}
