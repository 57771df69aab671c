// RFC-0004:C-INDEX ("All three require skc build to fix"): pages of a built
// index damaged after the build (a disk error, a file zeroed in part) while
// index_meta still reads. `show` answered E002 "run 'skc build'", and
// `skc build` found the index "up to date" from index_meta alone and changed
// nothing, so the E002 came back for ever. The read that meets the damage
// now marks the index (src/adapters/sqlite/damageMarker.ts), and the build
// rewrites it whole.
import { mkdirSync, readdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { zeroRootPage } from "../helpers/damage.js"

describe("RFC-0004:C-INDEX a damaged index is repaired by the build its E002 names", () => {
  it("show: E002; build: rebuilt; show: the section; no marker left", async () => {
    const sb = sandbox()
    const dir = join(sb.work, ".skillc", "skills", "big")
    mkdirSync(dir, { recursive: true })
    const sections = Array.from({ length: 2000 }, (_, i) => `## Part ${i}\n\nText of part ${i}.\n`).join("\n")
    writeFileSync(join(dir, "SKILL.md"), `---\nname: big\ndescription: Many parts. Use when testing.\n---\n# Big\n\n${sections}`)
    expect((await sb.runAsync(["build", "big"])).code).toBe(0)
    const meta = join(sb.work, ".skillc", "runtime", "big", ".skillc-meta")
    const [name] = readdirSync(meta).filter((f) => /^search-[0-9a-f]{16}\.db$/.test(f))
    const path = join(meta, name!)
    // Zero the root page of the headings table, which `show` reads; index_meta stays readable.
    zeroRootPage(path, "headings")

    const broken = await sb.runAsync(["show", "big", "--section", "Part 7"])
    expect(broken.code).toBe(1)
    expect(broken.stderr).toMatch(/^error\[E002\]: search index unusable; run 'skc build big' to rebuild$/m)
    const built = await sb.runAsync(["build", "big", "-v"])
    expect(built.code).toBe(0)
    expect(built.stderr).toMatch(/search index corrupt \(a read found it damaged: database disk image is malformed\): rebuilding/)
    const fixed = await sb.runAsync(["show", "big", "--section", "Part 7"])
    expect(fixed.code).toBe(0)
    expect(fixed.stdout).toContain("Text of part 7.")
    expect(readdirSync(meta).filter((f) => f.endsWith(".damaged"))).toEqual([])
  })
})
