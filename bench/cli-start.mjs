// cli.start: median wall time of `skc --version` and `skc init <name>`
// against `node -e 0`, interleaved (issue: foundation, performance).
import { rmSync } from "node:fs"
import { join } from "node:path"
import { BIN, benchEnv, interleave, median, report, sandbox } from "./lib.mjs"

export default function cliStart({ runs = 15 } = {}) {
  const sb = sandbox()
  const env = benchEnv({ SKILLC_HOME: sb.home })
  const opts = { cwd: sb.work, env }
  let n = 0
  const samples = interleave(
    {
      floor: () => time([process.execPath, "-e", "0"], opts),
      version: () => time([process.execPath, BIN, "--version"], opts),
      init: () => {
        const name = `s${n++}`
        const ms = time([process.execPath, BIN, "init", name], opts)
        rmSync(join(sb.work, ".skillc", "skills", name), { recursive: true, force: true })
        return ms
      }
    },
    runs
  )
  const floor = median(samples.floor)
  const out = [
    report("cli.start version", median(samples.version), floor, 2.0),
    report("cli.start init", median(samples.init), floor, 2.0)
  ]
  rmSync(sb.root, { recursive: true, force: true })
  return out
}

import { timeOnce as time } from "./lib.mjs"
