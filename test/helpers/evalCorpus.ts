/**
 * The 17-skill corpus (test/fixtures/search-quality/skills and
 * test/fixtures/cross-skill/skills) deployed in a project's .claude/skills,
 * with the trigger sets of test/fixtures/eval-triggers at
 * `<skill>/evals/triggers.json` (issue 27).
 */
import { cpSync, mkdirSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { ROOT } from "./cli.js"

export const CORPUS_DIRS = [join(ROOT, "test", "fixtures", "search-quality", "skills"), join(ROOT, "test", "fixtures", "cross-skill", "skills")]
export const TRIGGERS_DIR = join(ROOT, "test", "fixtures", "eval-triggers")
export const FAKE_AGENT = join(ROOT, "test", "fixtures", "eval-agent", "fake-agent.mjs")

/** The skills with a trigger set, by name. */
export const TRIGGER_SKILLS = readdirSync(TRIGGERS_DIR)
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.replace(/\.json$/, ""))
  .sort()

/** Copies the corpus into `<project>/.claude/skills` and returns that directory. */
export const deployCorpus = (project: string): string => {
  const target = join(project, ".claude", "skills")
  mkdirSync(target, { recursive: true })
  for (const dir of CORPUS_DIRS) {
    for (const e of readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) cpSync(join(dir, e.name), join(target, e.name), { recursive: true })
  }
  for (const name of TRIGGER_SKILLS) {
    mkdirSync(join(target, name, "evals"), { recursive: true })
    cpSync(join(TRIGGERS_DIR, `${name}.json`), join(target, name, "evals", "triggers.json"))
  }
  return target
}
