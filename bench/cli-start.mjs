// cli.start: median wall time of `skc --version`, `skc init <name>`, and
// of `skc show` and `skc outline` on a small built skill (the example
// git-helper), against `node -e 0`, interleaved (issue: foundation,
// performance; issue 16 item 3 added show and outline).
import { cpSync, rmSync } from "node:fs"
import { join } from "node:path"
import { BIN, ROOT, benchEnv, interleave, median, report, sandbox } from "./lib.mjs"

export default function cliStart({ runs = 15 } = {}) {
  const sb = sandbox()
  const env = benchEnv({ SKILLC_HOME: sb.home })
  const opts = { cwd: sb.work, env }
  cpSync(join(ROOT, "examples", "git-helper"), join(sb.work, ".skillc", "skills", "git-helper"), { recursive: true })
  time([process.execPath, BIN, "build", "git-helper"], opts)
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
      },
      show: () => time([process.execPath, BIN, "show", "git-helper", "--section", "Undo the last commit"], opts),
      outline: () => time([process.execPath, BIN, "outline", "git-helper"], opts)
    },
    runs
  )
  const floor = median(samples.floor)
  const out = [
    report("cli.start version", median(samples.version), floor, 2.0),
    report("cli.start init", median(samples.init), floor, 2.0),
    report("cli.start show", median(samples.show), floor, 2.5, "git-helper"),
    report("cli.start outline", median(samples.outline), floor, 2.5, "git-helper")
  ]
  rmSync(sb.root, { recursive: true, force: true })
  return out
}

import { timeOnce as time } from "./lib.mjs"
