/** Reference detection shared by SKL401, SKL402 and `skc load` (issue 13 item 3). */
import { describe, expect, it } from "vitest"
import { findMentions } from "../../src/domain/references/mentions.js"
import { matchPattern, parsePattern } from "../../src/domain/references/pattern.js"
import { indexSkillFiles, reachableFrom, referencesIn } from "../../src/domain/references/reach.js"

const dirsOf = (files: ReadonlyArray<string>) => {
  const dirs = new Set<string>()
  for (const f of files) {
    const parts = f.split("/")
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join("/"))
  }
  return dirs
}
const indexOf = (files: ReadonlyArray<string>) => indexSkillFiles(files, dirsOf(files))
const reached = (files: ReadonlyArray<string>, text: string, from = "SKILL.md") =>
  referencesIn(indexOf(files), from, text).files.map((f) => f.path)

describe("mentions: links, inline code, code blocks and prose", () => {
  it("finds paths wherever they are written", () => {
    const text = "See [api](references/api.md#x), `scripts/run.py`, and read forms.md.\n```\npython scripts/fill.py\n```\n"
    expect(findMentions(text).map((m) => [m.text, m.line])).toEqual([
      ["references/api.md", 1],
      ["scripts/run.py", 1],
      ["forms.md", 1],
      ["scripts/fill.py", 3]
    ])
  })
  it("counts lines ending in CRLF or a lone CR as LSP and the markdown rules do (SKL402 had put a lone-CR file's mentions on line 1)", () => {
    const lines = ["# cr", "", "Read FORMS.md now.", "Then scripts/run.py."]
    for (const end of ["\r", "\r\n", "\n"]) {
      expect(findMentions(lines.join(end)).map((m) => [m.text, m.line, m.column])).toEqual([
        ["FORMS.md", 3, 6],
        ["scripts/run.py", 4, 6]
      ])
    }
  })
  it("strips link brackets, emphasis, ./ and trailing punctuation; decodes percent escapes", () => {
    const words = findMentions("<references/a.md> **b/c.md**. ./d.md, [x](my%20file.md)").map((m) => m.text)
    expect(words).toEqual(["references/a.md", "b/c.md", "d.md", "my file.md"])
  })
  it("ignores URLs, absolute and home paths", () => {
    expect(findMentions("https://example.com/a.md /etc/passwd ~/.claude/x.md").map((m) => m.text)).toEqual([])
  })
  it("reads ${CLAUDE_SKILL_DIR}/… (Claude Code's name for the skill's directory) as a path from the root, its column the path's", () => {
    const [m] = findMentions("Run `${CLAUDE_SKILL_DIR}/scripts/a.py` now")
    expect(m).toEqual({ text: "scripts/a.py", line: 1, column: 26, directoryWord: false, rooted: true })
    expect(findMentions("{CLAUDE_SKILL_DIR}/scripts/a.py")[0]).toMatchObject({ text: "{CLAUDE_SKILL_DIR}/scripts/a.py" })
    expect(findMentions("cd ${CLAUDE_SKILL_DIR}/ now")).toEqual([])
  })
  it("reads @path (Claude Code's file reference, as CLAUDE.md imports write it) as the path, its column the path's", () => {
    expect(findMentions("Follow @references/style.md when writing.")).toEqual([{ text: "references/style.md", line: 1, column: 9, directoryWord: false }])
    expect(findMentions("See `@forms.md`.")[0]).toMatchObject({ text: "forms.md", column: 7 })
    // An address is no reference; `@@x/y` is not one either.
    expect(findMentions("Mail team@example.com or @@x/y.md").map((m) => m.text)).toEqual(["team@example.com", "@@x/y.md"])
  })
  it("marks a bare word named as a directory", () => {
    const [m] = findMentions("Read the theme file from the `themes` directory.")
    expect(m).toMatchObject({ text: "themes", directoryWord: true })
  })
})

describe("resolution", () => {
  const files = [
    "SKILL.md",
    "python/claude-api/batches.md",
    "typescript/claude-api/batches.md",
    "python/README.md",
    "shared/managed-agents-core.md",
    "shared/managed-agents-tools.md",
    "shared/other.md",
    "themes/ocean.md",
    "themes/forest.md",
    "forms.md",
    "references/nested/deep.md"
  ]
  it("a {…} or <…> segment matches any name there", () => {
    expect(reached(files, "Read `{lang}/claude-api/batches.md`.")).toEqual(["python/claude-api/batches.md", "typescript/claude-api/batches.md"])
    expect(reached(files, "See <language>/README.md")).toEqual(["python/README.md"])
  })
  it("a glob matches inside one segment, ** across segments", () => {
    expect(reached(files, "shared/managed-agents-*.md")).toEqual(["shared/managed-agents-core.md", "shared/managed-agents-tools.md"])
    expect(reached(files, "references/**/deep.md")).toEqual(["references/nested/deep.md"])
  })
  it("a directory mention reaches every file below", () => {
    expect(reached(files, "Read the theme file from the themes/ directory.")).toEqual(["themes/forest.md", "themes/ocean.md"])
    expect(reached(files, "Pick one from the themes folder")).toEqual(["themes/forest.md", "themes/ocean.md"])
  })
  it("a case-only match reaches the file and is reported with the real name", () => {
    const r = referencesIn(indexOf(files), "SKILL.md", "Fill in FORMS.md first.")
    expect(r.files.map((f) => f.path)).toEqual(["forms.md"])
    expect(r.caseMismatches.map((c) => [c.mention.text, c.real, c.mention.line, c.mention.column])).toEqual([["FORMS.md", "forms.md", 1, 9]])
  })
  it("a ${CLAUDE_SKILL_DIR}/ path resolves from the root only, wherever it is written", () => {
    const files = ["SKILL.md", "references/x.md", "references/scripts/a.py", "scripts/a.py", "scripts/b.py"]
    expect(reached(files, "`${CLAUDE_SKILL_DIR}/scripts/a.py`", "references/x.md")).toEqual(["scripts/a.py"])
    expect(reached(files, "`${CLAUDE_SKILL_DIR}/../scripts/b.py`", "references/x.md")).toEqual([])
  })
  it("resolves relative to the mentioning file and to the root; never outside", () => {
    expect(reached(files, "[deep](nested/deep.md)", "references/x.md")).toEqual(["references/nested/deep.md"])
    expect(reached(files, "../../forms.md", "references/x.md")).toEqual([])
    expect(reached(files, "../forms.md ../../../etc/x.md", "references/x.md")).toEqual(["forms.md"])
  })
  it("follows chains from SKILL.md", () => {
    const texts: Record<string, string> = { "SKILL.md": "see themes/", "themes/ocean.md": "and forms.md" }
    expect([...reachableFrom(indexOf(files), "SKILL.md", (p) => texts[p])].sort()).toEqual(["SKILL.md", "forms.md", "themes/forest.md", "themes/ocean.md"])
  })
})

describe("patterns", () => {
  it("matches like a shell glob with templates as one-or-more", () => {
    const p = (s: string) => parsePattern(s)!
    expect(matchPattern(p("a/*.md"), "a/x.md")).toBe(true)
    expect(matchPattern(p("a/*.md"), "a/b/x.md")).toBe(false)
    expect(matchPattern(p("{x}.md"), ".md")).toBe(false)
    expect(matchPattern(p("**/x.md"), "x.md")).toBe(true)
    expect(matchPattern(p("*a*a*a*a*b"), "a".repeat(200))).toBe(false)
    expect(parsePattern("plain/path.md")).toBeUndefined()
  })
})
