/**
 * RFC-0008:C-REGISTRY, C-DIAGNOSTICS: every rule has a failing and a passing
 * skill; the failing one prints exactly its diagnostic line and exits 1 iff
 * the rule is an error, the passing one prints no diagnostic and exits 0.
 */
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { writeTree } from "../helpers/tree.js"
import { RULE_PAIRS } from "../fixtures/lintRules.js"
import { RULES } from "../../src/domain/lint/registry.js"

const sb = sandbox()

describe("RFC-0008:C-REGISTRY rule pairs (skc lint as a process)", () => {
  it("covers every registered rule except the meta rule SKL001 and the tool dialect's (test/domain/tools)", () => {
    const covered = new Set(RULE_PAIRS.map((p) => p.rule))
    expect(RULES.filter((r) => r.id !== "SKL001" && r.category !== "tools" && !covered.has(r.id)).map((r) => r.id)).toEqual([])
  })

  for (const pair of RULE_PAIRS) {
    const isError = RULES.find((r) => r.id === pair.rule)?.defaultSeverity === "error"
    it(`RFC-0008:C-DIAGNOSTICS ${pair.rule} fails with its exact line (exit ${isError ? 1 : 0})`, () => {
      const dir = writeTree(join(sb.work, pair.rule, "fail", pair.dir ?? "demo"), pair.fail)
      const r = sb.run(["lint", dir])
      const name = pair.dir ?? "demo"
      const errors = pair.lines.filter((l) => l.includes(" error[")).length
      const warnings = pair.lines.length - errors
      // DECISIONS #39: the summary on stdout, each diagnostic on stderr.
      expect(r.stdout).toBe(`${name}: ${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}\n`)
      expect(r.stderr.split("\n").filter(Boolean)).toEqual(pair.lines)
      expect(r.code).toBe(isError ? 1 : 0)
    })
    it(`RFC-0008:C-REGISTRY ${pair.rule} passes a clean skill (exit 0)`, () => {
      const dir = writeTree(join(sb.work, pair.rule, "pass", pair.passDir ?? "demo"), pair.pass)
      const r = sb.run(["lint", dir])
      expect(r.stdout).toBe(`${pair.passDir ?? "demo"}: 0 errors, 0 warnings\n`)
      expect(r.code).toBe(0)
    })
  }
})
