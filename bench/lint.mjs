// lint.large: `skc lint` on the large synthetic skill, as MB/s of markdown
// and as a ratio to `skc build` of the same skill from scratch (build.cold,
// fresh home and project each run), interleaved. Target ≤ 1.0: lint parses
// no more than build does (issue 6).
import { mkdirSync, rmSync } from "node:fs"
import { join } from "node:path"
import { BIN, benchEnv, interleave, median, report, sandbox, timeOnce } from "./lib.mjs"
import { writeLargeSkill } from "./_large-skill.mjs"

export default function lintLarge({ runs = 7 } = {}) {
  const sb = sandbox()
  const { dir, markdownBytes } = writeLargeSkill(sb.work)
  const env = benchEnv({ SKILLC_HOME: sb.home })
  const lintOnce = () => timeOnce([process.execPath, BIN, "lint", dir], { cwd: sb.work, env, allowFail: true })
  let n = 0
  const buildOnce = () => {
    const home = join(sb.root, `bh${n}`)
    const work = join(sb.root, `bw${n++}`)
    mkdirSync(join(work, ".skillc", "skills"), { recursive: true })
    mkdirSync(home, { recursive: true })
    const ms = timeOnce([process.execPath, BIN, "build", dir], { cwd: work, env: benchEnv({ SKILLC_HOME: home }) })
    rmSync(home, { recursive: true, force: true })
    rmSync(work, { recursive: true, force: true })
    return ms
  }
  let buildWorks = true
  try {
    buildOnce()
  } catch {
    buildWorks = false
  }
  const samples = interleave(buildWorks ? { lint: lintOnce, build: buildOnce } : { lint: lintOnce }, runs)
  const lintMs = median(samples.lint)
  const mbps = markdownBytes / 1e6 / (lintMs / 1000)
  const extra = `${(markdownBytes / 1e6).toFixed(1)} MB markdown, ${mbps.toFixed(1)} MB/s`
  let out
  if (buildWorks) out = [report("lint.large", lintMs, median(samples.build), 1.0, extra)]
  else {
    console.log(`${"lint.large".padEnd(18)} ${lintMs.toFixed(1).padStart(7)} ms   ${extra}   (build.cold unavailable: 'skc build' not in this build)`)
    out = [{ name: "lint.large", valueMs: lintMs }]
  }
  rmSync(sb.root, { recursive: true, force: true })
  return out
}
