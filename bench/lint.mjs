// lint.large: `skc lint` on the large synthetic skill of build.cold
// (bench/build.mjs: ≈1,000 files, ≈20 MB of markdown), as MB/s and as a
// ratio to `skc build` of the same skill into a fresh runtime, interleaved.
// Target ≤ 1.0: lint parses no more than build does (issue 6).
import { rmSync } from "node:fs"
import { join } from "node:path"
import { BIN, benchEnv, interleave, median, report, sandbox, timeOnce } from "./lib.mjs"
import { generate } from "./build.mjs"

export default function lintLarge({ runs = 5 } = {}) {
  const sb = sandbox()
  const skill = join(sb.work, ".skillc", "skills", "big")
  const bytes = generate(skill)
  const opts = { cwd: sb.work, env: benchEnv({ SKILLC_HOME: sb.home }) }
  const samples = interleave(
    {
      build: () => {
        rmSync(join(sb.work, ".skillc", "runtime"), { recursive: true, force: true })
        return timeOnce([process.execPath, BIN, "build", "big"], opts)
      },
      // Exit 1 is fine: the synthetic skill has orphaned references.
      lint: () => timeOnce([process.execPath, BIN, "lint", "big"], { ...opts, allowFail: true })
    },
    runs
  )
  const lint = median(samples.lint)
  const mbps = (bytes / 1024 / 1024 / (lint / 1000)).toFixed(1)
  const out = [report("lint.large", lint, median(samples.build), 1.0, `${(bytes / 1024 / 1024).toFixed(1)} MB, 1000 files, ${mbps} MB/s; floor = build.cold`)]
  rmSync(sb.root, { recursive: true, force: true })
  return out
}
