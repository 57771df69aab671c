// Issue 47, twenty-sixth pass: the learned order of the first ten (src/domain/search/rerank.ts,
// docs/search-ranking.md "The learned order of the first ten"). Pure: no index, no file.
import { describe, expect, it } from "vitest"
import {
  rerank,
  rerankFeatures,
  RERANK_POOL,
  RERANK_WEIGHTS_ACROSS,
  RERANK_WEIGHTS_ONE_SKILL,
  type RerankCandidate
} from "../../src/domain/search/rerank.js"

const candidate = (over: Partial<RerankCandidate> & { readonly section: string; readonly score: number }): RerankCandidate => ({
  file: "SKILL.md",
  line: 10,
  endLine: 20,
  level: 2,
  subsections: 0,
  matched: [{ word: "form", fields: ["section"] }],
  ...over
})

const asked = (...stems: Array<string>) => new Set(stems)

describe("rerankFeatures", () => {
  it("has one feature per weight, in both modes", () => {
    const pool = [candidate({ section: "Fill the form", score: 3 })]
    expect(rerankFeatures(pool, 0, asked("fill", "form"), 2)).toHaveLength(RERANK_WEIGHTS_ONE_SKILL.length)
    expect(RERANK_WEIGHTS_ACROSS).toHaveLength(RERANK_WEIGHTS_ONE_SKILL.length)
  })

  it("reads the heading with the judge's stems: 'Filling' meets 'fill', and a heading made of the question's words says so", () => {
    const pool = [candidate({ section: "Form Filling", score: 3 }), candidate({ section: "Validate Bounding Boxes", score: 2 })]
    const [first, second] = [0, 1].map((i) => rerankFeatures(pool, i, asked("fill", "form"), 2))
    // Index 6: the share of the question's words in the heading; 16: every heading word is in the question.
    expect(first![6]).toBe(1)
    expect(first![16]).toBe(1)
    expect(second![6]).toBe(0)
    expect(second![16]).toBe(0)
  })

  it("counts where the result holds the searched words: itself, only above, only through its skill", () => {
    const pool = [
      candidate({
        section: "x",
        score: 1,
        matched: [
          { word: "a1", fields: ["section", "skill"] },
          { word: "a2", fields: ["above"] },
          { word: "a3", fields: ["skill"] }
        ]
      })
    ]
    const f = rerankFeatures(pool, 0, asked(), 4)
    expect([f[3], f[4], f[5]]).toEqual([0.25, 0.25, 0.25])
  })
})

describe("rerank", () => {
  it("puts a short heading that is the question above a long one the one score put first (the fitted weights)", () => {
    const pool = [
      candidate({ section: "Working with the document object model in depth and other matters", score: 10, matched: [{ word: "form", fields: ["section"] }] }),
      candidate({ section: "Fill a form", score: 9, matched: [{ word: "fill", fields: ["section"] }, { word: "form", fields: ["section"] }] })
    ]
    const out = rerank(pool, "fill a form", 2, RERANK_WEIGHTS_ONE_SKILL)
    expect(out.map((o) => o.candidate.section)).toEqual(["Fill a form", "Working with the document object model in depth and other matters"])
  })

  it("prints scores above 0, in the order of the answer, the first keeping the one score's best", () => {
    const pool = Array.from({ length: 14 }, (_, i) =>
      candidate({ section: i % 3 === 0 ? "Form" : `Other thing ${i}`, score: 20 - i, line: 1 + 10 * i, endLine: 5 + 10 * i + i, level: 1 + (i % 3) })
    )
    const out = rerank(pool, "form", 1, RERANK_WEIGHTS_ONE_SKILL)
    expect(out).toHaveLength(14)
    expect(out[0]!.score).toBe(20)
    for (let i = 1; i < out.length; i++) expect(out[i]!.score).toBeLessThanOrEqual(out[i - 1]!.score)
    for (const o of out) expect(o.score).toBeGreaterThan(0)
    // Past the pool the one score's order is kept.
    expect(out.slice(RERANK_POOL).map((o) => o.candidate)).toEqual(pool.slice(RERANK_POOL))
  })

  it("keeps a row `last` says answers below the others after them, whatever its features", () => {
    const pool = [
      candidate({ section: "Unrelated", score: 5 }),
      candidate({ section: "Form", file: "LICENSE.txt", score: 0.5, matched: [{ word: "form", fields: ["section"] }] })
    ]
    const out = rerank(pool, "form", 1, RERANK_WEIGHTS_ONE_SKILL, (c) => c.file === "LICENSE.txt")
    expect(out.map((o) => o.candidate.file)).toEqual(["SKILL.md", "LICENSE.txt"])
    expect(out[1]!.score).toBeLessThanOrEqual(out[0]!.score)
  })

  it("without weights (SKC_BENCH_NO_RERANK) is the one score's order and scores", () => {
    const pool = [candidate({ section: "b", score: 2 }), candidate({ section: "a", score: 1 })]
    expect(rerank(pool, "form", 1, [])).toEqual(pool.map((c) => ({ candidate: c, score: c.score })))
  })
})

describe("a section that only lists other files (issue 47, twenty-eighth pass; navigation.ts)", () => {
  const matched = [
    { word: "slide", fields: ["section" as const] },
    { word: "text", fields: ["section" as const] }
  ]

  it("is the last feature, and both modes' fitted weights count it against a result", () => {
    const pool = [candidate({ section: "Files in This Skill", score: 5, navigation: 1, matched })]
    const f = rerankFeatures(pool, 0, new Set(["slide", "text"]), 2)
    expect(f[f.length - 1]).toBe(1)
    expect(RERANK_WEIGHTS_ONE_SKILL[f.length - 1]).toBeLessThan(0)
    expect(RERANK_WEIGHTS_ACROSS[f.length - 1]).toBeLessThan(0)
  })

  it("puts the section that answers above a routing table the one score tied with it, and not without the share", () => {
    const pool = [candidate({ section: "Files in This Skill", score: 5, navigation: 1, matched }), candidate({ section: "Working With Decks", score: 5, matched })]
    expect(rerank(pool, "slide text", 2, RERANK_WEIGHTS_ONE_SKILL).map((o) => o.candidate.section)).toEqual(["Working With Decks", "Files in This Skill"])
    expect(rerank(pool, "slide text", 2, RERANK_WEIGHTS_ACROSS).map((o) => o.candidate.section)).toEqual(["Working With Decks", "Files in This Skill"])
    const unread = pool.map((c) => ({ ...c, navigation: 0 }))
    expect(rerank(unread, "slide text", 2, RERANK_WEIGHTS_ONE_SKILL).map((o) => o.candidate.section)).toEqual(["Files in This Skill", "Working With Decks"])
  })
})
