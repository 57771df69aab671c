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
import { connectMcp, textOf, type McpSession } from "../helpers/mcpClient.js"

const sb = sandbox()
let mcp: McpSession

beforeAll(async () => {
  const dir = join(sb.work, ".skillc", "skills", "ops")
  mkdirSync(join(dir, "notes"), { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), "---\nname: ops\ndescription: Operations runbook. Use when deploying.\n---\n# Ops\n\n## Deploy\n\nRun the deploy pipeline.\n\n## Rollback\n\nRevert the release.\n")
  writeFileSync(join(dir, "notes", "loose.md"), "Loose notes about the canary before any heading.\n\nMore canary text.\n")
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
