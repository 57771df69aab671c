// eval: `skc eval --judge match` on the 17-skill corpus (test/fixtures/
// search-quality + cross-skill) with the trigger sets of five of them
// (test/fixtures/eval-triggers, written before the judge was ever run):
// pass rate per skill and the confusion table; then the wall time of
// `skc eval` over 20 skills × 20 queries (goal ≤ 3 s, issue 27) against
// `node -e 0`.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { spawnSync } from "node:child_process"
import { join } from "node:path"
import { BIN, ROOT, benchEnv, interleave, median, report, sandbox, timeOnce } from "./lib.mjs"

const CORPUS = [join(ROOT, "test", "fixtures", "search-quality", "skills"), join(ROOT, "test", "fixtures", "cross-skill", "skills")]
const TRIGGERS = join(ROOT, "test", "fixtures", "eval-triggers")
const CATALOGUE = join(ROOT, "test", "fixtures", "catalogue")

const dirsOf = (root) => readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(root, e.name))
const descriptionOf = (dir) => /^description:\s*"?(.*?)"?\s*$/m.exec(readFileSync(join(dir, "SKILL.md"), "utf8"))[1]
const pct = (x) => `${(x * 100).toFixed(1)} %`

const deploy = (work, dirs) => {
  const target = join(work, ".claude", "skills")
  mkdirSync(target, { recursive: true })
  for (const d of dirs) cpSync(d, join(target, d.split("/").pop()), { recursive: true })
  return target
}

export default async function evalBench({ runs = 7 } = {}) {
  // 1. Pass rate on the fixture trigger sets.
  const sb = sandbox()
  const target = deploy(sb.work, CORPUS.flatMap(dirsOf))
  for (const f of readdirSync(TRIGGERS).filter((f) => f.endsWith(".json"))) {
    mkdirSync(join(target, f.replace(/\.json$/, ""), "evals"), { recursive: true })
    cpSync(join(TRIGGERS, f), join(target, f.replace(/\.json$/, ""), "evals", "triggers.json"))
  }
  const opts = { cwd: sb.work, env: benchEnv({ SKILLC_HOME: sb.home, HOME: sb.home }) }
  const r = spawnSync(process.execPath, [BIN, "eval", "--format", "json", "--min-pass", "0"], { ...opts, encoding: "utf8" })
  const doc = JSON.parse(r.stdout)
  let queries = 0
  let passed = 0
  for (const s of doc.skills) {
    queries += s.queries
    passed += s.passed
    const split = ["train", "validation"].map((k) => (s.splits[k] ? `${k} ${pct(s.splits[k].pass_rate)}` : "")).join(", ")
    console.log(
      `eval.pass          ${s.skill.padEnd(18)} ${pct(s.pass_rate).padStart(7)} (${s.passed}/${s.queries})  precision ${s.precision?.toFixed(2) ?? "-"}  recall ${s.recall?.toFixed(2) ?? "-"}  ${split}`
    )
  }
  console.log(`eval.pass          overall            ${pct(passed / queries).padStart(7)} (${passed}/${queries}) over ${doc.skills.length} skills of 17`)
  console.log("eval.confusion     skill → won instead (count)")
  for (const c of doc.confusions) {
    console.log(`                   ${c.skill.padEnd(18)} → ${(c.winner ?? "(none)").padEnd(22)} ${String(c.count).padStart(2)}  ${c.should_trigger ? "missed" : "false fire"}`)
  }
  rmSync(sb.root, { recursive: true, force: true })

  // 2. Time: 20 skills (the corpus and 3 of the catalogue) × 20 queries each (10 phrases of its own description, 10 of others').
  const tb = sandbox()
  const dirs = [...CORPUS.flatMap(dirsOf), ...dirsOf(CATALOGUE).slice(0, 3)]
  const skillsDir = deploy(tb.work, dirs)
  const phrases = dirs.map((d) => descriptionOf(d).split(/[.,;:—()]/).map((p) => p.trim()).filter((p) => p.split(/\s+/).length >= 3))
  dirs.forEach((d, i) => {
    const own = Array.from({ length: 10 }, (_, k) => phrases[i][k % phrases[i].length])
    const others = Array.from({ length: 10 }, (_, k) => phrases[(i + k + 1) % dirs.length][0])
    const set = [...own.map((query) => ({ query, should_trigger: true })), ...others.map((query) => ({ query, should_trigger: false }))]
    mkdirSync(join(skillsDir, d.split("/").pop(), "evals"), { recursive: true })
    writeFileSync(join(skillsDir, d.split("/").pop(), "evals", "triggers.json"), JSON.stringify(set))
  })
  const topts = { cwd: tb.work, env: benchEnv({ SKILLC_HOME: tb.home, HOME: tb.home }), allowFail: true }
  const samples = interleave(
    {
      floor: () => timeOnce([process.execPath, "-e", "0"], topts),
      eval: () => timeOnce([process.execPath, BIN, "eval", "--format", "json"], topts)
    },
    runs
  )
  const value = median(samples.eval)
  const out = report("eval.cli", value, median(samples.floor), undefined, `${dirs.length} skills × 20 queries; goal ≤ 3000 ms: ${value <= 3000 ? "ok" : "OVER"}`)
  rmSync(tb.root, { recursive: true, force: true })
  return [{ name: "eval.pass", value: passed / queries }, out]
}
