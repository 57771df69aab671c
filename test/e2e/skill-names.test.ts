// The names skills go by. Upgrading from an skc that built skills under names it no longer takes (`docs_helper`; DECISIONS #19,
// #52: build refuses a folder name lint's SKL102 refuses). The E002 of a reading command said "run 'skc
// build docs_helper'", which answers E011: the way on is the rename, and E002 says it.
import { readdirSync, writeFileSync } from "node:fs"
import { DatabaseSync } from "node:sqlite"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { writeTree } from "../helpers/tree.js"
import { sandbox } from "../helpers/cli.js"

describe("a skill whose name build no longer takes", () => {
  it("E002 says to rename it (to the name build would take), not to build it", async () => {
    const s = sandbox()
    const dir = join(s.work, ".skillc", "skills", "docs_helper")
    writeTree(dir, { "SKILL.md": "---\nname: docs_helper\ndescription: Helps with docs. Use when writing docs.\n---\n# Docs\n\n## Usage\n\nWrite.\n" })
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

  it("an index an older skc built records no [search] max_file_bytes: E002 says so and to build again, not 'build and search with the same setting'", async () => {
    const s = sandbox()
    const dir = join(s.work, ".skillc", "skills", "big")
    writeTree(dir, { "SKILL.md": "---\nname: big\ndescription: Big files. Use when testing.\n---\n# Big\n\n## Zebra\n\nStripes.\n" })
    writeFileSync(join(s.work, ".skillc", "config.toml"), "[search]\nmax_file_bytes = 2000\n")
    expect((await s.runAsync(["build", "big"])).code).toBe(0)
    // As an skc before the limit was recorded wrote it (the build itself used the same 2000).
    const meta = join(s.work, ".skillc", "runtime", "big", ".skillc-meta")
    const file = join(meta, readdirSync(meta).find((f) => /^search-[0-9a-f]{16}\.db$/.test(f))!)
    const db = new DatabaseSync(file)
    db.exec("DELETE FROM index_meta WHERE key = 'max_file_bytes'")
    db.close()
    const r = await s.runAsync(["search", "big", "zebra"])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain("the index was built by an older skc that did not record its [search] max_file_bytes, and this run's is 2000: build it again")
  })
})

describe("skc match names the skill as the other commands take it", () => {
  it("a skill whose frontmatter names it otherwise than its directory carries call_as, and the name given there resolves", async () => {
    const s = sandbox()
    const dir = join(s.work, ".claude", "skills", "react-best-practices")
    writeTree(dir, { "SKILL.md": "---\nname: vercel-react-best-practices\ndescription: React performance rules. Use when reviewing React components for re-render performance.\n---\n# Rules\n" })
    const r = await s.runAsync(["match", "review react component re-render performance", "--format", "json"])
    const top = (JSON.parse(r.stdout) as { results: Array<{ name: string; call_as?: string }> }).results[0]!
    expect([top.name, top.call_as]).toEqual(["vercel-react-best-practices", "react-best-practices"])
    // What an agent does next with it (the probe's E001: the frontmatter's name is no directory's).
    expect((await s.runAsync(["outline", top.call_as!])).code).toBe(0)
    expect((await s.runAsync(["match", "review react component re-render performance"])).stdout).toContain("vercel-react-best-practices (as react-best-practices)")
  })
})
