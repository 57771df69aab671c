/**
 * skc_search's guidance reaches a model that sees only the structured content (Claude Code 2.1.332
 * and Codex 0.171.0 hand their model `structuredContent` of a successful call and drop its text): the
 * next step of an empty answer, a corrected typo, how to read a hit before any heading are the
 * structured content's `notices`, as the text says them. The RFC-0004 document is unchanged beside them.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectHttp, startHttpServer } from "../helpers/httpServer.js"
import { connectMcp, textOf, type McpSession } from "../helpers/mcpClient.js"

const sb = sandbox()
let mcp: McpSession

beforeAll(async () => {
  const dir = join(sb.work, ".skillc", "skills", "ops")
  mkdirSync(join(dir, "notes"), { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), "---\nname: ops\ndescription: Operations runbook. Use when deploying.\n---\n# Ops\n\n## Deploy\n\nRun the deploy pipeline.\n\n## Rollback\n\nRevert the release.\n")
  writeFileSync(join(dir, "notes", "loose.md"), "Loose notes about the canary before any heading.\n\nMore canary text.\n")
  // A second skill of the store never built (a fresh clone): searched across skills, it is skipped.
  mkdirSync(join(sb.work, ".skillc", "skills", "drafts"), { recursive: true })
  writeFileSync(join(sb.work, ".skillc", "skills", "drafts", "SKILL.md"), "---\nname: drafts\ndescription: Drafts. Use when drafting.\n---\n# Drafts\n\n## Deploy notes\n\nDraft.\n")
  const built = await sb.runAsync(["build", "ops"])
  expect(built.code, built.stderr).toBe(0)
  mcp = await connectMcp({ cwd: sb.work, home: sb.home })
})
afterAll(async () => {
  await mcp?.close()
})

describe("skc_search's guidance is in the structured content (notices), not only in the text", () => {
  it("an empty answer: the next step", async () => {
    const r = await mcp.call("skc_search", { skill: "ops", query: "kubernetes helm" })
    expect(r.isError).toBeFalsy()
    const s = r.structuredContent as { query: string; results: Array<unknown>; notices?: Array<string> }
    expect(s.query).toBe("kubernetes helm")
    expect(s.results).toEqual([])
    expect(s.notices).toEqual(['No section of \'ops\' holds these words; its headings: skc_outline skill="ops"'])
    expect(textOf(r)).toContain(s.notices![0])
  })

  it("a hit before any heading: how to read it", async () => {
    const r = await mcp.call("skc_search", { skill: "ops", query: "canary" })
    const s = r.structuredContent as { results: Array<{ file: string; section: string }>; notices?: Array<string> }
    expect(s.results[0]).toMatchObject({ file: "notes/loose.md", section: "" })
    expect(s.notices).toEqual([expect.stringMatching(/^notes\/loose\.md, line 1, before any heading; read it with: skc_open skill="ops" path="notes\/loose\.md" max_lines=\d+$/)])
  })

  it("a plain answer carries no notices", async () => {
    const r = await mcp.call("skc_search", { skill: "ops", query: "rollback" })
    expect((r.structuredContent as { notices?: unknown }).notices).toBeUndefined()
  })
})

describe("the skills a search across skills skipped: how to search them, in the notices", () => {
  type Answer = { results: Array<{ skill: string }>; skipped?: Array<{ skill: string; reason: string }>; notices?: Array<string> }

  it("over stdio: the command that builds them", async () => {
    const r = await mcp.call("skc_search", { query: "deploy" })
    const s = r.structuredContent as Answer
    expect(s.results.map((x) => x.skill)).toEqual(["ops"])
    expect(s.skipped).toEqual([{ skill: "drafts", reason: "not built" }])
    expect(s.notices).toEqual(["(skipped drafts: not built; build it with: skc build drafts)"])
  })

  it("over HTTP (a team server): its operator builds them, on the server; no command a client cannot run", async () => {
    const server = await startHttpServer({ cwd: sb.work, home: sb.home, flags: ["--project", sb.work] })
    try {
      const client = await connectHttp(`${server.base}/mcp`)
      try {
        const r = (await client.callTool({ name: "skc_search", arguments: { query: "deploy" } })) as unknown as { structuredContent: Answer; content: Array<{ text: string }> }
        expect(r.structuredContent.skipped).toEqual([{ skill: "drafts", reason: "not built" }])
        expect(r.structuredContent.notices).toEqual(["(skipped drafts: not built; this team server's operator builds it, on the server)"])
        expect(r.content.map((c) => c.text).join("\n")).not.toContain("skc build")
        // The operator, who builds on the server, is told (no client reports a skipped skill: it is no error).
        const line = `skc_search: skill 'drafts' of ${sb.work}: not built: clients' searches skip it until 'skc build drafts' is run here`
        for (let i = 0; i < 3000 && !server.stderr().includes(line); i++) await new Promise((resolve) => setTimeout(resolve, 20))
        expect(server.stderr()).toContain(line)
      } finally {
        await client.close()
      }
    } finally {
      await server.stop()
    }
  })
})
