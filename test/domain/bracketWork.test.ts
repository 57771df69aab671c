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
