// Issue 47 item 4, as an author tuning a description reads it: a should-fire
// miss of the match judge says how the skill under test itself scored and
// which gate it missed (the threshold, the share of the request's words), not
// only who won; `skc match` with no result names the nearest skill the same
// way; a huge query does not bury the text report.
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Result } from "effect"
import { renderWarning } from "../../src/domain/errors.js"
import { memoryWorld } from "../../src/testing.js"
import { evaluate } from "../../src/app/eval/eval.js"
import { match } from "../../src/app/skills/match.js"
import { MIN_COVERAGE } from "../../src/domain/protocol/match.js"
import { ProcessRunner } from "../../src/ports/ProcessRunner.js"
import { renderEval } from "../../src/render/eval.js"
import { renderEvalHtml } from "../../src/render/evalHtml.js"
import { renderMatch } from "../../src/render/protocol.js"
import { memoryLayer } from "../helpers/worlds.js"

const SKILL = (name: string, description: string) => `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\n# ${name}\n`

const ROLLBACK = "How do I roll back a failed database migration on the staging cluster"
const REBASE = "rebase and commit the migration branch"
const LONG = `create an index ${"on the orders table ".repeat(2000)}`

const files = {
  "/proj/.claude/skills/pgm/SKILL.md": SKILL("pgm", "Write and review PostgreSQL schema migrations. Use when adding a column or creating an index."),
  "/proj/.claude/skills/pgm/evals/triggers.json": JSON.stringify([
    { query: ROLLBACK, should_trigger: true },
    { query: REBASE, should_trigger: true },
    { query: "add a column to the users table", should_trigger: true },
    { query: LONG, should_trigger: false }
  ]),
  "/proj/.claude/skills/git/SKILL.md": SKILL("git", "Rebase, commit and clean up git branches. Use for git history."),
  "/proj/.claude/skills/pdf/SKILL.md": SKILL("pdf", "Fill PDF forms and extract PDF text.")
}

const noRunner = Layer.succeed(ProcessRunner, { run: () => Effect.die("the match judge ran a process") })

describe("issue 47 item 4: what a miss says about the skill under test", () => {
  it.effect("a should-fire miss carries the skill's own score, coverage, rank and words; the text names the gate it missed", () =>
    Effect.gen(function* () {
      const r = yield* evaluate({ skills: ["pgm"] })
      const misses = r.skills[0]!.misses
      const rollback = misses.find((m) => m.query === ROLLBACK)!
      expect(rollback.winner).toBeNull()
      expect(rollback.standing?.words).toEqual(["migration"])
      expect(rollback.standing!.coverage).toBeLessThan(MIN_COVERAGE)
      expect(rollback.standing!.rank).toBe(1)
      const rebase = misses.find((m) => m.query === REBASE)!
      expect(rebase.winner).toBe("git")
      expect(rebase.standing!.rank).toBe(2)
      expect(rebase.standing!.words).toEqual(["migration"])
      // A should-not-fire query never gets one (the skill itself won, decided_by says why).
      expect(misses.filter((m) => !m.should_trigger).every((m) => m.standing === undefined)).toBe(true)

      const text = renderEval(r)
      const line = (q: string) => text.split("\n").find((l) => l.startsWith(`  ${JSON.stringify(q)}`))!
      expect(line(ROLLBACK)).toMatch(
        /: should fire; no skill fired — pgm scored \d+\.\d\d \(under the threshold 3\) on "migration", \d+(\.\d)? % of the request's words \(under 25 %\)$/
      )
      expect(line(REBASE)).toMatch(/: should fire; won by git — decided by .*, margin \d+\.\d\d; pgm ranked 2nd, scored \d+\.\d\d \(under the threshold 3\) on "migration", 25 % of the request's words$/)
    }).pipe(Effect.provide(Layer.merge(memoryLayer({ files }), noRunner))))

  it.effect("the HTML report says why too: the deciding words, the margin and the skill's own standing", () =>
    Effect.gen(function* () {
      const html = renderEvalHtml(yield* evaluate({ skills: ["pgm"] }))
      expect(html).toContain("<th>Why</th>")
      expect(html).toMatch(/<td>git<\/td><td><\/td><td>decided by &#34;rebase&#34;, &#34;commit&#34;, &#34;branch&#34;, margin \d+\.\d\d; pgm ranked 2nd, scored /)
      expect(html).toMatch(/<td>\(none\)<\/td><td><\/td><td>pgm scored \d+\.\d\d \(under the threshold 3\) on &#34;migration&#34;/)
    }).pipe(Effect.provide(Layer.merge(memoryLayer({ files }), noRunner))))

  it.effect("a query of 40,000 characters is cut in the text report, whole in the result", () =>
    Effect.gen(function* () {
      // The long query is a should-not-fire one that fires (it is all about indexes and tables): a miss.
      const r = yield* evaluate({ skills: ["pgm"] })
      const miss = r.skills[0]!.misses.find((m) => m.query === LONG)!
      expect(miss.query).toHaveLength(LONG.length)
      const text = renderEval(r)
      expect(text.length).toBeLessThan(2_000)
      expect(text).toContain(`${JSON.stringify(LONG.slice(0, 200) + "…")}: should not fire; fired`)
    }).pipe(Effect.provide(Layer.merge(memoryLayer({ files }), noRunner))))

  it.effect("skc match with no result names the nearest skill, its score, words and coverage", () =>
    Effect.gen(function* () {
      const r = yield* match({ query: ROLLBACK })
      expect(r.results).toEqual([])
      expect(r.nearest?.name).toBe("pgm")
      expect(r.nearest?.held_back).toBeUndefined()
      expect(r.nearest?.decided_by).toEqual(["migration"])
      expect(r.nearest!.coverage).toBeLessThan(MIN_COVERAGE)
      expect(renderMatch(r)).toMatch(
        /^No skill matches \(threshold 3, and 25 % of the request's words in a skill's name and description\)\.\nNearest: pgm, score \d+\.\d{3} on "migration", \d+(\.\d)? % of the request's words\.\n$/
      )
      // Nothing relevant at all: no nearest, the gates alone.
      const none = yield* match({ query: "what's the weather in Paris" })
      expect(none.nearest).toBeUndefined()
      expect(renderMatch(none)).toBe("No skill matches (threshold 3, and 25 % of the request's words in a skill's name and description).\n")
    }).pipe(Effect.provide(memoryLayer({ files }))))

  // An agent's probe (obra/superpowers): "write an implementation plan for adding OAuth login" activated
  // brainstorming alone, and writing-plans, which scored higher, was held back by the coverage gate unmentioned.
  it.effect("a candidate that scored above every result but missed a gate is named as held back, with the gate", () =>
    Effect.gen(function* () {
      const r = yield* match({ query: "plan the canary rollout payments kubernetes work staged cluster" })
      expect(r.results.map((m) => m.name)).toEqual(["deploys"])
      expect(r.nearest).toMatchObject({ name: "plans", gate: "coverage", held_back: true })
      expect(r.nearest!.score).toBeGreaterThan(r.results[0]!.score)
      expect(r.nearest!.coverage).toBeLessThan(MIN_COVERAGE)
      expect(renderMatch(r)).toMatch(/\nHeld back: plans, score \d+\.\d{3} on "plan"(, "[^"]+")*, \d+(\.\d)? % of the request's words \(below the 25 % of the request's words a match needs\)\.\n$/)
      // Nothing held back above the first result: no such line.
      const plain = yield* match({ query: "plan the work" })
      expect(plain.results[0]?.name).toBe("plans")
      expect(plain.nearest).toBeUndefined()
      expect(renderMatch(plain)).not.toContain("Held back")
    }).pipe(
      Effect.provide(
        memoryLayer({
          files: {
            "/proj/.claude/skills/plans/SKILL.md": SKILL("plans", "Write plans for a change. Use when asked to plan the work."),
            "/proj/.claude/skills/deploys/SKILL.md": SKILL("deploys", "Ship releases with care: staged rollout, canary checks and rollback for services."),
            "/proj/.claude/skills/pdf/SKILL.md": SKILL("pdf", "Fill PDF forms and extract PDF text."),
            "/proj/.claude/skills/docs/SKILL.md": SKILL("docs", "Write docs and guides for services."),
            "/proj/.claude/skills/tests/SKILL.md": SKILL("tests", "Write unit tests and fix flaky tests.")
          }
        })
      )
    ))

  it.effect("a skill named in the request wins whatever its score: said as named, not as a negative margin", () =>
    Effect.gen(function* () {
      // "the pdf skill" names it; pgm's description holds more of the words, yet the named skill ranks first.
      const named = "with the pdf skill, write a postgresql migration to add a column"
      const m = yield* match({ query: named, threshold: 0 })
      expect(m.results[0]!.name).toBe("pdf")
      expect(m.results[0]!.mentioned).toBe(true)
      expect(m.results[0]!.margin).toBeLessThan(0)
      const row = renderMatch(m).split("\n").find((l) => /^1\s+pdf\s/.test(l))!
      expect(row.split(/\s{2,}/)[3]).toBe("named")
      // The eval text of a should-fire query the named skill won.
      const evalFiles = {
        ...files,
        "/proj/.claude/skills/pgm/evals/triggers.json": JSON.stringify([{ query: named, should_trigger: true }])
      }
      const r = yield* evaluate({ skills: ["pgm"] }).pipe(Effect.provide(Layer.merge(memoryLayer({ files: evalFiles }), noRunner)))
      const miss = r.skills[0]!.misses[0]!
      expect(miss.winner).toBe("pdf")
      expect(renderEval(r)).toMatch(/: should fire; won by pdf — named in the request, matched "pdf"; pgm ranked 2nd/)
      expect(renderEval(r)).not.toContain("margin -")
    }).pipe(Effect.provide(memoryLayer({ files }))))

  it.effect("a name of several words written as words names its skill: the miss says named, not decided by the name's words", () =>
    Effect.gen(function* () {
      const notes = {
        "/proj/.claude/skills/release-notes/SKILL.md": "---\nname: release-notes\ndescription: \"Draft a changelog entry from merged pull requests. Use when preparing a version.\"\n---\n# Release notes\n",
        "/proj/.claude/skills/release-notes/evals/triggers.json": JSON.stringify([{ query: "Summarize the release notes of React 19 for me", should_trigger: false }])
      }
      const r = yield* evaluate({ skills: ["release-notes"] }).pipe(Effect.provide(Layer.merge(memoryLayer({ files: { ...files, ...notes } }), noRunner)))
      const miss = r.skills[0]!.misses[0]!
      expect(miss).toMatchObject({ winner: "release-notes", named: true })
      expect(renderEval(r)).toMatch(/should not fire; fired — named in the request, matched "release", "notes"/)
      // A false fire the skill won itself: no other skill "won instead".
      expect(renderEvalHtml(r)).toContain("<tr><td>release-notes</td><td>(none: it fired itself)</td><td>false fire</td><td>1</td></tr>")
    }))

  it.effect("a one-word name as a bare word of the request is no mention: the miss says so (name_word), not 'named in the request'", () =>
    Effect.gen(function* () {
      // docs/eval.md: a one-word name is mentioned only when the request calls it a skill or marks it; as a bare
      // word it fires whatever the gates. "named in the request" sent the author looking for a mention.
      const linear = {
        "/proj/.claude/skills/linear/SKILL.md": SKILL("linear", "Manage issues, projects and team workflows in Linear. Use when the user asks about tickets."),
        "/proj/.claude/skills/linear/evals/triggers.json": JSON.stringify([{ query: "Fit a linear regression to this data", should_trigger: false }])
      }
      const r = yield* evaluate({ skills: ["linear"] }).pipe(Effect.provide(Layer.merge(memoryLayer({ files: { ...files, ...linear } }), noRunner)))
      const miss = r.skills[0]!.misses[0]!
      expect(miss).toMatchObject({ winner: "linear", name_word: true })
      expect(miss.named).toBeUndefined()
      const text = renderEval(r)
      expect(text).toMatch(/should not fire; fired — its name is a word of the request \(no mention, but it fires whatever the gates\), matched "linear"/)
      expect(text).not.toContain("named in the request")
      // `skc match` says the same of it: no mention.
      const m = yield* match({ query: "Fit a linear regression to this data" }).pipe(Effect.provide(memoryLayer({ files: { ...files, ...linear } })))
      expect(m.results[0]).toMatchObject({ name: "linear", mentioned: false })
      expect(m.results[0]!.reason).toContain("its name is a word of the request")
    }))

  it.effect("a winner that ties the skill under test says it was a tie, not an ordinary win", () =>
    Effect.gen(function* () {
      // Two skills with one description: name order chose, and "margin 0.00" alone read as a better description.
      const twins = {
        "/proj/.claude/skills/twin-a/SKILL.md": SKILL("twin-a", "Convert Markdown books to EPUB. Use when building an ebook."),
        "/proj/.claude/skills/twin-b/SKILL.md": SKILL("twin-b", "Convert Markdown books to EPUB. Use when building an ebook."),
        "/proj/.claude/skills/twin-b/evals/triggers.json": JSON.stringify([{ query: "convert my markdown book to epub", should_trigger: true }])
      }
      const r = yield* evaluate({ skills: ["twin-b"] }).pipe(Effect.provide(Layer.merge(memoryLayer({ files: { ...files, ...twins } }), noRunner)))
      expect(r.skills[0]!.misses[0]).toMatchObject({ winner: "twin-a", margin: 0 })
      expect(renderEval(r)).toContain("a tie (margin 0.00: the runner-up scored the same, and the order of scope then name chose)")
    }))

  it.effect("skc match on a request with no word to weigh (punctuation, function words) says so, not which gate was missed", () =>
    Effect.gen(function* () {
      for (const query of ["?!?...,,,", "how do I do this"]) {
        const m = yield* match({ query })
        expect(m.results).toEqual([])
        // In the JSON too (MCP structured content and `--format json` looked like any miss).
        expect(m.no_words).toBe(true)
        expect(renderMatch(m)).toBe("No skill matches: the request holds no word the match judge weighs (only words such as 'the', 'and', 'it', or punctuation); reword it as a request.\n")
      }
      const miss = yield* match({ query: "bake a sourdough loaf" })
      expect(miss.no_words).toBeUndefined()
      expect(renderMatch(miss)).toMatch(/^No skill matches \(threshold/)
    }).pipe(Effect.provide(memoryLayer({ files }))))

  it.effect("a named winner is decided by its name's words only, not by description words the request shares", () =>
    Effect.gen(function* () {
      const notes = {
        "/proj/.claude/skills/release-notes/SKILL.md": "---\nname: release-notes\ndescription: \"Draft a changelog document from merged pull requests. Use when preparing a version.\"\n---\n# Release notes\n",
        "/proj/.claude/skills/release-notes/evals/triggers.json": JSON.stringify([{ query: "Write the release notes as a changelog document", should_trigger: false }])
      }
      const r = yield* evaluate({ skills: ["release-notes"] }).pipe(Effect.provide(Layer.merge(memoryLayer({ files: { ...files, ...notes } }), noRunner)))
      const miss = r.skills[0]!.misses[0]!
      expect(miss).toMatchObject({ winner: "release-notes", named: true })
      // "changelog" and "document" are the description's: they did not decide a skill the request names.
      expect([...(miss.decided_by ?? [])].sort()).toEqual(["notes", "release"])
    }))

  it("each trigger query is judged once however often it is listed, and the repeat is said (SKL703)", async () => {
    {
      const once = "Roll back the last database migration"
      const pgm = {
        "/proj/.claude/skills/pgm/evals/triggers.json": JSON.stringify([
          { query: once, should_trigger: true },
          { query: `${once.toLowerCase()} `, should_trigger: true },
          { query: once, should_trigger: true },
          { query: "tickets for the big production of Hamlet", should_trigger: false }
        ])
      }
      const w = memoryWorld({ files: { ...files, ...pgm } })
      const r = Result.getOrThrow(await w.run(evaluate({ skills: ["pgm"] }).pipe(Effect.provide(noRunner))))
      expect(r.skills[0]!.queries).toBe(2)
      expect(w.diagnostics.warnings.map(renderWarning).join("\n")).toContain(`'pgm': 2 repeated queries judged once ("${once}"; SKL703)`)
    }
  })
})
