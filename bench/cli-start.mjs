// cli.start: median wall time of `skc --version`, `skc init <name>`, and of
// `skc show`, `skc outline` and `skc search` on a small built skill (the
// example git-helper), each against `node -e 0` of the same Node,
// interleaved (issue: foundation, performance; issue 16 item 3 added show
// and outline; issue 23 runs it on Node 22 and 24 side by side in one run,
// fetching the line the machine lacks through scripts/node-lines.mjs).
import { cpSync, rmSync } from "node:fs"
import { join } from "node:path"
import { LINES, supported, version, fetchNode } from "../scripts/node-lines.mjs"
import { BIN, ROOT, benchEnv, interleave, median, report, sandbox, timeOnce as time } from "./lib.mjs"

/** The Node binary of each tested LTS line: this one where it is that line, else the fetched release. */
const nodesByLine = () =>
  Object.entries(LINES).map(([line, release]) => ({
    line,
    node: version(process.version)[0] === Number(line) && supported(process.version) ? process.execPath : fetchNode(release)
  }))

export default function cliStart({ runs = 15 } = {}) {
  const sb = sandbox()
  const env = benchEnv({ SKILLC_HOME: sb.home })
  const opts = { cwd: sb.work, env }
  cpSync(join(ROOT, "examples", "git-helper"), join(sb.work, ".skillc", "skills", "git-helper"), { recursive: true })
  time([process.execPath, BIN, "build", "git-helper"], opts)
  const nodes = nodesByLine()
  let n = 0
  const candidates = {}
  for (const { line, node } of nodes) {
    candidates[`${line} floor`] = () => time([node, "-e", "0"], opts)
    candidates[`${line} version`] = () => time([node, BIN, "--version"], opts)
    candidates[`${line} init`] = () => {
      const name = `s${n++}`
      const ms = time([node, BIN, "init", name], opts)
      rmSync(join(sb.work, ".skillc", "skills", name), { recursive: true, force: true })
      return ms
    }
    candidates[`${line} show`] = () => time([node, BIN, "show", "git-helper", "--section", "Undo the last commit"], opts)
    candidates[`${line} outline`] = () => time([node, BIN, "outline", "git-helper"], opts)
    candidates[`${line} search`] = () => time([node, BIN, "search", "git-helper", "undo commit"], opts)
  }
  const samples = interleave(candidates, runs)
  const out = []
  for (const { line, node } of nodes) {
    const floor = median(samples[`${line} floor`])
    console.log(`Node ${line} (${node === process.execPath ? "this Node" : node}):`)
    out.push(
      report(`cli.start version`, median(samples[`${line} version`]), floor, 2.0, `Node ${line}`),
      report(`cli.start init`, median(samples[`${line} init`]), floor, 2.0, `Node ${line}`),
      report(`cli.start show`, median(samples[`${line} show`]), floor, 2.5, `Node ${line}, git-helper`),
      report(`cli.start outline`, median(samples[`${line} outline`]), floor, 2.5, `Node ${line}, git-helper`),
      report(`cli.start search`, median(samples[`${line} search`]), floor, 3.0, `Node ${line}, git-helper`)
    )
  }
  rmSync(sb.root, { recursive: true, force: true })
  return out
}
