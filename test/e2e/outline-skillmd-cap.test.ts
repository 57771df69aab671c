/**
 * `[search] max_file_bytes` never applies to SKILL.md (docs/changelog-archive.md: "10 MiB by default; never
 * SKILL.md"; `isOversized`, the index's predicate): `build` indexes a SKILL.md over the cap, so `outline` lists
 * its headings and `lint` reads it, while a reference file over the cap is still not outlined. Before, outline
 * warned "'huge/SKILL.md' is not outlined" and printed no heading of a skill that `show` served.
 */
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { writeTree } from "../helpers/tree.js"

const CAP = 2000

const sections = (n: number) => Array.from({ length: n }, (_, i) => `## Section ${i}\n\n${"text of the section ".repeat(5)}\n`).join("\n")
const SKILL = `---\nname: huge\ndescription: A large skill. Use when testing the file size cap.\n---\n# Huge\n\n[notes](notes.md)\n\n${sections(30)}`
const NOTES = `# Notes\n\n${sections(30)}`

describe("[search] max_file_bytes and SKILL.md", () => {
  it("RFC-0001 outline lists the headings of a SKILL.md over [search] max_file_bytes, as build indexes it; another file over it is still not outlined", async () => {
    const sb = sandbox()
    const dir = join(sb.work, ".skillc", "skills", "huge")
    writeTree(dir, { "SKILL.md": SKILL, "notes.md": NOTES })
    writeFileSync(join(sb.work, ".skillc", "config.toml"), `[search]\nmax_file_bytes = ${CAP}\n`)
    expect(Buffer.byteLength(SKILL)).toBeGreaterThan(CAP)
    expect(Buffer.byteLength(NOTES)).toBeGreaterThan(CAP)
    const built = await sb.runAsync(["build", "huge"])
    expect(built.code, built.stderr).toBe(0)
    expect(built.stderr).not.toContain("SKILL.md' is not indexed")

    const text = await sb.runAsync(["outline", "huge"])
    expect(text.code).toBe(0)
    expect(text.stderr).not.toContain("SKILL.md' is not outlined")
    expect(text.stderr).toMatch(/^warning: 'huge\/notes\.md' is not outlined: \d+ bytes, above \[search\] max_file_bytes \(2000\)/m)
    expect(text.stdout).toContain("## Section 29")

    const json = await sb.runAsync(["outline", "huge", "--format", "json"])
    expect(json.code).toBe(0)
    const headings: ReadonlyArray<{ file: string; text: string }> = JSON.parse(json.stdout).headings
    expect(headings.filter((h) => h.file === "SKILL.md").map((h) => h.text)).toEqual(["Huge", ...Array.from({ length: 30 }, (_, i) => `Section ${i}`)])
    expect(headings.filter((h) => h.file === "notes.md")).toEqual([])

    // show serves what outline lists.
    const shown = await sb.runAsync(["show", "huge", "--section", "Section 29"])
    expect(shown.code, shown.stderr).toBe(0)
    // lint reads SKILL.md whatever its size; the reference over the cap is left out, said.
    const linted = await sb.runAsync(["lint", "huge"])
    expect(linted.stderr).not.toContain("SKILL.md' is not linted")
    expect(linted.stderr).toContain("'huge/notes.md' is not linted")
  })
})
