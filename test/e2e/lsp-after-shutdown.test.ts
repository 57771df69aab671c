/**
 * LSP 3.17 shutdown: the server stops its work. A didChange, didOpen or
 * watched-file event after `shutdown` starts no lint and publishes nothing
 * (a VS Code-style probe saw six publications after the shutdown answer,
 * each lint building again the runtimes and watchers shutdown had disposed).
 */
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { startLsp, uriOf } from "../helpers/lspClient.js"
import { writeTree } from "../helpers/tree.js"

const sb = sandbox()
const SKILL = "---\nname: forms\ndescription: Fills PDF forms.\n---\n# Forms\n\nRead [the fields](fields.md) first.\n"

describe("skc lsp after shutdown", () => {
  it("notifications after shutdown publish nothing; exit is still 0", async () => {
    const dir = join(sb.work, "skills", "forms")
    writeTree(dir, { "SKILL.md": SKILL, "notes.md": "# Notes\n\nSee [gone](gone.md).\n" })
    const lsp = await startLsp(sb.home, sb.work)
    const skillUri = uriOf(join(dir, "SKILL.md"))
    const notesUri = uriOf(join(dir, "notes.md"))
    await lsp.open(skillUri, SKILL)
    // The first lint has run: a lint after shutdown would find the skill's state warm and be quick to publish.
    expect((await lsp.diagnostics(skillUri)).map((d) => d.code)).toContain("SKL301")
    // The skill's lint publishes for its files on disk too: notes.md's broken link.
    expect((await lsp.diagnostics(notesUri)).map((d) => d.code)).toContain("SKL301")
    const before = [lsp.publications(skillUri), lsp.publications(notesUri)]
    await lsp.connection.sendRequest("shutdown")
    await lsp.connection.sendNotification("textDocument/didChange", {
      textDocument: { uri: skillUri, version: 2 },
      contentChanges: [{ text: SKILL.replace("fields.md", "other.md") }]
    })
    await lsp.open(notesUri, "# Notes\n\nSee [gone](gone.md).\n")
    await lsp.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: notesUri, type: 2 }] })
    // Nothing is awaited but silence: two seconds in which a lint of a warm skill would have published.
    await new Promise((resolve) => setTimeout(resolve, 2000))
    expect([lsp.publications(skillUri), lsp.publications(notesUri)]).toEqual(before)
    await lsp.connection.sendNotification("exit")
    expect(await new Promise((resolve) => lsp.child.once("exit", resolve))).toBe(0)
    lsp.connection.dispose()
  }, 60_000)
})
