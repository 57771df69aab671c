/**
 * docs/editors.md: a request is answered from the text the editor sent before it. One sent while the user
 * keeps typing into a file whose lint takes longer than the gap between keystrokes is answered once that text
 * (or a later one) is linted, not when typing stops: compared with the newest version at each check, every
 * keystroke after it put the answer off again (a VS Code-style probe: an outline asked at the 50th of 600
 * keystrokes into a 5 MB file was answered 16.4 s later, after the last).
 */
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { startLsp, uriOf } from "../helpers/lspClient.js"
import { writeTree } from "../helpers/tree.js"

const sb = sandbox()

describe("skc lsp: a request while typing", () => {
  it("is answered while the keystrokes after it still come", async () => {
    const dir = join(sb.work, "skills", "big")
    // A file whose lint takes far longer than the 5 ms between keystrokes below.
    const big = Array.from({ length: 3000 }, (_, i) => `## Part ${i}\n\nSee [part ${i + 1}](#part-${i + 1}) and scripts/run-${i}.py for the steps.\n`).join("\n")
    // Many files: the lint yields between them, so keystrokes arrive while it runs.
    const references = Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`references/r${i}.md`, `# Reference ${i}\n\nSee [the guide](../guide.md#part-${i}).\n`]))
    writeTree(dir, { "SKILL.md": "---\nname: big\ndescription: Use when testing.\n---\n# Big\n\nRead [the guide](guide.md).\n", "guide.md": `# Guide\n\n${big}`, ...references })
    const lsp = await startLsp(sb.home, sb.work)
    const uri = uriOf(join(dir, "guide.md"))
    const text = `# Guide\n\n${big}`
    await lsp.open(uri, text)
    await lsp.diagnostics(uri)
    // Keystrokes as an editor sends them: one character each, at the end of the first line.
    const line = 0
    let column = "# Guide".length
    let version = 1
    const type = () => {
      version++
      const at = { line, character: column++ }
      return lsp.connection.sendNotification("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [{ range: { start: at, end: at }, text: "x" }] })
    }
    await type()
    let answered = false
    const request = lsp.connection.sendRequest("textDocument/documentSymbol", { textDocument: { uri } }).then((r) => {
      answered = true
      return r
    })
    // Up to 2,000 keystrokes, 5 ms apart (ten seconds at least): the answer comes long before the last of them.
    let sent = 0
    while (!answered && sent < 2000) {
      await type()
      sent++
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    // Measured: after about 150 keystrokes; before, after about 1,500 (when a lint happened to end with no
    // keystroke during it) or never while typing went on. The bound is loose, for a busy machine.
    expect(answered).toBe(true)
    expect(sent).toBeLessThan(700)
    expect(Array.isArray(await request)).toBe(true)
    expect(await lsp.close()).toBe(0)
  }, 120_000)
})
