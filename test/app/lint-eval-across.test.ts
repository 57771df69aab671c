// SKL701 and SKL703 read a skill's two eval files as `skc eval` reads them, together (docs/eval.md "The
// files": lint and eval give "the same verdict"). A judge probe: lint passed a query asked to fire in
// evals/triggers.json and not to fire in evals/evals.json, which eval then refused, and named no query
// repeated across the two files, which eval judged once and said so.
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { lintSkills } from "../../src/app/lint/lint.js"
import type { LintDiagnostic } from "../../src/domain/lint/types.js"
import { memoryLayer } from "../helpers/worlds.js"

const SKILL = "---\nname: s\ndescription: Convert CSV spreadsheets to charts and plots. Use when the user wants a chart from CSV data.\n---\n# S\n"
const TRIGGERS = JSON.stringify([
  { query: "make a chart from csv", should_trigger: true },
  { query: "write a poem", should_trigger: false }
])
const lint = (evals: string, triggers = TRIGGERS) =>
  lintSkills({ skill: "x/s" }).pipe(
    Effect.provide(memoryLayer({ files: { "/proj/x/s/SKILL.md": SKILL, "/proj/x/s/evals/triggers.json": triggers, "/proj/x/s/evals/evals.json": evals } })),
    Effect.map((r) => r.reports.flatMap((x) => x.diagnostics).filter((d) => d.rule === "SKL701" || d.rule === "SKL703"))
  )
const show = (d: LintDiagnostic) => `${d.file}:${d.line} ${d.rule} ${d.severity}: ${d.message}`

describe("the eval files read together (SKL701, SKL703)", () => {
  it.effect("a query that should fire in one file and not in the other is SKL701's error, at its line in evals/evals.json", () =>
    Effect.gen(function* () {
      const evals = '[\n  {"query": "plot csv", "should_trigger": true},\n  {"query": "Make a chart from CSV!", "should_trigger": false}\n]\n'
      expect((yield* lint(evals)).map(show)).toEqual([
        'evals/evals.json:3 SKL701 error: "Make a chart from CSV!" should trigger in one of evals/triggers.json and evals/evals.json and not in the other, so it can never pass (skc eval refuses it)'
      ])
    }))
  it.effect("a query of evals/evals.json already in evals/triggers.json with the same verdict is SKL703's warning", () =>
    Effect.gen(function* () {
      const evals = '[\n  {"query": "plot csv", "should_trigger": true},\n  {"query": "Make a chart from CSV!", "should_trigger": true}\n]\n'
      expect((yield* lint(evals)).map(show)).toEqual([
        'evals/evals.json:3 SKL703 warning: "Make a chart from CSV!" is also listed in evals/triggers.json; skc eval judges it once'
      ])
    }))
  it.effect("distinct queries in the two files, or a file that does not parse, add nothing across them", () =>
    Effect.gen(function* () {
      expect(yield* lint(JSON.stringify([{ query: "plot csv", should_trigger: true }]))).toEqual([])
      // The broken file is SKL701's own finding; nothing is said across the files.
      expect((yield* lint("[{", TRIGGERS)).map((d) => d.message)).toEqual([expect.stringMatching(/^syntax error/)])
    }))
})
