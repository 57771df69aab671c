// Most of a large skill changed (a find-and-replace, a branch switch): the index is written whole, as a cold
// build, instead of updated file by file, which cost about twice as much (a build probe: 1,800 of 2,000 files,
// 3.0 s against 1.5 s; docs/incremental-builds.md). A few changed files are still an update.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { mostChanged } from "../../src/app/build/indexing.js"
import { sandbox } from "../helpers/cli.js"

const changes = (n: number) => ({ reindex: new Set(Array.from({ length: n }, (_, i) => `f${i}.md`)), remove: Array.from({ length: n }, (_, i) => `f${i}.md`) })

describe("an update of most of a skill's files", () => {
  it("mostChanged: more than half of the files, and at least 100 of them", () => {
    expect(mostChanged(changes(101), 200)).toBe(true)
    expect(mostChanged(changes(100), 200)).toBe(false)
    expect(mostChanged(changes(99), 100)).toBe(false)
    expect(mostChanged({ reindex: new Set(), remove: Array.from({ length: 150 }, (_, i) => `gone${i}.md`) }, 100)).toBe(true)
  })

  it("is a whole write; a few changed files are an update", async () => {
    const s = sandbox()
    const dir = join(s.work, ".skillc", "skills", "wide")
    mkdirSync(join(dir, "references"), { recursive: true })
    const refs = Array.from({ length: 120 }, (_, i) => `references/r${i}.md`)
    writeFileSync(join(dir, "SKILL.md"), `---\nname: wide\ndescription: Wide. Use when testing.\n---\n# Wide\n\n${refs.map((r) => `- [${r}](${r})`).join("\n")}\n`)
    for (const r of refs) writeFileSync(join(dir, r), `# ${r}\n\n## Part\n\nalpha text of ${r}\n`)
    expect((await s.runAsync(["build", "wide"])).code).toBe(0)
    const edit = (files: ReadonlyArray<string>, from: string, to: string) => {
      for (const r of files) writeFileSync(join(dir, r), readFileSync(join(dir, r), "utf8").replace(from, to))
    }
    const indexOf = async () => {
      const r = await s.runAsync(["build", "wide", "--format", "json"])
      expect(r.code, r.stderr).toBe(0)
      return (JSON.parse(r.stdout) as { index?: string; results?: Array<{ index?: string }> }).index ?? JSON.parse(r.stdout).results?.[0]?.index
    }
    edit(refs, "alpha", "omega")
    expect(await indexOf()).toBe("rebuilt")
    expect((await s.runAsync(["search", "wide", "omega"])).stdout).toContain("omega")
    edit(refs.slice(0, 3), "omega", "delta")
    expect(await indexOf()).toBe("updated")
    expect((await s.runAsync(["search", "wide", "delta"])).stdout).toContain("delta")
  })
})
