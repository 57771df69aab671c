#!/usr/bin/env node
// Fit the weights of the learned order of the first ten (src/domain/search/rerank.ts; issue 47,
// docs/search-ranking.md "The learned order of the first ten"), and say how well weights fitted this way do on
// questions they never saw.
//
//   node scripts/with-node.mjs scripts/fit-rerank.mjs [--trees]   (about 3 minutes, 4 with --trees; needs `npm run build` first)
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
// `--trees` adds, at each step, gradient-boosted regression trees on what the weights leave (`boost`,
// TREES; the twenty-ninth pass's experiment, not kept: docs/search-experiments.md "Boosted trees").
// The held-out set of `npm run bench -- search-quality` is never read here.
import { boost, collect, fit, hits, src, TUNING_FILES } from "./rerank-fit-lib.mjs"

const withTrees = process.argv.includes("--trees")

const pct = (n, d) => `${((100 * n) / d).toFixed(1)} %`
const items = collect()
for (const [mode, name, inSource] of [
  ["one", "one skill", src.RERANK_WEIGHTS_ONE_SKILL],
  ["all", "across skills", src.RERANK_WEIGHTS_ACROSS]
]) {
  const ofMode = items.filter((it) => it.mode === mode)
  const total = { n: 0, base: [0, 0], cv: [0, 0], cvTrees: [0, 0] }
  const blind = { n: 0, base: [0, 0], cv: [0, 0], cvTrees: [0, 0] }
  for (const file of TUNING_FILES) {
    const test = ofMode.filter((it) => it.file === file)
    const train = ofMode.filter((it) => it.file !== file)
    const base = hits(test, undefined)
    const w = fit(train)
    const cv = hits(test, w)
    const cvTrees = withTrees ? hits(test, { weights: w, trees: boost(train, w) }) : [0, 0]
    console.log(`  ${name.padEnd(13)} ${file.padEnd(24)} ${String(test.length).padStart(3)} questions: one score ${base.join(" / ")}, left out ${cv.join(" / ")}${withTrees ? `, with trees ${cvTrees.join(" / ")}` : ""}`)
    for (const t of file.includes("blind") ? [total, blind] : [total]) {
      t.n += test.length
      t.base = t.base.map((v, k) => v + base[k])
      t.cv = t.cv.map((v, k) => v + cv[k])
      t.cvTrees = t.cvTrees.map((v, k) => v + cvTrees[k])
    }
  }
  const line = (label, t) =>
    `${name} ${label}: one score ${pct(t.base[0], t.n)} / ${pct(t.base[1], t.n)}, each file left out ${pct(t.cv[0], t.n)} / ${pct(t.cv[1], t.n)}${withTrees ? `, with trees ${pct(t.cvTrees[0], t.n)} / ${pct(t.cvTrees[1], t.n)}` : ""} (first / top 3 of ${t.n})`
  console.log(line("every tuning question", total))
  console.log(line("the blind sets", blind))
  const w = fit(ofMode)
  console.log(`${name}: fitted on every file ${hits(ofMode, w).join(" / ")}; with the weights in the source ${hits(ofMode, inSource).join(" / ")}`)
  if (withTrees) console.log(`${name}: with trees fitted on every file ${hits(ofMode, { weights: w, trees: boost(ofMode, w) }).join(" / ")}`)
  console.log(`  fitted:    [${w.map((v) => v.toFixed(4)).join(", ")}]`)
  console.log(`  in source: [${inSource.join(", ")}]`)
}
