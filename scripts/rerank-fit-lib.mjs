// What scripts/fit-rerank.mjs and scripts/try-rerank-features.mjs share (issue 47, docs/search-ranking.md "The
// learned order of the first ten"): the tuning questions' candidates with the re-ranking off, their
// features and labels, the pairwise logistic fit, and the count of first and top-3 hits under weights.
// The held-out set of `npm run bench -- search-quality` is never read here.
import { spawnSync } from "node:child_process"
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs"
import { join } from "node:path"
import { BIN, ROOT, benchEnv, fromSource, sandbox } from "../bench/lib.mjs"
import { crossSkillCorpus, ISSUE_47_TUNING_FILES as TUNING_FILES } from "../bench/search-quality.mjs"

export { TUNING_FILES }
export const LAMBDA = 30
const FIXTURES = join(ROOT, "test", "fixtures")

export const src = await fromSource("fit-rerank", [
  'export { rerankFeatures, RERANK_POOL, RERANK_WEIGHTS_ONE_SKILL, RERANK_WEIGHTS_ACROSS } from "./src/domain/search/rerank.ts"',
  'export { terms } from "./src/domain/protocol/text.ts"',
  'export { queryTokens } from "./src/domain/search/query.ts"',
  'export { fallbackTokens } from "./src/domain/search/rank.ts"',
  'export { asksAboutLicensing, isLicenseFile } from "./src/domain/search/licenseFiles.ts"',
  'export { navigationShare } from "./src/domain/search/navigation.ts"'
])

/**
 * The candidates of every tuning question, one item per question and mode: the question and its stems
 * (`asked`), the pool, each candidate's features (`X`), whether a license file goes last, and the labels
 * (`y`). Each candidate of `pool` also
 * holds its section's lines as the skill's file has them (`text`), for features tried beside the kept ones.
 */
export const collect = () => {
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
  // Each file's lines as the skill has them, read once: a section is lines `line` to `end_line` (exclusive).
  const files = new Map()
  const linesOf = (skill, file) => {
    const key = `${skill}/${file}`
    if (!files.has(key)) files.set(key, readFileSync(join(store, skill, file), "utf8").split("\n"))
    return files.get(key)
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
            const text = linesOf(skill, r.file).slice(r.line - 1, r.end_line - 1).join("\n")
            // As search reads it: the first characters of the section's stored text (its lines, as here).
            const navigation = src.navigationShare(text)
            return { score: r.score, section: r.section, file: r.file, line: r.line, endLine: r.end_line, level, subsections, skill: across ? skill : undefined, matched: r.matched_terms, navigation, text }
          })
          const tokens = src.queryTokens(q.question)
          const content = src.fallbackTokens(tokens)
          const searched = (content.length > 0 ? content : tokens).length
          const asked = new Set(src.terms(q.question).map((t) => t.stem))
          const licenseLast = !src.asksAboutLicensing(content.length > 0 ? content : tokens)
          items.push({
            file,
            mode,
            question: q.question,
            asked,
            pool,
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
export const solve = (A, b) => {
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

/** The linear part of the learned order: weights · features. */
const linear = (x, w) => x.reduce((s, v, k) => s + v * w[k], 0)

/** Weights on the features' own scale, fitted on `items` (pairwise logistic loss, L2 on standardised features). */
export const fit = (items, lambda = LAMBDA) => {
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
    const g = w.map((v) => lambda * v)
    const H = Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => (i === j ? lambda : 0)))
    for (const p of pairs) {
      const s = 1 / (1 + Math.exp(-linear(p, w)))
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

/** The boosted trees' settings, fixed before the twenty-ninth pass's first run. */
export const TREES = { depth: 3, count: 60, rate: 0.1, minLeaf: 30 }

/**
 * Boosted trees on what the linear combination `w` leaves (issue 47, twenty-ninth pass; tried and not
 * kept, docs/search-experiments.md "Boosted trees"): gradient boosting of regression trees on the same pairwise
 * logistic loss (each labelled candidate against each other one of its question), second-order leaf
 * values with an L2 of 1, a tree at a time on the scores so far. Shallow trees (`depth`), each split
 * leaving at least `minLeaf` candidates a side, each tree's values scaled by `rate`. A tree is a leaf
 * value or [feature, threshold, subtree at or below it, subtree above it].
 */
export const boost = (items, w, { depth, count, rate, minLeaf } = TREES) => {
  const grow = (rows, level) => {
    let G = 0
    let H = 0
    for (const r of rows) {
      G += r.g
      H += r.h
    }
    const leaf = (rate * -G) / (H + 1)
    if (level === 0 || rows.length < 2 * minLeaf) return leaf
    const whole = (G * G) / (H + 1)
    let best
    for (let f = 0; f < rows[0].x.length; f++) {
      const sorted = rows.slice().sort((a, b) => a.x[f] - b.x[f])
      let gl = 0
      let hl = 0
      for (let i = 0; i < sorted.length - 1; i++) {
        gl += sorted[i].g
        hl += sorted[i].h
        if (i + 1 < minLeaf || sorted.length - i - 1 < minLeaf || sorted[i].x[f] === sorted[i + 1].x[f]) continue
        const gain = (gl * gl) / (hl + 1) + ((G - gl) * (G - gl)) / (H - hl + 1) - whole
        if (best === undefined || gain > best.gain) best = { gain, f, t: (sorted[i].x[f] + sorted[i + 1].x[f]) / 2 }
      }
    }
    if (best === undefined || best.gain <= 0) return leaf
    const { f, t } = best
    return [f, t, grow(rows.filter((r) => r.x[f] <= t), level - 1), grow(rows.filter((r) => r.x[f] > t), level - 1)]
  }
  const scores = items.map((it) => it.X.map((x) => linear(x, w)))
  const trees = []
  for (let n = 0; n < count; n++) {
    const rows = []
    items.forEach((it, q) => {
      const g = it.X.map(() => 0)
      const h = it.X.map(() => 0)
      it.y.forEach((pos, i) => {
        if (!pos) return
        it.y.forEach((neg, j) => {
          if (neg) return
          // The chance the model orders the pair wrong: the loss's gradient for both, and its curvature.
          const p = 1 / (1 + Math.exp(scores[q][i] - scores[q][j]))
          g[i] -= p
          g[j] += p
          h[i] += p * (1 - p)
          h[j] += p * (1 - p)
        })
      })
      it.X.forEach((x, i) => rows.push({ x, g: g[i], h: h[i] }))
    })
    const tree = grow(rows, depth)
    trees.push(tree)
    items.forEach((it, q) => it.X.forEach((x, i) => (scores[q][i] += treeValue(tree, x))))
  }
  return trees
}

/** What `tree` adds to a candidate with features `x`. */
export const treeValue = (tree, x) => {
  let node = tree
  while (typeof node !== "number") node = x[node[0]] <= node[1] ? node[2] : node[3]
  return node
}

/** A candidate's place in the learned order: `model` is weights, or { weights, trees }. */
export const scoreOf = (x, model) => (Array.isArray(model) ? linear(x, model) : linear(x, model.weights) + model.trees.reduce((s, t) => s + treeValue(t, x), 0))

/** First and top-3 hits of `items` ordered by `model` (weights, or { weights, trees }; undefined: the one score's order), `last` rows after the others. */
export const hits = (items, model) => {
  let first = 0
  let top3 = 0
  for (const it of items) {
    const keys = it.X.map((x, i) => (model === undefined ? -i : scoreOf(x, model)))
    const order = it.y.map((_, i) => i).sort((a, b) => Number(it.last[a]) - Number(it.last[b]) || keys[b] - keys[a] || a - b)
    if (order.length > 0 && it.y[order[0]]) first++
    if (order.slice(0, 3).some((i) => it.y[i])) top3++
  }
  return [first, top3]
}

