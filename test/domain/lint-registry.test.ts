/** The registry is complete, well-formed, and docs/rules.md is its rendering (RFC-0008:C-REGISTRY). */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { RULES } from "../../src/domain/lint/registry.js"
import { renderRulesDoc } from "../../src/domain/lint/docs.js"

describe("RFC-0008:C-REGISTRY rule registry", () => {
  it("holds every rule of the RFC with its name, default and category", () => {
    const table = [
      ["SKL001", "skip-compiled", "n/a", "meta"],
      ["SKL100", "frontmatter-valid", "error", "frontmatter"],
      ["SKL101", "name-required", "error", "frontmatter"],
      ["SKL102", "name-format", "error", "frontmatter"],
      ["SKL103", "name-length", "error", "frontmatter"],
      ["SKL104", "name-match-dir", "warning", "frontmatter"],
      ["SKL105", "description-required", "error", "frontmatter"],
      ["SKL106", "description-nonempty", "error", "frontmatter"],
      ["SKL107", "description-length", "warning", "frontmatter"],
      ["SKL108", "description-triggers", "warning", "frontmatter"],
      ["SKL109", "frontmatter-known", "warning", "frontmatter"],
      ["SKL201", "skill-size", "warning", "structure"],
      ["SKL202", "heading-h1", "warning", "structure"],
      ["SKL203", "heading-match-name", "warning", "structure"],
      ["SKL204", "heading-first-h1", "warning", "structure"],
      ["SKL205", "heading-hierarchy", "warning", "structure"],
      ["SKL301", "link-file-exists", "error", "links"],
      ["SKL302", "link-anchor-exists", "warning", "links"],
      ["SKL303", "link-no-escape", "error", "links"],
      ["SKL401", "no-orphans", "warning", "files"],
      ["SKL402", "mention-case", "error", "files"],
      // agent-skill-protocol rules, registered like the tool dialect's SKL5xx.
      ["SKL601", "dangerous-tool-combination", "warning", "protocol"],
      ["SKL602", "unknown-tool", "warning", "protocol"],
      ["SKL603", "body-token-budget", "warning", "protocol"],
      ["SKL604", "reserved-words", "warning", "protocol"],
      ["SKL605", "xml-tags", "warning", "protocol"],
      // issue 27: evaluation files and the agent's description cut.
      ["SKL701", "eval-files-valid", "error", "eval"],
      ["SKL702", "description-truncated", "warning", "eval"]
    ]
    for (const [id, name, severity, category] of table) {
      const r = RULES.find((x) => x.id === id)
      expect(r && [r.id, r.name, r.defaultSeverity, r.category]).toEqual([id, name, severity, category])
    }
  })
  it("ids and names are unique and every rule is documented", () => {
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length)
    expect(new Set(RULES.map((r) => r.name)).size).toBe(RULES.length)
    for (const r of RULES) {
      expect(r.id).toMatch(/^SKL\d{3}$/)
      expect(r.summary.length && r.doc.length && r.fix.length && r.source.length).toBeGreaterThan(0)
    }
  })
  it("docs/rules.md is the generated rendering (run `npm run docs:rules`)", () => {
    const committed = readFileSync(join(__dirname, "..", "..", "docs", "rules.md"), "utf8")
    expect(committed).toBe(renderRulesDoc(RULES))
  })
})
