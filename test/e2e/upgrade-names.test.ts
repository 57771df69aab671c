// Upgrading from an skc that built skills under names it no longer takes (`docs_helper`; DECISIONS #19,
// #52: build refuses a folder name lint's SKL102 refuses). The E002 of a reading command said "run 'skc
// build docs_helper'", which answers E011: the way on is the rename, and E002 says it.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

describe("a skill whose name build no longer takes", () => {
  it("E002 says to rename it (to the name build would take), not to build it", async () => {
    const s = sandbox()
    const dir = join(s.work, ".skillc", "skills", "docs_helper")
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "SKILL.md"), "---\nname: docs_helper\ndescription: Helps with docs. Use when writing docs.\n---\n# Docs\n\n## Usage\n\nWrite.\n")
    const show = await s.runAsync(["show", "docs_helper", "--section", "Usage"])
    expect(show.code).toBe(1)
    expect(show.stderr).toContain("error[E002]: search index unusable; run 'skc build docs_helper' to rebuild")
    expect(show.stderr).toContain(
      "'docs_helper' is no name skc build takes (lowercase letters, digits and single hyphens): rename the skill's directory and its name: field to 'docs-helper', then build it (skc build docs-helper)"
    )
    // What the hint says to avoid: the build it would have sent the author to.
    const build = await s.runAsync(["build", "docs_helper"])
    expect(build.code).not.toBe(0)
  })
})
