// The same sources answer a search alike whatever the build history (an author's probe): an incremental
// build re-inserts a changed file's rows after the highest rowid (docs/incremental-builds.md), and rows of
// one score were ordered by rowid before the learned order of the first ten read their ranks, so after an
// edit and its undoing one section scored 0.558 where a clean build scored it 0.435.
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { indexSkill } from "../../src/app/build/indexing.js"
import { resolveSkill } from "../../src/app/skills/resolve.js"
import { search } from "../../src/app/search/search.js"
import { diskWorld } from "../helpers/worlds.js"

const FENCE = "```"
const SKILL_MD = [
  "---",
  "name: deploy-notes",
  "description: Deploy the webapp to staging and production. Use when the user asks to deploy, roll back, or check a release.",
  "---",
  "",
  "# Deploy Notes",
  "",
  "Short guide. See [rollback](references/ops/rollback.md).",
  "",
  "## Quick start",
  "",
  `${FENCE}bash`,
  "make deploy ENV=staging",
  FENCE,
  "",
  "### Preconditions",
  "",
  "| check | command |",
  "|---|---|",
  "| tests green | `make test` |",
  "| migrations | `make migrate-status` |",
  "",
  "## Going to production",
  "",
  "Read [production](references/production.md) before you deploy.",
  ""
].join("\n")

describe("search answers the same sources alike after an incremental build and a clean one", () => {
  it.live("an edit and its undoing, rebuilt incrementally, give the clean build's results and scores", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-search-incremental-")
      const dir = join(w.work, ".skillc", "skills", "deploy-notes")
      mkdirSync(join(dir, "references", "ops"), { recursive: true })
      writeFileSync(join(dir, "SKILL.md"), SKILL_MD)
      writeFileSync(
        join(dir, "references", "canary.md"),
        `# Canary Releases\n\n## Step one\n\n${FENCE}bash\nkubectl rollout status\n# not a heading\n${FENCE}\n\n## Step two\n\nWatch error rates.\n`
      )
      writeFileSync(join(dir, "references", "production.md"), "---\ndescription: Production deploy checklist and health checks\n---\n# Production Deploys\n\n## Liveness probes\n\nProbe.\n\n## Dashboards\n\nGraphs.\n\n## Freeze windows\n\nNo deploys.\n")
      writeFileSync(join(dir, "references", "ops", "rollback.md"), "# Rollback\n\n## Rolling back a release\n\nRevert.\n\n### Verify the rollback\n\nCheck.\n")
      const index = () => w.run(Effect.flatMap(resolveSkill("deploy-notes"), indexSkill))
      const answer = () => w.run(search({ skill: "deploy-notes", query: "status" })).pipe(Effect.map((r) => JSON.stringify(r.results)))
      yield* index()
      const clean = yield* answer()
      // An edit, rebuilt; its undoing, rebuilt: SKILL.md's rows now come after every other file's.
      writeFileSync(join(dir, "SKILL.md"), SKILL_MD + "\n")
      yield* index()
      writeFileSync(join(dir, "SKILL.md"), SKILL_MD)
      yield* index()
      expect(yield* answer()).toBe(clean)
      // And a clean build again gives the same.
      rmSync(join(w.work, ".skillc", "runtime"), { recursive: true, force: true })
      yield* index()
      expect(yield* answer()).toBe(clean)
    }))
})
