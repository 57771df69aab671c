// cli.start: median wall time of `skc --version`, `skc init <name>`, and of
// `skc show`, `skc outline` and `skc search` on a small built skill (the
// example git-helper), each against `node -e 0` of the same Node,
// interleaved (issue: foundation, performance; issue 16 item 3 added show
// and outline; issue 23 runs it on Node 22 and 24 side by side in one run,
// fetching the line the machine lacks through scripts/node-lines.mjs).
//
// SKC_BENCH_NODE20=<path of a Node 20 binary> adds the release before issue
// 23 on Node 20 (commit BASELINE: better-sqlite3, V8 code caches in dist/)
// to the same run: a git worktree under bench/.work/ installed with that
// Node, which compiles better-sqlite3 for it once (a C++ compiler needed).
import { spawnSync } from "node:child_process"
import { cpSync, existsSync, rmSync } from "node:fs"
import { dirname, join } from "node:path"
import { LINES, nodeOfLine } from "../scripts/node-lines.mjs"
import { BIN, ROOT, benchEnv, interleave, median, report, sandbox, timeOnce as time } from "./lib.mjs"

/** The last commit on Node 20 with better-sqlite3, measured beside the current code when asked. */
const BASELINE = "fcb079d"

/** The baseline's executable, set up once under bench/.work/ with the given Node 20; undefined when not asked. */
const baselineBin = () => {
  const node20 = process.env.SKC_BENCH_NODE20
  if (!node20) return undefined
  const dir = join(ROOT, "bench", ".work", "baseline-node20")
  const bin = join(dir, "bin", "skc.mjs")
  const sh = (cmd, args, cwd) => {
    const r = spawnSync(cmd, args, { cwd, stdio: "inherit", env: { ...process.env, PATH: `${dirname(node20)}:${process.env.PATH}` } })
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed`)
  }
  if (!existsSync(join(dir, "dist", "cli.cjs"))) {
    if (!existsSync(dir)) sh("git", ["worktree", "add", "--detach", dir, BASELINE], ROOT)
    sh("npm", ["ci", "--no-audit", "--no-fund"], dir)
  }
  return { line: "20", node: node20, bin }
}

/** The Node binary of each tested LTS line: this one where it is that line, else the fetched release. */
const nodesByLine = () => Object.keys(LINES).map((line) => ({ line, node: nodeOfLine(line) }))

/**
 * The timed start-up commands of one skc executable on one Node, keyed
 * `<prefix> version|init|show|outline|search`, in a sandbox holding the built
 * example git-helper (also bench/effect4.mjs). `init` removes what it made.
 */
export const startCandidates = (prefix, node, bin, work, opts) => {
  let n = 0
  return {
    [`${prefix} version`]: () => time([node, bin, "--version"], opts),
    [`${prefix} init`]: () => {
      const name = `s${n++}-${prefix.replace(/\W/g, "")}`
      const ms = time([node, bin, "init", name], opts)
      rmSync(join(work, ".skillc", "skills", name), { recursive: true, force: true })
      return ms
    },
    [`${prefix} show`]: () => time([node, bin, "show", "git-helper", "--section", "Undo the last commit"], opts),
    [`${prefix} outline`]: () => time([node, bin, "outline", "git-helper"], opts),
    [`${prefix} search`]: () => time([node, bin, "search", "git-helper", "undo commit"], opts)
  }
}

export default function cliStart({ runs = 15 } = {}) {
  const sb = sandbox()
  const env = benchEnv({ SKILLC_HOME: sb.home })
  const opts = { cwd: sb.work, env }
  cpSync(join(ROOT, "examples", "git-helper"), join(sb.work, ".skillc", "skills", "git-helper"), { recursive: true })
  time([process.execPath, BIN, "build", "git-helper"], opts)
  const nodes = nodesByLine().map((n) => ({ ...n, bin: BIN }))
  const baseline = baselineBin()
  if (baseline !== undefined) nodes.unshift(baseline)
  const candidates = {}
  for (const { line, node, bin } of nodes) {
    candidates[`${line} floor`] = () => time([node, "-e", "0"], opts)
    Object.assign(candidates, startCandidates(line, node, bin, sb.work, opts))
  }
  const samples = interleave(candidates, runs)
  const out = []
  for (const { line, node } of nodes) {
    const floor = median(samples[`${line} floor`])
    console.log(`Node ${line} (${node === process.execPath ? "this Node" : node})${line === "20" ? `, the code before issue 23 (${BASELINE}, better-sqlite3)` : ""}:`)
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
