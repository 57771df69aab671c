#!/usr/bin/env node
// `npm run demo`: run skc end to end on the example skill in a temp
// directory, isolated from your real home by SKILLC_HOME. Each step prints
// the command and what skc answered.
import { spawnSync } from "node:child_process"
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const bin = join(root, "bin", "skc.mjs")
const sandbox = realpathSync(mkdtempSync(join(tmpdir(), "skc-demo-")))
const home = join(sandbox, "home")
const project = join(sandbox, "project")
mkdirSync(home, { recursive: true })
mkdirSync(project, { recursive: true })
const env = { ...process.env, SKILLC_HOME: home, SKC_RUN_ID: "demo-run" }

let failed = false
const step = (title, args, { expectFail = false } = {}) => {
  process.stdout.write(`\n\u25b6 ${title}\n$ skc ${args.map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(" ")}\n`)
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: project, env, encoding: "utf8" })
  if (r.stdout) process.stdout.write(r.stdout)
  if (r.stderr) process.stdout.write(r.stderr.replace(/^/gm, "  (stderr) "))
  if ((r.status !== 0) !== expectFail) {
    failed = true
    process.stdout.write(`  !! unexpected exit status ${r.status}\n`)
  }
  return r
}

process.stdout.write(`skc demo in ${sandbox}\n`)
step("Create a project", ["init"])
step("Scaffold a new skill", ["init", "hello-world"])
step("A second scaffold of the same name is refused", ["init", "hello-world"], { expectFail: true })
cpSync(join(root, "examples", "git-helper"), join(project, "vendor", "git-helper"), { recursive: true })
step("Import the example skill into the project and build it", ["build", "vendor/git-helper"])
process.stdout.write("\n\u25b6 The compiled stub agents see (.skillc/runtime/git-helper/SKILL.md)\n")
process.stdout.write(readFileSync(join(project, ".skillc", "runtime", "git-helper", "SKILL.md"), "utf8"))
step("Rebuild by name, deployed to two agents", ["build", "git-helper", "--target", "claude,cursor"])
step("Outline of the source", ["outline", "git-helper", "--level", "2"])
step("Files of the skill", ["sources", "git-helper"])
step("Open one file", ["open", "git-helper", "scripts/branch-age.sh", "--max-lines", "3"])
step("Paths outside the skill are refused", ["open", "git-helper", "../../home"], { expectFail: true })
step("Search the skill (BM25, stemmed: 'conflicting' finds 'conflict')", ["search", "git-helper", "conflicting merge", "--limit", "3"])
step("Show one section by its heading (case-insensitive)", ["show", "git-helper", "--section", "undo the last commit"])
step("Sections of reference files are found by heading too", ["show", "git-helper", "--section", "During a merge"])
step("A missing section suggests close headings", ["show", "git-helper", "--section", "Undo"], { expectFail: true })
step("Lint the example skill (RFC-0008)", ["lint", "git-helper"])
writeFileSync(join(project, ".skillc", "skills", "hello-world", "notes.md"), "## Notes\n\nSee [setup](setup.md).\n")
step("Lint every project skill: a broken link is an error (exit 1)", ["lint"], { expectFail: true })
step("One skill as JSON (DECISIONS #12)", ["lint", "hello-world", "--format", "json"], { expectFail: true })
step("The compiled runtime is skipped (SKL001)", ["lint", ".skillc/runtime/git-helper"])
// Every call above that resolved git-helper left one row in its access log
// (.skillc/runtime/git-helper/.skillc-meta/logs.db): what did this run read?
step("Usage analytics of this demo's own run", ["stats", "git-helper"])
step("The same, by command, as JSON", ["stats", "git-helper", "--group-by", "commands", "--format", "json"])
step("Failed accesses", ["stats", "git-helper", "--group-by", "errors"])
step("A search that finds nothing is a question the skill left unanswered", ["search", "git-helper", "cherry-pick a range"])
step("What agents looked for and did not find", ["stats", "git-helper", "--group-by", "unanswered"])
step("Every skill of the project and of the global store at once", ["stats", "--all"])
// `--report <file>` keeps the HTML report (scripts/stats-screenshot.mjs turns it into docs/images/stats-report.png).
const reportAt = process.argv.indexOf("--report")
process.stdout.write("\n\u25b6 The same as one self-contained HTML page\n$ skc stats git-helper --format html > report.html\n")
const html = spawnSync(process.execPath, [bin, "stats", "git-helper", "--format", "html"], { cwd: project, env, encoding: "utf8" })
if (html.status !== 0 || !html.stdout.startsWith("<!DOCTYPE html>")) {
  failed = true
  process.stdout.write(`  !! unexpected: exit ${html.status}, ${html.stderr}\n`)
} else process.stdout.write(`  ${html.stdout.length} bytes, no script, no external resource\n`)
if (reportAt !== -1 && process.argv[reportAt + 1] !== undefined) writeFileSync(process.argv[reportAt + 1], html.stdout)

rmSync(sandbox, { recursive: true, force: true })
process.stdout.write(failed ? "\ndemo FAILED\n" : "\ndemo finished: every step behaved as expected\n")
process.exitCode = failed ? 1 : 0
