/**
 * Issue 45 (done when): `ping` is answered while an `skc_eval` of a capped
 * trigger file runs. The offline judge scores thousands of queries; the
 * server must give its event loop turns between them, or every other request
 * of the session waits for the whole evaluation. No timing assertion: the
 * pings must come back before the evaluation does.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectMcp } from "../helpers/mcpClient.js"

describe("issue 45: a long skc_eval does not hold up the session", () => {
  it("pings sent after an skc_eval of a trigger file near the 1 MiB cap are answered before it", { timeout: 120_000 }, async () => {
    const sb = sandbox()
    const skills = join(sb.work, ".claude", "skills")
    for (const [name, description] of [
      ["pdf", "Fill in PDF forms and extract text from PDF files. Use when the user mentions a PDF."],
      ["xlsx", "Build spreadsheets and financial models in Excel. Use when the user mentions a spreadsheet."],
      ["pptx", "Make slide decks and pitch decks from an outline. Use when the user mentions slides."]
    ] as const) {
      mkdirSync(join(skills, name, "evals"), { recursive: true })
      writeFileSync(join(skills, name, "SKILL.md"), `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n\nText.\n`)
    }
    // About 0.95 MiB of queries: under the default cap, thousands for the judge to score.
    const queries: Array<{ query: string; should_trigger: boolean }> = []
    let bytes = 0
    for (let i = 0; bytes < 950_000; i++) {
      const q = { query: `please fill in the tax form number ${i} in this pdf and extract its text for review`, should_trigger: i % 3 !== 0 }
      bytes += JSON.stringify(q).length + 1
      queries.push(q)
    }
    writeFileSync(join(skills, "pdf", "evals", "triggers.json"), JSON.stringify(queries))
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home })
    try {
      const order: Array<string> = []
      const evaluation = mcp.call("skc_eval", { skills: ["pdf"] }).then((r) => {
        order.push("eval")
        return r
      })
      for (let i = 0; i < 3; i++) {
        await mcp.client.ping()
        order.push("ping")
      }
      const r = await evaluation
      expect(JSON.stringify(r)).toContain("pdf")
      expect(order).toEqual(["ping", "ping", "ping", "eval"])
    } finally {
      await mcp.close()
    }
  })
})
