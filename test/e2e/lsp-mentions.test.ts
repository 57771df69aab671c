/**
 * `skc lsp` go to definition on path mentions (src/lsp/features.ts
 * `definitions`): published skills point to their files in prose and inline
 * code ("read FORMS.md", `scripts/fill.py`) far more often than by Markdown
 * links, and agents follow those mentions (SKL401). The editor goes where
 * the agent would: the file, each file of a directory or glob, the real
 * file of a mention that matches only ignoring case. A real client over
 * stdio, as in lsp.test.ts.
 */
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { CodeAction, Location } from "vscode-languageserver-protocol"
import { sandbox } from "../helpers/cli.js"
import { startLsp, uriOf, type LspSession } from "../helpers/lspClient.js"
import { writeTree } from "../helpers/tree.js"

const sb = sandbox()
const DIR = join(sb.work, "skills", "pdf")
const SKILL_MD = join(DIR, "SKILL.md")
const URI = uriOf(SKILL_MD)
const LINES = [
  "---",
  "name: pdf",
  "description: PDF files. Use when asked for PDFs.",
  "---",
  "# PDF",
  "",
  "To fill a form, read FORMS.md and follow it.",
  "Run `scripts/fill.py` on the form, then [check](reference.md) the result.",
  "Pick a theme from the `themes` directory.",
  "Nothing here names a file.",
  "Read [the guide](reference.md) then run `scripts/fill.py` and read forms.md.",
  "Back to [the form](FORMS.md) when done.",
  "Run [the filler](${CLAUDE_SKILL_DIR}/scripts/fill.py) from anywhere.",
  ""
]

let lsp: LspSession

beforeAll(async () => {
  writeTree(DIR, {
    "SKILL.md": LINES.join("\n"),
    "forms.md": "# Forms\n",
    "reference.md": "# Reference\n",
    "scripts/fill.py": "print('fill')\n",
    "themes/dark.md": "# Dark\n",
    "themes/light.md": "# Light\n"
  })
  lsp = await startLsp(sb.home, sb.work)
  await lsp.open(URI, LINES.join("\n"))
  await lsp.diagnostics(URI)
}, 120_000)

afterAll(async () => {
  if (lsp !== undefined) expect(await lsp.close()).toBe(0)
})

/** The definition at the first occurrence of `word` on `line`, as root-relative paths. */
const definitionAt = async (line: number, word: string): Promise<ReadonlyArray<string>> => {
  const character = LINES[line]!.indexOf(word) + 1
  const got = (await lsp.connection.sendRequest("textDocument/definition", { textDocument: { uri: URI }, position: { line, character } })) as Location | Array<Location> | null
  const list = got === null ? [] : Array.isArray(got) ? got : [got]
  return list.map((l) => l.uri.slice(uriOf(DIR).length + 1))
}

describe("skc lsp: go to definition follows path mentions as an agent does", () => {
  it("a mention in prose that matches a file only ignoring case goes to the real file", async () => {
    expect(await definitionAt(6, "FORMS.md")).toEqual(["forms.md"])
  })

  it("a mention in inline code goes to its file; a link on the same line still goes to its own target", async () => {
    expect(await definitionAt(7, "scripts/fill.py")).toEqual(["scripts/fill.py"])
    expect(await definitionAt(7, "reference.md")).toEqual(["reference.md"])
  })

  it("a mention after a link on the same line goes to its own file, not to the link's (the link ends at its ')')", async () => {
    expect(await definitionAt(10, "the guide")).toEqual(["reference.md"])
    expect(await definitionAt(10, "scripts/fill.py")).toEqual(["scripts/fill.py"])
    expect(await definitionAt(10, "forms.md")).toEqual(["forms.md"])
    expect(await definitionAt(10, "then")).toEqual([])
  })

  it("a link written from ${CLAUDE_SKILL_DIR} (Claude Code's skill directory) goes to the file from the root, with no SKL301 on it", async () => {
    expect(await definitionAt(12, "the filler")).toEqual(["scripts/fill.py"])
    const shown = await lsp.diagnostics(URI)
    expect(shown.filter((d) => d.range.start.line === 12)).toEqual([])
  })

  it("a directory named as one goes to each of its files; words that name no file go nowhere", async () => {
    expect(await definitionAt(8, "themes")).toEqual(["themes/dark.md", "themes/light.md"])
    expect(await definitionAt(9, "Nothing")).toEqual([])
  })
})

describe("skc lsp: the fix of a mention repeated in a file is offered at each occurrence", () => {
  it("a cursor on the second FORMS.md (a link, shown as SKL301) gets SKL402's fix, which re-spells both", async () => {
    // SKL402 reports FORMS.md once, on line 7 ("also on line 12"); line 12 shows SKL301 for the link.
    const character = LINES[11]!.indexOf("FORMS.md") + 2
    const actions = (await lsp.connection.sendRequest("textDocument/codeAction", {
      textDocument: { uri: URI },
      range: { start: { line: 11, character }, end: { line: 11, character } },
      context: { diagnostics: [] }
    })) as Array<CodeAction>
    const fix = actions.find((a) => a.title === "Spell 'FORMS.md' as the file is named (SKL402)")
    expect(fix?.isPreferred).toBe(true)
    expect(fix?.diagnostics?.map((d) => [d.code, d.range.start.line])).toEqual([["SKL402", 6]])
    const edits = (fix!.edit!.documentChanges![0] as { edits: Array<{ range: { start: { line: number } }; newText: string }> }).edits
    expect(edits.map((e) => [e.range.start.line, e.newText])).toEqual([[6, "forms.md"], [11, "forms.md"]])
  })

  it("a cursor on the link's text, inside its SKL301 only, gets it too (Neovim's cursor anywhere on the link)", async () => {
    const character = LINES[11]!.indexOf("the form")
    const actions = (await lsp.connection.sendRequest("textDocument/codeAction", {
      textDocument: { uri: URI },
      range: { start: { line: 11, character }, end: { line: 11, character } },
      context: { diagnostics: [] }
    })) as Array<CodeAction>
    expect(actions.map((a) => a.title)).toContain("Spell 'FORMS.md' as the file is named (SKL402)")
  })
})
