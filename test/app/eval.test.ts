// Issue 27: `skc eval` as a use case on the in-memory adapters: the match
// judge over what the agent discovers, skills named by path, clear failures
// for missing or malformed trigger files, and the command judge on a fake
// ProcessRunner (argv substitution, stdin, --repeat majority, timeouts).
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { evaluate } from "../../src/app/eval/eval.js"
import { missExplanation } from "../../src/render/eval.js"
import { lintSkills } from "../../src/app/lint/lint.js"
import { ProcessRunner, type ProcessRequest } from "../../src/ports/ProcessRunner.js"
import { failureText, memoryLayer } from "../helpers/worlds.js"
import { renderWarning } from "../../src/domain/errors.js"
import { memoryWorld } from "../../src/testing.js"

const SKILL = (name: string, description: string) => `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\n# ${name}\n`
const set = (pos: ReadonlyArray<string>, neg: ReadonlyArray<string>, split = false) =>
  JSON.stringify([
    ...pos.map((query, i) => ({ query, should_trigger: true, ...(split ? { split: i === 0 ? "validation" : "train" } : {}) })),
    ...neg.map((query) => ({ query, should_trigger: false }))
  ])

const files = {
  "/proj/.claude/skills/pdf/SKILL.md": SKILL("pdf", "Fill PDF forms, merge and split PDF files, extract PDF text. Use when the user mentions a PDF."),
  "/proj/.claude/skills/pdf/evals/triggers.json": set(
    ["fill in this PDF form", "merge two PDF files", "extract the text of a PDF"],
    ["write a Word document", "make a slide deck"],
    true
  ),
  "/proj/.claude/skills/docx/SKILL.md": SKILL("docx", "Create and edit Word documents with tracked changes. Use for .docx files."),
  "/proj/.claude/skills/slides/SKILL.md": SKILL("slides", "Build a slide deck or presentation. Use when the user asks for slides."),
  "/proj/.claude/skills/slides/evals/evals.json": JSON.stringify({
    skill_name: "slides",
    evals: [{ id: 1, prompt: "Make a deck", expected_output: "a deck" }, { query: "make a slide deck", should_trigger: true }, { query: "extract the text of the PDF files", should_trigger: true }]
  })
}

/** The match judge never starts a process. */
const noRunner = Layer.succeed(ProcessRunner, { run: () => Effect.die("the match judge ran a process") })

/** The shared files with some added or replaced, under the match judge. */
const withFiles = (extra: Record<string, string>) => Effect.provide(Layer.merge(memoryLayer({ files: { ...files, ...extra } }), noRunner))

describe("skc eval, match judge", () => {
  it.effect("every discovered skill with trigger queries: pass rate, precision, recall, misses with the winner, splits", () =>
    Effect.gen(function* () {
      const r = yield* evaluate({})
      expect(r.judge).toBe("match")
      expect(r.skills.map((s) => s.skill)).toEqual(["pdf", "slides"])
      const pdf = r.skills[0]!
      expect(pdf).toMatchObject({ queries: 5, passed: 5, pass_rate: 1, precision: 1, recall: 1, meets_min_pass: true })
      expect(pdf.files).toEqual(["/proj/.claude/skills/pdf/evals/triggers.json"])
      expect(Object.keys(pdf.splits)).toEqual(["train", "validation"])
      expect(pdf.splits.validation).toMatchObject({ queries: 1, passed: 1 })
      // The evals.json query form: "extract the text of the PDF files" is taken by pdf.
      const slides = r.skills[1]!
      expect(slides).toMatchObject({ queries: 2, passed: 1, pass_rate: 0.5, recall: 0.5, meets_min_pass: false })
      expect(slides.misses.map((m) => [m.query, m.winner])).toEqual([["extract the text of the PDF files", "pdf"]])
      expect(r.confusions).toEqual([{ skill: "slides", winner: "pdf", should_trigger: true, count: 1 }])
      expect(r.passed).toBe(false)
      const lenient = yield* evaluate({ min_pass: 0.5 })
      expect(lenient.passed).toBe(true)
    }).pipe(withFiles({})))

  it.effect("--min-pass is met by the exact rate, not the printed one: 2 of 3 (0.667) is below 0.6669 (sixtieth pass)", () =>
    Effect.gen(function* () {
      const r = yield* evaluate({ skills: ["docx"], min_pass: 0.6669 })
      const docx = r.skills[0]!
      expect(docx).toMatchObject({ queries: 3, passed: 2, pass_rate: 0.667, meets_min_pass: false })
      expect(r.passed).toBe(false)
      expect((yield* evaluate({ skills: ["docx"], min_pass: 0.6666 })).skills[0]!.meets_min_pass).toBe(true)
    }).pipe(
      withFiles({
        "/proj/.claude/skills/docx/evals/triggers.json": set(["edit a Word document with tracked changes", "create a docx file", "merge two PDF files"], [])
      })
    ))

  it.effect("a query asked to fire in one eval file and not in the other is refused, as within one file (sixtieth pass)", () =>
    Effect.gen(function* () {
      const text = yield* failureText(evaluate({ skills: ["docx"] }))
      expect(text).toBe(
        `error: skill 'docx': "Roll back my git commit" should trigger in one of evals/triggers.json and evals/evals.json and not in the other, so it can never pass\n  keep each query in one file, with the verdict you mean`
      )
    }).pipe(
      withFiles({
        "/proj/.claude/skills/docx/evals/triggers.json": set(["edit a Word document with tracked changes"], ["roll back my git commit"]),
        "/proj/.claude/skills/docx/evals/evals.json": JSON.stringify({ skill_name: "docx", evals: [{ query: "Roll back my git commit", should_trigger: true }] })
      })
    ))

  it.effect("a should-fire query of stop words alone is said to hold nothing the judge weighs, not sent to the description (sixtieth pass)", () =>
    Effect.gen(function* () {
      const r = yield* evaluate({ skills: ["docx"] })
      const docx = r.skills[0]!
      const explain = (q: string) => missExplanation(r, docx, docx.misses.find((m) => m.query === q)!)
      expect(explain("the and of it")).toContain("the request holds no word the match judge weighs")
      // A request with words none of which the skill holds keeps the description's hint.
      expect(explain("bake sourdough bread")).toBe("docx holds none of the request's words")
    }).pipe(withFiles({ "/proj/.claude/skills/docx/evals/triggers.json": set(["the and of it", "bake sourdough bread"], []) })))

  it.effect("a skill named by path joins what the agent sees; its neighbours take part in the ranking", () =>
    Effect.gen(function* () {
      const r = yield* evaluate({ skills: ["/elsewhere/forms"] })
      expect(r.skills.map((s) => [s.skill, s.path, s.pass_rate])).toEqual([["forms", "/elsewhere/forms/SKILL.md", 0.5]])
      expect(r.skills[0]!.misses.map((m) => [m.query, m.winner])).toEqual([["merge two PDF files", "pdf"]])
    }).pipe(
      Effect.provide(
        memoryLayer({
          files: {
            ...files,
            "/elsewhere/forms/SKILL.md": SKILL("forms", "Fill in forms: PDF forms, web forms, tax forms."),
            "/elsewhere/forms/evals/triggers.json": set(["fill in the tax forms", "merge two PDF files"], [])
          }
        }).pipe(Layer.merge(noRunner))
      )
    ))

  it.effect("a skill without frontmatter named by path is evaluated as Claude Code lists it, by its directory's name, as discovered it is (a judge probe)", () =>
    Effect.gen(function* () {
      const r = yield* evaluate({ skills: ["/elsewhere/nofm"] })
      expect(r.skills.map((s) => [s.skill, s.queries])).toEqual([["nofm", 1]])
      // An agent that refuses it refuses it here too.
      expect(yield* failureText(evaluate({ skills: ["/elsewhere/nofm"], agent: "codex" }))).toMatch(/^error: agents cannot load \/elsewhere\/nofm\/SKILL.md/)
    }).pipe(
      Effect.provide(
        memoryLayer({
          files: {
            ...files,
            "/elsewhere/nofm/SKILL.md": "# just body\n\nConvert CSV to charts.\n",
            "/elsewhere/nofm/evals/triggers.json": set(["convert csv to a chart"], [])
          }
        }).pipe(Layer.merge(noRunner))
      )
    ))

  it.effect("missing and malformed trigger files fail with what to fix", () =>
    Effect.gen(function* () {
      expect(yield* failureText(evaluate({ skills: ["docx"] }))).toBe(
        "error: skill 'docx' has no trigger queries\n  looked for evals/triggers.json and the query form of evals/evals.json in /proj/.claude/skills/docx/evals\n  see docs/eval.md for the format"
      )
      expect(yield* failureText(evaluate({ skills: ["ghost"] }))).toMatch(/^error\[E001\]: skill 'ghost' not found/)
      expect(yield* failureText(evaluate({ skills: ["bad"] }))).toBe(
        "error: /proj/.claude/skills/bad/evals/triggers.json does not have the shape of a trigger set\n  [0].should_trigger: expected true or false, got the string \"yes\"\n  see docs/eval.md for the format"
      )
      expect(yield* failureText(evaluate({ skills: ["broken"] }))).toMatch(
        /^error: \/proj\/\.claude\/skills\/broken\/evals\/triggers\.json is not valid JSON\n  .+\n  see docs\/eval\.md for the format$/
      )
      // A file that ends too early says so, not "at it ends too early"; a located error says where.
      expect(yield* failureText(evaluate({ skills: ["truncated"] }))).toBe(
        "error: /proj/.claude/skills/truncated/evals/triggers.json is not valid JSON\n  it ends too early\n  see docs/eval.md for the format"
      )
      // A directory of the file's name is said, not passed over as "no trigger queries" (a judge probe).
      expect(yield* failureText(evaluate({ skills: ["dirfile"] }))).toBe(
        "error: /proj/.claude/skills/dirfile/evals/triggers.json is a directory, not a file of trigger queries\n  see docs/eval.md for the format"
      )
      expect(yield* failureText(evaluate({ judge: "command" }))).toMatch(/^error\[E100\]: invalid option: '--judge command needs the agent command after --/)
      expect(yield* failureText(evaluate({ judge: "command", command: ["agent"] }))).toMatch(/needs --extract-json <path> or --extract-regex <re>/)
      expect(yield* failureText(evaluate({ judge: "command", command: ["agent"], extract_regex: "(" }))).toMatch(/--extract-regex: Invalid regular expression/)
    }).pipe(
      Effect.provide(
        memoryLayer({
          files: {
            "/proj/.claude/skills/docx/SKILL.md": SKILL("docx", "Word documents."),
            "/proj/.claude/skills/bad/SKILL.md": SKILL("bad", "Bad."),
            "/proj/.claude/skills/truncated/SKILL.md": SKILL("truncated", "Truncated."),
            "/proj/.claude/skills/truncated/evals/triggers.json": '[{"query": "a", "should_trigger": tr',
            "/proj/.claude/skills/bad/evals/triggers.json": '[{"query":"x","should_trigger":"yes"}]',
            "/proj/.claude/skills/broken/SKILL.md": SKILL("broken", "Broken."),
            "/proj/.claude/skills/broken/evals/triggers.json": '[{"query":"x",',
            "/proj/.claude/skills/dirfile/SKILL.md": SKILL("dirfile", "Dir."),
            "/proj/.claude/skills/dirfile/evals/triggers.json/README": "not here"
          }
        }).pipe(Layer.merge(noRunner))
      )
    ))

  it.effect("no trigger queries anywhere: says where to write them", () =>
    Effect.gen(function* () {
      expect(yield* failureText(evaluate({}))).toBe(
        "error: no trigger queries found beside the 1 skill claude discovers\n  write evals/triggers.json in a skill's directory (see docs/eval.md), or name a skill by path"
      )
    }).pipe(Effect.provide(Layer.merge(memoryLayer({ files: { "/proj/.claude/skills/docx/SKILL.md": SKILL("docx", "Word documents.") } }), noRunner))))
})

/** A fake agent: activates `pdf` when the request (argv or stdin) mentions a PDF; `flaky` requests on the 3rd run only fail. */
const fakeRunner = (seen: Array<ProcessRequest>) => {
  const counts = new Map<string, number>()
  return Layer.succeed(ProcessRunner, {
    run: (request) =>
      Effect.sync(() => {
        seen.push(request)
        const text = request.stdin ?? request.args.join(" ")
        const n = (counts.get(text) ?? 0) + 1
        counts.set(text, n)
        if (text.includes("slow")) return { outcome: { _tag: "TimedOut" as const, timeoutMs: request.timeoutMs }, output: "", truncated: false, totalBytes: 0, durationMs: 1 }
        const fires = /pdf/i.test(text) && !(text.includes("flaky") && n % 3 === 0)
        return { outcome: { _tag: "Exited" as const, exitCode: 0 }, output: JSON.stringify({ skill: fires ? "pdf" : null }), truncated: false, totalBytes: 10, durationMs: 1 }
      })
  })
}

describe("skc eval, command judge", () => {
  const cmdFiles = {
    ...files,
    "/proj/.claude/skills/pdf/evals/triggers.json": set(["fill in this PDF form", "flaky PDF request"], ["slow request", "make a slide deck"])
  }
  it.effect("one run per distinct query and repeat, {{query}} substituted, the majority decides, timeouts reported", () => {
    const seen: Array<ProcessRequest> = []
    return Effect.gen(function* () {
      const r = yield* evaluate({
        skills: ["pdf"],
        judge: "command",
        command: ["./agent.mjs", "-p", "{{query}}"],
        extract_json: "$.skill",
        repeat: 3,
        jobs: 2,
        timeout: 5
      }).pipe(Effect.provide(fakeRunner(seen)))
      expect(seen).toHaveLength(12)
      expect(seen[0]).toMatchObject({ program: "/proj/agent.mjs", args: ["-p", "fill in this PDF form"], cwd: "/proj", timeoutMs: 5000 })
      expect(seen[0]!.stdin).toBeUndefined()
      expect(r).toMatchObject({ judge: "command", threshold: null, passed: true })
      expect(r.skills[0]).toMatchObject({ queries: 4, passed: 4, pass_rate: 1 })
      expect(r.skills[0]!.misses).toEqual([])
      const viaStdin = yield* evaluate({ skills: ["pdf"], judge: "command", command: ["agent"], extract_json: "$.skill", min_pass: 1 }).pipe(
        Effect.provide(fakeRunner(seen))
      )
      expect(seen.at(-1)).toMatchObject({ program: "agent", args: [] })
      expect(seen.at(-1)!.stdin).toBeDefined()
      expect(viaStdin.passed).toBe(true)
    }).pipe(Effect.provide(memoryLayer({ files: cmdFiles })))
  })

  it.effect("a timed-out run counts as no activation and says so", () => {
    const seen: Array<ProcessRequest> = []
    return Effect.gen(function* () {
      const r = yield* evaluate({ skills: ["pdf"], judge: "command", command: ["agent"], extract_json: "$.skill" }).pipe(Effect.provide(fakeRunner(seen)))
      expect(r.skills[0]!.misses).toEqual([])
      const pos = yield* evaluate({ skills: ["slides"], judge: "command", command: ["agent", "slow {{query}}"], extract_json: "$.skill" }).pipe(
        Effect.provide(fakeRunner(seen))
      )
      expect(pos.skills[0]!.misses.map((m) => [m.winner, m.errors])).toEqual([
        [null, ["timed out after 120 s"]],
        [null, ["timed out after 120 s"]]
      ])
    }).pipe(Effect.provide(memoryLayer({ files: cmdFiles })))
  })
})

describe("skc eval, a command judge whose output holds no JSON (sixty-second pass)", () => {
  // A probe: `--extract-json '$.skill' -- /bin/echo 'not json {{query}}'` gave recall 0 and every miss "no skill
  // fired", as if the skill were at fault. Each such miss now says that the judge's output held no JSON.
  const textRunner = Layer.succeed(ProcessRunner, {
    run: (request) => Effect.succeed({ outcome: { _tag: "Exited" as const, exitCode: 0 }, output: `not json ${request.args.join(" ")}\n`, truncated: false, totalBytes: 10, durationMs: 1 })
  })
  it.effect("each miss says so; a JSON answer naming no skill is an ordinary miss", () =>
    Effect.gen(function* () {
      const r = yield* evaluate({ skills: ["pdf"], judge: "command", command: ["echo", "{{query}}"], extract_json: "$.skill" }).pipe(Effect.provide(textRunner))
      expect(r.skills[0]!.misses.map((m) => m.errors)).toEqual([["its output held no JSON for --extract-json $.skill"], ["its output held no JSON for --extract-json $.skill"]])
      const seen: Array<ProcessRequest> = []
      const json = yield* evaluate({ skills: ["pdf"], judge: "command", command: ["agent", "make a slide deck"], extract_json: "$.skill" }).pipe(Effect.provide(fakeRunner(seen)))
      expect(json.skills[0]!.misses.every((m) => m.errors === undefined)).toBe(true)
    }).pipe(Effect.provide(memoryLayer({ files: { ...files, "/proj/.claude/skills/pdf/evals/triggers.json": set(["fill in this PDF form", "flaky PDF request"], ["slow request", "make a slide deck"]) } })))
  )
})

describe("skc eval, a command judge whose extractor picks what no skill is called (a judge probe)", () => {
  // `--extract-json '$.q'` took the query the agent echoed for the skill: every miss read "won by Merge these
  // PDF files into one", as if a skill had won. The run says which names no skill of the agent's has.
  const echoing = Layer.succeed(ProcessRunner, {
    run: (request) =>
      Effect.succeed({ outcome: { _tag: "Exited" as const, exitCode: 0 }, output: JSON.stringify({ skill: "pdf", q: request.args.at(-1) }) + "\n", truncated: false, totalBytes: 10, durationMs: 1 })
  })
  const evalFiles = { ...files, "/proj/.claude/skills/pdf/evals/triggers.json": set(["fill in this PDF form"], ["make a slide deck"]) }
  it("a warning names them and the extractor; a name the agent discovers, in any of its spellings, is not one", async () => {
    const wrong = memoryWorld({ files: evalFiles })
    await wrong.run(evaluate({ skills: ["pdf"], judge: "command", command: ["agent", "{{query}}"], extract_json: "$.q" }).pipe(Effect.provide(echoing)))
    expect(wrong.diagnostics.warnings.map(renderWarning)).toContain(
      'warning: the agent\'s output named 2 skills claude does not discover ("fill in this PDF form", "make a slide deck"): check what --extract-json $.q picks from it'
    )
    const right = memoryWorld({ files: evalFiles })
    await right.run(evaluate({ skills: ["pdf"], judge: "command", command: ["agent", "{{query}}"], extract_json: "$.skill" }).pipe(Effect.provide(echoing)))
    expect(right.diagnostics.warnings.map(renderWarning).join("\n")).not.toContain("does not discover")
  })
})

describe("SKL701 eval-files-valid through the lint use case", () => {
  it.effect("a syntax error names its line; a shape error names the entry; evals.json is checked too", () =>
    Effect.gen(function* () {
      const outcome = yield* lintSkills({ skill: "x/demo" })
      const lines = outcome.reports[0]!.diagnostics.filter((d) => d.rule === "SKL701").map((d) => `${d.file}:${d.line} ${d.message}`)
      expect(lines).toHaveLength(2)
      expect(lines[0]).toMatch(/^evals\/evals\.json:1 valid JSON of another shape: evals\[0\]\.prompt: expected a string, got nothing$/)
      expect(lines[1]).toMatch(/^evals\/triggers\.json:3 syntax error: not valid JSON \(line 3 column \d+\)/)
    }).pipe(
      Effect.provide(
        memoryLayer({
          files: {
            "/proj/x/demo/SKILL.md": SKILL("demo", "Formats demo files. Use when the user asks for a demo."),
            "/proj/x/demo/evals/triggers.json": '[\n  {"query": "a", "should_trigger": true},\n  {"query": "b" "should_trigger": false}\n]\n',
            "/proj/x/demo/evals/evals.json": '{"skill_name": "demo", "evals": [{"id": 1}]}'
          }
        })
      )
    ))

  it.effect("a NUL byte in a query is SKL701, as skc eval refuses it (both files)", () =>
    Effect.gen(function* () {
      const outcome = yield* lintSkills({ skill: "x/demo" })
      const lines = outcome.reports[0]!.diagnostics.filter((d) => d.rule === "SKL701").map((d) => `${d.file} ${d.message}`)
      expect(lines).toEqual([
        "evals/evals.json valid JSON of another shape: evals[1].query: contains a NUL byte, which no request (nor an agent's command line) can carry",
        "evals/triggers.json valid JSON of another shape: [0].query: contains a NUL byte, which no request (nor an agent's command line) can carry"
      ])
    }).pipe(
      Effect.provide(
        memoryLayer({
          files: {
            "/proj/x/demo/SKILL.md": SKILL("demo", "Formats demo files. Use when the user asks for a demo."),
            "/proj/x/demo/evals/triggers.json": JSON.stringify([{ query: "a\u0000b", should_trigger: true }]),
            "/proj/x/demo/evals/evals.json": JSON.stringify({ evals: [{ prompt: "p" }, { query: "c\u0000", should_trigger: false }] })
          }
        })
      )
    ))
})

describe("an eval file that is not UTF-8: skc eval and SKL701 agree", () => {
  // `café` saved as Latin-1 on line 2: decoded, the query would be judged as "caf\uFFFD".
  const latin1 = new Uint8Array([...new TextEncoder().encode('[\n{"query": "caf'), 0xe9, ...new TextEncoder().encode(' menu as a PDF", "should_trigger": true}]')])
  const world = memoryLayer({
    files: { ...files, "/proj/.claude/skills/pdf/evals/triggers.json": latin1, "/proj/x/demo/SKILL.md": SKILL("demo", "Formats demo files."), "/proj/x/demo/evals/triggers.json": latin1 }
  })
  const said = "not valid UTF-8 (byte 0xE9 on line 2): its queries would be judged with U+FFFD in place of such bytes; save the file as UTF-8"

  it.effect("skc eval refuses it, naming the byte and the line", () =>
    Effect.gen(function* () {
      expect(yield* failureText(evaluate({ skills: ["pdf"] }))).toBe(`error: /proj/.claude/skills/pdf/evals/triggers.json is ${said}\n  see docs/eval.md for the format`)
    }).pipe(Effect.provide(Layer.merge(world, noRunner))))

  it.effect("lint reports it as SKL701 on that line", () =>
    Effect.gen(function* () {
      const outcome = yield* lintSkills({ skill: "x/demo" })
      expect(outcome.reports[0]!.diagnostics.filter((d) => d.rule === "SKL701").map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual([`evals/triggers.json:2 ${said}`])
    }).pipe(Effect.provide(world)))
})

describe("issue 45 item 2: eval inputs bounded, on the in-memory adapters", () => {
  it.effect("issue 45 item 2: --repeat, --timeout, --jobs, --max-file-bytes over their caps are E100 before anything runs", () => {
    const seen: Array<ProcessRequest> = []
    return Effect.gen(function* () {
      const base = { skills: ["pdf"], judge: "command" as const, command: ["agent"], extract_json: "$.skill" }
      for (const [extra, message] of [
        [{ repeat: 101 }, "--repeat 101 is over the cap of 100"],
        [{ timeout: 2 ** 31 }, `--timeout ${2 ** 31} is over the cap of 3600`],
        [{ jobs: 65 }, "--jobs 65 is over the cap of 64"],
        [{ max_file_bytes: 2 ** 30 }, `--max-file-bytes ${2 ** 30} is over the cap of 67108864`]
      ] as const) {
        expect(yield* failureText(evaluate({ ...base, ...extra }).pipe(Effect.provide(fakeRunner(seen))))).toBe(`error[E100]: invalid option: '${message} (docs/eval.md)'`)
      }
      expect(seen).toEqual([])
    }).pipe(Effect.provide(memoryLayer({ files })))
  })

  it.effect("issue 45 item 2: an eval file over --max-file-bytes is E100", () =>
    Effect.gen(function* () {
      expect(yield* failureText(evaluate({ skills: ["pdf"], max_file_bytes: 10 }).pipe(Effect.provide(fakeRunner([]))))).toMatch(
        /^error\[E100\]: invalid option: '\/proj\/\.claude\/skills\/pdf\/evals\/triggers\.json is \d+ bytes, over the 10-byte cap on eval files/
      )
    }).pipe(Effect.provide(memoryLayer({ files })))
  )

  it.effect("issue 45 item 2: NUL in a trigger query names the file and the query", () =>
    Effect.gen(function* () {
      expect(yield* failureText(evaluate({ skills: ["pdf"] }).pipe(Effect.provide(fakeRunner([]))))).toBe(
        "error: /proj/.claude/skills/pdf/evals/triggers.json does not have the shape of a trigger set\n  [0].query: contains a NUL byte, which no request (nor an agent's command line) can carry\n  see docs/eval.md for the format"
      )
    }).pipe(Effect.provide(memoryLayer({ files: { ...files, "/proj/.claude/skills/pdf/evals/triggers.json": JSON.stringify([{ query: "a\u0000b", should_trigger: true }]) } })))
  )
})
