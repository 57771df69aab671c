/**
 * `skc lsp` when a file of the skill cannot be read (chmod 000; sixty-second pass): the lint failed, the server
 * only logged "cannot lint …" (editors keep their log out of sight), and the findings of the last lint stayed,
 * about text since deleted. The failure is now an error at the top of every open file of the skill; once the
 * file can be read again, the findings come back.
 */
import { chmodSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { startLsp, uriOf } from "../helpers/lspClient.js"
import { canDropPrivileges, shareForUnprivileged, unprivilegedPrefix } from "./unprivileged.js"

describe("skc lsp: a file of the skill it may not read", () => {
  it.skipIf(!canDropPrivileges())("is said on the open file, in place of the old findings; readable again, the findings return", async () => {
    const sb = sandbox()
    const dir = join(sb.work, ".skillc", "skills", "t")
    mkdirSync(join(dir, "references"), { recursive: true })
    const skill = "---\nname: t\ndescription: Fills forms. Use when the user asks to fill a PDF form.\n---\n\n# T\n\nSee [g](references/g.md) and [z](nope.md).\n"
    writeFileSync(join(dir, "SKILL.md"), skill)
    writeFileSync(join(dir, "references", "g.md"), "# G\n")
    shareForUnprivileged(sb.root)
    chmodSync(join(dir, "references", "g.md"), 0o000)
    const lsp = await startLsp(sb.home, sb.work, unprivilegedPrefix())
    try {
      const uri = uriOf(join(dir, "SKILL.md"))
      await lsp.open(uri, skill)
      const failed = await lsp.diagnostics(uri, (p) => p.diagnostics.some((d) => String(d.message).startsWith("skc cannot lint this skill")))
      expect(failed).toHaveLength(1)
      expect(failed[0]!.severity).toBe(1)
      expect(failed[0]!.message).toMatch(/^skc cannot lint this skill: error: cannot read file '.*g\.md': permission denied\n {2}make it readable/)
      // Readable again (the server's watcher sees the change): the skill's findings, the broken link among them.
      chmodSync(join(dir, "references", "g.md"), 0o644)
      await lsp.connection.sendNotification("textDocument/didChange", { textDocument: { uri, version: 2 }, contentChanges: [{ text: skill }] })
      const back = await lsp.diagnostics(uri, (p) => p.diagnostics.some((d) => String(d.code ?? d.message).includes("SKL")))
      expect(back.some((d) => String(d.message).startsWith("skc cannot lint"))).toBe(false)
    } finally {
      expect(await lsp.close()).toBe(0)
    }
  }, 60_000)
})
