// match: top-1 accuracy of the activation model over the fixture set
// (test/fixtures/catalogue: 26 skills, 60 requests of which 6 should match
// nothing), and the wall time of `skc match` on that catalogue deployed in
// ~/.claude/skills against `node -e 0` (agent-skill-protocol, issue 9).
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { BIN, ROOT, benchEnv, interleave, median, report, sandbox, timeOnce } from "./lib.mjs"

export default async function matchBench({ runs = 9 } = {}) {
  // The protocol entry of the library (`skillc/protocol`, issue 28 item 1).
  const lib = await import(pathToFileURL(join(ROOT, "dist", "lib", "entries", "protocol.js")).href)
  const dir = join(ROOT, "test", "fixtures", "catalogue")
  const names = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)
  const skills = names.map((n) => {
    const r = lib.validateSkillSource(readFileSync(join(dir, n, "SKILL.md"), "utf8"))
    return { name: r.metadata.name, description: r.metadata.description }
  })
  const { cases } = JSON.parse(readFileSync(join(dir, "cases.json"), "utf8"))
  const e = lib.evaluateActivation(skills, cases)
  console.log(
    `match.accuracy     top-1 ${(e.accuracy * 100).toFixed(1)} % (${e.correct}/${e.total}) over ${skills.length} skills, threshold ${lib.DEFAULT_THRESHOLD}`
  )
  for (const f of e.failures) console.log(`  miss: "${f.request}" expected ${f.expected ?? "none"}, got ${f.got ?? "none"}`)

  const sb = sandbox()
  const target = join(sb.home, ".claude", "skills")
  mkdirSync(target, { recursive: true })
  for (const n of names) cpSync(join(dir, n), join(target, n), { recursive: true })
  const opts = { cwd: sb.work, env: benchEnv({ SKILLC_HOME: sb.home }) }
  const samples = interleave(
    {
      floor: () => timeOnce([process.execPath, "-e", "0"], opts),
      match: () => timeOnce([process.execPath, BIN, "match", "fill out the attached PDF form"], opts)
    },
    runs
  )
  const out = report("match.cli", median(samples.match), median(samples.floor), 4.0, `${skills.length} skills`)
  rmSync(sb.root, { recursive: true, force: true })
  return [{ name: "match.accuracy", value: e.accuracy }, out]
}
