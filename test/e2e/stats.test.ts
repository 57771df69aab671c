// `skc stats` as a process over hand-made log databases (RFC-0003:C-CLI):
// the text views, the JSON document and the exit statuses. The queries,
// filters and errors are tested in process in test/app/stats.test.ts.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { makeLogDb, type Row } from "../helpers/logs.js"

const sb = sandbox()
let n = 0

/** A fresh skill with `rows` as its primary log (so earlier stats rows never mix in). */
const skillWith = (rows: ReadonlyArray<Row> | undefined, md = "---\nname: x\ndescription: d\n---\n# Title\n## Install\n## Usage\n") => {
  const name = `s${++n}`
  const src = join(sb.work, ".skillc", "skills", name)
  mkdirSync(src, { recursive: true })
  writeFileSync(join(src, "SKILL.md"), md)
  if (rows !== undefined) {
    makeLogDb(join(sb.work, ".skillc", "runtime", name, ".skillc-meta", "logs.db"), rows, { skill: name, skill_path: src, cwd: sb.work })
  }
  return { name, src }
}

const show = (timestamp: string, section: string, file = "SKILL.md", extra: Partial<Row> = {}): Row => ({
  timestamp,
  command: "show",
  args: { section, file },
  ...extra
})

describe("RFC-0003:C-CLI JSON and errors (smoke)", () => {
  it("RFC-0003:C-SCHEMA --format json prints the document; E030, E031, E100 and E001 exit 1", async () => {
    const { name, src } = skillWith([show("2026-01-02T10:00:00Z", "Install"), show("2026-01-05T10:00:00Z", "Usage")])
    const r = await sb.runAsync(["stats", name, "--format", "json", "--group-by", "sections", "--since", "2026-01-03"])
    expect(r.stderr).toBe("")
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual({
      skill: name,
      skill_path: src,
      query: "sections",
      filters: { since: "2026-01-03T00:00:00Z", until: null, projects: [] },
      period: { start: "2026-01-05T10:00:00Z", end: "2026-01-05T10:00:00Z" },
      data: [{ section: "Usage", file: "SKILL.md", count: 1 }]
    })
    expect(await sb.runAsync(["stats", name, "--group-by", "searches"])).toEqual({ code: 1, stdout: "", stderr: "error[E030]: invalid query type: 'searches'\n" })
    const badFilter = await sb.runAsync(["stats", name, "--since", "last week"])
    expect(badFilter.code).toBe(1)
    expect(badFilter.stderr).toMatch(/^error\[E031\]: invalid filter: '.+'\n$/)
    for (const args of [["--bogus"], ["--format", "yaml"]]) {
      const e = await sb.runAsync(["stats", name, ...args])
      expect(e.code).toBe(1)
      expect(e.stderr).toMatch(/^error\[E100\]: invalid option: /)
    }
    expect((await sb.runAsync(["stats", "missing-skill"])).stderr).toBe("error[E001]: skill 'missing-skill' not found\n")
  })
})

describe("RFC-0003:C-CLI text output", () => {
  it("RFC-0003:C-CLI text summary: counts, top sections, commands and the outline's unused sections", async () => {
    const md = "---\nname: x\ndescription: d\n---\n# Title\n## Install\n## Usage\n```\n# not a heading\n```\n## Contributing\n"
    const { name } = skillWith(
      [
        show("2026-01-01T00:00:00Z", "Install"),
        show("2026-01-01T00:00:01Z", "Install"),
        show("2026-01-01T00:00:02Z", "Usage"),
        { timestamp: "2026-01-01T00:00:03Z", command: "search", args: { query: "x" } }
      ],
      md
    )
    const r = await sb.runAsync(["stats", name])
    expect(r.code).toBe(0)
    const out = r.stdout
    expect(out).toContain(`${name} — usage summary`)
    expect(out).toMatch(/Period: 2026-01-01T00:00:00Z \(.+ ago\) to 2026-01-01T00:00:03Z/)
    expect(out).toMatch(/Total accesses: +4\n/)
    expect(out).toMatch(/Unique sections: +2\n/)
    expect(out).toMatch(/1\. +Install +SKILL\.md +2\n/)
    expect(out).toMatch(/show +3\n/)
    expect(out).toContain("Unused sections (in the current outline, never shown): 2\n  - Title (SKILL.md)\n  - Contributing (SKILL.md)\n")
    expect(out).not.toContain("not a heading")
  })

  it("RFC-0003:C-CLI text tables for each query type are aligned", async () => {
    const { name } = skillWith([
      show("2026-01-01T00:00:00Z", "Install"),
      show("2026-01-01T00:00:00Z", "Install"),
      show("2026-01-01T00:00:00Z", "Usage", "SKILL.md", { error: "error[E020]: section not found: 'Usage'" })
    ])
    const sections = (await sb.runAsync(["stats", name, "--group-by", "sections"])).stdout
    expect(sections).toContain("  COUNT  SECTION  FILE\n      2  Install  SKILL.md\n")
    const errors = (await sb.runAsync(["stats", name, "--group-by", "errors"])).stdout
    expect(errors).toContain("  COUNT  COMMAND  TARGET  ERROR\n      1  show     Usage   error[E020]: section not found: 'Usage'\n")
  })
})
