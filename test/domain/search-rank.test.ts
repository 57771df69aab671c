// The pure parts of issue 14's search: fallback words, parent elimination,
// the IDF across indexes, the merge order, the places written to the index.
import { describe, expect, it } from "vitest"
import { markdownRows, textRows } from "../../src/domain/search/documents.js"
import { excerptOf, heldPhrases, phrasesOf, tokenNormalizer } from "../../src/domain/search/excerpt.js"
import { anyOf, indexQueryOf, inHeading, termOf } from "../../src/domain/search/indexQuery.js"
import {
  answersForItself,
  compareRanked,
  everyWord,
  bm25Of,
  coordination,
  FTS5_IDF_MIN,
  HEADING_ABOVE_TF,
  HEADING_OWN_TF,
  headingScore,
  heldAboveScore,
  HEADING_FACTOR,
  headingFactor,
  IDF_FLOOR,
  resultScore,
  SKILL_FACTOR,
  SKILL_WORD_EVIDENCE_ONE_SKILL,
  SKILL_WORD_COORDINATION_ONE_SKILL,
  SKILL_WORD_SHARE,
  skillFactor,
  wordIdf,
  MAX_FALLBACK_TERMS,
  fallbackTokens,
  fts5Idf,
  globalScore,
  hitsThatCount,
  inheritedTerms,
  minTermsHeld,
  partialFloor,
  relaxedTermsHeld,
  wordsTowardFloor,
  termCount
} from "../../src/domain/search/rank.js"

describe("DECISIONS #37 partial-match words", () => {
  it("DECISIONS #37 the fallback keeps the content words, in order, once each", () => {
    expect(fallbackTokens(["how", "do", "I", "fill", "a", "PDF", "form?"])).toEqual(["fill", "PDF", "form?"])
    expect(fallbackTokens(["Add", "a", "table", "of", "contents", "table"])).toEqual(["Add", "table", "contents"])
    expect(fallbackTokens(["how", "do", "I"])).toEqual([])
    // A count in words says how many, not what about: "merge two pdfs" is "merge pdfs", answered whole, not partial.
    expect(fallbackTokens(["merge", "two", "pdfs", "into", "one"])).toEqual(["merge", "pdfs"])
    expect(fallbackTokens(["split", "into", "Three", "parts", "2"])).toEqual(["split", "parts", "2"])
    // "What does X say about Y" asks what a file holds: "say" names no topic, as "tell" and "show" do not.
    expect(fallbackTokens(["what", "does", "forms.md", "say", "about", "validation"])).toEqual(["forms.md", "validation"])
    // A pasted page costs at most MAX_FALLBACK_TERMS queries per index.
    expect(fallbackTokens(Array.from({ length: 500 }, (_, i) => `word${i}`)).length).toBe(MAX_FALLBACK_TERMS)
  })

  it("DECISIONS #37 the OR query asks for the same words; the AND one is the RFC's", () => {
    const opts = { segmentsCjk: false }
    const rfc = indexQueryOf('fill a"b', opts)!
    expect(anyOf(["fill", 'a"b'].map((t) => termOf(t, opts)))).toEqual({ ...rfc, combine: "any" })
    expect(rfc.combine).toBe("all")
  })

  it("issue 14 a partial answer holds at least half of the content words", () => {
    expect([1, 2, 3, 4, 5].map(minTermsHeld)).toEqual([1, 1, 2, 2, 3])
    // Issue 47: the second round's floor is lower only from five words on, and never one word.
    expect([1, 2, 3, 4, 5, 6, 7, 9, 10].map(relaxedTermsHeld)).toEqual([1, 1, 2, 2, 2, 2, 3, 3, 4])
    // Issue 47 (twelfth pass): a word the own heading names counts twice, only for a section holding two or more.
    expect(wordsTowardFloor(0b011, 0b001)).toBe(3)
    expect(wordsTowardFloor(0b011, 0b100)).toBe(2)
    expect(wordsTowardFloor(0b001, 0b001)).toBe(1)
    expect(wordsTowardFloor(0b111, 0b111)).toBe(6)
  })

  it("issue 47 (sixty-first pass) a floor over the words the skill holds, never below two of a longer question", () => {
    // Every word held: the floors of old.
    expect([1, 2, 3, 4, 5, 13].map((n) => partialFloor(minTermsHeld, n, n))).toEqual([1, 1, 2, 2, 3, 7])
    // Thirteen content words, six held somewhere in the skill: three of them, not seven.
    expect(partialFloor(minTermsHeld, 13, 6)).toBe(3)
    expect(partialFloor(relaxedTermsHeld, 13, 6)).toBe(2)
    // One or two words held of five: still two, so one word alone never answers.
    expect(partialFloor(minTermsHeld, 5, 1)).toBe(2)
    expect(partialFloor(relaxedTermsHeld, 5, 2)).toBe(2)
    // A two-word question keeps its floor of one.
    expect(partialFloor(minTermsHeld, 2, 1)).toBe(1)
    // More words known than asked (a word counted twice) never raises it.
    expect(partialFloor(minTermsHeld, 4, 9)).toBe(2)
  })
})

describe("issue 14 parent elimination", () => {
  it("issue 14 a section with subsections is dropped unless its own text matches; leaves never are", () => {
    const rows = [
      { rowid: 1, subsections: 1 },
      { rowid: 2, subsections: 1 },
      { rowid: 3, subsections: 0 },
      { rowid: 4, subsections: 0 }
    ]
    const kept = (own: ReadonlyArray<number>) => rows.filter((r) => answersForItself(r, (id) => own.includes(id))).map((r) => r.rowid)
    expect(kept([2])).toEqual([2, 3, 4])
    expect(kept([1, 2])).toEqual([1, 2, 3, 4])
    expect(kept([3])).toEqual([3, 4])
  })

  it("issue 14 own text and places of markdown sections; .txt files are one leaf", () => {
    const lines = ["# A", "intro", "## B", "b text", "### C", "c text", "## D", "d text"]
    const doc = {
      headings: [
        { level: 1, text: "A", line: 1, endLine: 9 },
        { level: 2, text: "B", line: 3, endLine: 7 },
        { level: 3, text: "C", line: 5, endLine: 7 },
        { level: 2, text: "D", line: 7, endLine: 9 }
      ],
      bodyStartLine: 1
    }
    const rows = markdownRows("x.md", lines, doc, { segmentsCjk: false }).sections
    expect(rows.map((r) => [r.section, r.line, r.endLine, r.level, r.own])).toEqual([
      ["A", 1, 9, 1, "# A\nintro"],
      ["B", 3, 7, 2, "## B\nb text"],
      ["C", 5, 7, 3, undefined],
      ["D", 7, 9, 2, undefined]
    ])
    const preamble = markdownRows("p.md", ["", "first words", "", "# H", "x"], { headings: [{ level: 1, text: "H", line: 4, endLine: 6 }], bodyStartLine: 1 }, { segmentsCjk: false })
    expect(preamble.sections[0]).toMatchObject({ section: "", line: 2, endLine: 4, level: 0 })
    expect(textRows("n.txt", "a\nb\n", { segmentsCjk: false }).sections[0]).toMatchObject({ line: 1, endLine: 3, level: 0 })
  })
})

describe("issue 14 ranking across indexes", () => {
  it("issue 14 FTS5's IDF, floored at 1e-6", () => {
    expect(fts5Idf(100, 1)).toBeCloseTo(Math.log(99.5 / 1.5))
    expect(fts5Idf(10, 9)).toBe(1e-6)
  })

  it("issue 14 the global score equals the local one when the indexes are one collection, and rescales each word's IDF", () => {
    const local = { rows: 50, hits: [5, 20] }
    const termScores = [2 * fts5Idf(50, 5), 3 * fts5Idf(50, 20)]
    expect(globalScore(termScores, local, local)).toBeCloseTo(termScores[0] + termScores[1])
    // A word rare in this index but common across all: its weight falls.
    const global = { rows: 500, hits: [300, 20] }
    expect(globalScore(termScores, local, global)).toBeCloseTo(2 * fts5Idf(500, 300) + 3 * fts5Idf(500, 20))
    expect(globalScore([0, termScores[1]], local, global)).toBeCloseTo(3 * fts5Idf(500, 20))
  })

  it("issue 47 item 1 order: the one score, then skill and index order (words held are inside the score)", () => {
    const r = (skill: string, rowid: number, termsHeld: number, score: number) => ({ skill, rowid, termsHeld, score })
    const sorted = [r("b", 1, 2, 1), r("a", 2, 3, 0.1), r("a", 1, 2, 5), r("a", 3, 2, 1)].sort(compareRanked)
    expect(sorted.map((x) => `${x.skill}${x.rowid}`)).toEqual(["a1", "a3", "b1", "a2"])
  })
})

describe("issue 47 item 1: one score, never 0 for a match", () => {
  it("C-SEARCH the IDF is FTS5's where it is at least IDF_FLOOR, and IDF_FLOOR where FTS5 uses 1e-6", () => {
    expect(wordIdf(100, 1)).toBeCloseTo(fts5Idf(100, 1))
    // A word in most sections: FTS5 says 1e-6 (a heading match printed 0.00); skc keeps it evidence.
    expect(fts5Idf(60, 40)).toBe(FTS5_IDF_MIN)
    expect(wordIdf(60, 40)).toBe(IDF_FLOOR)
    expect(wordIdf(60, 60)).toBe(IDF_FLOOR)
  })

  it("C-SEARCH a word's count matters only up to hitsThatCount: past it every IDF is the same", () => {
    for (const rows of [1, 2, 3, 7, 60, 61, 1000, 21_544]) {
      const bound = hitsThatCount(rows)
      for (const hits of [bound, bound + 1, rows].filter((h) => h <= rows)) {
        expect(fts5Idf(rows, hits), `${rows}/${hits}`).toBe(fts5Idf(rows, bound))
        expect(wordIdf(rows, hits), `${rows}/${hits}`).toBe(wordIdf(rows, bound))
      }
      // One short of it still counts: the bound is the least such count.
      if (bound > 0) expect(fts5Idf(rows, bound - 1), `${rows}`).toBeGreaterThan(FTS5_IDF_MIN)
    }
  })

  it("C-SEARCH bm25Of recovers each word's tf-part from FTS5's score and weighs it by the floored IDF", () => {
    const local = { rows: 60, hits: [40, 3] }
    // tf-parts 1.5 and 2: FTS5 scored them with its own IDF.
    const termScores = [1.5 * fts5Idf(60, 40), 2 * fts5Idf(60, 3)]
    expect(bm25Of(termScores, local, local)).toBeCloseTo(1.5 * IDF_FLOOR + 2 * fts5Idf(60, 3))
    expect(bm25Of([termScores[0]!, 0], local, local)).toBeGreaterThan(0)
    // Across skills the IDF is that of every searched index together.
    const global = { rows: 600, hits: [41, 30] }
    expect(bm25Of(termScores, local, global)).toBeCloseTo(1.5 * fts5Idf(600, 41) + 2 * fts5Idf(600, 30))
  })

  it("DECISIONS #44 a word held above (heading, or the skill's name and description) adds its IDF × 3, the skill's words half", () => {
    const stats = { rows: 100, hits: [10, 20] }
    const idf = (i: number) => wordIdf(100, stats.hits[i]!)
    expect(heldAboveScore(0b01, stats)).toBeCloseTo(idf(0) * HEADING_ABOVE_TF)
    expect(heldAboveScore(0b11, stats, SKILL_WORD_SHARE)).toBeCloseTo((idf(0) + idf(1)) * HEADING_ABOVE_TF * SKILL_WORD_SHARE)
  })

  it("DECISIONS #37/#44 coordination: the share of the words held, a word only the skill's description holds counting half", () => {
    expect(coordination({ own: 0b11, inherited: 0, described: 0 }, 2)).toBe(1)
    expect(coordination({ own: 0b01, inherited: 0b10, described: 0 }, 2)).toBe(1)
    expect(coordination({ own: 0b01, inherited: 0, described: 0b11 }, 2)).toBe(0.75)
    expect(coordination({ own: 0b001, inherited: 0, described: 0 }, 3)).toBeCloseTo(1 / 3)
  })

  it("issue 47 (twenty-fifth pass): in one skill a word only the description holds counts a tenth in coordination, across skills a half", () => {
    expect(coordination({ own: 0b01, inherited: 0, described: 0b11 }, 2, SKILL_WORD_COORDINATION_ONE_SKILL)).toBeCloseTo((1 + SKILL_WORD_COORDINATION_ONE_SKILL) / 2)
    expect(coordination({ own: 0b01, inherited: 0, described: 0b11 }, 2, SKILL_WORD_SHARE)).toBe(0.75)
    // A word the section holds itself counts one whatever the description holds.
    expect(coordination({ own: 0b11, inherited: 0, described: 0b11 }, 2, SKILL_WORD_COORDINATION_ONE_SKILL)).toBe(1)
    // Modelled on anthropic-brand and "what hex codes are the company's official colors": five words, three
    // of which (hex, official, colors) the description holds. "Typography" holds "codes" in its text;
    // "Colour Palette at a Glance" holds "hex" and "colors". At a half both held half of the question
    // and the shorter text won; in one skill the section whose own text holds more of it now holds more.
    const typography = { own: 0b00010, inherited: 0, described: 0b11001 }
    const palette = { own: 0b10001, inherited: 0, described: 0b11001 }
    expect(coordination(typography, 5, SKILL_WORD_SHARE)).toBeCloseTo(coordination(palette, 5, SKILL_WORD_SHARE))
    expect(coordination(palette, 5, SKILL_WORD_COORDINATION_ONE_SKILL)).toBeGreaterThan(coordination(typography, 5, SKILL_WORD_COORDINATION_ONE_SKILL))
    // resultScore picks the share by scope: at equal evidence, one skill's search ranks the palette first, across skills neither.
    const stats = { rows: 60, hits: [3, 5, 8, 4, 6] }
    expect(resultScore(4, palette, 5, stats)).toBeGreaterThan(resultScore(4, typography, 5, stats))
    expect(resultScore(4, palette, 5, stats, false)).toBeCloseTo(resultScore(4, typography, 5, stats, false))
    // Still above zero for the top section answering through the description alone (skc search pptx deck).
    expect(coordination({ own: 0, inherited: 0, described: 0b1 }, 1, SKILL_WORD_COORDINATION_ONE_SKILL)).toBeGreaterThan(0)
  })

  it("issue 47 the one score: a section holding more words scores higher at equal BM25; the skill's words scale a whole skill", () => {
    const stats = { rows: 100, hits: [10, 10] }
    const both = resultScore(5, { own: 0b11, inherited: 0, described: 0 }, 2, stats)
    const one = resultScore(5, { own: 0b01, inherited: 0, described: 0 }, 2, stats)
    expect(both).toBeGreaterThan(one)
    expect(one).toBeGreaterThan(0)
    // A skill whose description holds the words: every section of it gets the same factor.
    expect(skillFactor(0b11, 2)).toBe(1 + SKILL_FACTOR)
    expect(resultScore(5, { own: 0b11, inherited: 0, described: 0b11 }, 2, stats, false)).toBeCloseTo((5 + heldAboveScore(0b11, stats, SKILL_WORD_SHARE)) * (1 + SKILL_FACTOR))
    // In one skill's search the description's words add what one mention in the text adds.
    expect(resultScore(5, { own: 0b11, inherited: 0, described: 0b11 }, 2, stats)).toBeCloseTo((5 + heldAboveScore(0b11, stats, SKILL_WORD_EVIDENCE_ONE_SKILL)) * (1 + SKILL_FACTOR))
    // The skill's top section, answering through its description alone, still scores above 0.
    expect(resultScore(0, { own: 0, inherited: 0, described: 0b1 }, 1, { rows: 60, hits: [0] })).toBeGreaterThan(0)
  })

  it("issue 47: word by word, the larger of the section's own BM25 and what is held above it; a heading word adds on top", () => {
    const stats = { rows: 100, hits: [10, 10] }
    const above = heldAboveScore(0b01, stats)
    // Saying a word a heading above already holds never lowers the score (it did when the bonus stood in for BM25).
    const lacks = resultScore([0, 1], { own: 0b10, inherited: 0b01, described: 0 }, 2, stats)
    const says = resultScore([0.5, 1], { own: 0b11, inherited: 0b01, described: 0 }, 2, stats)
    expect(says).toBeCloseTo(lacks)
    expect(resultScore([above + 1, 1], { own: 0b11, inherited: 0b01, described: 0 }, 2, stats)).toBeGreaterThan(lacks)
    // Fewer words held never scores more (what pick relies on to keep the printed order).
    const whole = resultScore([2, 1], { own: 0b11, inherited: 0, described: 0b10 }, 2, stats)
    const narrowed = resultScore([2, 0], { own: 0b01, inherited: 0, described: 0b10 }, 2, stats)
    expect(narrowed).toBeLessThanOrEqual(whole)
    // A word of the section's own heading adds HEADING_OWN_TF × its IDF.
    const plain = resultScore([1, 1], { own: 0b11, inherited: 0, described: 0 }, 2, stats)
    // (Without the heading factor, as across skills.)
    expect(resultScore([1, 1], { own: 0b11, inherited: 0, described: 0, heading: 0b01 }, 2, stats, false) - plain).toBeCloseTo(headingScore(0b01, stats))
    expect(headingScore(0b01, stats)).toBeCloseTo(wordIdf(100, 10) * HEADING_OWN_TF)
  })

  it("issue 47 (eleventh pass): in one skill the description's words count as one mention each, so they do not amplify the heading factor", () => {
    expect(SKILL_WORD_EVIDENCE_ONE_SKILL * HEADING_ABOVE_TF).toBeCloseTo(1)
    const stats = { rows: 100, hits: [10, 10] }
    const both = 0b11
    // Two AND rows of a skill whose description holds both words: one whose text holds them
    // far more, one whose heading names one of them. The description's share is added to both
    // and the heading factor multiplies it: at SKILL_WORD_SHARE the heading won, at one mention
    // the text that holds the words does.
    const text = (share: number) => 15.5 + heldAboveScore(both, stats, share)
    const headed = (share: number) => (2 + headingScore(0b01, stats) + heldAboveScore(both, stats, share)) * headingFactor(1, 2)
    expect(headed(SKILL_WORD_SHARE)).toBeGreaterThan(text(SKILL_WORD_SHARE))
    const inText = resultScore(15.5, { own: both, inherited: 0, described: both }, 2, stats)
    const inHeading = resultScore(2, { own: both, inherited: 0, described: both, heading: 0b01 }, 2, stats)
    expect(inText).toBeGreaterThan(inHeading)
    // Across skills the description keeps its larger share: it tells the skills apart.
    expect(resultScore(15.5, { own: both, inherited: 0, described: both }, 2, stats, false)).toBeCloseTo(text(SKILL_WORD_SHARE) * skillFactor(both, 2))
  })

  it("issue 47 (fourth pass): in one skill, the score grows with the share of the question the section's own heading names", () => {
    const stats = { rows: 100, hits: [10, 10, 10] }
    const held = { own: 0b111, inherited: 0, described: 0 }
    const across = resultScore([1, 1, 1], { ...held, heading: 0b011 }, 3, stats, false)
    expect(resultScore([1, 1, 1], { ...held, heading: 0b011 }, 3, stats)).toBeCloseTo(across * headingFactor(2, 3))
    expect(headingFactor(2, 3)).toBeCloseTo(1 + (HEADING_FACTOR * 2) / 3)
    expect(headingFactor(0, 3)).toBe(1)
    // A parent whose heading names two words outranks its subsection naming one, the other held above it,
    // at the same evidence otherwise (the subsection's text holds the third word more often).
    const parent = resultScore([1, 1, 1], { own: 0b111, inherited: 0, described: 0, heading: 0b011 }, 3, stats)
    const child = resultScore([1, 1, 1.5], { own: 0b101, inherited: 0b010, described: 0, heading: 0b001 }, 3, stats)
    expect(parent).toBeGreaterThan(child)
    // Words held above are not named by the section's heading: no factor for them.
    expect(resultScore([1, 1, 1], { ...held, inherited: 0b011 }, 3, stats)).toBeCloseTo(resultScore([1, 1, 1], { ...held, inherited: 0b011 }, 3, stats, false))
  })
})

describe("issue 19 excerpts of large sections", () => {
  it("RFC-0004:C-SEARCH the window with the most hits, [MATCH] around each hit, ... where text was cut", () => {
    const stem = tokenNormalizer(true)
    const text = `${"lorem ipsum ".repeat(40)}Configuring the token: configure it before the first run. ${"dolor sit ".repeat(40)}`
    const out = excerptOf(text, phrasesOf(["configure", "token"], stem), stem, 12)
    // The hits centred in the 12-token window.
    expect(out).toBe("...lorem ipsum lorem ipsum [MATCH]Configuring[/MATCH] the [MATCH]token[/MATCH]: [MATCH]configure[/MATCH] it before the first...")
    // A phrase (a token FTS5 splits, or a CJK word) is one hit over consecutive tokens.
    const plain = tokenNormalizer(false)
    expect(excerptOf("see foo-bar here", phrasesOf(["foo-bar"], plain), plain, 32)).toBe("see [MATCH]foo-bar[/MATCH] here")
    expect(excerptOf("数\u200b据\u200b库\u200b配\u200b置", phrasesOf(["数 据 库"], plain), plain, 32)).toBe("[MATCH]数\u200b据\u200b库[/MATCH]\u200b配\u200b置")
  })
})

describe("issue 14 partial answers: words held through the headings above", () => {
  it("issue 14 a row inherits the words of every heading whose section it starts strictly inside, in its file", () => {
    const holders = new Map([
      ["SKILL.md", [
        { file: "SKILL.md", line: 1, end_line: 100, terms: 0b001 },
        { file: "SKILL.md", line: 20, end_line: 40, terms: 0b110 }
      ]]
    ])
    expect(inheritedTerms(holders, { file: "SKILL.md", line: 25 })).toBe(0b111)
    expect(inheritedTerms(holders, { file: "SKILL.md", line: 50 })).toBe(0b001)
    // A heading is not above itself, nor above the next section at its end line, nor above another file.
    expect(inheritedTerms(holders, { file: "SKILL.md", line: 20 })).toBe(0b001)
    expect(inheritedTerms(holders, { file: "SKILL.md", line: 40 })).toBe(0b001)
    expect(inheritedTerms(holders, { file: "other.md", line: 25 })).toBe(0)
    expect(inheritedTerms(holders, { file: "SKILL.md", line: 100 })).toBe(0)
  })

  it("issue 14 word bits: up to 32 words counted, and the heading filter is a scope of the query", () => {
    expect(termCount(0)).toBe(0)
    expect(termCount(0b1011)).toBe(3)
    expect(termCount(1 << 31)).toBe(1)
    expect(termCount(-1)).toBe(32)
    // As FTS5's column filter `section : (…)`: test/adapters/fts5Match.test.ts.
    const q = anyOf(["a", "b"].map((t) => termOf(t, { segmentsCjk: false })))
    expect(inHeading(q)).toEqual({ ...q, scope: { _tag: "Heading" } })
  })
})

describe("issue 14 a skill's name and description as a heading above its files", () => {
  it("issue 14 which words a description holds, tokenized and stemmed as the index is", () => {
    const held = (normalize: (token: string) => string) =>
      heldPhrases(
        "pdf Creating new PDF files, foo bar.",
        ["create", "PDFs", "scratch", "foo-bar", "?"].map((w) => phrasesOf(termOf(w, { segmentsCjk: false }).phrases, normalize)[0] ?? []),
        normalize
      )
    // porter: "create" and "Creating", "PDFs" and "PDF" share a stem; a word without tokens is never held.
    expect(held(tokenNormalizer(true))).toEqual([true, true, false, true, false])
    expect(held(tokenNormalizer(false))).toEqual([false, false, false, true, false])
  })
})

describe("everyWord: the bits of n words all held", () => {
  it("is n ones below 32 and every bit from 32 on (a shift counts modulo 32: (1 << 32) - 1 is 0)", () => {
    expect(everyWord(1)).toBe(1)
    expect(everyWord(3)).toBe(7)
    expect(termCount(everyWord(31))).toBe(31)
    expect(everyWord(32)).toBe(-1)
    expect(termCount(everyWord(32))).toBe(32)
    // A mask missing one word is not every word.
    expect((everyWord(32) & ~(1 << 5)) === everyWord(32)).toBe(false)
  })
})

