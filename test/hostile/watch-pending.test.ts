// Issue 29 item 5: with `skc mcp --watch`, a call right after an edit got E002 "run 'skc build'"
// (60 of 60 tries): the watcher had not polled yet. Now the call waits for that rebuild. Order, not
// time: each edit is followed at once by the call, and that first call answers from the new text.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectMcp, textOf } from "../helpers/mcpClient.js"

const SKILL = (word: string) =>
  `---\nname: demo\ndescription: The demo skill. Use when testing.\n---\n\n# demo\n\n## Usage\n\nRun the ${word} command.\n`

const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 1200 && !check(); i++) await new Promise((r) => setTimeout(r, 50))
  if (!check()) throw new Error(`timed out waiting for ${what}`)
}

describe("issue 29 item 5: mcp --watch, a call right after an edit", () => {
  it("answers from the edited sources, never E002, on every try", async () => {
    const sb = sandbox()
    const src = join(sb.work, ".skillc/skills/demo/SKILL.md")
    mkdirSync(join(src, ".."), { recursive: true })
    writeFileSync(src, SKILL("alpha"))
    expect((await sb.runAsync(["build", "demo"])).code).toBe(0)
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home, flags: ["--watch"] })
    try {
      await until(() => mcp.stderr().includes("watching demo"), "the watch to start")
      for (const word of ["bravo", "charlie", "delta", "echo", "foxtrot"]) {
        writeFileSync(src, SKILL(word))
        const r = await mcp.call("skc_search", { skill: "demo", query: word })
        expect(r.isError, textOf(r)).toBeFalsy()
        expect((r.structuredContent as { results: Array<unknown> }).results.length, word).toBeGreaterThan(0)
        const shown = await mcp.call("skc_show", { skill: "demo", section: "Usage" })
        expect(textOf(shown)).toContain(`Run the ${word} command.`)
      }
    } finally {
      await mcp.close()
    }
  })
})
