// SKL701 names the entry of an eval file that is of another shape at that entry's line, not the file's
// first (an editor probe of the seventy-ninth pass: `triggers.json:1:1 … [2].query: expected a string`
// for an entry on line 4), and SKL703 still names a repeat among the file's well-formed entries.
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { lintSkills } from "../../src/app/lint/lint.js"
import type { LintDiagnostic } from "../../src/domain/lint/types.js"
import { memoryLayer } from "../helpers/worlds.js"

const SKILL = "---\nname: s\ndescription: Convert CSV spreadsheets to charts and plots. Use when the user wants a chart from CSV data.\n---\n# S\n"
const lint = (files: Readonly<Record<string, string>>) =>
  lintSkills({ skill: "x/s" }).pipe(
    Effect.provide(memoryLayer({ files: { "/proj/x/s/SKILL.md": SKILL, ...Object.fromEntries(Object.entries(files).map(([p, t]) => [`/proj/x/s/${p}`, t])) } })),
    Effect.map((r) => r.reports.flatMap((x) => x.diagnostics).filter((d) => d.rule === "SKL701" || d.rule === "SKL703"))
  )
const show = (d: LintDiagnostic) => `${d.file}:${d.line} ${d.rule}: ${d.message}`

describe("SKL701 at the entry it names", () => {
  it.effect("an entry of evals/triggers.json of another shape: its line", () =>
    Effect.gen(function* () {
      const triggers = '[\n  {"query": "a", "should_trigger": true},\n  {"query": "b", "should_trigger": true},\n  {"qery": 1}\n]'
      expect((yield* lint({ "evals/triggers.json": triggers })).map(show)).toEqual([
        "evals/triggers.json:4 SKL701: valid JSON of another shape: [2].query: expected a string, got nothing"
      ])
    }))
  it.effect("an entry of evals/evals.json's evals: its line; of several problems, the first's", () =>
    Effect.gen(function* () {
      const evals = '{\n  "skill_name": "s",\n  "evals": [\n    {"prompt": "p"},\n    {"prompt": 3}\n  ]\n}\n'
      expect((yield* lint({ "evals/evals.json": evals })).map(show)).toEqual([
        "evals/evals.json:5 SKL701: valid JSON of another shape: evals[1].prompt: expected a string, got number 3"
      ])
      const both = '[{"query": "plot", "should_trigger": true},\n {"query": "x [y]", "should_trigger": 1},\n {"query": "Plot", "should_trigger": false}]'
      expect((yield* lint({ "evals/triggers.json": both })).map((d) => `${d.line} ${d.rule}`)).toEqual(["2 SKL701"])
    }))
  it.effect("a shape problem about no entry (not an array) stays at line 1", () =>
    Effect.gen(function* () {
      expect((yield* lint({ "evals/triggers.json": '\n\n{"query": "a"}' })).map((d) => d.line)).toEqual([1])
    }))
  it.effect("a repeat among the well-formed entries is SKL703's too", () =>
    Effect.gen(function* () {
      const triggers = '[\n  {"query": "plot csv", "should_trigger": true},\n  {"query": "Plot CSV", "should_trigger": true},\n  {"qery": 1}\n]'
      expect((yield* lint({ "evals/triggers.json": triggers })).map(show).sort()).toEqual([
        'evals/triggers.json:3 SKL703: "plot csv" is listed 2 times; skc eval judges it once',
        "evals/triggers.json:4 SKL701: valid JSON of another shape: [2].query: expected a string, got nothing"
      ])
    }))
})

describe("SKL703 of a query in both splits (an author's probe: counted in train alone, without a word)", () => {
  it.effect("names the leak and the split the query counts in", () =>
    Effect.gen(function* () {
      const triggers =
        '[\n  {"query": "add a column", "should_trigger": true, "split": "train"},\n  {"query": "Add a column", "should_trigger": true, "split": "validation"},\n  {"query": "write notes", "should_trigger": false}\n]'
      expect((yield* lint({ "evals/triggers.json": triggers })).map(show)).toEqual([
        'evals/triggers.json:3 SKL703: "add a column" is listed 2 times; skc eval judges it once (listed in both train and validation, so it is counted in train alone: a query the description is tuned on tests nothing in validation)'
      ])
    }))
  it.effect("an empty prompt and a repeated id of evals.json are SKL701's", () =>
    Effect.gen(function* () {
      const evals = '{\n  "evals": [\n    {"id": 1, "prompt": "p"},\n    {"id": 1, "prompt": "q"}\n  ]\n}\n'
      expect((yield* lint({ "evals/evals.json": evals })).map(show)).toEqual([
        "evals/evals.json:4 SKL701: valid JSON of another shape: evals[1].id: 1 again (evals[0] has it); each output evaluation needs its own id"
      ])
    }))
})
