/**
 * Issue 29 item 5: the bound on micromark's bracket work
 * (src/domain/markdown/bracketWork.ts) and what it leaves unchanged, plus
 * the two in-process message helpers of the same item (YAML syntax errors,
 * NUL bytes) and the read-failure mapping.
 */
import { describe, expect, it } from "vitest"
import { FsError } from "../../src/ports/FileSystem.js"
import { readFailure } from "../../src/app/shared/readFailure.js"
import { parseMarkdownAst } from "../../src/domain/markdown/ast.js"
import { bracketWorkOver } from "../../src/domain/markdown/bracketWork.js"
import { frontmatterProblemText, parseFrontmatter } from "../../src/domain/markdown/frontmatter.js"
import { nulLine, nulMessage } from "../../src/domain/markdown/nul.js"
import { scanCodeBlocks } from "../../src/domain/markdown/scan.js"
import { configureRules, runRules } from "../../src/domain/lint/runner.js"
import { RULES } from "../../src/domain/lint/registry.js"
import { makeSnapshot } from "../../src/domain/lint/snapshot.js"

const skill = (body: string) => `---\nname: demo\ndescription: Demo. Use when testing.\n---\n# Demo\n\n${body}`
const over = (source: string) => bracketWorkOver(source, () => scanCodeBlocks(source).codeBlocks)

describe("bracketWorkOver", () => {
  it("is false for ordinary documents, links and many small paragraphs included", () => {
    const links = Array.from({ length: 400 }, (_, i) => `See [page ${i}](ref/p${i}.md) and [x][d${i}].\n\n[d${i}]: ref/d${i}.md\n`).join("\n")
    expect(over(skill(links))).toBe(false)
    const table = Array.from({ length: 300 }, (_, i) => `| [a${i}](b${i}.md) | text |`).join("\n")
    expect(over(skill(table))).toBe(false)
  })

  it("is true for nested pairs, many references in one paragraph and many definitions", () => {
    expect(over(skill("[".repeat(20_000) + "]".repeat(20_000)))).toBe(true)
    expect(over(skill("[a] ".repeat(20_000)))).toBe(true)
    expect(over(skill(Array.from({ length: 10_000 }, (_, i) => `> [d${i}]: x\n`).join("")))).toBe(true)
  })

  it("a list item or a heading ends the paragraph before it: a long tight list of `[x]` items is many paragraphs", () => {
    // An editor probe's file: 800 items with a task box each, no blank line; counted as one paragraph it
    // passed the bound and lint dropped every link of the file.
    const items = Array.from({ length: 800 }, (_, i) => `- step ${i}: see *note* [x] here`).join("\n")
    expect(over(skill(`See [guide](missing.md).\n${items}\n`))).toBe(false)
    expect(over(skill(Array.from({ length: 800 }, (_, i) => `1. step ${i}: see [x] here\n   [y] more`).join("\n")))).toBe(false)
    const headings = Array.from({ length: 800 }, (_, i) => `## Step [${i}] of the [run] with [x]\ntext [y] and [z] of step ${i}`).join("\n")
    expect(over(skill(headings))).toBe(false)
  })

  it("lines that cannot interrupt a paragraph still join it: the bound holds", () => {
    // Four spaces in, an empty item, an ordered item not starting at 1: paragraph continuation in CommonMark.
    for (const line of ["    - [a] [b]", "-   \n[a] [b]", "2. [a] [b]", "#hashtag [a] [b]"]) {
      expect(over(skill(`Text [a]\n${Array.from({ length: 3_000 }, () => line).join("\n")}\n`)), line).toBe(true)
    }
  })

  it("does not count brackets inside code blocks the scanner vouches for", () => {
    const code = "```json\n" + "[1, 2],\n".repeat(30_000) + "```\n"
    expect(over(skill(code))).toBe(false)
    // Without the scanner's vouch every line counts: only an over-estimate.
    expect(bracketWorkOver(skill(code), () => undefined)).toBe(true)
  })
})

describe("parseMarkdownAst under the bound", () => {
  it("reports links as before for an ordinary document", () => {
    const ast = parseMarkdownAst(skill("Read [the guide](guide.md), then ![logo](img.png).\n\n[ref]: other.md\n\nSee [ref].\n"))
    expect(ast.links.map((l) => `${l.kind} ${l.target}`).sort()).toEqual(["definition other.md", "inline guide.md", "reference other.md"])
    expect(ast.images.map((i) => i.target)).toEqual(["img.png"])
  })

  it("reads a document over the bound with the linear scanner: headings and code blocks kept, no links", () => {
    const ast = parseMarkdownAst(skill("[".repeat(20_000) + "]".repeat(20_000) + "\n\n## After\n\n```sh\necho [x]\n```\n"))
    expect(ast.headings.map((h) => h.text)).toEqual(["Demo", "After"])
    expect(ast.codeBlocks).toHaveLength(1)
    expect(ast.links).toEqual([])
  })

  it("over the bound, the links, images and comment lines written in their simple forms are still read", () => {
    // A probe's reference file: an API table of 700 rows, each a link to an anchor beside `int[n]` text —
    // one CommonMark paragraph past the bound. Its links were all dropped and lint passed a broken one.
    const rows = Array.from({ length: 700 }, (_, i) => `| [fn${i}](#fn${i}) | returns int[${i}] value for the widget number ${i} |`).join("\n")
    const body = [
      "See [setup](setup.md) first, ![logo](img/logo.png), \\[not](a.md) and `[code](c.md)`.",
      "<!-- skilllint-disable SKL302 -->",
      "",
      "| F | D |",
      "|---|---|",
      rows,
      "",
      "```md",
      "[in code](x.md)",
      "```",
      ""
    ].join("\n")
    const source = skill(body)
    expect(over(source)).toBe(true)
    const ast = parseMarkdownAst(source)
    expect(ast.links.slice(0, 2).map((l) => `${l.line}:${l.column}-${l.endColumn} ${l.target} ${l.text}`)).toEqual(["7:5-22 setup.md setup", "12:3-14 #fn0 fn0"])
    expect(ast.links).toHaveLength(701)
    expect(ast.links.some((l) => l.target === "a.md" || l.target === "c.md" || l.target === "x.md")).toBe(false)
    expect(ast.images.map((i) => `${i.target} ${i.text}`)).toEqual(["img/logo.png logo"])
    expect(ast.htmlComments).toEqual([{ line: 8, text: "skilllint-disable SKL302" }])
    expect(ast.codeBlocks).toHaveLength(1)
  })

  it("lint reports a broken link of a file over the bound (SKL301)", () => {
    const rows = Array.from({ length: 700 }, (_, i) => `| [fn${i}](#top) | returns int[${i}] value for the widget number ${i} |`).join("\n")
    const reference = `# API\n\n<a id="top"></a>See [setup](setup.md) first.\n\n| F | D |\n|---|---|\n${rows}\n`
    const source = skill("Read [the API](references/api.md).\n")
    const snapshot = makeSnapshot({
      dirName: "demo",
      entries: [
        { path: "SKILL.md", type: "file" },
        { path: "references", type: "directory" },
        { path: "references/api.md", type: "file" }
      ],
      markdownFiles: [
        { path: "SKILL.md", source },
        { path: "references/api.md", source: reference }
      ]
    })
    const findings = runRules(snapshot, configureRules(RULES, {}).rules) as unknown as ReadonlyArray<{ rule?: string; message?: string }>
    const broken = findings.filter((f) => f.rule === "SKL301")
    expect(broken.map((f) => f.message)).toEqual([expect.stringContaining("setup.md")])
  })
})

describe("issue 29 item 5 messages", () => {
  it("a YAML syntax error is named as such with line and column", () => {
    const fm = parseFrontmatter(`---\nname: y\ndescription: "unterminated\n---\n`)
    expect(fm._tag).toBe("Invalid")
    if (fm._tag !== "Invalid") return
    expect(frontmatterProblemText(fm)).toMatch(/^YAML syntax error: Missing closing "quote \(line 3, column \d+\)$/)
    expect(frontmatterProblemText({ message: "frontmatter must be a YAML mapping of keys to values", line: 2 })).toBe(
      "frontmatter must be a YAML mapping of keys to values (line 2)"
    )
  })

  it("the line of a NUL byte", () => {
    expect(nulLine("a\nb\r\nc\rd\0")).toBe(4)
    expect(nulLine("no nul")).toBeUndefined()
    expect(nulMessage(4)).toBe("SKILL.md holds a NUL byte (line 4): it is a binary file, not text")
  })

  it("lint refuses a SKILL.md with a NUL byte under SKL100 with the sentence build uses", () => {
    const source = skill("Te\0xt.\n")
    const snapshot = makeSnapshot({ dirName: "demo", entries: [{ path: "SKILL.md", type: "file" }], markdownFiles: [{ path: "SKILL.md", source }] })
    const findings = runRules(snapshot, configureRules(RULES, {}).rules) as unknown as ReadonlyArray<{ rule?: string; message?: string }>
    expect(JSON.stringify(findings)).toContain(nulMessage(7))
  })

  it("a read denied is a clear error naming the file; other failures stay internal", () => {
    const denied = readFailure(new FsError({ op: "read", path: "/s/notes.md", code: "EACCES", message: "x" }))
    expect(denied._tag).toBe("UsageError")
    expect(denied.text).toBe("cannot read file '/s/notes.md': permission denied")
    expect(readFailure(new FsError({ op: "readdir", path: "/s/d", code: "EACCES", message: "x" })).text).toBe("cannot read directory '/s/d': permission denied")
    expect(readFailure(new FsError({ op: "read", path: "/s/x", code: "EIO", message: "x" }))._tag).toBe("InternalError")
    expect(readFailure(new FsError({ op: "write", path: "/s/x", code: "EACCES", message: "x" }))._tag).toBe("InternalError")
  })
})
