// Issue 27: the evaluation files, the scoring and the extractors of `skc eval`, pure.
import { describe, expect, it } from "vitest"
import { commandFor, extractSkills, parseJsonPath, type Extractor } from "../../src/domain/eval/extract.js"
import { confusionsOf, majority, metricsOf, outcomeOf } from "../../src/domain/eval/score.js"
import { onceEach, parseEvalsFile, parseTriggerSet } from "../../src/domain/eval/triggerSet.js"
import { renderEval } from "../../src/render/eval.js"

const problem = (r: { _tag: string; problem?: { kind: string; message: string } }) => (r._tag === "Problem" ? `${r.problem!.kind}: ${r.problem!.message}` : "ok")

describe("trigger sets and evals files", () => {
  it("a trigger set: queries with should_trigger and an optional split", () => {
    const r = parseTriggerSet('[{"query":"fill a PDF","should_trigger":true,"split":"train"},{"query":"hi","should_trigger":false}]')
    expect(r).toEqual({ _tag: "Ok", value: [{ query: "fill a PDF", should_trigger: true, split: "train" }, { query: "hi", should_trigger: false }] })
  })

  it("tells a syntax error from a shape error, naming the entry and field", () => {
    expect(problem(parseTriggerSet('[{"query": "x",}]'))).toMatch(/^syntax: not valid JSON \(line 1 column \d+\)$/)
    // Issue 45 item 2: where, never what — V8's message quotes the file ("ghp_SECRET"…).
    expect(problem(parseTriggerSet("ghp_SECRET\n"))).toBe("syntax: not valid JSON (line 1 column 1)")
    // A short file is located too (V8 says no position for it: the probe's trailing comma was "not valid JSON" alone).
    expect(problem(parseTriggerSet('[\n  {"query": "a", "should_trigger": true},\n]\n'))).toBe("syntax: not valid JSON (line 3 column 1)")
    expect(problem(parseTriggerSet('[{"query": "é", "should_trigger": tru}]'))).toBe("syntax: not valid JSON (line 1 column 35)")
    expect(problem(parseTriggerSet('{"token": "ghp_SECRET"'))).not.toContain("ghp_")
    expect(problem(parseTriggerSet('{"query":"x"}'))).toBe('shape: expected an array of { "query", "should_trigger" } objects, got an object')
    expect(problem(parseTriggerSet('[{"query":"x","should_trigger":"yes"}]'))).toBe('shape: [0].should_trigger: expected true or false, got the string "yes"')
    expect(problem(parseTriggerSet('[{"query":"x","should_trigger":true},{"should_trigger":true}]'))).toBe("shape: [1].query: expected a string, got nothing")
    expect(problem(parseTriggerSet('[{"query":"x","should_trigger":true,"split":"test"}]'))).toBe('shape: [0].split: expected "train" or "validation", got the string "test"')
    expect(problem(parseTriggerSet("[]"))).toBe("shape: the file: no queries (a trigger set needs at least one)")
    // Every entry's problem at once, so a file is fixed in one run (an author fixed one error per run).
    expect(problem(parseTriggerSet('[{"query":"a","should_trigger":true},{"query":"b","should_trigger":true},{"query":"c","should_trigger":true,"split":"test"},{"query":"d","should_trigger":"yes"}]'))).toBe(
      'shape: [2].split: expected "train" or "validation", got the string "test"; [3].should_trigger: expected true or false, got the string "yes"'
    )
    const many = JSON.stringify(Array.from({ length: 7 }, (_, i) => ({ query: `q${i}` })))
    expect(problem(parseTriggerSet(many))).toMatch(/^shape: \[0\]\.should_trigger: .*; \[4\]\.should_trigger: [^;]*; and 2 more$/)
    // The same query asked to fire and not to fire can never pass.
    expect(problem(parseTriggerSet('[{"query":"Write release notes","should_trigger":true},{"query":"write release notes ","should_trigger":false}]'))).toBe(
      'shape: [0] and [1] ("Write release notes", "write release notes "): the same query should and should not trigger, so it can never pass'
    )
    // The same words whatever the spaces and punctuation between them (a judge probe: "parse sarif." beside "parse sarif").
    expect(problem(parseTriggerSet('[{"query":"parse sarif","should_trigger":true},{"query":"Parse  SARIF.","should_trigger":false}]'))).toBe(
      'shape: [0] and [1] ("parse sarif", "Parse  SARIF."): the same query should and should not trigger, so it can never pass'
    )
    // A sign in a word is part of it: "C#" and "C++" are not "C" (a hostile probe's near-miss pair was refused).
    expect(parseTriggerSet('[{"query":"write a C# parser","should_trigger":true},{"query":"write a C parser","should_trigger":false},{"query":"write a C++ parser","should_trigger":false}]')._tag).toBe("Ok")
    expect(onceEach([{ query: "parse sarif", should_trigger: true }, { query: "parse  sarif", should_trigger: true }, { query: "parse sarif.", should_trigger: true }, { query: "parse sarif files", should_trigger: true }])).toEqual({
      kept: [{ query: "parse sarif", should_trigger: true }, { query: "parse sarif files", should_trigger: true }],
      repeated: [{ query: "parse sarif", times: 3 }]
    })
    expect(problem(parseEvalsFile('{"evals":[{"query":"x","should_trigger":true},{"prompt":3},{"query":"x","should_trigger":false}]}'))).toBe(
      "shape: evals[1].prompt: expected a string, got number 3; evals[0] and evals[2]: the same query should and should not trigger, so it can never pass"
    )
    expect(problem(parseTriggerSet('[{"query":"  ","should_trigger":true}]'))).toBe("shape: [0].query: empty query")
    // Case folded ("Straße", "STRASSE") and Spanish opening marks dropped ("¿chart from csv?"), as the judge reads them (a probe).
    expect(problem(parseTriggerSet('[{"query":"Straße chart","should_trigger":true},{"query":"STRASSE chart","should_trigger":false}]'))).toMatch(/can never pass/)
    expect(problem(parseTriggerSet('[{"query":"¡chart from csv!","should_trigger":true},{"query":"¿chart from csv?","should_trigger":false}]'))).toMatch(/can never pass/)
  })

  it("evals.json: output evals are checked and counted, entries in the query form are trigger queries", () => {
    const doc = {
      skill_name: "pdf",
      evals: [
        { id: 1, prompt: "Fill form.pdf", expected_output: "a filled form", files: ["form.pdf"], assertions: ["fields filled"] },
        { query: "merge two PDFs", should_trigger: true }
      ]
    }
    expect(parseEvalsFile(JSON.stringify(doc))).toEqual({ _tag: "Ok", value: { queries: [{ query: "merge two PDFs", should_trigger: true }], outputEvals: 1 } })
    expect(parseEvalsFile('[{"query":"a","should_trigger":false}]')).toEqual({ _tag: "Ok", value: { queries: [{ query: "a", should_trigger: false }], outputEvals: 0 } })
    expect(problem(parseEvalsFile('{"skill_name":"pdf"}'))).toBe("shape: evals: expected an array, got nothing")
    expect(problem(parseEvalsFile('{"evals":[{"id":1}]}'))).toBe("shape: evals[0].prompt: expected a string, got nothing")
    expect(problem(parseEvalsFile('{"evals":[{"prompt":"p","files":"a.pdf"}]}'))).toBe('shape: evals[0].files: expected an array of strings or objects, got the string "a.pdf"')
    expect(problem(parseEvalsFile("{evals: []}"))).toMatch(/^syntax: /)
  })

  it("evals.json: an empty prompt and a repeated id are shape problems, as an empty query is (an author's probe)", () => {
    expect(problem(parseEvalsFile('{"skill_name":"pdf","evals":[{"id":1,"prompt":"x"},{"id":2,"prompt":"  "}]}'))).toBe("shape: evals[1].prompt: empty prompt")
    expect(problem(parseEvalsFile('{"evals":[{"id":1,"prompt":"x"},{"id":2,"prompt":"y"},{"id":1,"prompt":"z"}]}'))).toBe(
      "shape: evals[2].id: 1 again (evals[0] has it); each output evaluation needs its own id"
    )
    // 1 and "1" are two ids, as JSON tells them apart; entries without an id are not compared.
    expect(parseEvalsFile('{"evals":[{"id":1,"prompt":"x"},{"id":"1","prompt":"y"},{"prompt":"z"},{"prompt":"w"}]}')).toEqual({ _tag: "Ok", value: { queries: [], outputEvals: 4 } })
  })

  it("a query listed in both train and validation is named as such: judged once, in its first copy's split", () => {
    const { kept, repeated } = onceEach([
      { query: "add a column to the users table", should_trigger: true, split: "train" },
      { query: "Add a column to the users table.", should_trigger: true, split: "validation" },
      { query: "write release notes", should_trigger: false, split: "validation" },
      { query: "write release notes", should_trigger: false, split: "validation" }
    ])
    expect(kept.map((q) => q.split)).toEqual(["train", "validation"])
    expect(repeated).toEqual([
      { query: "add a column to the users table", times: 2, inBothSplits: "train" },
      { query: "write release notes", times: 2 }
    ])
    // A first copy without a split counts in neither split (a review: it was said to count in train).
    expect(
      onceEach([
        { query: "drop a column", should_trigger: true },
        { query: "drop a column", should_trigger: true, split: "train" },
        { query: "drop a column", should_trigger: true, split: "validation" }
      ]).repeated
    ).toEqual([{ query: "drop a column", times: 3, inBothSplits: "neither" }])
  })
})

describe("scoring", () => {
  const q = (query: string, should_trigger: boolean) => ({ query, should_trigger })
  it("pass rate, precision and recall of 'fires'; misses keep the winner", () => {
    const outcomes = [
      outcomeOf("pdf", q("a", true), { activated: ["pdf"] }),
      outcomeOf("pdf", q("b", true), { activated: ["docx"] }),
      outcomeOf("pdf", q("c", false), { activated: ["pdf"] }),
      outcomeOf("pdf", q("d", false), { activated: [] })
    ]
    expect(metricsOf(outcomes)).toEqual({
      queries: 4, passed: 2, pass_rate: 0.5, precision: 0.5, recall: 0.5,
      true_positives: 1, false_positives: 1, false_negatives: 1, true_negatives: 1
    })
    expect(outcomes.filter((o) => !o.pass).map((o) => [o.query, o.winner])).toEqual([["b", "docx"], ["c", "pdf"]])
    expect(metricsOf([outcomeOf("pdf", q("d", false), { activated: [] })]).precision).toBeNull()
    expect(confusionsOf([{ skill: "pdf", misses: outcomes.filter((o) => !o.pass) }])).toEqual([
      { skill: "pdf", winner: "docx", should_trigger: true, count: 1 },
      { skill: "pdf", winner: "pdf", should_trigger: false, count: 1 }
    ])
  })

  it("--repeat: the majority of runs decides; a tie does not fire", () => {
    const two = majority("pdf", [{ activated: ["pdf"] }, { activated: [] }, { activated: ["pdf"] }])
    expect(two).toEqual({ activated: ["pdf"], votes: 2, runs: 3 })
    expect(outcomeOf("pdf", q("a", true), two)).toMatchObject({ fired: true, pass: true, votes: 2, runs: 3 })
    const tie = majority("pdf", [{ activated: ["pdf"] }, { activated: ["docx"], errors: ["exit 2"] }])
    expect(tie).toEqual({ activated: ["docx"], votes: 1, runs: 2, errors: ["exit 2"] })
  })
})

describe("extractors", () => {
  it("JSON paths: $.a.b, [n], [*], over one document or JSON lines", () => {
    expect(parseJsonPath("$.message.content[*].input.skill")).toEqual(["message", "content", "*", "input", "skill"])
    expect(parseJsonPath("a.0.b")).toEqual(["a", 0, "b"])
    expect(parseJsonPath('$["odd key"]')).toEqual(["odd key"])
    expect(parseJsonPath("$.")).toBeUndefined()
    const json: Extractor = { _tag: "JsonPath", path: ["skill"], source: "$.skill" }
    expect(extractSkills(json, '{"skill":"pdf"}')).toEqual(["pdf"])
    expect(extractSkills(json, '{"skill":null}')).toEqual([])
    const stream: Extractor = { _tag: "JsonPath", path: parseJsonPath("message.content[*].input.skill")!, source: "" }
    const lines = ['{"type":"init"}', "log: [starting]", '{"message":{"content":[{"input":{"skill":"xlsx"}},{"text":"x"}]}}', '{"message":{"content":[{"input":{"skill":"pdf"}}]}}']
    expect(extractSkills(stream, lines.join("\n"))).toEqual(["xlsx", "pdf"])
  })

  it("regular expressions: group 'skill', else group 1, else the match", () => {
    const re = (source: string): Extractor => ({ _tag: "Regex", regex: new RegExp(source), source })
    expect(extractSkills(re("Using skill: (\\S+)"), "Using skill: pdf\nUsing skill: pdf\nUsing skill: xlsx")).toEqual(["pdf", "xlsx"])
    expect(extractSkills(re("skill=(?<skill>[a-z-]+) at (\\d+)"), "skill=pdf at 3")).toEqual(["pdf"])
    expect(extractSkills(re("pdf|xlsx"), "then xlsx")).toEqual(["xlsx"])
  })

  it("{{query}} is substituted inside argv elements (never a shell); without it the query goes to stdin", () => {
    expect(commandFor(["agent", "-p", "{{query}}", "--x={{query}}"], "a; rm -rf / 'q'")).toEqual({
      args: ["agent", "-p", "a; rm -rf / 'q'", "--x=a; rm -rf / 'q'"]
    })
    expect(commandFor(["agent", "--print"], "hello")).toEqual({ args: ["agent", "--print"], stdin: "hello" })
  })
})

describe("issue 47 item 4: a miss names the winner and the words that decided it", () => {
  it("the match judge's deciding words and margin reach the outcome and the text report", () => {
    const o = outcomeOf("pg-migrations", { query: "roll back my git commit", should_trigger: false }, { activated: ["pg-migrations"], decided_by: ["roll", "back"], margin: 3.85 })
    expect(o).toMatchObject({ pass: false, winner: "pg-migrations", decided_by: ["roll", "back"], margin: 3.85 })
    const text = renderEval({
      agent: "claude-code",
      judge: "match",
      min_pass: 0.8,
      threshold: 3,
      passed: false,
      confusions: [],
      skills: [{ skill: "pg-migrations", path: "/x", files: [], meets_min_pass: false, manual_only: false, ...metricsOf([o]), splits: {}, misses: [o] }]
    } as unknown as Parameters<typeof renderEval>[0])
    expect(text).toContain(`"roll back my git commit": should not fire; fired — decided by "roll", "back", margin 3.85`)
  })
})
