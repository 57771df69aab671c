import { isAlias, isMap, isNode, isSeq, LineCounter, parseDocument, visit } from "yaml"
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
  visit(doc, (_key, node) => {
    if (isAlias(node)) return void found.push({ offset: node.range?.[0] ?? 0, what: `an alias (*${node.source})` })
    if (!isNode(node)) return
    const at = node.range?.[0] ?? 0
    if (node.anchor !== undefined) found.push({ offset: at, what: `an anchor (&${node.anchor})` })
    if (node.tag !== undefined) found.push({ offset: at, what: `an explicit tag (${node.tag.replace(/^tag:yaml\.org,2002:/, "!!")})` })
    if (isSeq(node) && node.flow === true) found.push({ offset: at, what: "a flow sequence ([…])" })
    if (isMap(node) && node.flow === true) found.push({ offset: at, what: "a flow mapping ({…})" })
  })
  return found.map(({ offset, what }) => ({ ...lineCounter.linePos(offset), what }))
}

export const skl118: Rule = {
  id: "SKL118",
  name: "frontmatter-strict-yaml",
  defaultSeverity: "error",
  category: "frontmatter",
  source: "RFC-0008:C-EXTENSIONS, DECISIONS #51 (agentskills profile: skills-ref parity)",
  summary: "For the strict `agentskills` profile, frontmatter uses only the YAML skills-ref reads: no flow collections, anchors, aliases or tags.",
  doc:
    "skills-ref, the specification's reference validator, reads frontmatter with strictyaml, which refuses flow collections (`allowed-tools: [Read, Write]`, `metadata: {author: me}`), anchors and aliases (`&d`, `*d`) and explicit tags (`!!str`). Every other agent's YAML reader takes them, so the rule runs only when the skill is linted for the `agentskills` profile (`--agent agentskills` or a build target): a skill that passes it there passes `skills-ref validate`.",
  fix: "Write lists and maps in block style (one `- item` or `key: value` per line), repeat a value instead of anchoring it, and drop the tag (quote a string instead).",
  check: (s) => {
    if (!(s.profiles ?? []).some((p) => p.name === "agentskills") || s.frontmatter._tag !== "Parsed") return []
    // The YAML text starts on file line 2, after the opening `---`.
    return strictProblems(s.frontmatter.raw).map(({ line, col, what }): Finding => ({
      file: "SKILL.md",
      line: line + 1,
      column: col,
      message: `frontmatter uses ${what}, which skills-ref (strictyaml) refuses; write it in block style without anchors or tags`
    }))
  }
}
