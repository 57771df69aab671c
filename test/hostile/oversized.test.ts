// Issue 29 item 3: no file size makes a skill unusable. A file above
// `[search] max_file_bytes` (default 10 MiB) is hashed in pieces for the
// build, never held in memory, and left out of the index with a warning
// naming it; a sparse file of more than 2 GiB (beyond what one Buffer can
// hold) included.
import { openSync, closeSync, ftruncateSync, utimesSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { writeTree } from "../helpers/tree.js"

const SKILL = (name: string) => `---\nname: ${name}\ndescription: Gears and levers. Use when building machines.\n---\n# Machines\n\n## Gears\n\nTurn the crank slowly.\n`

describe("issue 29 item 3: files above the indexing limit", () => {
  it("a store skill: built with a warning naming the file, searchable in the rest; the limit comes from the config", async () => {
    const sb = sandbox()
    const dir = join(sb.work, ".skillc", "skills", "machines")
    writeTree(dir, { "SKILL.md": SKILL("machines") })
    writeFileSync(join(dir, "huge.md"), "# Huge\n\n" + "flywheel momentum ".repeat(200_000))
    writeFileSync(join(sb.work, ".skillc", "config.toml"), "[search]\nmax_file_bytes = 1000000\n")
    const built = await sb.runAsync(["build", "machines"])
    expect(built.code, built.stderr).toBe(0)
    expect(built.stderr).toMatch(/^warning: 'machines\/huge\.md' is not indexed: \d+ bytes, above \[search\] max_file_bytes \(1000000\)/m)
    expect((await sb.runAsync(["search", "machines", "crank"])).stdout).toContain("Gears")
    const none = await sb.runAsync(["search", "machines", "flywheel", "--format", "json"])
    expect(JSON.parse(none.stdout).results).toEqual([])
    // The empty answer's text names the file it never searched, not only "no section holds these words".
    const said = await sb.runAsync(["search", "machines", "flywheel"])
    expect(said.stdout).toMatch(/^ {2}Not searched: huge\.md \(above \[search\] max_file_bytes, not indexed\); read it with: skc open machines huge\.md\n/m)
    // Across skills too (fifty-eighth pass: "No searched skill holds these words" was said of a word the file held).
    writeTree(join(sb.work, ".skillc", "skills", "levers"), { "SKILL.md": SKILL("levers") })
    expect((await sb.runAsync(["build", "levers"])).code).toBe(0)
    const across = await sb.runAsync(["search", "--all", "flywheel"])
    expect(across.stdout).toMatch(/^ {2}Not searched: machines\/huge\.md \(above \[search\] max_file_bytes, not indexed\); read it with: skc open machines huge\.md\n/m)
    // show --file on it: not "section not found" alone, but why, and what reads it.
    const shown = await sb.runAsync(["show", "machines", "--section", "Huge", "--file", "huge.md"])
    expect(shown.code).toBe(1)
    expect(shown.stderr).toMatch(/^error\[E020\]: section not found: 'Huge'\n  'huge\.md' is not indexed: \d+ bytes, above \[search\] max_file_bytes \(1000000\), so show does not see its sections \(or raise max_file_bytes and rebuild\); read it with: skc open machines huge\.md$/m)
    // Without --file: the section may be in the file the index left out, which E020 names (outline lists its heading).
    const guessed = await sb.runAsync(["show", "machines", "--section", "Huge"])
    expect(guessed.code).toBe(1)
    expect(guessed.stderr).toMatch(/^error\[E020\]: section not found: 'Huge'\n  it may be in 'huge\.md', which is not indexed: \d+ bytes, above \[search\] max_file_bytes \(1000000\), so show does not see its sections \(or raise max_file_bytes and rebuild\); read it with: skc open machines huge\.md$/m)
    // Unchanged: the next build is a no-op and says nothing.
    const again = await sb.runAsync(["build", "machines"])
    expect(again.code).toBe(0)
    expect(again.stderr).toBe("")
    // A limit above the file's size indexes it.
    writeFileSync(join(sb.work, ".skillc", "config.toml"), "[search]\nmax_file_bytes = 100000000\n")
    writeFileSync(join(dir, "huge.md"), "# Huge\n\n" + "flywheel momentum ".repeat(200_001))
    expect((await sb.runAsync(["build", "machines"])).code).toBe(0)
    expect(JSON.parse((await sb.runAsync(["search", "machines", "flywheel", "--format", "json"])).stdout).results.length).toBeGreaterThan(0)
  })

  it("a foreign skill with a sparse file of more than 2 GiB: searched on demand, the file skipped, nothing fails", async () => {
    const sb = sandbox()
    const dir = join(sb.work, ".claude", "skills", "machines")
    writeTree(dir, { "SKILL.md": SKILL("machines") })
    const fd = openSync(join(dir, "dump.txt"), "w")
    ftruncateSync(fd, 2 * 1024 * 1024 * 1024 + 4096)
    closeSync(fd)
    const r = await sb.runAsync(["search", "machines", "crank"])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toContain("Gears")
    expect(r.stderr).toMatch(/'machines\/dump\.txt' is not indexed: 2147487744 bytes/)
    // Its time changed, its bytes not (`touch`, a checkout): the next query's freshness check hashes it again, in
    // pieces. Read whole, it failed every query with E999 (ERR_OUT_OF_RANGE) until a rebuild (sixty-second pass).
    const later = new Date(Date.now() - 60_000)
    utimesSync(join(dir, "dump.txt"), later, later)
    const again = await sb.runAsync(["search", "machines", "crank"])
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toContain("Gears")
    expect(again.stderr).not.toContain("E999")
  }, 300_000)
})

// A hostile-input probe (sixty-third pass): a file whose heading is 2,000,000 characters made `skc_search` answer
// 8 MB past its 16 KB budget (the first result is always kept, and its section named whole, twice).
describe("a result whose heading is megabytes long", () => {
  it("is named by its start and end, so the answer stays near its budget", async () => {
    const sb = sandbox()
    const dir = join(sb.work, ".skillc", "skills", "longhead")
    writeTree(dir, { "SKILL.md": SKILL("longhead"), "longhead.md": `# ${"H".repeat(2_000_000)}\n\nbody text here\n` })
    expect((await sb.runAsync(["build", "longhead"])).code).toBe(0)
    const r = await sb.runAsync(["search", "longhead", "body", "--max-bytes", "16384", "--format", "json"])
    expect(r.code, r.stderr).toBe(0)
    const doc = JSON.parse(r.stdout) as { results: Array<{ section: string; file: string }> }
    expect(doc.results[0]!.file).toBe("longhead.md")
    expect(doc.results[0]!.section).toMatch(/^H{600}… \(1,999,200 characters left out\) …H{200}$/)
    expect(Buffer.byteLength(r.stdout)).toBeLessThan(16384)
    const text = await sb.runAsync(["search", "longhead", "body", "--max-bytes", "16384"])
    expect(Buffer.byteLength(text.stdout)).toBeLessThan(16384)
  })
})
