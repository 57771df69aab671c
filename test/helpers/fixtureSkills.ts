/**
 * Lint a skill folder of the test fixtures in process: the files read with
 * node:fs (hidden entries skipped, as the build walker does), the snapshot and
 * the rules exactly as `skc lint` builds and runs them.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { configureRules, runRules } from "../../src/domain/lint/runner.js"
import { RULES } from "../../src/domain/lint/registry.js"
import { inLintScope, makeSnapshot } from "../../src/domain/lint/snapshot.js"
import type { LintDiagnostic, SkillEntry } from "../../src/domain/lint/types.js"

export const PUBLISHED_LIKE_DIR = join(__dirname, "..", "fixtures", "published-like")

export const skillDirs = (root: string): ReadonlyArray<string> =>
  readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith("."))
    .map((e) => e.name)
    .sort()

const walk = (root: string, rel = ""): Array<SkillEntry> => {
  const out: Array<SkillEntry> = []
  for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
    if (e.name === ".git" || e.name === ".jj") continue
    const p = rel === "" ? e.name : `${rel}/${e.name}`
    if (e.isDirectory()) out.push({ path: p, type: "directory" }, ...walk(root, p))
    else out.push({ path: p, type: "file" })
  }
  return out
}

export const lintFixtureSkill = (dir: string, name: string): ReadonlyArray<LintDiagnostic> => {
  const entries = walk(dir)
  const markdownFiles = entries
    .filter((e) => e.type === "file" && inLintScope(e.path))
    .map((e) => ({ path: e.path, source: readFileSync(join(dir, e.path), "utf8") }))
  const snapshot = makeSnapshot({ dirName: name, entries, markdownFiles })
  return runRules(snapshot, configureRules(RULES, {}).rules)
}

/** `RULE file:line` — what the expectations list. */
export const findingKey = (d: LintDiagnostic): string => `${d.rule} ${d.file}:${d.line}`
