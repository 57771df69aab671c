// Issue 25 item 3: dead ends name the way out, in the CLI and in MCP alike.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectMcp, textOf, type McpSession } from "../helpers/mcpClient.js"

const PDF = "---\nname: pdf\ndescription: PDF work. Use when handling PDF files.\n---\n# PDF\n\n## Rolling back\n\nUndo.\n\n## Add Watermark\n\nStamp.\n\nFor forms read FORMS.md.\n"

describe("did you mean …? (issue 25 item 3)", () => {
  const sb = sandbox()
  beforeAll(() => {
    const dir = join(sb.work, ".skillc", "skills", "pdf")
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "SKILL.md"), PDF)
    writeFileSync(join(dir, "forms.md"), "# Forms\n\nFill them.\n")
    expect(sb.run(["build", "pdf"]).code).toBe(0)
  })

  it("a skill name one typo away, and the hint to list skills when nothing is close (E001)", async () => {
    expect(await sb.runAsync(["show", "pdff", "--section", "Usage"])).toMatchObject({ code: 1, stdout: "", stderr: "error[E001]: skill 'pdff' not found\n  did you mean 'pdf'?\n" })
    expect((await sb.runAsync(["outline", "zebra"])).stderr).toBe("error[E001]: skill 'zebra' not found\n  run 'skc list' to see the skills that resolve here\n")
  })

  it("a file in another case (E021): FORMS.md → forms.md", async () => {
    expect(await sb.runAsync(["open", "pdf", "FORMS.md"])).toMatchObject({
      code: 1,
      stderr: "error[E021]: file not found: 'FORMS.md'\n  did you mean 'forms.md'?\n"
    })
  })

  it("show --file and outline --file name the file too, a Markdown one; a name cut short finds its file", async () => {
    for (const command of [["show", "pdf", "--section", "Forms", "--file", "FORMS.md"], ["outline", "pdf", "--file", "FORMS.md"], ["outline", "pdf", "--file", "forms"]]) {
      const asked = command.at(-1)!
      expect(await sb.runAsync(command), command.join(" ")).toMatchObject({
        code: 1,
        stderr: `error[E021]: file not found: '${asked}'\n  did you mean 'forms.md'?\n`
      })
    }
  })

  it("sections: 'rollback' → 'Rolling back', 'Watermarks' → 'Add Watermark' (E020)", async () => {
    expect((await sb.runAsync(["show", "pdf", "--section", "rollback"])).stderr).toContain("  - Rolling back (SKILL.md)")
    expect((await sb.runAsync(["show", "pdf", "--section", "Watermarks"])).stderr).toContain("  - Add Watermark (SKILL.md)")
  })

  it("--group-by section names the value meant and every valid one (E030)", async () => {
    const r = await sb.runAsync(["stats", "pdf", "--group-by", "section"])
    expect(r.code).toBe(1)
    expect(r.stderr).toBe(
      "error[E030]: invalid query type: 'section'\n  did you mean 'sections'?\n  valid values: summary, sections, files, commands, projects, errors, search, unanswered, users, clients, funnel\n"
    )
  })

  it("commands and flags one typo away; search --all without a query names the query (E100)", async () => {
    const serach = await sb.runAsync(["serach", "pdf", "x"])
    expect(serach.code).toBe(1)
    expect(serach.stderr).toMatch(/^error\[E100\]: invalid option: Invalid subcommand for skc[^\n]*\n  did you mean 'search'\?\n$/)
    expect((await sb.runAsync(["search", "pdf", "x", "--limt", "3"])).stderr).toMatch(/\n  did you mean '--limit'\?\n$/)
    expect((await sb.runAsync(["stats", "pdf", "--grop-by", "files"])).stderr).toMatch(/\n  did you mean '--group-by'\?\n$/)
    expect(await sb.runAsync(["search", "--all"])).toMatchObject({ code: 1, stderr: "error[E100]: invalid option: 'Missing argument <query>'\n" })
  })

  describe("over MCP: the same lines", () => {
    let mcp: McpSession
    beforeAll(async () => {
      mcp = await connectMcp({ cwd: sb.work, home: sb.home })
    })
    afterAll(async () => {
      await mcp?.close()
    })
    it("skc_show of a misspelt skill and skc_open of a file in another case", async () => {
      const show = await mcp.call("skc_show", { skill: "pdff", section: "x" })
      expect(show.isError).toBe(true)
      expect(textOf(show)).toContain("did you mean 'pdf'?")
      const open = await mcp.call("skc_open", { skill: "pdf", path: "FORMS.md" })
      expect(open.isError).toBe(true)
      expect(textOf(open)).toContain("did you mean 'forms.md'?")
    })
  })
})
