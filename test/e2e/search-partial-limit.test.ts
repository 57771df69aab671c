// DECISIONS #37: a partial answer's first line said "No section holds every word of …" of the results a
// --limit returned, while a section past them held every word (a probe: partial at --limit 3 and 8, not at
// 40). The line now tells the two apart: "None of these holds every word …, but a section past them does"
// when the answer's pool holds one, "No section holds …" only when no section of it does. Checked against
// the JSON of a large limit on the published skills of test/fixtures/cross-skill.
import { cpSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { ROOT, sandbox } from "../helpers/cli.js"
import { isStopWord } from "../../src/domain/search/rank.js"

const SKILLS = ["mcp-builder", "skill-creator", "webapp-testing", "theme-factory"]
const QUESTIONS: ReadonlyArray<readonly [skill: string | undefined, question: string]> = [
  ["mcp-builder", "choose between python and typescript for an mcp server"],
  ["skill-creator", "write evals for a skill"],
  ["theme-factory", "apply the fonts of a theme to a word document"],
  ["webapp-testing", "wait until the page has finished loading"],
  ["webapp-testing", "find a good selector for an element"],
  [undefined, "choose between python and typescript for an mcp server"],
  [undefined, "write evals for a skill"]
]

interface Doc {
  readonly partial?: boolean
  readonly results: ReadonlyArray<{ readonly matched_terms: ReadonlyArray<{ readonly word: string; readonly fields: ReadonlyArray<string> }> }>
}

const contentWords = (q: string) => q.toLowerCase().split(/\s+/).filter((w) => !isStopWord(w))

describe("a partial answer's first line is true whatever --limit returns", () => {
  const sb = sandbox()
  beforeAll(async () => {
    for (const s of SKILLS) cpSync(join(ROOT, "test", "fixtures", "cross-skill", "skills", s), join(sb.work, ".skillc", "skills", s), { recursive: true })
    expect((await sb.runAsync(["build", ...SKILLS])).code).toBe(0)
  }, 120_000)

  it("'No section holds every word' only when no section of a large limit's answer holds them in its own text; else 'None of these … a section past them does'", async () => {
    let further = 0
    for (const [skill, question] of QUESTIONS) {
      const scope = skill === undefined ? ["--all"] : [skill]
      const wide = JSON.parse((await sb.runAsync(["search", ...scope, question, "--limit", "40", "--format", "json"])).stdout) as Doc
      const words = contentWords(question)
      const whole = wide.results.some((r) => words.every((w) => r.matched_terms.some((t) => t.word.toLowerCase() === w && t.fields.includes("section"))))
      const first = (await sb.runAsync(["search", ...scope, question, "--limit", "1"])).stdout.split("\n")[0]!
      if (first.startsWith("No section holds every word")) expect(whole, `${scope.join(" ")} ${question}`).toBe(false)
      if (first.includes("but a section past them does")) {
        further++
        expect(first).toMatch(/^None of these holds every word .*, but a section past them does \(a larger --limit shows it\)/)
      }
    }
    // The fixture questions hold such answers: the line is exercised, not only its absence.
    expect(further).toBeGreaterThan(0)
  }, 120_000)
})

// A probe as an agent (sixty-second pass): with a limit of 60 and the MCP budget, 12 results fit; the first line said
// "a larger limit shows it" of a section the budget had left out, and an agent following it looped; and at the
// default limit the line said "No section holds every word" of an answer whose 39th result held them all.
describe("a partial answer's first line names what shows the section past it, and claims no more than it knows", () => {
  const sb = sandbox()
  const question = "choose between python and typescript for an mcp server"
  beforeAll(async () => {
    for (const s of SKILLS) cpSync(join(ROOT, "test", "fixtures", "cross-skill", "skills", s), join(sb.work, ".skillc", "skills", s), { recursive: true })
    expect((await sb.runAsync(["build", ...SKILLS])).code).toBe(0)
  }, 120_000)

  it("left out by the budget: a larger --max-bytes, which then shows it (the answer is no longer partial)", async () => {
    const cut = await sb.runAsync(["search", "--all", question, "--limit", "60", "--max-bytes", "2048"])
    expect(cut.stdout.split("\n")[0]).toMatch(/^None of these holds every word .*, but a section past them does \(a larger --max-bytes shows it\)/)
    const wide = JSON.parse((await sb.runAsync(["search", "--all", question, "--limit", "60", "--max-bytes", "200000", "--format", "json"])).stdout) as Doc
    expect(wide.partial).toBeUndefined()
  })

  it("past the limit: a larger --limit", async () => {
    const few = await sb.runAsync(["search", "--all", question, "--limit", "2"])
    expect(few.stdout.split("\n")[0]).toMatch(/but a section past them does \(a larger --limit shows it\)/)
  })

  it("'No section holds every word' only when a word is in no section and no description; else of these results only", async () => {
    const nowhere = await sb.runAsync(["search", "--all", "choose python zzqvx"])
    expect(nowhere.stdout.split("\n")[0]).toMatch(/^No section holds every word of 'choose python zzqvx'/)
    const some = await sb.runAsync(["search", "--all", "write evals for a skill", "--limit", "3"])
    const first = some.stdout.split("\n")[0]!
    expect(first.startsWith("No section holds")).toBe(false)
    expect(first).toMatch(/^None of these holds every word of .write evals for a skill./)
  })
})
