/**
 * A buffer closed while its skill's lint runs (seventy-ninth pass, an editor probe): the lint read the
 * buffer's text at its start, and published its findings when it ended, after didClose had cleared them,
 * tagged with the version it read though a newer one had been sent. The closed buffer's findings then
 * stayed for ever. A publication now goes only to a document still open at the version the lint read
 * (or still closed, for a file read from disk); a newer lint publishes the rest.
 */
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { startLsp, uriOf, type LspSession } from "../helpers/lspClient.js"
import { writeTree } from "../helpers/tree.js"

const sb = sandbox()
const DIR = join(sb.work, "skills", "big")
const SKILL_URI = uriOf(join(DIR, "SKILL.md"))
const HUGE_URI = uriOf(join(DIR, "references", "huge.md"))
// A lint slow enough that the change and the close are read before it ends: a broken link on every line.
const HUGE = "# Huge\n\n" + "See [gone](gone.md) here.\n".repeat(80_000)

let lsp: LspSession
beforeAll(async () => {
  writeTree(DIR, {
    "SKILL.md": "---\nname: big\ndescription: Reads huge files. Use when the user asks about huge files.\n---\n# Big\n\nRead [huge](references/huge.md) and [gone](gone.md).\n",
    "references/huge.md": HUGE
  })
  lsp = await startLsp(sb.home, sb.work)
}, 120_000)
afterAll(async () => {
  if (lsp !== undefined) expect(await lsp.close()).toBe(0)
})

describe("skc lsp: a buffer closed during its skill's lint", () => {
  it("gets nothing published for its text after the clear", async () => {
    await lsp.open(HUGE_URI, HUGE)
    await lsp.connection.sendNotification("textDocument/didChange", {
      textDocument: { uri: HUGE_URI, version: 2 },
      contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: "x" }]
    })
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri: HUGE_URI } })
    // SKILL.md (not open) gets its findings from the lint, and loses them when the skill, with no file open, is
    // released: the server is done with the skill then.
    await lsp.diagnostics(SKILL_URI, () => lsp.history(SKILL_URI).some((p) => p.diagnostics.length > 0))
    await lsp.diagnostics(SKILL_URI, (p) => p.diagnostics.length === 0)
    const history = lsp.history(HUGE_URI)
    const cleared = history.findIndex((p) => p.diagnostics.length === 0)
    expect(cleared).toBeGreaterThanOrEqual(0)
    expect(history.slice(cleared).filter((p) => p.diagnostics.length > 0).map((p) => ({ version: p.version, count: p.diagnostics.length }))).toEqual([])
    // Never the version the lint read after a newer one was sent.
    expect(history.filter((p) => p.version === 1)).toEqual([])
  }, 120_000)
})
