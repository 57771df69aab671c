// `skc show` and `skc open` print a whole section or file as asked (RFC-0002:C-SHOW, C-OPEN); one larger than an
// MCP page (40,960 bytes) gets a note on stderr with how to page it. A probe as an agent read a 144 KB section
// in one call, following a stub's `skc show`, and nothing said `--max-bytes` exists. stdout stays the section.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

describe("a section or file larger than one MCP page", () => {
  const s = sandbox()
  const dir = join(s.work, ".skillc", "skills", "big")
  const line = "A line of the guide that goes on for a while, as reference sections do.\n"
  const long = line.repeat(700) // 50,400 bytes
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), `---\nname: big\ndescription: Big guide. Use when testing.\n---\n# Big\n\n## Reference\n\n${long}\n## Short\n\nx\n`)
  writeFileSync(join(dir, "notes.txt"), long)
  expect(s.run(["build", "big"]).code).toBe(0)

  it("show prints it whole and says on stderr how to page it", () => {
    const r = s.run(["show", "big", "--section", "Reference"])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(long)
    // The section's content: its heading line, a blank line, the text (RFC-0002:C-SHOW prints it as stored).
    expect(r.stderr).toMatch(/^this section is 50,4\d\d bytes \(about 12,6\d\d tokens\)/m)
    expect(r.stderr).toContain("tokens): --max-bytes 40960 reads it in pages, --from-line the next one")
  })

  it("a short section, a page already cut and the JSON output say nothing of it", () => {
    expect(s.run(["show", "big", "--section", "Short"]).stderr).not.toContain("--max-bytes 40960")
    const paged = s.run(["show", "big", "--section", "Reference", "--max-bytes", "4096"])
    expect(paged.stderr).toContain("the section goes on: --from-line")
    expect(paged.stderr).not.toContain("reads it in pages")
    expect(s.run(["show", "big", "--section", "Reference", "--format", "json"]).stderr).toBe("")
  })

  it("open says it of a file", () => {
    const r = s.run(["open", "big", "notes.txt"])
    expect(r.stdout).toBe(long)
    expect(r.stderr).toContain("this file is 50,400 bytes (about 12,600 tokens): --max-bytes 40960 reads it in pages, --from-line the next one")
    expect(s.run(["open", "big", "notes.txt", "--max-bytes", "4096"]).stderr).not.toContain("reads it in pages")
  })

  it("a call that set its own limit, larger than the answer, chose its size: no note", () => {
    const shown = s.run(["show", "big", "--section", "Reference", "--max-bytes", "200000"])
    expect(shown.stdout).toContain(long)
    expect(shown.stderr).not.toContain("reads it in pages")
    expect(s.run(["show", "big", "--section", "Reference", "--max-lines", "5000"]).stderr).not.toContain("reads it in pages")
    const opened = s.run(["open", "big", "notes.txt", "--max-bytes", "200000"])
    expect(opened.stdout).toBe(long)
    expect(opened.stderr).not.toContain("reads it in pages")
  })
})
