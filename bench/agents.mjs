// Issue 43: what the agent profiles cost.
//
// lint.claude: `skc lint test/fixtures/claude-code` (13 Claude Code skills
// using every field of the claude profile: SKL109 by profile, SKL115-117)
// against `skc lint` of the same corpus under `--agent agentskills`, the
// strict profile that knows no field beyond the specification's six (so no
// value or combination rule runs), interleaved. Target ≤ 1.1: the profile
// rules cost at most 10 % over the rules every skill already pays.
//
// budget.100: `skc budget` over 100 discovered skills (the listing of
// Claude Code: when_to_use, manual-only, cap, budget) against
// `skc discover` of the same skills, the scan and frontmatter parse
// budget must do anyway, interleaved. Target ≤ 1.1.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { BIN, ROOT, benchEnv, interleave, median, report, sandbox, timeOnce } from "./lib.mjs"

const CORPUS = join(ROOT, "test", "fixtures", "claude-code")

const hundredSkills = (dir) => {
  for (let i = 0; i < 100; i++) {
    const name = `skill-${String(i).padStart(3, "0")}`
    mkdirSync(join(dir, name), { recursive: true })
    const manual = i % 10 === 0 ? "disable-model-invocation: true\n" : ""
    writeFileSync(
      join(dir, name, "SKILL.md"),
      `---\nname: ${name}\ndescription: Handles task number ${i} of the benchmark, with enough words to look like a published description of a skill.\n` +
        `when_to_use: Use when the user asks for task ${i}.\n${manual}---\n# ${name}\n\nBody.\n`
    )
  }
}

export default function agents({ runs = 7 } = {}) {
  const sb = sandbox()
  const opts = { cwd: sb.work, env: benchEnv({ SKILLC_HOME: sb.home }), allowFail: true }
  const lint = interleave(
    {
      profiles: () => timeOnce([process.execPath, BIN, "lint", CORPUS], opts),
      strict: () => timeOnce([process.execPath, BIN, "lint", CORPUS, "--agent", "agentskills"], opts)
    },
    runs
  )
  const out = [report("lint.claude", median(lint.profiles), median(lint.strict), 1.1, "13 Claude Code skills; floor = the same lint under the strict profile")]
  hundredSkills(join(sb.work, ".claude", "skills"))
  const budget = interleave(
    {
      budget: () => timeOnce([process.execPath, BIN, "budget"], opts),
      discover: () => timeOnce([process.execPath, BIN, "discover"], opts)
    },
    runs
  )
  out.push(report("budget.100", median(budget.budget), median(budget.discover), 1.1, "100 skills, 10 manual only; floor = skc discover of the same"))
  return out
}
