/**
 * `skc lsp` end to end (issue 50): `bin/skc.mjs lsp --stdio` driven by
 * vscode-languageserver-protocol's own client over stdio. The diagnostics
 * are `skc lint`'s (same rules, lines, rule links), a quick fix applied in
 * the buffer makes its diagnostic go, and completion, hover, the outline,
 * go to definition and heading rename answer on a fixture skill.
 */
import { spawn } from "node:child_process"
import { closeSync, openSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { TextDocument } from "vscode-languageserver-textdocument"
import type { CodeAction, CompletionItem, Diagnostic, DocumentSymbol, Hover, Location, TextDocumentEdit, WorkspaceEdit } from "vscode-languageserver-protocol"
import { BIN, sandbox } from "../helpers/cli.js"
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, TextEdit } from "vscode-languageserver-protocol/node"
import { startLsp, uriOf, type LspSession } from "../helpers/lspClient.js"
import { writeTree } from "../helpers/tree.js"

const sb = sandbox()
const DIR = join(sb.work, "skills", "forms")
const SKILL_MD = join(DIR, "SKILL.md")
const URI = uriOf(SKILL_MD)
const TEXT = [
  "---",
  "name: forms",
  "description: Fills PDF forms.",
  "---",
  "# Forms",
  "",
  "Read [the fields](FIELDS.md) first.",
  "",
  "## Steps",
  "",
  "See [steps](#steps) and [fields](fields.md#fields).",
  "",
  "```",
  "run it",
  "```",
  ""
].join("\n")

let lsp: LspSession
let doc = TextDocument.create(URI, "markdown", 1, TEXT)

const open = async () => {
  await lsp.open(URI, doc.getText(), { version: doc.version })
}
const change = async (text: string) => {
  doc = TextDocument.create(URI, "markdown", doc.version + 1, text)
  await lsp.connection.sendNotification("textDocument/didChange", { textDocument: { uri: URI, version: doc.version }, contentChanges: [{ text }] })
  return lsp.diagnostics(URI, (p) => p.version === doc.version)
}
/** A document edit's text edits: skc sends no LSP 3.18 snippet edits (its client asked for none). */
const textEdits = (change: TextDocumentEdit): Array<TextEdit> => {
  const plain = change.edits.filter((e): e is TextEdit => TextEdit.is(e))
  expect(plain).toHaveLength(change.edits.length)
  return plain
}
const applyEdit = (edit: WorkspaceEdit): string => {
  const change = (edit.documentChanges as Array<TextDocumentEdit>).find((c) => c.textDocument.uri === URI)!
  expect(change.textDocument.version).toBe(doc.version)
  return TextDocument.applyEdits(doc, textEdits(change))
}

beforeAll(async () => {
  writeTree(DIR, { "SKILL.md": TEXT, "fields.md": "# Fields\n\nEvery field.\n" })
  lsp = await startLsp(sb.home, sb.work)
}, 120_000)

afterAll(async () => {
  if (lsp !== undefined) expect(await lsp.close()).toBe(0)
})

describe("skc lsp (issue 50)", () => {
  it("publishes skc lint's findings on open, with rule links to docs/rules.md", async () => {
    await open()
    const diagnostics = await lsp.diagnostics(URI, (p) => p.version === 1)
    const lint = JSON.parse((await sb.runAsync(["lint", "skills/forms", "--format", "json"])).stdout) as { diagnostics: Array<{ rule: string; line: number; severity: string }> }
    expect(diagnostics.map((d) => [d.code, d.range.start.line + 1, d.severity === 1 ? "error" : "warning"])).toEqual(lint.diagnostics.map((d) => [d.rule, d.line, d.severity]))
    const skl402 = diagnostics.find((d) => d.code === "SKL402")!
    expect(skl402.codeDescription?.href).toMatch(/^file:\/\/.*\/docs\/rules\.md#skl402-mention-case$/)
    expect(readFileSync(new URL(skl402.codeDescription!.href.replace(/#.*/, "")), "utf8")).toContain("### SKL402 mention-case")
    expect(skl402.source).toBe("skc")
  })

  it("offers the certain fix as the preferred quick fix; applied, its diagnostic goes", async () => {
    const diagnostics = await lsp.diagnostics(URI, (p) => p.version === doc.version)
    const skl402 = diagnostics.find((d) => d.code === "SKL402")!
    const actions = (await lsp.connection.sendRequest("textDocument/codeAction", { textDocument: { uri: URI }, range: skl402.range, context: { diagnostics: [skl402] } })) as Array<CodeAction>
    const fix = actions.find((a) => a.isPreferred === true)!
    expect(fix.kind).toBe("quickfix")
    expect(fix.title).toContain("SKL402")
    const after = await change(applyEdit(fix.edit!))
    expect(doc.getText()).toContain("[the fields](fields.md)")
    expect(after.map((d) => d.code)).not.toContain("SKL402")
    expect(after.map((d) => d.code)).not.toContain("SKL301")
  })

  it("offers guided edits: a trigger phrase for SKL108", async () => {
    const diagnostics = await lsp.diagnostics(URI, (p) => p.version === doc.version)
    const skl108 = diagnostics.find((d) => d.code === "SKL108")!
    const actions = (await lsp.connection.sendRequest("textDocument/codeAction", { textDocument: { uri: URI }, range: skl108.range, context: { diagnostics: [skl108] } })) as Array<CodeAction>
    const guided = actions.find((a) => a.title.startsWith("Add a trigger phrase"))!
    expect(guided.isPreferred).toBeUndefined()
    const after = await change(applyEdit(guided.edit!))
    expect(doc.getText()).toContain("description: Fills PDF forms. Use when the user asks to …")
    expect(after.map((d) => d.code)).not.toContain("SKL108")
  })

  it("completes the active agents' frontmatter keys and enum values", async () => {
    await change(doc.getText().replace("---\n# Forms", "ef\n---\n# Forms"))
    const keys = (await lsp.connection.sendRequest("textDocument/completion", { textDocument: { uri: URI }, position: { line: 3, character: 2 } })) as Array<CompletionItem>
    const effort = keys.find((k) => k.label === "effort")!
    expect(effort.detail).toContain("claude")
    expect(keys.map((k) => k.label)).not.toContain("name")
    await change(doc.getText().replace("\nef\n", "\ncontext: \n"))
    const values = (await lsp.connection.sendRequest("textDocument/completion", { textDocument: { uri: URI }, position: { line: 3, character: 9 } })) as Array<CompletionItem>
    expect(values.map((v) => v.label)).toContain("fork")
    await change(doc.getText().replace("\ncontext: \n", "\n"))
  })

  it("completes link targets and #anchors", async () => {
    const line = doc.getText().split("\n").findIndex((l) => l.startsWith("See [steps]"))
    await change(doc.getText().replace("See [steps](#steps)", "See [steps](#st) and [x](f"))
    const anchors = (await lsp.connection.sendRequest("textDocument/completion", { textDocument: { uri: URI }, position: { line, character: "See [steps](#st".length } })) as Array<CompletionItem>
    expect(anchors.map((a) => a.label)).toEqual(["#forms", "#steps"])
    const files = (await lsp.connection.sendRequest("textDocument/completion", { textDocument: { uri: URI }, position: { line, character: "See [steps](#st) and [x](f".length } })) as Array<CompletionItem>
    expect(files.map((f) => f.label)).toEqual(["fields.md"])
    await change(doc.getText().replace("See [steps](#st) and [x](f", "See [steps](#steps)"))
  })

  it("hovers the description with its listing cost, and a heading with its tokens and reads", async () => {
    const description = (await lsp.connection.sendRequest("textDocument/hover", { textDocument: { uri: URI }, position: { line: 2, character: 3 } })) as Hover
    const text = (description.contents as { value: string }).value
    expect(text).toContain("Listing cost")
    expect(text).toMatch(/\| Claude Code \| \d+ \| \d+ \| [\d.]+ % of [\d,]+ \| no \(cap 1,536 UTF-16 units\) \|/)
    const never = (await lsp.connection.sendRequest("textDocument/hover", { textDocument: { uri: URI }, position: { line: 8, character: 4 } })) as Hover
    expect((never.contents as { value: string }).value).toMatch(/^\*\*Steps\*\*\n\nabout \d+ tokens · \*\*never read\*\* by agents in the last 30 days$/)
    // Agents read the section twice (through `skc show`, which logs each read).
    expect((await sb.runAsync(["build", "skills/forms"])).code).toBe(0)
    for (let i = 0; i < 2; i++) expect((await sb.runAsync(["show", "forms", "--section", "Steps"], sb.work, { SKC_ROLE: "agent" })).code).toBe(0)
    const read = (await lsp.connection.sendRequest("textDocument/hover", { textDocument: { uri: URI }, position: { line: 8, character: 4 } })) as Hover
    expect((read.contents as { value: string }).value).toContain("read **2** times by agents in the last 30 days")
    const unread = (await lsp.connection.sendRequest("textDocument/hover", { textDocument: { uri: URI }, position: { line: 4, character: 2 } })) as Hover
    expect((unread.contents as { value: string }).value).toContain("**never read** by agents in the last 30 days")
  })

  it("gives the outline, goes to a link's file and heading, and renames a heading with its links", async () => {
    const symbols = (await lsp.connection.sendRequest("textDocument/documentSymbol", { textDocument: { uri: URI } })) as Array<DocumentSymbol>
    expect(symbols.map((s) => [s.name, (s.children ?? []).map((c) => c.name)])).toEqual([["Forms", ["Steps"]]])
    const line = doc.getText().split("\n").findIndex((l) => l.startsWith("See [steps]"))
    const toFields = (await lsp.connection.sendRequest("textDocument/definition", { textDocument: { uri: URI }, position: { line, character: doc.getText().split("\n")[line]!.indexOf("fields.md#") + 2 } })) as Location
    expect(toFields.uri).toBe(uriOf(join(DIR, "fields.md")))
    expect(toFields.range.start.line).toBe(0)
    const toSteps = (await lsp.connection.sendRequest("textDocument/definition", { textDocument: { uri: URI }, position: { line, character: 8 } })) as Location
    expect([toSteps.uri, toSteps.range.start.line]).toEqual([URI, 8])
    const range = await lsp.connection.sendRequest("textDocument/prepareRename", { textDocument: { uri: URI }, position: { line: 8, character: 5 } })
    expect(range).toEqual({ start: { line: 8, character: 3 }, end: { line: 8, character: 8 } })
    // A name that is no heading is refused with the reason, the file untouched: empty, two lines, no anchor.
    for (const [newName, reason] of [["  ", "a heading needs text"], ["First\n## Injected", "one line"], ["!!!", "no anchor"]] as const) {
      const refused = lsp.connection.sendRequest("textDocument/rename", { textDocument: { uri: URI }, position: { line: 8, character: 5 }, newName })
      await expect(refused).rejects.toMatchObject({ code: -32602, message: expect.stringContaining(reason) })
    }
    // A name in another script has no RFC slug: its links take the GitHub one (SKL302 accepts both).
    const japanese = (await lsp.connection.sendRequest("textDocument/rename", { textDocument: { uri: URI }, position: { line: 8, character: 5 }, newName: "手順" })) as WorkspaceEdit
    expect(TextDocument.applyEdits(doc, japanese.changes![URI]!)).toContain("## 手順\n\nSee [steps](#手順)")
    const edit = (await lsp.connection.sendRequest("textDocument/rename", { textDocument: { uri: URI }, position: { line: 8, character: 5 }, newName: "First steps" })) as WorkspaceEdit
    const renamed = TextDocument.applyEdits(doc, edit.changes![URI]!)
    expect(renamed).toContain("## First steps\n")
    expect(renamed).toContain("See [steps](#first-steps)")
    const after = await change(renamed)
    expect(after.map((d) => d.code)).not.toContain("SKL302")
  })

  it("a rename moves the links of other headings of the same text, whose -1 suffixes shift; a closing ## is not part of the new anchor", async () => {
    const dir = join(sb.work, "skills", "dups")
    const skillMd = "---\nname: dups\ndescription: Duplicates. Use when renaming.\n---\n# Dups\n\nSee [first](ref/a.md#setup), [second](ref/a.md#setup-1) and [other](ref/a.md#other).\n"
    const aMd = "# A\n\n## Setup\n\none\n\n## Other\n\ntwo\n\n## Setup\n\nthree\n"
    writeTree(dir, { "SKILL.md": skillMd, "ref/a.md": aMd })
    const aUri = uriOf(join(dir, "ref", "a.md"))
    const skillUri = uriOf(join(dir, "SKILL.md"))
    await lsp.open(aUri, aMd)
    await lsp.diagnostics(aUri, (p) => p.version === 1)
    const renameTo = async (line: number, newName: string) => {
      const edit = (await lsp.connection.sendRequest("textDocument/rename", { textDocument: { uri: aUri }, position: { line, character: 4 }, newName })) as WorkspaceEdit
      const links = TextDocument.applyEdits(TextDocument.create(skillUri, "markdown", 1, skillMd), edit.changes![skillUri] ?? [])
      const headings = TextDocument.applyEdits(TextDocument.create(aUri, "markdown", 1, aMd), edit.changes![aUri]!)
      return { links: links.split("\n")[6], headings: headings.split("\n").filter((l) => l.startsWith("#")) }
    }
    // The first Setup renamed: the second one's anchor becomes #setup, and its link follows it.
    expect(await renameTo(2, "Install")).toEqual({
      links: "See [first](ref/a.md#install), [second](ref/a.md#setup) and [other](ref/a.md#other).",
      headings: ["# A", "## Install", "## Other", "## Setup"]
    })
    // Other renamed to Setup: it is now setup-1, the last Setup setup-2; neither link points to the wrong one.
    expect((await renameTo(6, "Setup")).links).toBe("See [first](ref/a.md#setup), [second](ref/a.md#setup-2) and [other](ref/a.md#setup-1).")
    // "Use # it ##" is the heading "Use # it": its trailing ## closes the line.
    expect((await renameTo(6, "Use # it ##")).links).toBe("See [first](ref/a.md#setup), [second](ref/a.md#setup-1) and [other](ref/a.md#use-it).")
    await expect(
      lsp.connection.sendRequest("textDocument/rename", { textDocument: { uri: aUri }, position: { line: 6, character: 4 }, newName: "##" })
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("a heading needs text") })
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri: aUri } })
  })

  it("fixes every certain finding of a file with one source.fixAll action", async () => {
    await change(doc.getText().replace("(fields.md)", "(FIELDS.md)").replace("description:", "metadata:\n  version: 1.0\ndescription:"))
    const actions = (await lsp.connection.sendRequest("textDocument/codeAction", {
      textDocument: { uri: URI },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only: ["source.fixAll"] }
    })) as Array<CodeAction>
    expect(actions.map((a) => a.kind)).toEqual(["source.fixAll.skc"])
    const after = await change(applyEdit(actions[0]!.edit!))
    expect(doc.getText()).toContain('version: "1.0"')
    expect(doc.getText()).toContain("(fields.md)")
    expect(after.map((d) => d.code).filter((c) => c === "SKL112" || c === "SKL402")).toEqual([])
  })

  it("a diagnostic's range covers what it is about: the link, the mention, the frontmatter key", async () => {
    const dir = join(sb.work, "skills", "ranges")
    const text = [
      "---",
      "name: ranges",
      "description: Checks ranges. Use when testing editors.",
      "colour: blue",
      "---",
      "# Ranges",
      "",
      "See [the guide](missing.md) and [here](#nowhere) after.",
      "",
      "Read GUIDE.md first.",
      ""
    ].join("\n")
    writeTree(dir, { "SKILL.md": text, "guide.md": "# Guide\n" })
    const uri = uriOf(join(dir, "SKILL.md"))
    await lsp.open(uri, text)
    const diagnostics = await lsp.diagnostics(uri, (p) => p.version === 1)
    const lines = text.split("\n")
    /** The range of `what`, the first time it is on line `line` (0-based). */
    const covering = (line: number, what: string) => {
      const character = lines[line]!.indexOf(what)
      expect(character, what).toBeGreaterThanOrEqual(0)
      return { start: { line, character }, end: { line, character: character + what.length } }
    }
    const rangeOf = (code: string) => diagnostics.find((d) => d.code === code)?.range
    expect(rangeOf("SKL109")).toEqual(covering(3, "colour"))
    expect(rangeOf("SKL301")).toEqual(covering(7, "[the guide](missing.md)"))
    expect(rangeOf("SKL302")).toEqual(covering(7, "[here](#nowhere)"))
    expect(rangeOf("SKL402")).toEqual(covering(9, "GUIDE.md"))
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri } })
  })

  it("lints an open eval file with the skill (SKL701)", async () => {
    const evals = join(DIR, "evals", "triggers.json")
    writeTree(join(DIR, "evals"), { "triggers.json": "{ not json" })
    await lsp.open(uriOf(evals), "{ not json", { languageId: "json" })
    const diagnostics = await lsp.diagnostics(uriOf(evals), (p) => p.version === 1)
    expect(diagnostics.map((d) => d.code)).toContain("SKL701")
  })

  it("answers nothing for a markdown file of no skill", async () => {
    const notes = join(sb.work, "notes", "README.md")
    writeTree(join(sb.work, "notes"), { "README.md": "# Notes\n" })
    await lsp.open(uriOf(notes), "# Notes\n")
    expect(await lsp.connection.sendRequest("textDocument/documentSymbol", { textDocument: { uri: uriOf(notes) } })).toEqual([])
    expect(await lsp.connection.sendRequest("textDocument/hover", { textDocument: { uri: uriOf(notes) }, position: { line: 0, character: 2 } })).toBeNull()
  })

  it("clears a skill's diagnostics when its last file closes, and still answers after", async () => {
    const evals = uriOf(join(DIR, "evals", "triggers.json"))
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri: evals } })
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri: URI } })
    expect(await lsp.diagnostics(URI, (p) => p.version === undefined && p.diagnostics.length === 0)).toEqual([])
    expect(await lsp.diagnostics(evals, (p) => p.version === undefined && p.diagnostics.length === 0)).toEqual([])
    doc = TextDocument.create(URI, "markdown", 1, doc.getText())
    await open()
    expect((await lsp.diagnostics(URI, (p) => p.version === 1 && p.diagnostics.length > 0)).length).toBeGreaterThan(0)
  })

  it("a skill whose SKILL.md closes unsaved (never on disk) is released: its other file's findings go", async () => {
    // Neither file is on disk: the editor holds both (a new skill being written).
    const dir = join(sb.work, "skills", "ghost")
    const skillUri = uriOf(join(dir, "SKILL.md"))
    const refUri = uriOf(join(dir, "ref.md"))
    await lsp.open(skillUri, "---\nname: ghost\ndescription: Ghost. Use when testing.\n---\n# Ghost\n\nSee [ref](ref.md).\n", { version: 1 })
    await lsp.open(refUri, "# Ref\n\n[bad](nowhere.md)\n", { version: 1 })
    expect((await lsp.diagnostics(refUri, (p) => p.version === 1 && p.diagnostics.length > 0)).map((d) => d.code)).toContain("SKL301")
    // Before: the closed SKILL.md was on no disk, so ref.md belonged to no skill and its findings stayed for ever.
    // That showed once the skill was idle (a close during the lint's short cooldown was caught by its end):
    // wait well past the cooldown so that this test fails on such code, not only on a quiet machine.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri: skillUri } })
    expect(await lsp.diagnostics(refUri, (p) => p.diagnostics.length === 0)).toEqual([])
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri: refUri } })
  })

  it("coalesces a burst of changes into few lints, the last one of the final text (docs/editors.md)", async () => {
    const dir = join(sb.work, "skills", "burst")
    const uri = uriOf(join(dir, "SKILL.md"))
    const lines = ["---", "name: burst", "description: Bursts. Use when typing fast.", "---", "# Burst", ""]
    for (let i = 0; i < 400; i++) lines.push(`## Part ${i}`, "", `Some text for part ${i}, see [part](#part-${i}).`, "")
    const text = lines.join("\n")
    writeTree(dir, { "SKILL.md": text })
    await lsp.open(uri, text)
    await lsp.diagnostics(uri, (p) => p.version === 1)
    const before = lsp.publications(uri)
    // 30 one-character edits sent at once, as a fast typist's editor sends them; the last breaks a link.
    let current = text
    for (let v = 2; v <= 31; v++) {
      const edit = v === 31 ? " [a](#nowhere)" : "x"
      current = current + edit
      void lsp.connection.sendNotification("textDocument/didChange", {
        textDocument: { uri, version: v },
        contentChanges: [{ range: { start: { line: lines.length - 1, character: current.length - text.length - edit.length }, end: { line: lines.length - 1, character: current.length - text.length - edit.length } }, text: edit }]
      })
    }
    const last = await lsp.diagnostics(uri, (p) => p.version === 31)
    // Every version linted on its own would be 30 publications.
    expect(lsp.publications(uri) - before).toBeLessThan(30)
    expect(last.map((d) => d.code)).toContain("SKL302")
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri } })
  })

  // An editor probe (LSP 3.17, WorkspaceEdit): a quick fix was always `documentChanges`, which a client that does
  // not declare `workspace.workspaceEdit.documentChanges` never applies; such a client gets `changes`.
  it("a quick fix is plain `changes` for a client that does not take versioned document changes", async () => {
    const dir = join(sb.work, "skills", "plain-client")
    const uri = uriOf(join(dir, "SKILL.md"))
    const text = ["---", "name: plain-client", "description: Plain edits. Use when editing.", "---", "# Plain", "", "Read [the fields](FIELDS.md).", ""].join("\n")
    writeTree(dir, { "SKILL.md": text, "fields.md": "# Fields\n" })
    const plain = await startLsp(sb.home, sb.work, [], {})
    try {
      await plain.open(uri, text)
      await plain.diagnostics(uri, (p) => p.version === 1)
      const at = text.split("\n")[6]!.indexOf("FIELDS.md")
      const actions = (await plain.connection.sendRequest("textDocument/codeAction", { textDocument: { uri }, range: { start: { line: 6, character: at }, end: { line: 6, character: at } }, context: { diagnostics: [] } })) as Array<CodeAction>
      const fix = actions.find((a) => a.isPreferred === true && a.title.includes("SKL402"))!
      expect(fix.edit!.documentChanges).toBeUndefined()
      const edits = fix.edit!.changes![uri]!
      expect(TextDocument.applyEdits(TextDocument.create(uri, "markdown", 1, text), edits)).toContain("Read [the fields](fields.md).")
    } finally {
      expect(await plain.close()).toBe(0)
    }
  })

  // An editor probe: a client that sends the whole text at every change (LSP allows it under incremental sync)
  // got each version of a large file linted on its own: a message of megabytes takes many reads of the pipe,
  // longer than the window's quiet, so the window closed before the next change was whole. How many lints a
  // burst folds into depends on how the pipe's reads fall (a busy CI host: all twelve), so this asserts what
  // holds whatever the timing — never more lints than changes, and the last version's findings published —
  // and the folding itself is the FrameGuard unit tests' (`midFrame`) and editors.md's measurement.
  it("whole-text changes of a large file sent at once: never more lints than changes, the last version's findings published", async () => {
    const dir = join(sb.work, "skills", "wholetext")
    const uri = uriOf(join(dir, "SKILL.md"))
    const lines = ["---", "name: wholetext", "description: Whole texts. Use when an editor sends whole texts.", "---", "# Wholetext", ""]
    for (let i = 0; i < 6000; i++) lines.push(`## Part ${i}`, "", `Some longer text for part ${i} of the whole-text test, see [part](#part-${i}) and more words.`, "")
    const text = lines.join("\n")
    writeTree(dir, { "SKILL.md": text })
    await lsp.open(uri, text)
    await lsp.diagnostics(uri, (p) => p.version === 1)
    const before = lsp.publications(uri)
    const changes = 12
    for (let v = 2; v <= changes + 1; v++) {
      const whole = v === changes + 1 ? `${text}\n[a](#nowhere)\n` : `${text}\n${"x".repeat(v)}\n`
      void lsp.connection.sendNotification("textDocument/didChange", { textDocument: { uri, version: v }, contentChanges: [{ text: whole }] })
    }
    const last = await lsp.diagnostics(uri, (p) => p.version === changes + 1)
    expect(lsp.publications(uri) - before).toBeLessThanOrEqual(changes)
    expect(last.map((d) => d.code)).toContain("SKL302")
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri } })
  }, 120_000)

  it("a request sent right after a change is answered from the changed text (LSP 3.17: in order)", async () => {
    const dir = join(sb.work, "skills", "fresh")
    const uri = uriOf(join(dir, "SKILL.md"))
    const text = ["---", "name: fresh", "description: Fresh answers. Use when editing.", "---", "# Fresh", "", "Read [the fields](FIELDS.md).", "", "## Old", ""].join("\n")
    writeTree(dir, { "SKILL.md": text, "fields.md": "# Fields\n" })
    let mine = TextDocument.create(uri, "markdown", 1, text)
    await lsp.open(uri, text)
    await lsp.diagnostics(uri, (p) => p.version === 1)
    // Three lines in above everything, and the heading renamed; no wait for the diagnostics of version 2.
    const changed = text.replace("---\n# Fresh", "---\nx\ny\nz\n# Fresh").replace("## Old", "## Renamed")
    mine = TextDocument.create(uri, "markdown", 2, changed)
    void lsp.connection.sendNotification("textDocument/didChange", { textDocument: { uri, version: 2 }, contentChanges: [{ text: changed }] })
    const line = changed.split("\n").findIndex((l) => l.startsWith("Read [the fields]"))
    // The cursor on the link: code actions are for the findings at the range asked about.
    const at = changed.split("\n")[line]!.indexOf("FIELDS.md")
    const actions = (await lsp.connection.sendRequest("textDocument/codeAction", { textDocument: { uri }, range: { start: { line, character: at }, end: { line, character: at } }, context: { diagnostics: [] } })) as Array<CodeAction>
    const fix = actions.find((a) => a.isPreferred === true && a.title.includes("SKL402"))!
    const edit = (fix.edit!.documentChanges as Array<TextDocumentEdit>)[0]!
    expect(edit.textDocument.version).toBe(2)
    expect(TextDocument.applyEdits(mine, textEdits(edit))).toContain("Read [the fields](fields.md).")
    const symbols = (await lsp.connection.sendRequest("textDocument/documentSymbol", { textDocument: { uri } })) as Array<DocumentSymbol>
    expect(symbols.map((s) => [s.name, (s.children ?? []).map((c) => c.name)])).toEqual([["Fresh", ["Renamed"]]])
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri } })
  })

  // An LSP probe: a rename (or a definition) right after an edit of another open file of the skill answered from
  // that file's old text: the link's edit a line off, clamped by an editor into the heading above (8 runs of 8).
  it("a request right after a change of another open file of the skill is answered from that file's changed text", async () => {
    const dir = join(sb.work, "skills", "other-fresh")
    const skillUri = uriOf(join(dir, "SKILL.md"))
    const gUri = uriOf(join(dir, "g.md"))
    const skillText = "---\nname: other-fresh\ndescription: Rename test. Use when testing rename.\n---\n\n# other-fresh\n\n## Setup\n\nSee [g](g.md).\n"
    const gText = "# G\n\nBack to [setup](SKILL.md#setup).\n"
    writeTree(dir, { "SKILL.md": skillText, "g.md": gText })
    await lsp.open(skillUri, skillText)
    await lsp.open(gUri, gText)
    await lsp.diagnostics(gUri, (p) => p.version === 1)
    const changed = `Intro.\n\n${gText}`
    void lsp.connection.sendNotification("textDocument/didChange", { textDocument: { uri: gUri, version: 2 }, contentChanges: [{ text: changed }] })
    const edit = (await lsp.connection.sendRequest("textDocument/rename", { textDocument: { uri: skillUri }, position: { line: 7, character: 4 }, newName: "Install" })) as WorkspaceEdit
    const ofG = (edit.documentChanges as Array<TextDocumentEdit> | undefined)?.find((c) => c.textDocument.uri === gUri)
    const edits = ofG === undefined ? (edit.changes?.[gUri] ?? []) : textEdits(ofG)
    expect(TextDocument.applyEdits(TextDocument.create(gUri, "markdown", 2, changed), edits)).toBe("Intro.\n\n# G\n\nBack to [setup](SKILL.md#install).\n")
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri: gUri } })
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri: skillUri } })
  })

  it("a request whose params lack what it reads is -32602 naming the field, not an internal error", async () => {
    await expect(lsp.connection.sendRequest("textDocument/hover", { nope: 1 })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("textDocument.uri") })
    await expect(lsp.connection.sendRequest("textDocument/hover", { textDocument: { uri: URI } })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("position") })
    await expect(lsp.connection.sendRequest("textDocument/codeAction", { textDocument: { uri: URI }, context: { diagnostics: [] } })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("range") })
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }
    await expect(
      lsp.connection.sendRequest("textDocument/codeAction", { textDocument: { uri: URI }, range, context: { diagnostics: [{ code: "SKL402", range: null }] } })
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("context.diagnostics") })
    // A rename reads newName: without a string one it is -32602 naming it (it was -32603, "Cannot read properties").
    const at = { textDocument: { uri: URI }, position: { line: 4, character: 3 } }
    await expect(lsp.connection.sendRequest("textDocument/rename", at)).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("newName") })
    await expect(lsp.connection.sendRequest("textDocument/rename", { ...at, newName: 5 })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("newName") })
  })

  it("a didOpen without its text is ignored: the skill is still linted, and its requests answered, after a good change", async () => {
    const dir = join(sb.work, "skills", "wedge")
    writeTree(dir, { "SKILL.md": "---\nname: wedge\ndescription: Wedge. Use when testing.\n---\n# Wedge\n" })
    const uri = uriOf(join(dir, "SKILL.md"))
    // Before: the document was kept with an undefined text, the lint threw before it started, and every later
    // lint of the skill only marked itself as wanted again: no diagnostics, requests waiting for ever.
    await lsp.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "markdown", version: 1 } })
    await lsp.open(uri, "---\nname: wedge\ndescription: Wedge. Use when testing.\n---\n# Wedge\n\n[x](nope.md)\n", { version: 2 })
    const diagnostics = await lsp.diagnostics(uri, (p) => p.version === 2)
    expect(diagnostics.map((d) => d.code)).toContain("SKL301")
    const symbols = (await lsp.connection.sendRequest("textDocument/documentSymbol", { textDocument: { uri } })) as Array<DocumentSymbol>
    expect(symbols.map((x) => x.name)).toEqual(["Wedge"])
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri } })
  })

  it("a negative line or character is -32602 (LSP positions are uintegers), not an empty answer", async () => {
    for (const position of [{ line: -1, character: 0 }, { line: 0, character: -5 }]) {
      await expect(lsp.connection.sendRequest("textDocument/hover", { textDocument: { uri: URI }, position })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("position") })
    }
  })

  it("a skill nested in another (a template skill) has its files' diagnostics from its own lint alone, with its open buffer", async () => {
    const outer = join(sb.work, "skills", "pdf-tools")
    const innerMd = join(outer, "templates", "inner", "SKILL.md")
    const innerText = "---\nname: inner\ndescription: Inner. Use when testing nesting.\n---\n# Inner\n\nSee [bad](zzz.md).\n"
    const outerText = "---\nname: pdf-tools\ndescription: PDF tools. Use when testing nesting.\n---\n# PDF tools\n\nThe [template](templates/inner/SKILL.md).\n"
    writeTree(outer, { "SKILL.md": outerText, "templates/inner/SKILL.md": innerText })
    const innerUri = uriOf(innerMd)
    const outerUri = uriOf(join(outer, "SKILL.md"))
    await lsp.open(innerUri, innerText)
    await lsp.open(outerUri, outerText)
    expect((await lsp.diagnostics(innerUri, (p) => p.version === 1)).map((d) => d.code)).toContain("SKL301")
    // The broken link removed in the buffer, not saved: the inner skill's diagnostics go.
    const fixed = innerText.replace("See [bad](zzz.md).", "Nothing to see.")
    await lsp.connection.sendNotification("textDocument/didChange", { textDocument: { uri: innerUri, version: 2 }, contentChanges: [{ text: fixed }] })
    expect(await lsp.diagnostics(innerUri, (p) => p.version === 2)).toEqual([])
    const before = lsp.publications(innerUri)
    // A keystroke in the outer skill lints the outer skill: it publishes nothing for the inner skill's file.
    await lsp.connection.sendNotification("textDocument/didChange", { textDocument: { uri: outerUri, version: 2 }, contentChanges: [{ text: `${outerText}\n` }] })
    await lsp.diagnostics(outerUri, (p) => p.version === 2)
    expect(lsp.publications(innerUri)).toBe(before)
    expect(await lsp.diagnostics(innerUri)).toEqual([])
    for (const uri of [innerUri, outerUri]) await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri } })
  })

  it("RFC-0008:C-REGISTRY SKL303 about a linked directory leading outside is shown on SKILL.md, naming it: a directory URI shows nowhere", async () => {
    const dir = join(sb.work, "skills", "linked")
    const outside = join(sb.root, "outside-refs")
    writeTree(outside, { "notes.md": "# Notes\n" })
    const text = "---\nname: linked\ndescription: Linked. Use when testing links.\n---\n# Linked\n"
    writeTree(dir, { "SKILL.md": text })
    symlinkSync(outside, join(dir, "refs"))
    const uri = uriOf(join(dir, "SKILL.md"))
    await lsp.open(uri, text)
    const found = (await lsp.diagnostics(uri, (p) => p.version === 1)).filter((d) => d.code === "SKL303")
    expect(found).toHaveLength(1)
    expect(found[0]!.message).toMatch(/^[a-z-]+: refs\/: /)
    expect(found[0]!.range.start).toEqual({ line: 0, character: 0 })
    expect(lsp.publications(uriOf(join(dir, "refs")))).toBe(0)
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri } })
  })

  it("a SKILL.md created on disk makes the open buffers below it a skill's: linted at the watched-file event, no keystroke", async () => {
    const dir = join(sb.work, "skills", "appears")
    writeTree(dir, { "other.md": "# Other\n\nSee [missing](nothere.md).\n" })
    const other = uriOf(join(dir, "other.md"))
    await lsp.open(other, "# Other\n\nSee [missing](nothere.md).\n")
    // Answered in order: once this request is, the open was handled while no SKILL.md was there (no skill, nothing published).
    await lsp.connection.sendRequest("textDocument/documentSymbol", { textDocument: { uri: other } })
    expect(lsp.publications(other)).toBe(0)
    writeFileSync(join(dir, "SKILL.md"), "---\nname: appears\ndescription: Appears on disk. Use when testing.\n---\n# Appears\n\nRead [other](other.md).\n")
    await lsp.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: uriOf(join(dir, "SKILL.md")), type: 1 }] })
    // Before, nothing was published for other.md until it changed or was saved.
    const found = await lsp.diagnostics(other, (p) => p.diagnostics.some((d) => d.code === "SKL301"))
    expect(found.map((d) => d.code)).toContain("SKL301")
  })

  it("a file nine directories below its SKILL.md belongs to its skill", async () => {
    const dir = join(sb.work, "skills", "deep")
    const rel = "a/b/c/d/e/f/g/h/i/deep.md"
    const text = "# Deep\n\nSee [gone](broken2.md).\n"
    writeTree(dir, { "SKILL.md": `---\nname: deep\ndescription: Deep. Use when testing depth.\n---\n# Deep\n\nSee [deep](${rel}).\n`, [rel]: text })
    const uri = uriOf(join(dir, ...rel.split("/")))
    await lsp.open(uri, text)
    expect((await lsp.diagnostics(uri, (p) => p.version === 1)).map((d) => d.code)).toContain("SKL301")
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri } })
  })

  it("a file with more findings than an editor can use gets the first 1,000 and a note of the rest", async () => {
    const dir = join(sb.work, "skills", "many")
    const uri = uriOf(join(dir, "SKILL.md"))
    const lines = ["---", "name: many", "description: Many links. Use when testing caps.", "---", "# Many", ""]
    for (let i = 0; i < 1_200; i++) lines.push(`See [part ${i}](missing-${i}.md).`)
    const text = `${lines.join("\n")}\n`
    writeTree(dir, { "SKILL.md": text })
    await lsp.open(uri, text)
    const published = await lsp.diagnostics(uri, (p) => p.version === 1)
    expect(published).toHaveLength(1_001)
    expect(published.filter((d) => d.code === "SKL301").length).toBeGreaterThan(990)
    // The note counts what `skc lint` finds in the file beyond the first 1,000.
    const lint = JSON.parse(sb.run(["lint", dir, "--format", "json"]).stdout) as { diagnostics: Array<{ file: string }> }
    const total = lint.diagnostics.filter((d) => d.file === "SKILL.md").length
    expect(total).toBeGreaterThan(1_200)
    expect(published[1_000]!.message).toBe(`${total - 1_000} more findings in SKILL.md are not shown (the first 1,000 are); skc lint lists them all`)
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri } })
  })

  it("says nothing on stdout but the protocol, and keeps stderr clean", () => {
    expect(lsp.stderr()).toBe("")
  })
})

describe("skc lsp when its client goes away without 'exit' (an editor that crashed)", () => {
  /** `skc lsp --stdio` sent `initialize`, then `rest`, then the end of its input: its exit status (null: it had to be killed). */
  const endedAfter = async (rest: string): Promise<number | null> => {
    // startLsp answers once `initialize` is answered: the input then ends while the session is live.
    const session = await startLsp(sb.home, sb.work)
    const exited = new Promise<number | null>((resolve) => session.child.once("exit", (code) => resolve(code)))
    session.child.stdin!.end(rest)
    // Not a timing assertion: a server that outlives its client is killed here, after a minute, and the test fails.
    const killer = setTimeout(() => session.child.kill("SIGKILL"), 60_000)
    const code = await exited
    clearTimeout(killer)
    session.connection.dispose()
    return code
  }

  it("exits when its input ends", async () => {
    expect(await endedAfter("")).toBe(0)
  }, 120_000)

  it("exits when its input is /dev/null or a file, which end without a 'close' (a script, CI)", async () => {
    for (const input of ["/dev/null", join(sb.root, "initialize-only.bin")]) {
      const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { processId: null, rootUri: null, capabilities: {} } })
      writeFileSync(join(sb.root, "initialize-only.bin"), `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`)
      const fd = openSync(input, "r")
      const child = spawn(process.execPath, [BIN, "lsp", "--stdio"], {
        cwd: sb.work,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" },
        stdio: [fd, "pipe", "pipe"]
      })
      child.stdout!.resume()
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
      // Not a timing assertion: a server that never notices the end is killed after a minute, and the test fails.
      const killer = setTimeout(() => child.kill("SIGKILL"), 60_000)
      expect(await exited).toBe(0)
      clearTimeout(killer)
      closeSync(fd)
    }
  }, 150_000)

  // A length the body never reaches; 99999999999 before the sixty-sixth pass, which is now a header error (frameGuard.ts).
  it("exits when its input ends inside a message (a Content-Length never reached)", async () => {
    expect(await endedAfter("Content-Length: 5000\r\n\r\n{\"jsonrpc\"")).toBe(0)
  }, 120_000)
})

/** `skc lsp` with a bare protocol connection (no initialize sent) and its exit status to come. */
const rawSession = () => {
  const child = spawn(process.execPath, [BIN, "lsp", "--stdio"], {
    cwd: sb.work,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" },
    stdio: ["pipe", "pipe", "pipe"]
  })
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!))
  connection.listen()
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
  return { child, connection, exited }
}

describe("skc lsp before and after initialize (LSP 3.17 lifecycle)", () => {
  it("a request before initialize is -32002 ServerNotInitialized; a second initialize is refused", async () => {
    const { connection, exited } = rawSession()
    await expect(connection.sendRequest("textDocument/hover", { textDocument: { uri: URI }, position: { line: 0, character: 0 } })).rejects.toMatchObject({ code: -32002 })
    await expect(connection.sendRequest("shutdown")).rejects.toMatchObject({ code: -32002 })
    // A method the server does not handle follows the lifecycle too: -32002 before initialize, not -32601.
    await expect(connection.sendRequest("foo/unknown", {})).rejects.toMatchObject({ code: -32002 })
    const init = (await connection.sendRequest("initialize", { processId: process.pid, rootUri: uriOf(sb.work), capabilities: {} })) as { serverInfo: { name: string } }
    expect(init.serverInfo.name).toBe("skc")
    await expect(connection.sendRequest("initialize", { processId: process.pid, rootUri: uriOf(sb.work), capabilities: {} })).rejects.toMatchObject({ code: -32600 })
    // Between the two, an unknown method is -32601 MethodNotFound.
    await expect(connection.sendRequest("foo/unknown", {})).rejects.toMatchObject({ code: -32601 })
    await connection.sendRequest("shutdown")
    // After shutdown every request but exit is -32600 InvalidRequest, one the server does not handle included.
    await expect(connection.sendRequest("textDocument/hover", { textDocument: { uri: URI }, position: { line: 0, character: 0 } })).rejects.toMatchObject({ code: -32600 })
    await expect(connection.sendRequest("foo/bar", {})).rejects.toMatchObject({ code: -32600 })
    await connection.sendNotification("exit")
    expect(await exited).toBe(0)
    connection.dispose()
  })
})

// An editor probe (LSP 3.17 `exit`: "exit code 0 if the shutdown request has been received before; otherwise 1"):
// a shutdown refused before initialize (-32002) was counted as received, and `exit` then ended with 0.
describe("skc lsp exit after a refused shutdown", () => {
  it("exits 1: the shutdown answered -32002 was no shutdown", async () => {
    const { connection, exited } = rawSession()
    await expect(connection.sendRequest("shutdown")).rejects.toMatchObject({ code: -32002 })
    await connection.sendNotification("exit")
    expect(await exited).toBe(1)
    connection.dispose()
  })
})

describe("skc lsp drops what comes before initialize, and stops on a frame it cannot read", () => {
  const spawnLsp = () =>
    spawn(process.execPath, [BIN, "lsp", "--stdio"], {
      cwd: sb.work,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" },
      stdio: ["pipe", "pipe", "pipe"]
    })

  it("a didOpen before initialize is dropped (LSP 3.17): the document is not known after it", async () => {
    const child = spawnLsp()
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!))
    const published: Array<{ uri: string; version?: number }> = []
    let firstForUri: () => void = () => {}
    const publishedForUri = new Promise<void>((resolve) => (firstForUri = resolve))
    connection.onNotification("textDocument/publishDiagnostics", (p: { uri: string; version?: number }) => {
      published.push(p)
      if (p.uri === URI) firstForUri()
    })
    connection.listen()
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
    const early = "---\nname: X_\ndescription: Early text. Use when testing.\n---\n# Early\n"
    await connection.sendNotification("textDocument/didOpen", { textDocument: { uri: URI, languageId: "markdown", version: 1, text: early } })
    await connection.sendRequest("initialize", { processId: process.pid, rootUri: uriOf(sb.work), capabilities: {} })
    await connection.sendNotification("initialized", {})
    // Asked about, a document the server does not hold has no code actions; a kept one would be linted and answered.
    const actions = (await connection.sendRequest("textDocument/codeAction", {
      textDocument: { uri: URI },
      range: { start: { line: 1, character: 0 }, end: { line: 1, character: 8 } },
      context: { diagnostics: [] }
    })) as ReadonlyArray<unknown> | null
    expect(actions ?? []).toEqual([])
    // The skill's own file, opened now, is linted from this text (version 2), never from the early one.
    await connection.sendNotification("textDocument/didOpen", { textDocument: { uri: URI, languageId: "markdown", version: 2, text: TEXT } })
    await publishedForUri
    expect(published.filter((p) => p.uri === URI).every((p) => p.version === undefined || p.version === 2)).toBe(true)
    await connection.sendRequest("shutdown")
    await connection.sendNotification("exit")
    expect(await exited).toBe(0)
    connection.dispose()
  })

  /** `skc lsp --stdio` sent `frames`: its exit status, and what it wrote to stdout and stderr. */
  const afterFrames = async (frames: ReadonlyArray<string>) => {
    const child = spawnLsp()
    let out = ""
    let err = ""
    child.stdout!.setEncoding("utf8").on("data", (d: string) => (out += d))
    child.stderr!.setEncoding("utf8").on("data", (d: string) => (err += d))
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
    for (const f of frames) child.stdin!.write(f)
    return { code: await exited, out, err }
  }

  it("a frame whose Content-Length is unreadable: the editor is told, the server stops with the reason (exit 1), never a silent hang", async () => {
    const { code, out, err } = await afterFrames(["Content-Length: abc\r\n\r\n{}"])
    expect(code).toBe(1)
    expect(out).toContain("window/showMessage")
    expect(out).toContain("cannot read a message frame from the editor")
    expect(err).toMatch(/^error: cannot read a message frame from the editor \(.*Content-Length.*\); where the next message starts is lost, so the server stops\n$/m)
  })

  it.each([["-5"], ["99999999999"]])("a Content-Length of %s (no length, or past 256 MiB): a header error the editor is told, exit 1, never a swallowed message or memory piling up", async (length) => {
    // Sixty-sixth pass: `-5` swallowed the next message without a word; 99999999999 held every later one as 40 MB piled up.
    const good = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "shutdown" })
    const { code, out, err } = await afterFrames([`Content-Length: ${length}\r\n\r\n{}`, `Content-Length: ${Buffer.byteLength(good)}\r\n\r\n${good}`])
    expect(code).toBe(1)
    expect(out).toContain("window/showMessage")
    expect(err).toContain(`Content-Length '${length}' is no length skc lsp reads`)
    expect(err.trim().split("\n")).toHaveLength(1)
  })

  it("a Content-Length too short: the reason names the previous message's length, without the reader's dump of headers", async () => {
    const child = spawnLsp()
    let err = ""
    child.stderr!.setEncoding("utf8").on("data", (d: string) => (err += d))
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { processId: null, rootUri: null, capabilities: {} } })
    // Five bytes short: the body's end is read as the next header.
    child.stdin!.write(`Content-Length: ${Buffer.byteLength(body) - 5}\r\n\r\n${body}`)
    const good = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "shutdown" })
    child.stdin!.write(`Content-Length: ${Buffer.byteLength(good)}\r\n\r\n${good}`)
    expect(await exited).toBe(1)
    expect(err).toContain("that message's Content-Length may be wrong")
    expect(err).not.toContain("{")
    expect(err.trim().split("\n")).toHaveLength(1)
  })
})

describe("skc lsp asks a client that can watch files to send their changes (Neovim, Helix)", () => {
  it("registers workspace/didChangeWatchedFiles for every file once initialized; a client that cannot is not asked", async () => {
    for (const dynamicRegistration of [true, false]) {
      const child = spawn(process.execPath, [BIN, "lsp", "--stdio"], {
        cwd: sb.work,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" },
        stdio: ["pipe", "pipe", "pipe"]
      })
      const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!))
      const registered: Array<unknown> = []
      connection.onRequest("client/registerCapability", (params: { registrations: Array<unknown> }) => {
        registered.push(...params.registrations)
        return null
      })
      connection.listen()
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
      await connection.sendRequest("initialize", { processId: process.pid, rootUri: uriOf(sb.work), capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration } } } })
      await connection.sendNotification("initialized", {})
      // Answered in order: once shutdown is answered, a registration sent on `initialized` has come.
      await connection.sendRequest("shutdown")
      expect(registered, String(dynamicRegistration)).toEqual(
        dynamicRegistration ? [expect.objectContaining({ method: "workspace/didChangeWatchedFiles", registerOptions: { watchers: [{ globPattern: "**/*" }] } })] : []
      )
      await connection.sendNotification("exit")
      expect(await exited).toBe(0)
      connection.dispose()
    }
  })
})

describe("skc lsp and a frame whose body is not JSON (JSON-RPC 2.0 §5.1)", () => {
  it("answers -32700 Parse error with id null, and keeps serving", async () => {
    const child = spawn(process.execPath, [BIN, "lsp", "--stdio"], {
      cwd: sb.work,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" },
      stdio: ["pipe", "pipe", "pipe"]
    })
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
    // The frames on stdout, read by hand: a client's connection drops an answer whose id is null.
    let out = Buffer.alloc(0)
    const messages: Array<{ id?: unknown; result?: unknown; error?: { code: number; message: string } }> = []
    const waiters: Array<() => void> = []
    child.stdout!.on("data", (b: Buffer) => {
      out = Buffer.concat([out, b])
      for (;;) {
        const end = out.indexOf("\r\n\r\n")
        if (end < 0) break
        const length = Number(/Content-Length: (\d+)/i.exec(out.subarray(0, end).toString())?.[1])
        if (out.length < end + 4 + length) break
        messages.push(JSON.parse(out.subarray(end + 4, end + 4 + length).toString("utf8")))
        out = out.subarray(end + 4 + length)
      }
      for (const w of waiters.splice(0)) w()
    })
    /** The `nth` answer (0-based) whose id is `id`, once it came. */
    const answerTo = async (id: unknown, nth = 0) => {
      for (;;) {
        const found = messages.filter((m) => m.id === id && ("result" in m || "error" in m))[nth]
        if (found !== undefined) return found
        await new Promise<void>((resolve) => waiters.push(resolve))
      }
    }
    const send = (body: string) => child.stdin!.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`)
    send("{\"jsonrpc\": \"2.0\", \"method\": \"initialize\", \"id\": 1, \"params\": {")
    const parseError = await answerTo(null)
    expect(parseError).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } })
    expect(parseError.error!.message).toMatch(/^Parse error/)
    // `initialize` with `params: null` is -32602 naming params (an editor probe: -32603 "Cannot read properties of
    // null (reading 'processId')"); the session is still uninitialized, and a proper initialize follows.
    send(JSON.stringify({ jsonrpc: "2.0", id: 70, method: "initialize", params: null }))
    expect(await answerTo(70)).toMatchObject({ error: { code: -32602, message: "invalid params: params must be an object" } })
    // Without `capabilities` (required) too, `{}` or null: it was -32603 "Cannot read properties of undefined (reading 'workspace')".
    for (const [id, params] of [[71, {}], [72, { capabilities: null }]] as const) {
      send(JSON.stringify({ jsonrpc: "2.0", id, method: "initialize", params }))
      expect(await answerTo(id)).toMatchObject({ error: { code: -32602, message: "invalid params: initialize needs capabilities (an object; {} when the client has none)" } })
    }
    // Served after it: the next frames are read and answered.
    send(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "initialize", params: { processId: process.pid, rootUri: uriOf(sb.work), capabilities: {} } }))
    expect(((await answerTo(2)).result as { serverInfo: { name: string } }).serverInfo.name).toBe("skc")
    send("not json at all")
    expect(await answerTo(null, 1)).toMatchObject({ error: { code: -32700 } })
    // JSON that is no JSON-RPC message is -32600 Invalid Request (§5.1, §6), with its id when it has one; not a log line.
    send("[]")
    expect(await answerTo(null, 2)).toMatchObject({ error: { code: -32600 } })
    send('"hello"')
    expect(await answerTo(null, 3)).toMatchObject({ error: { code: -32600 } })
    send(JSON.stringify({ jsonrpc: "2.0", id: 77 }))
    expect(await answerTo(77)).toMatchObject({ error: { code: -32600 } })
    // An id that is no string, number or null (§4) is -32600 with id null (§5); before, no answer at all.
    send(JSON.stringify({ jsonrpc: "2.0", id: { a: 1 }, method: "foo" }))
    expect(await answerTo(null, 4)).toMatchObject({ error: { code: -32600, message: expect.stringContaining("an id is a string") } })
    // `params: null` on a text document request is -32602 naming params; before, -32603 with a JavaScript message.
    send(JSON.stringify({ jsonrpc: "2.0", id: 78, method: "textDocument/hover", params: null }))
    expect(await answerTo(78)).toMatchObject({ error: { code: -32602, message: "invalid params: params must be an object" } })
    // A code action's range that ends before it starts: -32602 naming it (sixty-sixth pass: answered [] as if nothing were there).
    const reversed = { start: { line: 9, character: 0 }, end: { line: 2, character: 0 } }
    send(JSON.stringify({ jsonrpc: "2.0", id: 79, method: "textDocument/codeAction", params: { textDocument: { uri: uriOf(join(sb.work, "x.md")) }, range: reversed, context: { diagnostics: [] } } }))
    expect(await answerTo(79)).toMatchObject({ error: { code: -32602, message: "invalid params: range.end must not come before range.start" } })
    send(JSON.stringify({ jsonrpc: "2.0", id: 3, method: "shutdown" }))
    expect(await answerTo(3)).toMatchObject({ result: null })
    send(JSON.stringify({ jsonrpc: "2.0", method: "exit" }))
    expect(await exited).toBe(0)
    expect(messages.filter((m) => m.id === null)).toHaveLength(5)
    expect(JSON.stringify(messages)).not.toContain("neither a response nor a notification")
  }, 180_000)
})

describe("skc lsp leaving while a lint runs (LSP 3.17 exit)", () => {
  // LSP 3.17 exit: "The server should exit with success code 0 if the shutdown request has been received
  // before". An editor that opens a skill file and quits at once (or a script that writes its whole
  // session and closes) sends didOpen, shutdown and exit before the first lint ends: that lint's
  // diagnostics then went to a closed connection, and "Connection is closed" ended skc with exit 1 and
  // a page of minified bundle on stderr. So did an editor that crashed (its end of the pipe closed).
  it.each([
    ["shutdown and exit", true],
    ["its end of the pipe closed (no exit)", false]
  ])("exits 0 on %s while a lint is still running", async (_, polite) => {
    const child = spawn(process.execPath, [BIN, "lsp", "--stdio"], {
      cwd: sb.work,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" },
      stdio: ["pipe", "pipe", "pipe"]
    })
    let stderr = ""
    child.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr += d))
    child.stdout!.resume()
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
    const frame = (message: object) => {
      const body = JSON.stringify({ jsonrpc: "2.0", ...message })
      return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
    }
    child.stdin!.end(
      [
        frame({ id: 1, method: "initialize", params: { processId: null, rootUri: uriOf(sb.work), capabilities: {} } }),
        frame({ method: "initialized", params: {} }),
        frame({ method: "textDocument/didOpen", params: { textDocument: { uri: URI, languageId: "markdown", version: 1, text: TEXT } } }),
        ...(polite ? [frame({ id: 2, method: "shutdown" }), frame({ method: "exit" })] : [])
      ].join("")
    )
    expect(await exited, stderr).toBe(0)
    expect(stderr).not.toContain("Connection is closed")
  }, 180_000)
})
