// What agents looked for and the skill does not have (docs/stats.md): a `show` that failed names the
// `--file` it was given. `skc show pdf --section Overview --file form.md` fails E021 (a mistyped file); the
// summary said "show Overview" was something the skill lacks, while SKILL.md has that heading.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { makeLogDb } from "../helpers/logs.js"

const sb = sandbox()
const src = join(sb.work, ".skillc", "skills", "pdf")
mkdirSync(src, { recursive: true })
writeFileSync(join(src, "SKILL.md"), "---\nname: pdf\ndescription: PDF tools. Use when working with PDF files.\n---\n# PDF\n## Overview\n")
makeLogDb(
  join(sb.work, ".skillc", "runtime", "pdf", ".skillc-meta", "logs.db"),
  [
    { timestamp: "2026-03-01T10:00:00Z", command: "show", args: { section: "Overview", file: "form.md" }, error: "error[E021]: file not found: 'form.md'" },
    { timestamp: "2026-03-01T10:00:01Z", command: "show", args: { section: "Overview", file: "forms.md" }, error: "error[E020]: section not found: 'Overview'" },
    { timestamp: "2026-03-01T10:00:02Z", command: "show", args: { section: "Encryption", file: null }, error: "error[E020]: section not found: 'Encryption'" }
  ],
  { skill: "pdf", skill_path: src, cwd: "/agent-dir" }
)

it("a failed show's --file is named beside its heading, and counted apart; without one, the heading alone", () => {
  const text = sb.run(["stats", "pdf"], sb.work, { SKC_BENCH_DISABLE_LOG: "1" })
  expect(text.code).toBe(0)
  expect(text.stdout.slice(text.stdout.indexOf("Agents looked for"))).toBe(
    "Agents looked for 3 things this skill does not have:\n" +
      "      1  show  Encryption\n" +
      "      1  show  Overview (in form.md)\n" +
      "      1  show  Overview (in forms.md)\n"
  )
  const doc = JSON.parse(sb.run(["stats", "pdf", "--format", "json"], sb.work, { SKC_BENCH_DISABLE_LOG: "1" }).stdout)
  // Three distinct things: the heading in each file asked, and the heading with no file.
  expect(doc.data.unanswered).toBe(3)
})
