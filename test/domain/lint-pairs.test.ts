/**
 * The rule pairs of test/fixtures/lintRules.ts run in process (the process
 * test `test/e2e/lint-rules.test.ts` runs them through `skc lint`): each
 * failing skill yields exactly its lines, each passing skill nothing.
 */
import { describe, expect, it } from "vitest"
import { diagnosticLine } from "../../src/render/lint.js"
import { configureRules, runRules } from "../../src/domain/lint/runner.js"
import { RULES } from "../../src/domain/lint/registry.js"
import { inLintScope, makeSnapshot } from "../../src/domain/lint/snapshot.js"
import type { SkillEntry } from "../../src/domain/lint/types.js"
import { profileOf, type ProfileName } from "../../src/domain/agents/index.js"
import { RULE_PAIRS, type Tree } from "../fixtures/lintRules.js"
import { firstInvalidUtf8 } from "../../src/domain/markdown/utf8.js"

const lintTree = (tree: Tree, dirName: string, agents?: ReadonlyArray<string>): ReadonlyArray<string> => {
  const dirs = new Set<string>()
  for (const p of Object.keys(tree)) {
    const parts = p.split("/")
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join("/"))
  }
  const entries: Array<SkillEntry> = [
    ...[...dirs].map((path): SkillEntry => ({ path, type: "directory" })),
    ...Object.keys(tree).map((path): SkillEntry => ({ path, type: "file" }))
  ]
  // Bytes are read as src/app/lint/lintTree.ts reads a file: decoded, with where they stop being UTF-8 (SKL207).
  const markdownFiles = Object.entries(tree)
    .filter(([p]) => inLintScope(p) && !p.split("/").some((s) => s.startsWith(".")))
    .map(([path, v]) => {
      if (typeof v === "string") return { path, source: v }
      const invalidUtf8 = firstInvalidUtf8(v)
      return { path, source: new TextDecoder().decode(v), ...(invalidUtf8 === undefined ? {} : { invalidUtf8 }) }
    })
  // The evaluation files, read as src/app/lint/lintTree.ts reads them (SKL701, issue 27).
  const evalFiles = Object.entries(tree)
    .filter(([p, v]) => typeof v === "string" && ["evals/triggers.json", "evals/evals.json"].includes(p))
    .map(([path, source]) => ({ path, source: source as string }))
  // Codex's metadata file, as lintTree reads it (SKL606).
  const metadataFiles = Object.entries(tree)
    .filter(([p, v]) => typeof v === "string" && p === "agents/openai.yaml")
    .map(([path, source]) => ({ path, source: source as string }))
  const profiles = agents?.map((a) => profileOf(a as ProfileName))
  return runRules(makeSnapshot({ dirName, entries, markdownFiles, evalFiles, metadataFiles, ...(profiles === undefined ? {} : { profiles }) }), configureRules(RULES, {}).rules).map((d) => diagnosticLine(d))
}

describe("RFC-0008:C-REGISTRY rule pairs in process", () => {
  // Pairs that need a real file system (symlinks, binary sniffing) stay in the process test.
  const pure = RULE_PAIRS.filter((p) => !["SKL303"].includes(p.rule))
  it.each(pure.map((p) => [p.rule, p] as const))("%s fails with its exact lines and passes a clean skill", (_, pair) => {
    expect(lintTree(pair.fail, pair.dir ?? "demo", pair.agents)).toEqual(pair.lines)
    expect(lintTree(pair.pass, pair.passDir ?? "demo", pair.agents)).toEqual([])
  })
})
