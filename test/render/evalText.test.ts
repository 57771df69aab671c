// The eval report's miss lines (docs/eval.md "Reading the report"): a should-fire miss of a manual-only skill
// names the skill that won, as every other miss does; without it, the "decided by" words that follow read as
// the manual-only skill's own (an author's probe: JSON said `"winner": "claude-api"`, the text did not).
import { describe, expect, it } from "vitest"
import type { EvalResult } from "../../src/app/eval/eval.js"
import { renderEval } from "../../src/render/eval.js"

const metrics = { queries: 1, passed: 0, pass_rate: 0 }
const result = (winner: string | null) =>
  ({
    agent: "claude",
    judge: "match",
    threshold: 0.35,
    min_pass: 0.9,
    skills: [
      {
        skill: "internal-comms",
        manual_only: true,
        ...metrics,
        precision: null,
        recall: 0,
        splits: {},
        meets_min_pass: false,
        misses: [{ query: "Write a status report for leadership", should_trigger: true, winner, ...(winner === null ? {} : { decided_by: ["status", "report"], margin: 0.58 }) }]
      }
    ]
  }) as unknown as EvalResult

describe("eval text: a manual-only skill's miss", () => {
  it("names the winner before the words that decided it", () => {
    expect(renderEval(result("claude-api"))).toContain(
      '"Write a status report for leadership": should fire; manual only, not invoked; won by claude-api — decided by "status", "report", margin 0.58'
    )
  })
  it("says only that it is not invoked when no skill won", () => {
    expect(renderEval(result(null))).toContain('"Write a status report for leadership": should fire; manual only, not invoked\n')
  })
})

describe("eval text: a rate that prints as the minimum and is below it (a judge probe)", () => {
  const at = (passed: number, queries: number, minPass: number) =>
    ({
      agent: "claude",
      judge: "match",
      threshold: 0.35,
      min_pass: minPass,
      skills: [{ skill: "s-23", manual_only: false, queries, passed, pass_rate: Math.round((passed / queries) * 1000) / 1000, precision: 1, recall: passed / queries, splits: {}, meets_min_pass: passed / queries >= minPass, misses: [] }]
    }) as unknown as EvalResult
  it("the FAIL line gives the fraction that is below it: '66.7 % … below 66.7 %' read as a contradiction", () => {
    expect(renderEval(at(2, 3, 0.667))).toContain("FAIL: s-23 (2/3 = 66.667 %) below 66.7 %\n")
    // One plainly below keeps the short line.
    expect(renderEval(at(1, 3, 0.667))).toContain("FAIL: s-23 below 66.7 %\n")
  })
})
