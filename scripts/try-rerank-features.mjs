#!/usr/bin/env node
// Try features beside the seventeen of the learned order of the first ten (src/domain/search/rerank.ts;
// issue 47, docs/search-experiments.md "What the learned order cannot see"): each candidate feature is added alone
// to the kept ones, and the weights are fitted leaving each tuning question file out, as
// scripts/fit-rerank.mjs does; the first and top-3 hits on the left-out files are printed beside the kept
// features' own. A feature worth keeping gains here on both counts, by more than the two or three
// questions that adding any feature moves.
//
//   node scripts/with-node.mjs scripts/try-rerank-features.mjs [name,...]   (about 2 minutes; needs `npm run build`)
//
// The candidates read the section's own text (its lines in the skill's file), in the match judge's
// stems (`terms`, as rerank.ts reads headings). The held-out set of `npm run bench -- search-quality`
// is never read here.
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { fromSource } from "../bench/lib.mjs"
import { crossSkillCorpus } from "../bench/search-quality.mjs"
import { collect, fit, hits, src, TUNING_FILES } from "./rerank-fit-lib.mjs"

const judge = await fromSource("try-rerank-judge", [
  'export { bm25 } from "./src/domain/protocol/bm25.ts"',
  'export { mentions } from "./src/domain/protocol/match.ts"',
  'export { parseFrontmatter } from "./src/domain/markdown/frontmatter.ts"'
])
/** Each corpus skill's name and description, as skc reads its SKILL.md's frontmatter. */
const catalogue = crossSkillCorpus().map((dir) => {
  const fm = judge.parseFrontmatter(readFileSync(join(dir, "SKILL.md"), "utf8"))
  const front = fm._tag === "Parsed" ? fm.data : {}
  return { id: dir.split("/").pop(), name: String(front.name ?? ""), description: String(front.description ?? "") }
})
/** The match judge's relevance of each skill to a question (BM25 over names and descriptions), by skill. */
const judged = new Map()
const judgeOf = (question) => {
  if (!judged.has(question)) judged.set(question, new Map(judge.bm25(catalogue, question).map((s) => [s.id, s.score])))
  return judged.get(question)
}

const stems = (text) => src.terms(text).map((t) => t.stem)
/** Share of `asked` found in `have`. */
const share = (asked, have) => {
  let n = 0
  for (const a of asked) if (have.has(a)) n++
  return n / Math.max(1, asked.size)
}
/** The question's stems weighted by how few candidates of the pool hold them (an IDF within the pool). */
const poolWeights = (ctx) => {
  const w = new Map()
  for (const a of ctx.asked) {
    const df = ctx.pool.filter((p) => ctx.words(p).has(a)).length
    w.set(a, Math.log(1 + ctx.pool.length / (1 + df)))
  }
  return w
}
const weightedShare = (ctx, have) => {
  let n = 0
  let d = 0
  for (const [a, w] of poolWeights(ctx)) {
    d += w
    if (have.has(a)) n += w
  }
  return d > 0 ? n / d : 0
}

/** The section's non-blank lines after its heading. */
const bodyLines = (c) => c.text.split("\n").slice(1).filter((l) => l.trim() !== "")

/** Each candidate feature: what it captures, and its value for candidate `c` of a question (`ctx`). */
export const CANDIDATES = {
  // Proximity: the most question stems in any eight consecutive words of the body.
  proximity: (c, ctx) => {
    const s = ctx.body(c)
    let best = 0
    for (let i = 0; i < s.length; i++) {
      const seen = new Set()
      for (let j = i; j < Math.min(s.length, i + 8); j++) if (ctx.asked.has(s[j])) seen.add(s[j])
      best = Math.max(best, seen.size)
    }
    return best / Math.max(1, ctx.asked.size)
  },
  // Phrases: the question's neighbouring stems found within two words of each other in the body.
  phrases: (c, ctx) => {
    const s = ctx.body(c)
    if (ctx.pairs.length === 0) return 0
    let n = 0
    for (const [a, b] of ctx.pairs) {
      let found = false
      for (let i = 0; i < s.length && !found; i++) {
        if (s[i] !== a) continue
        for (let j = Math.max(0, i - 2); j <= Math.min(s.length - 1, i + 2); j++) if (j !== i && s[j] === b) found = true
      }
      if (found) n++
    }
    return n / ctx.pairs.length
  },
  // The lead: question stems among the body's first forty words.
  lead: (c, ctx) => share(ctx.asked, new Set(ctx.body(c).slice(0, 40))),
  // Coverage: question stems anywhere in the body.
  coverage: (c, ctx) => share(ctx.asked, new Set(ctx.body(c))),
  // Density: occurrences of question stems per word of the body.
  density: (c, ctx) => {
    const s = ctx.body(c)
    return s.length === 0 ? 0 : s.filter((w) => ctx.asked.has(w)).length / s.length
  },
  // Code: the share of the section's lines inside code fences.
  code: (c) => {
    const lines = c.text.split("\n")
    let inside = false
    let n = 0
    for (const l of lines) {
      if (/^\s*(```|~~~)/.test(l)) {
        inside = !inside
        n++
      } else if (inside) n++
    }
    return n / lines.length
  },
  // Rare words in the heading: the heading's share of the question's stems, each weighted by its rarity in the pool.
  rareInHeading: (c, ctx) => weightedShare(ctx, new Set(stems(c.section))),
  // Rare words anywhere: the same over heading and body.
  rareAnywhere: (c, ctx) => weightedShare(ctx, ctx.words(c)),
  // Novelty: question stems this candidate holds that the one score's first does not.
  novelty: (c, ctx) => {
    const top = ctx.words(ctx.pool[0])
    let n = 0
    for (const a of ctx.asked) if (ctx.words(c).has(a) && !top.has(a)) n++
    return n / Math.max(1, ctx.asked.size)
  },
  // A step: a heading that numbers a step ("Step 3: …", "2. …").
  step: (c) => (/^(step\s*\d|\d+[.)])/i.test(c.section) ? 1 : 0),
  // A how-to heading ("How…", "When…", "Why…", "What…").
  howTo: (c) => (/^(how|when|why|what)\b/i.test(c.section) ? 1 : 0),
  // Length in words, where the kept features count lines.
  words: (c, ctx) => Math.log(1 + ctx.body(c).length),
  // Tables: the share of the body's non-empty lines that are table rows.
  table: (c) => {
    const lines = bodyLines(c)
    return lines.length === 0 ? 0 : lines.filter((l) => /^\s*\|/.test(l)).length / lines.length
  },
  // Links alone: the share of the body's non-empty lines holding a Markdown link.
  links: (c) => {
    const lines = bodyLines(c)
    return lines.length === 0 ? 0 : lines.filter((l) => /\]\([^)]+\)/.test(l)).length / lines.length
  },
  // Another file named by the question: some candidate's file name holds a question word this one's does not
  // (typescript.md's "Streaming" when the question says "python" and python.md is in the ten).
  otherFileAsked: (c, ctx) => {
    const own = new Set(stems(c.file.replace(/\.[a-z]+$/i, "")))
    const named = (p) => stems(p.file.replace(/\.[a-z]+$/i, "")).filter((w) => ctx.asked.has(w))
    const mine = named(c)
    return ctx.pool.some((p) => p.file !== c.file && named(p).some((w) => !own.has(w))) && mine.length === 0 ? 1 : 0
  },
  // A heading repeated in the ten (a template's "Colour Palette" in every theme file): how many others share it.
  repeatedHeading: (c, ctx) => Math.log(1 + ctx.pool.filter((p) => p !== c && p.section === c.section).length),
  // Across skills: the match judge's relevance of the candidate's skill, as a share of the best skill's.
  judge: (c, ctx) => {
    if (c.skill === undefined) return 0
    const scores = judgeOf(ctx.question)
    const best = Math.max(0, ...scores.values())
    return best > 0 ? (scores.get(c.skill) ?? 0) / best : 0
  },
  // Across skills: the question names the candidate's skill ("a .docx report": the docx skill), as `skc match` reads it.
  named: (c, ctx) => (c.skill !== undefined && judge.mentions(ctx.question, c.skill) ? 1 : 0),
  // Across skills: the share of the pool from the candidate's skill.
  skillShare: (c, ctx) => ctx.pool.filter((p) => p.skill === c.skill).length / ctx.pool.length
}

const context = (item) => {
  const order = stems(item.question)
  const pairs = []
  for (let i = 0; i + 1 < order.length; i++) if (order[i] !== order[i + 1]) pairs.push([order[i], order[i + 1]])
  const bodies = new Map()
  const body = (c) => {
    if (!bodies.has(c)) bodies.set(c, stems(c.text.split("\n").slice(1).join("\n")))
    return bodies.get(c)
  }
  const words = (c) => new Set([...body(c), ...stems(c.section)])
  return { asked: item.asked, question: item.question, pairs, pool: item.pool, body, words }
}

const names = process.argv[2] === undefined ? Object.keys(CANDIDATES) : process.argv[2].split(",")
for (const name of names) if (!(name in CANDIDATES)) throw new Error(`no candidate feature '${name}' (${Object.keys(CANDIDATES).join(", ")})`)
const items = collect()
const leftOut = (ofMode) => {
  const sum = [0, 0]
  for (const file of TUNING_FILES) {
    const h = hits(ofMode.filter((it) => it.file === file), fit(ofMode.filter((it) => it.file !== file)))
    sum[0] += h[0]
    sum[1] += h[1]
  }
  return sum
}
for (const [mode, label] of [
  ["one", "one skill"],
  ["all", "across skills"]
]) {
  const ofMode = items.filter((it) => it.mode === mode)
  const kept = leftOut(ofMode)
  console.log(`${label}, ${ofMode.length} questions, each file left out: kept features ${kept[0]} first / ${kept[1]} top 3`)
  for (const name of names) {
    const withIt = ofMode.map((it) => {
      const ctx = context(it)
      return { ...it, X: it.X.map((x, i) => [...x, CANDIDATES[name](it.pool[i], ctx)]) }
    })
    const [first, top3] = leftOut(withIt)
    const sign = (n) => (n > 0 ? `+${n}` : String(n))
    console.log(`  + ${name.padEnd(14)} ${first} first (${sign(first - kept[0])}) / ${top3} top 3 (${sign(top3 - kept[1])})`)
  }
}
