// `skc build <project skill> --global` deploys a copy under the home; Claude Code lists the user's copy of a
// name before the project's (its profile's scope rank), so the project's own deployment is hidden in this
// project from then on. The build says so, as a project build says it of a user copy already there
// (a README-truth probe: only a later project build told; `discover` showed "shadowed by user").
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

describe("a project's skill built --global", () => {
  it("warns that the user's copy now hides the project's own deployment; a first global build of it says nothing", () => {
    const s = sandbox()
    expect(s.run(["init"]).code).toBe(0)
    const dir = join(s.work, ".skillc", "skills", "deploy-notes")
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "SKILL.md"), "---\nname: deploy-notes\ndescription: Deploy notes. Use when deploying.\n---\n# Deploy notes\n\n## Staging\n\nShip.\n")
    // Built --global before any project build: no project deployment to hide.
    const first = s.run(["build", "deploy-notes", "--global"])
    expect(first.code, first.stderr).toBe(0)
    expect(first.stderr).not.toContain("this project's own")
    expect(s.run(["build", "deploy-notes"]).code).toBe(0)
    const again = s.run(["build", "deploy-notes", "--global"])
    expect(again.code, again.stderr).toBe(0)
    expect(again.stderr).toContain(
      `${join(s.work, ".claude", "skills", "deploy-notes")} is this project's own 'deploy-notes': Claude Code now lists the user's copy just deployed instead, in this project too (remove one of them, or build without --global)`
    )
  })
})
