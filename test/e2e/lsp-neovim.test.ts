/**
 * `skc lsp` as QA drove it from Neovim (issue 50): a client that asks for
 * code actions by range and names the cursor line's diagnostics, declares no
 * watched-files capability, and opens buffers in directories that do not
 * exist yet. Each finding here failed before its fix.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { CodeAction, Diagnostic } from "vscode-languageserver-protocol"
import { sandbox } from "../helpers/cli.js"
import { startLsp, uriOf, type LspSession } from "../helpers/lspClient.js"
import { writeTree } from "../helpers/tree.js"

const sb = sandbox()
let lsp: LspSession

beforeAll(async () => {
  lsp = await startLsp(sb.home, sb.work)
}, 120_000)

afterAll(async () => {
  if (lsp !== undefined) expect(await lsp.close()).toBe(0)
})

const codeActions = (uri: string, range: Diagnostic["range"], diagnostics: ReadonlyArray<Diagnostic>) =>
  lsp.connection.sendRequest("textDocument/codeAction", { textDocument: { uri }, range, context: { diagnostics } }) as Promise<Array<CodeAction>>

describe("code actions are chosen by range, not by line (LSP 3.17 textDocument/codeAction)", () => {
  const dir = join(sb.work, "skills", "pair")
  const uri = uriOf(join(dir, "SKILL.md"))
  const text = ["---", "name: pair", "description: Pairs files. Use when the user asks to pair files.", "---", "# Pair", "", "Read [a](FIELDS.md) and [b](OTHER.md) first.", ""].join("\n")

  it("a request for one finding's range gets that finding's fix alone, though another on its line has one too", async () => {
    writeTree(dir, { "SKILL.md": text, "fields.md": "# Fields\n", "other.md": "# Other\n" })
    await lsp.open(uri, text)
    const all = await lsp.diagnostics(uri, (p) => p.version === 1 && p.diagnostics.filter((d) => d.code === "SKL402").length === 2)
    const [first, second] = all.filter((d) => d.code === "SKL402").sort((a, b) => a.range.start.character - b.range.start.character)
    expect(first!.range.start.line).toBe(second!.range.start.line)
    for (const [mine, other] of [[first!, second!], [second!, first!]] as const) {
      const actions = (await codeActions(uri, mine.range, [mine])).filter((a) => a.kind === "quickfix")
      expect(actions.filter((a) => a.isPreferred === true)).toHaveLength(1)
      for (const a of actions) expect(a.diagnostics).toEqual([expect.objectContaining({ code: mine.code, range: mine.range })])
      expect(actions.flatMap((a) => a.diagnostics ?? []).map((d) => d.range)).not.toContainEqual(other.range)
    }
  })

  it("a cursor beside the findings, with the line's diagnostics named as Neovim sends them, gets the fixes of those named", async () => {
    const all = await lsp.diagnostics(uri, (p) => p.version === 1)
    const line = all.filter((d) => d.code === "SKL402")
    const cursor = { start: { line: line[0]!.range.start.line, character: 0 }, end: { line: line[0]!.range.start.line, character: 0 } }
    const actions = (await codeActions(uri, cursor, line)).filter((a) => a.isPreferred === true)
    expect(actions).toHaveLength(2)
  })
})

describe("diagnostics named back in bytes (Neovim 0.7 stores columns in bytes and sends those)", () => {
  const dir = join(sb.work, "skills", "wide")
  const uri = uriOf(join(dir, "SKILL.md"))
  const line = "😀 Run `SCRIPTS/FILL.PY` now."
  const text = ["---", "name: wide", "description: Fills wide forms. Use when the user asks to fill forms.", "---", "# Wide", "", line, ""].join("\n")

  it("a cursor beside a finding on a line with non-ASCII text before it gets the finding's fix", async () => {
    writeTree(dir, { "SKILL.md": text, "scripts/fill.py": "print(1)\n" })
    await lsp.open(uri, text)
    const all = await lsp.diagnostics(uri, (p) => p.version === 1 && p.diagnostics.some((d) => d.code === "SKL402"))
    const mention = all.find((d) => d.code === "SKL402")!
    expect(mention.range).toEqual({ start: { line: 6, character: 8 }, end: { line: 6, character: 23 } })
    // What Neovim 0.7's vim.lsp.buf.code_action() names: the line's diagnostics, columns in bytes (😀 is 2 UTF-16 units, 4 bytes).
    const bytes = (character: number) => Buffer.byteLength(line.slice(0, character))
    const named = { ...mention, range: { start: { line: 6, character: bytes(8) }, end: { line: 6, character: bytes(23) } } }
    const cursor = { start: { line: 6, character: 0 }, end: { line: 6, character: 0 } }
    const preferred = (await codeActions(uri, cursor, [named])).filter((a) => a.isPreferred === true)
    expect(preferred.map((a) => a.title)).toEqual([expect.stringContaining("(SKL402)")])
    const edits = (preferred[0]!.edit!.documentChanges![0] as { edits: Array<{ range: Diagnostic["range"]; newText: string }> }).edits
    expect(edits).toEqual([{ range: mention.range, newText: "scripts/fill.py" }])
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri } })
  })
})

describe("a URI spelled otherwise than Node spells it (Neovim 0.7 percent-encodes in lowercase)", () => {
  it("a new SKILL.md, not on disk, in a directory named with non-ASCII letters is linted with its skill's open buffers", async () => {
    const file = join(sb.work, ".skillc", "skills", "café", "SKILL.md")
    // What Neovim 0.7's vim.uri_from_fname sends: `caf%c3%a9`, where pathToFileURL writes `caf%C3%A9`.
    const neovimUri = uriOf(file).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase())
    expect(neovimUri).toContain("/caf%c3%a9/")
    const text = ["---", "name: café", "description: Does new things.", "---", "# Café", "", "See [the guide](guide.md).", ""].join("\n")
    await lsp.open(neovimUri, text)
    // Published under the URI the client opened (LSP keys diagnostics by URI string), not Node's `caf%C3%A9`.
    const codes = (await lsp.diagnostics(neovimUri)).map((d) => d.code)
    expect(codes).toContain("SKL301")
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri: neovimUri } })
  })
})

describe("a client that watches no files for the server (Neovim 0.7; 0.10+ on Linux)", () => {
  // The helper's client declares no capabilities at all: no workspace.didChangeWatchedFiles.
  const dir = join(sb.work, "skills", "disk")
  const uri = uriOf(join(dir, "SKILL.md"))
  const text = ["---", "name: disk", "description: Reads files on disk. Use when the user asks to read.", "---", "# Disk", "", "Read [the notes](notes.md) and [the deep one](refs/deep/guide.md).", ""].join("\n")
  const brokenLinks = (ds: ReadonlyArray<Diagnostic>) => ds.filter((d) => d.code === "SKL301").length

  it("sees a linked file created, then deleted, on disk with no further client message (SKL301 goes, then comes back)", async () => {
    writeTree(dir, { "SKILL.md": text })
    await lsp.open(uri, text)
    expect(brokenLinks(await lsp.diagnostics(uri, (p) => p.version === 1))).toBe(2)
    writeFileSync(join(dir, "notes.md"), "# Notes\n")
    expect(brokenLinks(await lsp.diagnostics(uri, (p) => brokenLinks(p.diagnostics) === 1))).toBe(1)
    // A directory that did not exist, two levels deep: its watch starts before the file in it is made.
    mkdirSync(join(dir, "refs", "deep"), { recursive: true })
    writeFileSync(join(dir, "refs", "deep", "guide.md"), "# Guide\n")
    expect(brokenLinks(await lsp.diagnostics(uri, (p) => brokenLinks(p.diagnostics) === 0))).toBe(0)
    rmSync(join(dir, "notes.md"))
    expect(brokenLinks(await lsp.diagnostics(uri, (p) => brokenLinks(p.diagnostics) === 1))).toBe(1)
    renameSync(join(dir, "refs"), join(dir, "moved"))
    expect(brokenLinks(await lsp.diagnostics(uri, (p) => brokenLinks(p.diagnostics) === 2))).toBe(2)
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri } })
  }, 180_000)
})

describe("a SKILL.md that leaves the disk and comes back (git stash, a branch switch), with no client watch", () => {
  it("the open files of the skill get their findings back (sixty-sixth pass probe: they stayed empty until a keystroke)", async () => {
    const dir = join(sb.work, "skills", "comeback")
    const skillMd = ["---", "name: comeback", "description: Comes back. Use when the user asks.", "---", "# Comeback", "", "See notes.md.", ""].join("\n")
    writeTree(dir, { "SKILL.md": skillMd, "notes.md": "# Notes\n\n[m](missing.md)\n" })
    const notes = uriOf(join(dir, "notes.md"))
    await lsp.open(notes, "# Notes\n\n[m](missing.md)\n")
    const broken = (ds: ReadonlyArray<Diagnostic>) => ds.filter((d) => d.code === "SKL301").length
    expect(broken(await lsp.diagnostics(notes, (p) => broken(p.diagnostics) === 1))).toBe(1)
    // Moved away: the file belongs to no skill, its findings go.
    renameSync(join(dir, "SKILL.md"), join(dir, "SKILL.bak"))
    expect(await lsp.diagnostics(notes, (p) => p.diagnostics.length === 0)).toEqual([])
    // Moved back: the skill is linted again, with no message from the client.
    renameSync(join(dir, "SKILL.bak"), join(dir, "SKILL.md"))
    expect(broken(await lsp.diagnostics(notes, (p) => broken(p.diagnostics) === 1))).toBe(1)
    // Removed with its directory and made again: the same.
    rmSync(dir, { recursive: true, force: true })
    expect(await lsp.diagnostics(notes, (p) => p.diagnostics.length === 0)).toEqual([])
    writeTree(dir, { "SKILL.md": skillMd, "notes.md": "# Notes\n\n[m](missing.md)\n" })
    expect(broken(await lsp.diagnostics(notes, (p) => broken(p.diagnostics) === 1))).toBe(1)
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri: notes } })
  }, 180_000)
})

describe("a new SKILL.md in a directory that does not exist yet (`:edit .skillc/skills/brand-new/SKILL.md`)", () => {
  it("is linted as its skill's SKILL.md, and so is another new buffer beside it", async () => {
    const dir = join(sb.work, ".skillc", "skills", "brand-new")
    const uri = uriOf(join(dir, "SKILL.md"))
    const text = ["---", "name: brand-new", "description: Does new things.", "---", "# Brand new", "", "See [the guide](guide.md).", ""].join("\n")
    await lsp.open(uri, text)
    const codes = (await lsp.diagnostics(uri, (p) => p.version === 1)).map((d) => d.code)
    expect(codes).toContain("SKL108")
    expect(codes).toContain("SKL301")
    const guide = uriOf(join(dir, "guide.md"))
    await lsp.open(guide, "# Guide\n\n### Deep\n")
    expect((await lsp.diagnostics(guide, (p) => p.version === 1)).map((d) => d.code)).toContain("SKL205")
    // The buffer's file is now on the skill's list: the link to it holds.
    expect((await lsp.diagnostics(uri, (p) => !p.diagnostics.some((d) => d.code === "SKL301"))).map((d) => d.code)).toContain("SKL108")
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri: guide } })
    await lsp.diagnostics(uri, (p) => p.diagnostics.some((d) => d.code === "SKL301"))
    // Saved (`:w ++p` makes the directory): from then on the directory is watched like any skill's.
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "SKILL.md"), text)
    const before = lsp.publications(uri)
    await lsp.connection.sendNotification("textDocument/didSave", { textDocument: { uri } })
    await lsp.diagnostics(uri, () => lsp.publications(uri) > before)
    writeFileSync(join(dir, "guide.md"), "# Guide\n")
    expect((await lsp.diagnostics(uri, (p) => !p.diagnostics.some((d) => d.code === "SKL301"))).map((d) => d.code)).toContain("SKL108")
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri } })
  }, 180_000)
})
