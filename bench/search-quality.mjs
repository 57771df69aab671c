// search-quality: how often `skc search` answers a user's question (issue 14).
// The labelled questions of test/fixtures/search-quality/questions.json run
// over the catalogue fixture skills plus the larger pdf/docx/xlsx fixture
// skills (shaped like the published ones), all built in a sandbox:
// - single-skill: `skc search <skill> "<question>" --limit 3`
// - across skills: `skc search --all "<question>" --limit 3`
// Prints top-1 and top-3 hit rates over the answerable questions (targets:
// top-3 ≥ 90 %) and how many unanswerable questions get no answer (target
// ≥ 8 of 10). The same figures follow for held-out.json, questions written
// apart and never used to choose a ranking rule (no target: they show
// whether a rule generalises). `SEARCH_QUALITY_MISSES=1` lists every miss.
//
// Then the cross-skill set of issue 25 (test/fixtures/cross-skill/): 36
// questions over the 17 skills named as Anthropic's published ones,
// written before the skills were read, a third held out (never used to
// tune). For each set: `search --all` top-1/top-3, the answering skill's
// own search top-3 beside it, and how many questions `--all` misses while
// the right skill's own search ranks an answer first (target 0).
// Targets on the held-out third: top-3 ≥ 90 %, never more than 5 points
// under the single-skill search.
//
// Then the sets of issue 47 (test/fixtures/cross-skill/: issue-47.json,
// issue-47-tuning-2.json, issue-47-held-out.json, issue-47-fresh.json,
// issue-47-blind-2.json to issue-47-blind-18.json, issue-47-tuning-3.json: 963 tuning questions;
// issue-47-blind-19.json and issue-47-blind-20.json: the 92 held-out ones), each asked
// of its skill and of every skill, top-1 beside top-3; and the offline match
// judge on the trigger sets of issue 47 (test/fixtures/eval-triggers-issue47):
// pass rate and false-positive rate per split.
import { spawnSync } from "node:child_process"
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { BIN, ROOT, benchEnv, sandbox } from "./lib.mjs"

const FIXTURES = join(ROOT, "test", "fixtures")

/** Issue 47's tuning questions (scripts/fit-rerank.mjs fits the learned order on them) and its held-out sets. */
export const ISSUE_47_TUNING_FILES = [
  "issue-47.json",
  "issue-47-tuning-2.json",
  "issue-47-held-out.json",
  "issue-47-fresh.json",
  "issue-47-blind-2.json",
  "issue-47-blind-3.json",
  "issue-47-blind-4.json",
  "issue-47-blind-5.json",
  "issue-47-blind-6.json",
  "issue-47-blind-7.json",
  "issue-47-blind-8.json",
  "issue-47-blind-9.json",
  "issue-47-blind-10.json",
  "issue-47-blind-11.json",
  "issue-47-blind-12.json",
  "issue-47-blind-13.json",
  "issue-47-blind-14.json",
  "issue-47-blind-15.json",
  "issue-47-blind-16.json",
  "issue-47-blind-17.json",
  "issue-47-blind-18.json",
  "issue-47-tuning-3.json"
]
export const ISSUE_47_HELD_OUT_FILES = ["issue-47-blind-19.json", "issue-47-blind-20.json"]

const skc = (args, opts) => {
  const r = spawnSync(process.execPath, [BIN, ...args], { ...opts, encoding: "utf8" })
  if (r.status !== 0) throw new Error(`skc ${args.join(" ")} exited ${r.status}: ${r.stderr}`)
  return r.stdout
}

const pct = (n, d) => `${((100 * n) / d).toFixed(1)} %`

/**
 * The 95 % Wilson score interval of `k` hits in `n` questions, in percent: how far a figure on a few
 * hundred questions may be from the same ranking's figure on every question of that kind.
 */
export const wilson = (k, n) => {
  const z = 1.96
  const p = k / n
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n)
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n)
  return [100 * (centre - half), 100 * (centre + half)]
}
const interval = (k, n) => wilson(k, n).map((v) => v.toFixed(1)).join("–")

export default async function searchQuality() {
  const sb = sandbox("skc-search-quality-")
  const opts = { cwd: sb.work, env: benchEnv({ SKILLC_HOME: sb.home, HOME: sb.home }) }
  const store = join(sb.work, ".skillc", "skills")
  mkdirSync(store, { recursive: true })
  const sources = [join(FIXTURES, "catalogue"), join(FIXTURES, "search-quality", "skills")]
  for (const dir of sources) {
    for (const e of readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) cpSync(join(dir, e.name), join(store, e.name), { recursive: true })
  }
  const names = readdirSync(store)
  for (const name of names) skc(["build", name], opts)

  const showMisses = process.env.SEARCH_QUALITY_MISSES === "1"
  const hitAt = (results, q, across) =>
    results.findIndex((r) => (!across || r.skill === q.skill) && q.answers.some((a) => a.file === r.file && a.section === r.section))

  const out = {}
  for (const [set, file, targets] of [
    ["", "questions.json", true],
    ["held-out ", "held-out.json", false]
  ]) {
    const { questions } = JSON.parse(readFileSync(join(FIXTURES, "search-quality", file), "utf8"))
    const answerable = questions.filter((q) => q.answers.length > 0)
    const unanswerable = questions.filter((q) => q.answers.length === 0)
    for (const [mode, across] of [
      ["single-skill", false],
      ["--all", true]
    ]) {
      let top1 = 0
      let top3 = 0
      let silent = 0
      let partial = 0
      for (const q of questions) {
        const args = across ? ["search", "--all", q.question] : ["search", q.skill, q.question]
        const doc = JSON.parse(skc([...args, "--limit", "3", "--format", "json"], opts))
        if (doc.partial) partial++
        if (q.answers.length === 0) {
          if (doc.results.length === 0) silent++
          else if (showMisses) console.log(`  [${set}${mode}] answered unanswerable '${q.question}': ${doc.results.map((r) => `${r.skill ?? q.skill}:${r.file}#${r.section}`).join(" | ")}`)
          continue
        }
        const at = hitAt(doc.results, q, across)
        if (at === 0) top1++
        if (at >= 0 && at < 3) top3++
        else if (showMisses) console.log(`  [${set}${mode}] miss '${q.question}': ${doc.results.map((r) => `${r.skill ?? q.skill}:${r.file}#${r.section}`).join(" | ") || "(nothing)"}`)
      }
      const ok = !targets ? "" : top3 / answerable.length >= 0.9 && silent >= 8 ? "ok" : "UNDER TARGET"
      console.log(
        `search.quality ${(set + mode).padEnd(21)} top-1 ${pct(top1, answerable.length).padStart(7)}   top-3 ${pct(top3, answerable.length).padStart(7)}${targets ? " (target ≥ 90 %)" : ""}   ` +
          `no answer ${silent}/${unanswerable.length} unanswerable${targets ? " (target ≥ 8)" : ""}   partial ${partial}/${questions.length}   ${ok}`
      )
      out[set + mode] = { top1, top3, silent }
    }
    console.log(`  ${set}${answerable.length} answerable + ${unanswerable.length} unanswerable questions over ${names.length} built skills`)
  }
  rmSync(sb.root, { recursive: true, force: true })
  out.crossSkill = crossSkill(showMisses)
  out.judge = judgeOnTriggerSets(showMisses)
  return out
}

/**
 * The 17-skill corpus of the cross-skill set, named as Anthropic's published
 * skills: the fuller pdf, docx and xlsx of test/fixtures/search-quality/skills/
 * and the other fourteen in test/fixtures/cross-skill/skills/ (written for
 * this set, without its questions at hand).
 */
export const crossSkillCorpus = () => {
  const dirs = []
  for (const root of [join(FIXTURES, "search-quality", "skills"), join(FIXTURES, "cross-skill", "skills")]) {
    for (const e of readdirSync(root, { withFileTypes: true })) if (e.isDirectory()) dirs.push(join(root, e.name))
  }
  return dirs
}

export const crossSkill = (showMisses) => {
  const sb = sandbox("skc-search-cross-")
  const opts = { cwd: sb.work, env: benchEnv({ SKILLC_HOME: sb.home, HOME: sb.home }) }
  const store = join(sb.work, ".skillc", "skills")
  mkdirSync(store, { recursive: true })
  const corpus = crossSkillCorpus()
  for (const dir of corpus) cpSync(dir, join(store, dir.split("/").pop()), { recursive: true })
  for (const name of readdirSync(store)) skc(["build", name], opts)
  const search = (args) => JSON.parse(skc([...args, "--limit", "3", "--format", "json"], opts)).results
  const hit = (results, q, across) => results.findIndex((r) => (!across || r.skill === q.skill) && q.answers.some((a) => a.file === r.file && a.section === r.section))
  const out = {}
  for (const [set, file] of [
    ["tuning", "questions.json"],
    ["held-out", "held-out.json"]
  ]) {
    const questions = JSON.parse(readFileSync(join(FIXTURES, "cross-skill", file), "utf8")).questions.filter((q) => q.answers.length > 0)
    let top1 = 0
    let top3 = 0
    let own3 = 0
    let hidden = 0
    for (const q of questions) {
      const across = search(["search", "--all", q.question])
      const own = search(["search", q.skill, q.question])
      const at = hit(across, q, true)
      const ownAt = hit(own, q, false)
      if (at === 0) top1++
      if (at >= 0) top3++
      if (ownAt >= 0) own3++
      if (ownAt === 0 && !across.some((r) => r.skill === q.skill)) hidden++
      if (at < 0 && showMisses) console.log(`  [cross-skill ${set}] miss '${q.question}' (${q.skill}): ${across.map((r) => `${r.skill}:${r.file}#${r.section}`).join(" | ") || "(nothing)"}`)
    }
    const n = questions.length
    const goal = set === "held-out" ? top3 / n >= 0.9 && (100 * (own3 - top3)) / n <= 5 && hidden === 0 : hidden === 0
    console.log(
      `search.quality cross-skill ${set.padEnd(8)} --all top-1 ${pct(top1, n).padStart(7)}   top-3 ${pct(top3, n).padStart(7)}${set === "held-out" ? " (target ≥ 90 %)" : ""}   ` +
        `own search top-3 ${pct(own3, n).padStart(7)}   hidden while own ranks first ${hidden} (target 0)   ${goal ? "ok" : "UNDER TARGET"}`
    )
    out[set] = { top1, top3, own3, hidden, n }
  }
  console.log(`  cross-skill: ${corpus.length} skills; answerable questions only (unanswerable ones are listed in the fixture files)`)
  // Issue 47 item 5: the sets written for the issue before running them, each question asked of its skill
  // and of every skill; top-1 beside top-3. Each held-out set became tuning data once its misses were read:
  // issue-47.json's held-out third in the third pass, issue-47-held-out.json and issue-47-fresh.json in the
  // fourth, issue-47-blind-2.json in the sixth, issue-47-blind-3.json in the twelfth, issue-47-blind-4.json and
  // issue-47-blind-5.json in the twenty-fifth, issue-47-blind-6.json in the twenty-sixth, when the learned
  // order of the first ten was fitted on every tuning question (scripts/fit-rerank.mjs; their descriptions
  // say so), issue-47-blind-7.json to issue-47-blind-13.json in the twenty-ninth, issue-47-blind-14.json to
  // issue-47-blind-16.json in the seventy-second (after blind-17 and blind-18 were committed and measured once),
  // issue-47-blind-17.json and issue-47-blind-18.json in the seventy-third (after blind-19 and blind-20 were).
  // The held-out questions are those of issue-47-blind-19.json and issue-47-blind-20.json:
  // written by helpers from the skills' names and descriptions only, before any
  // search was run and without reading skc's sources, benchmarks or the other sets, and measured as figures
  // only (`SEARCH_QUALITY_MISSES=1` lists tuning misses only).
  // Targets on them: top-1 ≥ 80 %, top-3 ≥ 95 %.
  const questionsOf = (files) => files.flatMap((f) => JSON.parse(readFileSync(join(FIXTURES, "cross-skill", f), "utf8")).questions.map((q) => ({ ...q, set: f })))
  const tuning = questionsOf(ISSUE_47_TUNING_FILES)
  const heldOut = questionsOf(ISSUE_47_HELD_OUT_FILES)
  for (const [name, questions, held] of [
    ["tuning", tuning, false],
    ["held-out", heldOut, true]
  ]) {
    const n = questions.length
    const figures = {}
    // Held out: each set's own figures too, since how a set's writer was asked to word its questions moves
    // its figure as much as the ranking does (docs/benchmarks.md).
    const perSet = new Map()
    for (const [mode, across] of [
      ["single-skill", false],
      ["--all", true]
    ]) {
      let top1 = 0
      let top3 = 0
      for (const q of questions) {
        const results = search(across ? ["search", "--all", q.question] : ["search", q.skill, q.question])
        const at = hit(results, q, across)
        const set = perSet.get(q.set) ?? { n: 0, "single-skill": [0, 0], "--all": [0, 0] }
        perSet.set(q.set, set)
        if (!across) set.n++
        if (at === 0) {
          top1++
          set[mode][0]++
        }
        if (at >= 0) {
          top3++
          set[mode][1]++
        } else if (showMisses && !held) console.log(`  [issue-47 ${name} ${mode}] miss '${q.question}' (${q.skill}): ${results.map((r) => `${r.skill ?? q.skill}:${r.file}#${r.section}`).join(" | ") || "(nothing)"}`)
      }
      const goal = !held ? "" : top1 / n >= 0.8 && top3 / n >= 0.95 ? "ok" : "UNDER TARGET"
      const spread = held ? `   95 % interval top-1 ${interval(top1, n)} %, top-3 ${interval(top3, n)} %` : ""
      console.log(
        `search.quality issue-47 ${name.padEnd(8)} ${mode.padEnd(12)} top-1 ${pct(top1, n).padStart(7)}   top-3 ${pct(top3, n).padStart(7)}${held ? " (targets ≥ 80 %, ≥ 95 %)" : ""}   ${goal}${spread}`
      )
      figures[mode] = { top1, top3, n }
    }
    if (held) {
      for (const [set, f] of perSet) {
        const two = (m) => `${pct(f[m][0], f.n)} / ${pct(f[m][1], f.n)}`
        console.log(`  ${set} (${f.n}): single-skill ${two("single-skill")}, --all ${two("--all")} (top-1 / top-3)`)
      }
    }
    out[`issue-47 ${name}`] = figures
  }
  console.log(`  issue-47: ${tuning.length} tuning questions (${ISSUE_47_TUNING_FILES.join(", ")}), ${heldOut.length} held out (${ISSUE_47_HELD_OUT_FILES.join(", ")}), all written before running them`)
  rmSync(sb.root, { recursive: true, force: true })
  return out
}

/**
 * Issue 47 item 4: the offline match judge (`skc eval --judge match`) on the
 * trigger sets written for the issue before the judge changed
 * (test/fixtures/eval-triggers-issue47/), over the 17-skill corpus plus the
 * set's own `pg-migrations` skill. Per split: pass rate, and the false
 * positive rate on the negatives (target ≤ 10 %, on the held-out split).
 * `SEARCH_QUALITY_MISSES=1` lists the misses of the tuning split only: the
 * held-out one is reported as figures.
 */
export const judgeOnTriggerSets = (showMisses) => {
  const sb = sandbox("skc-judge-")
  const target = join(sb.work, ".claude", "skills")
  mkdirSync(target, { recursive: true })
  const sets = join(FIXTURES, "eval-triggers-issue47")
  for (const dir of [...crossSkillCorpus(), join(sets, "skills", "pg-migrations")]) cpSync(dir, join(target, dir.split("/").pop()), { recursive: true })
  for (const f of readdirSync(sets).filter((f) => f.endsWith(".json"))) {
    mkdirSync(join(target, f.replace(/\.json$/, ""), "evals"), { recursive: true })
    cpSync(join(sets, f), join(target, f.replace(/\.json$/, ""), "evals", "triggers.json"))
  }
  const r = spawnSync(process.execPath, [BIN, "eval", "--format", "json", "--min-pass", "0"], {
    cwd: sb.work,
    env: benchEnv({ SKILLC_HOME: sb.home, HOME: sb.home }),
    encoding: "utf8"
  })
  if (r.status !== 0) throw new Error(`skc eval exited ${r.status}: ${r.stderr}`)
  const doc = JSON.parse(r.stdout)
  const out = {}
  for (const split of ["train", "validation"]) {
    let queries = 0
    let passed = 0
    let negatives = 0
    let falseFires = 0
    for (const s of doc.skills) {
      const m = s.splits[split]
      if (m === undefined) continue
      queries += m.queries
      passed += m.passed
      negatives += m.false_positives + m.true_negatives
      falseFires += m.false_positives
      if (showMisses && split === "train") {
        for (const miss of s.misses.filter((x) => x.split === "train")) {
          console.log(`  [judge train] ${s.skill} ${miss.should_trigger ? "missed" : "fired on"} '${miss.query}' (winner ${miss.winner ?? "none"}${miss.decided_by ? `: ${miss.decided_by.join(", ")}` : ""})`)
        }
      }
    }
    const name = split === "train" ? "tuning" : "held-out"
    const fpr = negatives === 0 ? 0 : falseFires / negatives
    console.log(
      `search.quality judge ${name.padEnd(8)} pass ${pct(passed, queries).padStart(7)} (${passed}/${queries})   false positives ${pct(falseFires, negatives).padStart(7)} of negatives${split === "validation" ? ` (target ≤ 10 %) ${fpr <= 0.1 ? "ok" : "OVER TARGET"}` : ""}`
    )
    out[name] = { passed, queries, falseFires, negatives }
  }
  console.log(`  judge: ${doc.skills.length} trigger sets of issue 47 over 18 skills (17 published-like + pg-migrations)`)
  rmSync(sb.root, { recursive: true, force: true })
  return out
}
