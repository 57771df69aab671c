/**
 * `skc lsp` as a probe drove it from Neovim and compared it with `skc lint`
 * (issue 50): a file that is not UTF-8 on disk keeps its SKL207 when opened,
 * diagnostics go to the URI the client opened, and a lint cut short by the
 * end of the session says nothing. Each failed before its fix.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import type { Diagnostic } from "vscode-languageserver-protocol"
import { sandbox } from "../helpers/cli.js"
import { lspForFile, startLsp, uriOf } from "../helpers/lspClient.js"
import { writeTree } from "../helpers/tree.js"

const sb = sandbox()
const session = lspForFile(sb)

/** A wait bounded well below the test's timeout, so a publication that never comes fails fast. */
const within = <A>(p: Promise<A>, ms = 20_000): Promise<A> =>
  Promise.race([p, new Promise<A>((_, reject) => setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), ms).unref())])

const byRule = (ds: ReadonlyArray<Diagnostic>) => ds.map((d) => [d.code, d.range.start.line + 1]).sort()

describe("RFC-0008 SKL207 utf8-text in the editor: the bytes on disk, which no buffer carries", () => {
  const dir = join(sb.work, "skills", "legacy")
  const file = join(dir, "SKILL.md")
  const uri = uriOf(file)
  const head = "---\nname: legacy\ndescription: Reads legacy files. Use when the user asks to read them.\n---\n# Legacy\n\n"
  // Saved in Latin-1: `café` is 63 61 66 E9 on disk, not UTF-8.
  const latin1 = Buffer.concat([Buffer.from(head), Buffer.from("Serve the caf\xe9 menu.\n", "latin1")])

  it("a Latin-1 file opened as the editor decodes it has skc lint's findings, SKL207 on its line included", async () => {
    writeTree(dir, {})
    writeFileSync(file, latin1)
    const lint = JSON.parse((await sb.runAsync(["lint", "skills/legacy", "--format", "json"])).stdout) as { diagnostics: Array<{ rule: string; line: number }> }
    expect(lint.diagnostics.map((d) => [d.rule, d.line])).toContainEqual(["SKL207", 7])
    // Neovim's `fileencodings` fall back to latin1: the buffer reads `café`, valid text.
    await session().open(uri, latin1.toString("latin1"))
    const shown = await within(session().diagnostics(uri, (p) => p.version === 1))
    expect(byRule(shown)).toEqual(lint.diagnostics.map((d) => [d.rule, d.line]).sort())
    // A buffer that decoded it with U+FFFD (VS Code's default) gets it too.
    await session().connection.sendNotification("textDocument/didChange", { textDocument: { uri, version: 2 }, contentChanges: [{ text: latin1.toString("utf8") }] })
    expect(byRule(await within(session().diagnostics(uri, (p) => p.version === 2)))).toContainEqual(["SKL207", 7])
  })

  it("saved as UTF-8, SKL207 goes", async () => {
    const text = latin1.toString("latin1")
    writeFileSync(file, text, "utf8")
    await session().connection.sendNotification("textDocument/didChange", { textDocument: { uri, version: 3 }, contentChanges: [{ text }] })
    await session().connection.sendNotification("textDocument/didSave", { textDocument: { uri } })
    const after = await within(session().diagnostics(uri, (p) => p.version === 3 && !p.diagnostics.some((d) => d.code === "SKL207")))
    expect(after.map((d) => d.code)).not.toContain("SKL207")
    await session().connection.sendNotification("textDocument/didClose", { textDocument: { uri } })
  })
})

describe("LSP 3.17 publishDiagnostics: an open document's findings go to the URI the client opened it by", () => {
  it("Neovim 0.7's lowercase percent-encoding (`caf%c3%a9%20%5bx%5d`) gets its diagnostics under that very URI", async () => {
    const dir = join(sb.work, "skills", "café [x]")
    const file = join(dir, "SKILL.md")
    const text = ["---", "name: cafe", "description: Serves coffee.", "---", "# Cafe", "", "See [the menu](menu.md).", ""].join("\n")
    mkdirSync(dir, { recursive: true })
    writeFileSync(file, text)
    const nodeUri = uriOf(file)
    const neovimUri = nodeUri.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase())
    expect(neovimUri).toContain("/caf%c3%a9%20%5bx%5d/")
    expect(neovimUri).not.toBe(nodeUri)
    await session().open(neovimUri, text)
    const codes = (await within(session().diagnostics(neovimUri, (p) => p.version === 1))).map((d) => d.code)
    expect(codes).toContain("SKL301")
    expect(codes).toContain("SKL108")
    expect(session().publications(nodeUri)).toBe(0)
    // The fix's edit names the buffer as the client does too.
    const skl108 = (await within(session().diagnostics(neovimUri))).find((d) => d.code === "SKL108")!
    const actions = (await session().connection.sendRequest("textDocument/codeAction", { textDocument: { uri: neovimUri }, range: skl108.range, context: { diagnostics: [skl108] } })) as Array<{ edit?: { documentChanges?: Array<{ textDocument: { uri: string } }> } }>
    const edited = actions.flatMap((a) => a.edit?.documentChanges ?? []).map((c) => c.textDocument.uri)
    expect(edited.length).toBeGreaterThan(0)
    expect(new Set(edited)).toEqual(new Set([neovimUri]))
    await session().connection.sendNotification("textDocument/didClose", { textDocument: { uri: neovimUri } })
    expect(await within(session().diagnostics(neovimUri, (p) => p.diagnostics.length === 0))).toEqual([])
  })
})

describe("the session ends during a lint (an editor quit right after opening a file)", () => {
  it("the lint the shutdown interrupts says nothing in the editor's log", async () => {
    const dir = join(sb.work, "skills", "quit")
    const files: Record<string, string> = { "SKILL.md": "---\nname: quit\ndescription: Quits. Use when the user asks to quit.\n---\n# Quit\n" }
    // Enough files that reading them outlasts the editor's shutdown (300 were read before it came).
    for (let i = 0; i < 3000; i++) files[`references/r${i}.md`] = `# R${i}\n\nText.\n`
    writeTree(dir, files)
    const uri = uriOf(join(dir, "SKILL.md"))
    for (let round = 0; round < 3; round++) {
      const own = await startLsp(sb.home, sb.work)
      const logged: Array<string> = []
      own.connection.onNotification("window/logMessage", (p: { message: string }) => void logged.push(p.message))
      await own.open(uri, files["SKILL.md"]!)
      // Quit at once: the first lint of the skill is still building its runtime or reading the tree.
      expect(await own.close()).toBe(0)
      expect(logged.filter((m) => m.includes("cannot lint"))).toEqual([])
    }
  }, 120_000)
})
