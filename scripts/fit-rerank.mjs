#!/usr/bin/env node
// Fit the weights of the learned order of the first ten (src/domain/search/rerank.ts; issue 47,
// docs/search.md "The learned order of the first ten"), and say how well weights fitted this way do on
// questions they never saw.
//
//   node scripts/with-node.mjs scripts/fit-rerank.mjs        (about 3 minutes; needs `npm run build` first)
//
// 1. The 17-skill corpus of test/fixtures/cross-skill/ is built in a sandbox, and every tuning question
//    (ISSUE_47_TUNING_FILES of bench/search-quality.mjs) is asked of its skill and of every skill,
//    `--limit 10 --format json`, with the re-ranking off (`SKC_BENCH_NO_RERANK=1`): the candidates, in
//    the one score's order.
// 2. Each candidate's features come from the sources' own `rerankFeatures`; its heading level and whether
//    it has subsections from `skc outline <skill> --format json` (the headings as the index records them).
// 3. Per mode, L2-regularised pairwise logistic regression (each labelled section against each other
//    candidate of its question; standardised features, λ = LAMBDA), solved by Newton's method.
// 4. Leave-one-question-file-out: each file's questions ordered by weights fitted on the other files
//    only, against the one score's order (first / top 3). Then the weights fitted on every file, on the
//    features' own scale, beside the ones in src/domain/search/rerank.ts.
// The held-out set of `npm run bench -- search-quality` is never read here.
import { spawnSync } from "node:child_process"
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs"
import { join } from "node:path"
import { BIN, ROOT, benchEnv, fromSource, sandbox } from "../bench/lib.mjs"
import { crossSkillCorpus, ISSUE_47_TUNING_FILES as TUNING_FILES } from "../bench/search-quality.mjs"

const LAMBDA = 30
const FIXTURES = join(ROOT, "test", "fixtures")

const src = await fromSource("fit-rerank", [
  'export { rerankFeatures, RERANK_POOL, RERANK_WEIGHTS_ONE_SKILL, RERANK_WEIGHTS_ACROSS } from "./src/domain/search/rerank.ts"',
  'export { terms } from "./src/domain/protocol/text.ts"',
  'export { queryTokens } from "./src/domain/search/query.ts"',
  'export { fallbackTokens } from "./src/domain/search/rank.ts"',
  'export { asksAboutLicensing, isLicenseFile } from "./src/domain/search/licenseFiles.ts"'
])

/** The candidates of every question, with their features and labels. */
const collect = () => {
  const sb = sandbox("skc-fit-rerank-")
  const env = benchEnv({ SKILLC_HOME: sb.home, HOME: sb.home, SKC_BENCH_NO_RERANK: "1" })
  const store = join(sb.work, ".skillc", "skills")
  mkdirSync(store, { recursive: true })
  const corpus = crossSkillCorpus()
  for (const dir of corpus) cpSync(dir, join(store, dir.split("/").pop()), { recursive: true })
  const skc = (args) => {
    const r = spawnSync(process.execPath, [BIN, ...args], { cwd: sb.work, env, encoding: "utf8" })
    if (r.status !== 0) throw new Error(`skc ${args.join(" ")} exited ${r.status}: ${r.stderr}`)
    return r.stdout
  }
  for (const name of readdirSync(store)) skc(["build", name])
  // Each skill's headings as skc reads them, asked once per skill.
  const outlines = new Map()
  const headingsIn = (skill, file) => {
    if (!outlines.has(skill)) outlines.set(skill, JSON.parse(skc(["outline", skill, "--format", "json"])).headings)
    return outlines.get(skill).filter((h) => h.file === file)
  }
  const items = []
  try {
    for (const file of TUNING_FILES) {
      for (const q of JSON.parse(readFileSync(join(FIXTURES, "cross-skill", file), "utf8")).questions) {
        for (const mode of ["one", "all"]) {
          const across = mode === "all"
          const res = JSON.parse(skc([...(across ? ["search", "--all", q.question] : ["search", q.skill, q.question]), "--limit", String(src.RERANK_POOL), "--format", "json"])).results
          const pool = res.map((r) => {
            const skill = r.skill ?? q.skill
            const hs = headingsIn(skill, r.file)
            const level = hs.find((h) => h.line === r.line)?.level ?? 0
            // As the index records it: a heading inside the section starts a subsection.
            const subsections = hs.some((h) => h.line > r.line && h.line < r.end_line) ? 1 : 0
            return { score: r.score, section: r.section, file: r.file, line: r.line, endLine: r.end_line, level, subsections, skill: across ? skill : undefined, matched: r.matched_terms }
          })
          const tokens = src.queryTokens(q.question)
          const content = src.fallbackTokens(tokens)
          const searched = (content.length > 0 ? content : tokens).length
          const asked = new Set(src.terms(q.question).map((t) => t.stem))
          const licenseLast = !src.asksAboutLicensing(content.length > 0 ? content : tokens)
          items.push({
            file,
            mode,
            X: pool.map((_, i) => src.rerankFeatures(pool, i, asked, searched)),
            last: pool.map((c) => licenseLast && src.isLicenseFile(c.file)),
            y: res.map((r) => (!across || r.skill === q.skill) && q.answers.some((a) => a.file === r.file && a.section === r.section))
          })
        }
      }
    }
  } finally {
    rmSync(sb.root, { recursive: true, force: true })
  }
  return items
}

/** Solve A x = b (Gaussian elimination with partial pivoting; A is small and positive definite). */
const solve = (A, b) => {
  const n = b.length
  const M = A.map((row, i) => [...row, b[i]])
  for (let c = 0; c < n; c++) {
    let p = c
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r][c]) > Math.abs(M[p][c])) p = r
    ;[M[c], M[p]] = [M[p], M[c]]
    for (let r = c + 1; r < n; r++) {
      const f = M[r][c] / M[c][c]
      for (let k = c; k <= n; k++) M[r][k] -= f * M[c][k]
    }
  }
  const x = new Array(n).fill(0)
  for (let r = n - 1; r >= 0; r--) {
    let s = M[r][n]
    for (let k = r + 1; k < n; k++) s -= M[r][k] * x[k]
    x[r] = s / M[r][r]
  }
  return x
}

/** Weights on the features' own scale, fitted on `items` (pairwise logistic loss, L2 on standardised features). */
const fit = (items) => {
  const rows = items.flatMap((it) => it.X)
  const d = rows[0].length
  const mean = Array.from({ length: d }, (_, k) => rows.reduce((s, x) => s + x[k], 0) / rows.length)
  const sd = Array.from({ length: d }, (_, k) => Math.sqrt(rows.reduce((s, x) => s + (x[k] - mean[k]) ** 2, 0) / rows.length) + 1e-9)
  const pairs = []
  for (const it of items) {
    const z = it.X.map((x) => x.map((v, k) => (v - mean[k]) / sd[k]))
    it.y.forEach((pos, i) => {
      if (!pos) return
      it.y.forEach((neg, j) => {
        if (!neg) pairs.push(z[i].map((v, k) => v - z[j][k]))
      })
    })
  }
  const w = new Array(d).fill(0)
  for (let step = 0; step < 100; step++) {
    const g = w.map((v) => LAMBDA * v)
    const H = Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => (i === j ? LAMBDA : 0)))
    for (const p of pairs) {
      const s = 1 / (1 + Math.exp(-p.reduce((a, v, k) => a + v * w[k], 0)))
      for (let i = 0; i < d; i++) {
        g[i] -= p[i] * (1 - s)
        for (let j = 0; j < d; j++) H[i][j] += p[i] * p[j] * s * (1 - s)
      }
    }
    const delta = solve(H, g)
    delta.forEach((v, k) => (w[k] -= v))
    if (Math.max(...delta.map(Math.abs)) < 1e-10) break
  }
  return w.map((v, k) => v / sd[k])
}

/** First and top-3 hits of `items` ordered by `w` (undefined: the one score's order), `last` rows after the others. */
const hits = (items, w) => {
  let first = 0
  let top3 = 0
  for (const it of items) {
    const key = (i) => (w === undefined ? -i : it.X[i].reduce((s, v, k) => s + v * w[k], 0))
    const order = it.y.map((_, i) => i).sort((a, b) => Number(it.last[a]) - Number(it.last[b]) || key(b) - key(a) || a - b)
    if (order.length > 0 && it.y[order[0]]) first++
    if (order.slice(0, 3).some((i) => it.y[i])) top3++
  }
  return [first, top3]
}

const pct = (n, d) => `${((100 * n) / d).toFixed(1)} %`
const items = collect()
for (const [mode, name, inSource] of [
  ["one", "one skill", src.RERANK_WEIGHTS_ONE_SKILL],
  ["all", "across skills", src.RERANK_WEIGHTS_ACROSS]
]) {
  const ofMode = items.filter((it) => it.mode === mode)
  const total = { n: 0, base: [0, 0], cv: [0, 0] }
  const blind = { n: 0, base: [0, 0], cv: [0, 0] }
  for (const file of TUNING_FILES) {
    const test = ofMode.filter((it) => it.file === file)
    const base = hits(test, undefined)
    const cv = hits(test, fit(ofMode.filter((it) => it.file !== file)))
    console.log(`  ${name.padEnd(13)} ${file.padEnd(24)} ${String(test.length).padStart(3)} questions: one score ${base.join(" / ")}, left out ${cv.join(" / ")}`)
    for (const t of file.includes("blind") ? [total, blind] : [total]) {
      t.n += test.length
      t.base = t.base.map((v, k) => v + base[k])
      t.cv = t.cv.map((v, k) => v + cv[k])
    }
  }
  const line = (label, t) =>
    `${name} ${label}: one score ${pct(t.base[0], t.n)} / ${pct(t.base[1], t.n)}, each file left out ${pct(t.cv[0], t.n)} / ${pct(t.cv[1], t.n)} (first / top 3 of ${t.n})`
  console.log(line("every tuning question", total))
  console.log(line("the blind sets", blind))
  const w = fit(ofMode)
  console.log(`${name}: fitted on every file ${hits(ofMode, w).join(" / ")}; with the weights in the source ${hits(ofMode, inSource).join(" / ")}`)
  console.log(`  fitted:    [${w.map((v) => v.toFixed(4)).join(", ")}]`)
  console.log(`  in source: [${inSource.join(", ")}]`)
}
