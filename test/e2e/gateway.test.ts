// outline, open, sources end to end (RFC-0002:C-OUTLINE, C-OPEN, C-SOURCES, C-ERRORS).
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

const sb = sandbox()
const skill = join(sb.work, ".skillc", "skills", "demo")
const put = (rel: string, data: string | Buffer) => {
  mkdirSync(join(skill, rel, ".."), { recursive: true })
  writeFileSync(join(skill, rel), data)
}
const BIN_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x0a, 0xff, 0xfe, 0x0a, 0x01])

beforeAll(() => {
  put("SKILL.md", "---\nname: demo\ndescription: d\n---\n# Demo\n\n## Start\n\n```\n# fenced, not a heading\n```\n\n### Detail\n")
  put("references/b.md", "# Bee\n## Bee two\n")
  put("references/A.md", "# Upper A\n")
  put("space dir/ünï code.md", "# Ünï\n")
  put("notes.txt", "one\ntwo\nthree")
  put("assets/logo.png", BIN_BYTES)
  put(".git/HEAD", "ref\n")
  writeFileSync(join(sb.root, "outside.txt"), "secret")
  symlinkSync(join(sb.root, "outside.txt"), join(skill, "references", "leak.txt"))
  symlinkSync(sb.root, join(skill, "escape-dir"))
  symlinkSync("b.md", join(skill, "references", "alias.md"))
})

describe("RFC-0002:C-OUTLINE", () => {
  it("RFC-0002:C-OUTLINE every .md file in bytewise order, headings in file order, never fenced code", () => {
    const r = sb.run(["outline", "demo"])
    expect(r.code).toBe(0)
    expect(r.stdout).toBe(
      [
        "SKILL.md",
        "  # Demo",
        "  ## Start",
        "  ### Detail",
        "references/A.md",
        "  # Upper A",
        "references/alias.md",
        "  # Bee",
        "  ## Bee two",
        "references/b.md",
        "  # Bee",
        "  ## Bee two",
        "space dir/ünï code.md",
        "  # Ünï",
        ""
      ].join("\n")
    )
  })

  it("RFC-0002:C-OUTLINE --level and the JSON shape of DECISIONS #10", () => {
    const r = sb.run(["outline", "demo", "--level", "1", "--format", "json"])
    const doc = JSON.parse(r.stdout)
    expect(doc.skill).toBe("demo")
    expect(doc.headings[0]).toEqual({ file: "SKILL.md", level: 1, text: "Demo", line: 5 })
    expect(doc.headings.every((h: { level: number }) => h.level === 1)).toBe(true)
    expect(sb.run(["outline", "demo", "--level", "7"]).stderr).toMatch(/^error\[E100\]/)
  })
})

describe("RFC-0002:C-OPEN", () => {
  it("RFC-0002:C-OPEN returns bytes exactly, binary included, names with spaces and unicode", () => {
    expect(sb.run(["open", "demo", "notes.txt"]).stdout).toBe("one\ntwo\nthree")
    expect(sb.run(["open", "demo", "space dir/ünï code.md"]).stdout).toBe("# Ünï\n")
    const json = JSON.parse(sb.run(["open", "demo", "assets/logo.png", "--format", "json"]).stdout)
    expect(json).toEqual({ skill: "demo", path: "assets/logo.png", content: BIN_BYTES.toString("base64"), truncated: false, encoding: "base64" })
    expect(JSON.parse(sb.run(["open", "demo", "./references/../notes.txt", "--format", "json"]).stdout)).toEqual({
      skill: "demo",
      path: "notes.txt",
      content: "one\ntwo\nthree",
      truncated: false
    })
  })

  it("RFC-0002:C-OPEN --max-lines appends '... (N more lines)'", () => {
    expect(sb.run(["open", "demo", "notes.txt", "--max-lines", "1"]).stdout).toBe("one\n... (2 more lines)\n")
    expect(sb.run(["open", "demo", "notes.txt", "--max-lines", "3"]).stdout).toBe("one\ntwo\nthree")
    const j = JSON.parse(sb.run(["open", "demo", "notes.txt", "--max-lines", "2", "--format", "json"]).stdout)
    expect(j).toMatchObject({ truncated: true, content: "one\ntwo\n... (1 more lines)\n" })
  })

  it("RFC-0002:C-ERRORS E012 for .., absolute paths and symlinks leading out; E021; directories refused", () => {
    for (const p of ["../../../outside.txt", join(sb.root, "outside.txt"), "references/leak.txt", "escape-dir/outside.txt", "references/../../x"]) {
      const r = sb.run(["open", "demo", p])
      expect([p, r.code, r.stdout, r.stderr]).toEqual([p, 1, "", `error[E012]: path escapes skill root: '${p}'\n`])
    }
    expect(sb.run(["open", "demo", "nope.md"]).stderr).toBe("error[E021]: file not found: 'nope.md'\n")
    const dir = sb.run(["open", "demo", "references"])
    expect(dir.code).toBe(1)
    expect(dir.stderr).toMatch(/^error: 'references' is a directory/)
    expect(sb.run(["open", "ghost", "x"]).stderr).toBe("error[E001]: skill 'ghost' not found\n")
    expect(sb.run(["open", "demo", "references/alias.md"]).stdout).toBe("# Bee\n## Bee two\n")
  })
})

describe("RFC-0002:C-SOURCES", () => {
  it("RFC-0002:C-SOURCES tree of the source directory, escaping links and .git left out", () => {
    const r = sb.run(["sources", "demo"])
    expect(r.stdout).toBe(
      [
        "demo/",
        "├── assets/",
        "│   └── logo.png",
        "├── references/",
        "│   ├── A.md",
        "│   ├── alias.md",
        "│   └── b.md",
        "├── space dir/",
        "│   └── ünï code.md",
        "├── SKILL.md",
        "└── notes.txt",
        ""
      ].join("\n")
    )
  })

  it("RFC-0002:C-SOURCES --depth, --dir, --limit, --pattern and JSON (DECISIONS #11, #24, #25)", () => {
    expect(sb.run(["sources", "demo", "--depth", "1"]).stdout).toContain("├── references/ (3 files)\n")
    expect(sb.run(["sources", "demo", "--dir", "references", "--limit", "2"]).stdout).toBe(
      "references/\n├── A.md\n├── alias.md\n└── ... (1 more)\n"
    )
    const json = JSON.parse(sb.run(["sources", "demo", "--pattern", "*.md", "--format", "json"]).stdout)
    expect(json).toEqual([
      { path: "references", type: "dir" },
      { path: "references/A.md", type: "file" },
      { path: "references/alias.md", type: "file" },
      { path: "references/b.md", type: "file" },
      { path: "space dir", type: "dir" },
      { path: "space dir/ünï code.md", type: "file" },
      { path: "SKILL.md", type: "file" }
    ])
  })

  it("RFC-0002:C-ERRORS --dir outside is E012, missing is E022", () => {
    expect(sb.run(["sources", "demo", "--dir", ".."]).stderr).toBe("error[E012]: path escapes skill root: '..'\n")
    expect(sb.run(["sources", "demo", "--dir", "escape-dir"]).stderr).toBe("error[E012]: path escapes skill root: 'escape-dir'\n")
    expect(sb.run(["sources", "demo", "--dir", "nope"]).stderr).toBe("error[E022]: directory not found: 'nope'\n")
    expect(sb.run(["sources", "demo", "--dir", "notes.txt"]).stderr).toBe("error[E022]: directory not found: 'notes.txt'\n")
  })
})
