/**
 * Issue 50: the title docs/rules.md gives each guided edit ("**In the
 * editor:**", the quoted words at its start, `<...>` standing for a name) is
 * the start of the title the editor shows. SKL109's said "Rename to
 * '<field>'" where Neovim listed "Rename 'descripton' to 'description'".
 */
import { describe, expect, it } from "vitest"
import { RULES } from "../../src/domain/lint/registry.js"
import { configureRules, runRules } from "../../src/domain/lint/runner.js"
import { makeSnapshot } from "../../src/domain/lint/snapshot.js"

/** A SKILL.md that draws each guided edit. */
const SOURCE = [
  "---",
  "name: demo",
  "licence: MIT",
  "description: Does demo things.",
  "---",
  "Intro.",
  "",
  "## Part",
  "",
  "#### Deep",
  "",
  "```",
  "plain",
  "```",
  ""
].join("\n")

const titles = (() => {
  const snapshot = makeSnapshot({ dirName: "demo", entries: [{ path: "SKILL.md", type: "file" }], markdownFiles: [{ path: "SKILL.md", source: SOURCE }] })
  const out = new Map<string, Array<string>>()
  for (const d of runRules(snapshot, configureRules(RULES, {}).rules)) for (const g of d.suggestions ?? []) out.set(d.rule, [...(out.get(d.rule) ?? []), g.title])
  return out
})()

describe("guided edits: docs/rules.md's title is the editor's (issue 50)", () => {
  for (const rule of RULES.filter((r) => r.guided !== undefined)) {
    it(`${rule.id}`, () => {
      const documented = /^"([^"]+)"/.exec(rule.guided!)?.[1]
      expect(documented, "the guided text starts with the quoted title").toBeDefined()
      const pattern = new RegExp(`^${documented!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/<[^>]+>/g, ".+")}`)
      const shown = titles.get(rule.id) ?? []
      expect(shown.length, `a sample finding of ${rule.id} with its guided edit`).toBeGreaterThan(0)
      for (const title of shown) expect(title).toMatch(pattern)
    })
  }
})
