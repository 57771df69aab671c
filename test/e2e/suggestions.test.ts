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
    mkdirSync(join(dir, "reference"))
    writeFileSync(join(dir, "reference", "fields.md"), "# Fields\n\nNames.\n")
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

  it("a file no name is close to names the command listing the skill's files; a search result's file#section pasted as a path, its show (E021)", async () => {
    expect(await sb.runAsync(["open", "pdf", "scripts/check_fillable_fields.py"])).toMatchObject({
      code: 1,
      stderr: "error[E021]: file not found: 'scripts/check_fillable_fields.py'\n  the skill's files: skc sources pdf\n"
    })
    expect(await sb.runAsync(["open", "pdf", "SKILL.md#Rolling back"])).toMatchObject({
      code: 1,
      stderr: "error[E021]: file not found: 'SKILL.md#Rolling back'\n  'SKILL.md#…' names a section: skc show pdf --section 'Rolling back' --file SKILL.md\n"
    })
    expect(await sb.runAsync(["show", "pdf", "--section", "Rolling back", "--file", "SKILL.md"])).toMatchObject({ code: 0, stdout: "## Rolling back\n\nUndo.\n\n" })
    expect((await sb.runAsync(["sources", "pdf"])).code).toBe(0)
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

  it("show --file and outline --file of a directory name it and the command listing its files (E021), which works as printed", async () => {
    for (const command of [["outline", "pdf", "--file", "reference"], ["outline", "pdf", "--file", "./reference/"], ["show", "pdf", "--section", "Fields", "--file", "reference"]]) {
      expect(await sb.runAsync(command), command.join(" ")).toMatchObject({
        code: 1,
        stderr: `error[E021]: file not found: '${command.at(-1)}'\n  'reference' is a directory of the skill: list its files with: skc sources pdf --dir reference\n`
      })
    }
    expect(await sb.runAsync(["sources", "pdf", "--dir", "reference"])).toMatchObject({ code: 0, stdout: expect.stringContaining("fields.md") })
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
    // A missing argument gives the command's usage line, as its help prints it.
    expect(await sb.runAsync(["show"])).toMatchObject({
      code: 1,
      stderr: "error[E100]: invalid option: 'Missing argument <skill>'\n  usage: skc show <skill> [options] (skc show --help)\n"
    })
  })

  it("an option of skc itself one typo away: the option meant, not the list of commands alone (E100)", async () => {
    const completion = await sb.runAsync(["--completion", "bash"])
    expect(completion).toMatchObject({ code: 1, stdout: "" })
    expect(completion.stderr).toMatch(/^error\[E100\]: invalid option: Invalid subcommand for skc[^\n]*\n  did you mean '--completions'\?\n$/)
    expect((await sb.runAsync(["--versoin"])).stderr).toMatch(/\n  did you mean '--version'\?\n$/)
    expect((await sb.runAsync(["--completion=zsh"])).stderr).toMatch(/\n  did you mean '--completions'\?\n$/)
    // Nothing close: the list of commands, as before.
    expect((await sb.runAsync(["--bogus"])).stderr).toMatch(/^error\[E100\]: invalid option: Invalid subcommand for skc[^\n]*\n$/)
  })

  it("an option given after -- (where every word is the query's) names the command with it before --, to paste (E100; a probe got \"unknown argument: '3'\" alone)", async () => {
    expect(await sb.runAsync(["search", "--all", "--", "-corpus", "--limit", "3"])).toMatchObject({
      code: 1,
      stderr: "error[E100]: invalid option: Received unknown argument: '3'\n  options go before --: skc search --all --limit 3 -- -corpus\n"
    })
    expect((await sb.runAsync(["search", "pdf", "--", "--abort", "--limit=3"])).stderr).toMatch(/\n {2}options go before --: skc search pdf --limit=3 -- --abort\n$/)
    expect(await sb.runAsync(["search", "pdf", "--limit", "3", "--", "--abort"])).toMatchObject({ code: 0 })
    // Only options after --: the command without it; a valid option is never "did you mean" another (a hostile probe).
    const shown = await sb.runAsync(["show", "pdf", "--", "--max-lines", "5"])
    expect(shown.stderr).toBe("error[E100]: invalid option: Received unknown argument: '--max-lines'\n  options go before --: skc show pdf --max-lines 5\n")
    expect((await sb.runAsync(["outline", "pdf", "--", "--max-bytes", "2000"])).stderr).toMatch(/\n {2}options go before --: skc outline pdf --max-bytes 2000\n$/)
  })

  it("skc init -lead: the parser names '-l'; the hint says why the word is no skill name (an author's probe)", async () => {
    expect(await sb.runAsync(["init", "-lead"])).toMatchObject({
      code: 1,
      stderr: "error[E100]: invalid option: Received unknown argument: '-l'\n  '-lead' is no skill name: a name starts with a letter or digit (lowercase letters, digits and hyphens, SKL102)\n"
    })
  })

  it("a dash-word query given before -- names the command that asks it, to paste (E100)", async () => {
    expect(await sb.runAsync(["search", "pdf", "--abort"])).toMatchObject({
      code: 1,
      stderr: "error[E100]: invalid option: Received unknown argument: '--abort'\n  a query that starts with '-' goes after --: skc search pdf -- --abort\n"
    })
    expect((await sb.runAsync(["search", "--all", "--abort", "--limit", "3"])).stderr).toMatch(/\n {2}a query that starts with '-' goes after --: skc search --all --limit 3 -- --abort\n$/)
    // The pasted command answers.
    expect(await sb.runAsync(["search", "pdf", "--", "--abort"])).toMatchObject({ code: 0 })
    // A query already given: the flag is a mistake, not the query; no hint is made up.
    expect((await sb.runAsync(["search", "pdf", "undo", "--abort"])).stderr).toBe("error[E100]: invalid option: Received unknown argument: '--abort'\n")
    // A single-dash word, which the parser reads as short options and names by its first (sixty-first pass:
    // "-pdf" was refused as '-p', with no hint), and one with a space, which it names '- '.
    expect((await sb.runAsync(["search", "pdf", "-pdf"])).stderr).toBe(
      "error[E100]: invalid option: Received unknown argument: '-p'\n  a query that starts with '-' goes after --: skc search pdf -- -pdf\n"
    )
    expect((await sb.runAsync(["search", "pdf", "-v flag"])).stderr).toMatch(/\n {2}a query that starts with '-' goes after --: skc search pdf -- '-v flag'\n$/)
    // Two such words: which one was meant is not known; no hint is made up.
    expect((await sb.runAsync(["search", "pdf", "-pdf", "-x"])).stderr).toBe("error[E100]: invalid option: Received unknown argument: '-p'\n")
    // A pasted command line as one word, whose first flag the parser names with its value (sixty-fifth pass: no hint).
    expect((await sb.runAsync(["search", "pdf", "--password=secret --decrypt in.pdf"])).stderr).toBe(
      "error[E100]: invalid option: Received unknown argument: '--password'\n  a query that starts with '-' goes after --: skc search pdf -- '--password=secret --decrypt in.pdf'\n"
    )
  })

  it("the words of one query, request or heading given apart name the command as meant, to paste (E100)", async () => {
    const cases: Array<[ReadonlyArray<string>, string]> = [
      [["search", "pdf", "rolling", "back"], "error[E100]: invalid option: Received unknown argument: 'back'\n  quote the words of one query: skc search pdf 'rolling back'\n"],
      [["search", "--all", "fill", "pdf", "form", "--limit", "3"], "error[E100]: invalid option: Received unknown argument: 'form'\n  quote the words of one query: skc search --all 'fill pdf form' --limit 3\n"],
      [["search", "--all", "rolling", "back"], "error[E100]: invalid option: --all takes only the query; quote the words of one query: skc search --all 'rolling back'\n"],
      [["match", "fill", "a", "pdf", "form"], "error[E100]: invalid option: Received unknown argument: 'a'\n  quote the words of one request: skc match 'fill a pdf form'\n"],
      [["show", "pdf", "Rolling back"], "error[E100]: invalid option: Received unknown argument: 'Rolling back'\n  the heading goes after --section: skc show pdf --section 'Rolling back'\n"],
      [["show", "pdf", "Rolling", "back", "--max-lines", "2"], "error[E100]: invalid option: Received unknown argument: 'Rolling'\n  the heading goes after --section: skc show pdf --max-lines 2 --section 'Rolling back'\n"],
      // An agent's probe: the heading's later words, unquoted after --section, had no hint.
      [["show", "pdf", "--section", "Rolling", "back", "--max-lines", "2"], "error[E100]: invalid option: Received unknown argument: 'back'\n  quote a heading of several words: skc show pdf --section 'Rolling back' --max-lines 2\n"],
      // Sixty-sixth pass probe: `skc open pdf forms.md#Fillable fields` (unquoted) had no hint; quoted, it pointed to show.
      [["open", "pdf", "SKILL.md#Rolling", "back"], "error[E100]: invalid option: Received unknown argument: 'back'\n  a heading goes to show: skc show pdf --section 'Rolling back' --file SKILL.md\n"],
      [["open", "pdf", "my", "notes.md"], "error[E100]: invalid option: Received unknown argument: 'notes.md'\n  quote a path of several words: skc open pdf 'my notes.md'\n"],
      [["open", "pdf", "SKILL.md", "#Rolling back"], "error[E100]: invalid option: Received unknown argument: '#Rolling back'\n  a heading goes to show: skc show pdf --section 'Rolling back' --file SKILL.md\n"],
      // A question alone, with no skill (an agent's probe was told the query was missing).
      [["search", "fill a pdf form"], "error[E100]: invalid option: missing skill: skc search <skill> 'fill a pdf form', or every skill: skc search --all 'fill a pdf form'\n"],
      [["search", "pdf"], "error[E100]: invalid option: 'missing query: skc search pdf <query>, or every skill: skc search --all pdf'\n"]
    ]
    for (const [args, stderr] of cases) expect(await sb.runAsync(args), args.join(" ")).toMatchObject({ code: 1, stderr })
    // Each command, pasted, answers.
    for (const args of [["search", "pdf", "rolling back"], ["search", "--all", "rolling back"], ["match", "fill a pdf form"], ["show", "pdf", "--max-lines", "2", "--section", "Rolling back"]]) {
      expect((await sb.runAsync(args)).code, args.join(" ")).toBe(0)
    }
  })

  it("a search result's file#section (or an outline line) given as show's argument: the command named answers at once (E100)", async () => {
    // The hint used to be `--section 'forms.md#Forms'`, which is a second error (E020) before the answer.
    expect(await sb.runAsync(["show", "pdf", "forms.md#Forms"])).toMatchObject({
      code: 1,
      stderr: "error[E100]: invalid option: Received unknown argument: 'forms.md#Forms'\n  the heading goes after --section: skc show pdf --section Forms --file forms.md\n"
    })
    expect((await sb.runAsync(["show", "pdf", "## Rolling back", "--max-lines", "1"])).stderr).toBe(
      "error[E100]: invalid option: Received unknown argument: '## Rolling back'\n  the heading goes after --section: skc show pdf --max-lines 1 --section 'Rolling back'\n"
    )
    // With --file given, the words stay the heading as typed.
    expect((await sb.runAsync(["show", "pdf", "--file", "forms.md", "forms.md#Forms"])).stderr).toMatch(/--section 'forms\.md#Forms'\n$/)
    for (const args of [["show", "pdf", "--section", "Forms", "--file", "forms.md"], ["show", "pdf", "--max-lines", "1", "--section", "Rolling back"]]) {
      expect((await sb.runAsync(args)).code, args.join(" ")).toBe(0)
    }
  })

  it("show without --section (DECISIONS #32, E100) names the command listing the headings", async () => {
    expect(await sb.runAsync(["show", "pdf"])).toMatchObject({
      code: 1,
      stderr: "error[E100]: invalid option: 'missing required option --section'\n  the headings to choose from: skc outline pdf\n"
    })
    expect((await sb.runAsync(["outline", "pdf"])).code).toBe(0)
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
      const missing = await mcp.call("skc_open", { skill: "pdf", path: "nothing-like-it.py" })
      expect(missing.isError).toBe(true)
      expect(textOf(missing)).toContain(`the skill's files: skc_sources skill="pdf"`)
    })
  })
})
