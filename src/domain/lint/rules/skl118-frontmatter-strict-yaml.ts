import { isAlias, isMap, isNode, isPair, isScalar, isSeq, LineCounter, parseDocument, visit } from "yaml"
import type { Finding, Rule } from "../types.js"

/**
 * What the specification's reference validator cannot read. skills-ref
 * parses frontmatter with strictyaml (agentskills/agentskills
 * skills-ref/src/skills_ref/parser.py), which refuses flow collections
 * (`[Read, Write]`, `{author: me}`: "ugly disallowed JSONesque flow"),
 * anchors and aliases, and explicit tags (`!!str`). Any YAML reader takes
 * them, so only the strict profile asks: a skill that passes
 * `skc lint --agent agentskills` must pass `skills-ref validate`
 * (DECISIONS #51).
 */
const strictProblems = (raw: string): ReadonlyArray<{ readonly line: number; readonly col: number; readonly what: string }> => {
  const lineCounter = new LineCounter()
  const doc = parseDocument(raw, { lineCounter, prettyErrors: false, logLevel: "silent" })
  if (doc.errors.length > 0) return []
  const found: Array<{ offset: number; what: string }> = []
  // Where a tab may stand: inside quoted and block scalars (their text, not YAML's structure).
  const textRanges: Array<readonly [number, number]> = []
  visit(doc, (_key, node) => {
    if (isPair(node) && isScalar(node.key) && node.key.type === "PLAIN" && node.key.value === "<<") {
      return void found.push({ offset: node.key.range?.[0] ?? 0, what: "a merge key (<<)" })
    }
    if (isScalar(node) && node.type !== "PLAIN" && node.range != null) textRanges.push([node.range[0], node.range[1]])
    if (isAlias(node)) return void found.push({ offset: node.range?.[0] ?? 0, what: `an alias (*${node.source})` })
    if (!isNode(node)) return
    const at = node.range?.[0] ?? 0
    if (node.anchor !== undefined) found.push({ offset: at, what: `an anchor (&${node.anchor})` })
    if (node.tag !== undefined) found.push({ offset: at, what: `an explicit tag (${node.tag.replace(/^tag:yaml\.org,2002:/, "!!")})` })
    if (isSeq(node) && node.flow === true) found.push({ offset: at, what: "a flow sequence ([…])" })
    if (isMap(node) && node.flow === true) found.push({ offset: at, what: "a flow mapping ({…})" })
  })
  // strictyaml's scanner refuses a tab where YAML's structure or a plain value is ("found character '\\t'
  // that cannot start any token"): after `key:`, inside an unquoted value, before a comment.
  for (let at = raw.indexOf("\t"); at !== -1; at = raw.indexOf("\t", at + 1)) {
    if (textRanges.some(([from, to]) => at >= from && at < to)) continue
    found.push({ offset: at, what: "a tab character outside quotes" })
    // One finding per line is enough to point at it.
    const next = raw.indexOf("\n", at)
    if (next === -1) break
    at = next
  }
  found.sort((a, b) => a.offset - b.offset)
  return found.map(({ offset, what }) => ({ ...lineCounter.linePos(offset), what }))
}

export const skl118: Rule = {
  id: "SKL118",
  name: "frontmatter-strict-yaml",
  defaultSeverity: "error",
  category: "frontmatter",
  source: "RFC-0008:C-EXTENSIONS, DECISIONS #51 (agentskills profile: skills-ref parity)",
  summary: "For the strict `agentskills` profile, frontmatter uses only the YAML skills-ref reads: no flow collections, anchors, aliases, merge keys, tags or tabs outside quotes.",
  doc:
    "skills-ref, the specification's reference validator, reads frontmatter with strictyaml, which refuses flow collections (`allowed-tools: [Read, Write]`, `metadata: {author: me}`), anchors and aliases (`&d`, `*d`), merge keys (`<<: …`), explicit tags (`!!str`) and tab characters outside quoted or block values (after `key:`, inside a plain value). Every other agent's YAML reader takes them, so the rule runs only when the skill is linted for the `agentskills` profile (`--agent agentskills` or a build target): a skill that passes it there passes `skills-ref validate`.",
  fix: "Write lists and maps in block style (one `- item` or `key: value` per line), repeat a value instead of anchoring or merging it, drop the tag (quote a string instead) and use spaces for tabs.",
  check: (s) => {
    if (!(s.profiles ?? []).some((p) => p.name === "agentskills") || s.frontmatter._tag !== "Parsed") return []
    // The YAML text starts on file line 2, after the opening `---`.
    return strictProblems(s.frontmatter.raw).map(({ line, col, what }): Finding => ({
      file: "SKILL.md",
      line: line + 1,
      column: col,
      message: `frontmatter uses ${what}, which skills-ref (strictyaml) refuses; ${what.startsWith("a tab") ? "use spaces" : "write it in block style without anchors or tags"}`
    }))
  }
}
