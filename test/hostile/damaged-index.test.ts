// RFC-0004:C-INDEX ("All three require skc build to fix"): pages of a built
// index damaged after the build (a disk error, a file zeroed in part) while
// index_meta still reads. `show` answered E002 "run 'skc build'", and
// `skc build` found the index "up to date" from index_meta alone and changed
// nothing, so the E002 came back for ever. The read that meets the damage
// now marks the index (src/adapters/sqlite/damageMarker.ts), and the build
// rewrites it whole.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
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

  it("a directory where the index file goes: E002 names the build, and the build moves it aside and writes the index (sixty-second pass)", async () => {
    // A probe: the build E002 names answered E999 (EISDIR on the rename over it), for ever.
    const sb = sandbox()
    const dir = join(sb.work, ".skillc", "skills", "small")
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "SKILL.md"), "---\nname: small\ndescription: Small. Use when testing.\n---\n# Small\n\n## Part\n\nText of the part.\n")
    expect((await sb.runAsync(["build", "small"])).code).toBe(0)
    const meta = join(sb.work, ".skillc", "runtime", "small", ".skillc-meta")
    const [name] = readdirSync(meta).filter((f) => /^search-[0-9a-f]{16}\.db$/.test(f))
    const path = join(meta, name!)
    rmSync(path)
    mkdirSync(path)
    writeFileSync(join(path, "kept.txt"), "someone's file\n")
    const broken = await sb.runAsync(["show", "small", "--section", "Part"])
    expect(broken.code).toBe(1)
    expect(broken.stderr).toMatch(/^error\[E002\]: .*run 'skc build small'/m)
    const built = await sb.runAsync(["build", "small"])
    expect(built.code, built.stderr).toBe(0)
    const fixed = await sb.runAsync(["show", "small", "--section", "Part"])
    expect(fixed.code).toBe(0)
    expect(fixed.stdout).toContain("Text of the part.")
    // Moved aside, never deleted: what was in it is kept.
    const aside = readdirSync(meta).filter((f) => f.startsWith(`${name}.corrupt-`))
    expect(aside).toHaveLength(1)
    expect(readFileSync(join(meta, aside[0]!, "kept.txt"), "utf8")).toBe("someone's file\n")
  })
})
