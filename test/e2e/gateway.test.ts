// outline, open and sources as processes: the text output, bytes on stdout
// and exit statuses (RFC-0002:C-OUTLINE, C-OPEN, C-SOURCES, C-ERRORS). The
// behaviour is tested in process in test/app/gateway.test.ts.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

const sb = sandbox()
const skill = join(sb.work, ".skillc", "skills", "demo")
const put = (rel: string, data: string | Buffer) => {
  mkdirSync(join(skill, rel, ".."), { recursive: true })
  writeFileSync(join(skill, rel), data)
}
put("SKILL.md", "---\nname: demo\ndescription: d\n---\n# Demo\n\n## Start\n\n```\n# fenced, not a heading\n```\n\n### Detail\n")
put("references/b.md", "# Bee\n## Bee two\n")
put("notes.txt", "one\ntwo\nthree")

describe("skc outline, open, sources (smoke)", () => {
  it("RFC-0002:C-OUTLINE text and JSON; E100 for a bad --level", async () => {
    expect(await sb.runAsync(["outline", "demo"])).toEqual({
      code: 0,
      stderr: "",
      stdout: ["SKILL.md", "  # Demo", "  ## Start", "  ### Detail", "references/b.md", "  # Bee", "  ## Bee two", ""].join("\n")
    })
    const doc = JSON.parse((await sb.runAsync(["outline", "demo", "--level", "1", "--format", "json"])).stdout)
    expect(doc.headings).toEqual([
      { file: "SKILL.md", level: 1, text: "Demo", line: 5 },
      { file: "references/b.md", level: 1, text: "Bee", line: 1 }
    ])
    expect((await sb.runAsync(["outline", "demo", "--level", "7"])).stderr).toMatch(/^error\[E100\]/)
  })

  it("RFC-0002:C-OPEN the bytes exactly on stdout; --max-lines; E012 and E021 on stderr", async () => {
    expect(await sb.runAsync(["open", "demo", "notes.txt"])).toEqual({ code: 0, stdout: "one\ntwo\nthree", stderr: "" })
    expect((await sb.runAsync(["open", "demo", "notes.txt", "--max-lines", "1"])).stdout).toBe("one\n... (2 more lines)\n")
    expect(JSON.parse((await sb.runAsync(["open", "demo", "notes.txt", "--format", "json"])).stdout)).toEqual({
      skill: "demo",
      path: "notes.txt",
      content: "one\ntwo\nthree",
      truncated: false
    })
    expect(await sb.runAsync(["open", "demo", "../../x"])).toEqual({ code: 1, stdout: "", stderr: "error[E012]: path escapes skill root: '../../x'\n" })
    expect(await sb.runAsync(["open", "demo", "nope.md"])).toEqual({ code: 1, stdout: "", stderr: expect.stringMatching(/^error\[E021\]:\ file\ not\ found:\ 'nope\.md'(\n  .*)*\n/) })
  })

  it("RFC-0002:C-SOURCES the tree on stdout; JSON; E022 on stderr", async () => {
    expect(await sb.runAsync(["sources", "demo"])).toEqual({
      code: 0,
      stderr: "",
      stdout: ["demo/", "├── references/", "│   └── b.md", "├── SKILL.md", "└── notes.txt", ""].join("\n")
    })
    expect(JSON.parse((await sb.runAsync(["sources", "demo", "--pattern", "*.txt", "--format", "json"])).stdout)).toEqual([
      { path: "notes.txt", type: "file" }
    ])
    expect(await sb.runAsync(["sources", "demo", "--dir", "nope"])).toEqual({
      code: 1,
      stdout: "",
      stderr: "error[E022]: directory not found: 'nope'\n  the skill's files and directories: skc sources demo\n"
    })
  })
})
