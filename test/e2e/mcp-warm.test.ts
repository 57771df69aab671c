// A server that stays warm (issue 16 item 2) and still never answers from
// an index of other sources (DECISIONS #22): after the server has verified
// a skill (calls answered from its freshness record, without stat-ing the
// tree), an edit, a new file in a new directory and a removed file are each
// seen by the very next skc_show/skc_search, through the SDK client.
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { builtDemoSession, connectMcp, type McpSession } from "../helpers/mcpClient.js"

const SKILL = "---\nname: demo\ndescription: A skill for tests. Use when testing.\n---\n\n# Demo\n\n## Setup\n\nalpha setup text\n"
// Over MCP the RFC-0005 template is followed by the tool call that rebuilds (the session serves skc_build).
const E002 = "error[E002]: search index unusable; run 'skc build demo' to rebuild\n  rebuild it with: skc_build skill=\"demo\""

describe("issue 16 skc mcp keeps staleness state between calls (DECISIONS #22)", () => {
  const demo = builtDemoSession({ "SKILL.md": SKILL, "references/a.md": "# A\n\nbravo text\n" })
  const { dir } = demo
  const s = demo
  const mcp = { call: (...a: Parameters<McpSession["call"]>) => demo.mcp().call(...a) }

  const text = (r: { content: unknown }) => (r.content as Array<{ text: string }>)[0].text
  /** Enough calls for the server to arm its watchers and verify the skill. */
  const warm = async () => {
    for (let i = 0; i < 4; i++) {
      const r = await mcp.call("skc_search", { skill: "demo", query: "bravo" })
      expect(r.isError, text(r)).toBeFalsy()
    }
    expect((await mcp.call("skc_show", { skill: "demo", section: "Setup" })).isError).toBeFalsy()
  }

  it("an edited file is E002 on the next call, and the new content after a build", async () => {
    await warm()
    writeFileSync(join(dir, "references", "a.md"), "# A\n\ncharlie text\n")
    const show = await mcp.call("skc_show", { skill: "demo", section: "Setup" })
    expect(show.isError).toBe(true)
    expect(text(show)).toBe(E002)
    expect(text(await mcp.call("skc_search", { skill: "demo", query: "charlie" }))).toBe(E002)
    expect(s.run(["build", "demo"]).code).toBe(0)
    const r = await mcp.call("skc_search", { skill: "demo", query: "charlie" })
    expect((r.structuredContent as { results: Array<{ file: string }> }).results.map((h) => h.file)).toEqual(["references/a.md"])
  })

  it("a file added in a new directory is E002 on the next call", async () => {
    await warm()
    mkdirSync(join(dir, "references", "deeper"))
    // The directory exists for a call: the server sees its parent change.
    expect(text(await mcp.call("skc_search", { skill: "demo", query: "bravo" }))).not.toBe(E002)
    writeFileSync(join(dir, "references", "deeper", "b.md"), "# B\n\ndelta\n")
    expect(text(await mcp.call("skc_search", { skill: "demo", query: "bravo" }))).toBe(E002)
    expect(s.run(["build", "demo"]).code).toBe(0)
    await warm()
    // A file inside the new directory, changed after the server verified the skill again.
    writeFileSync(join(dir, "references", "deeper", "b.md"), "# B\n\necho\n")
    expect(text(await mcp.call("skc_show", { skill: "demo", section: "Setup" }))).toBe(E002)
    expect(s.run(["build", "demo"]).code).toBe(0)
  })

  it("a removed file is E002 on the next call; a rebuild by another process is picked up", async () => {
    await warm()
    rmSync(join(dir, "references", "a.md"))
    expect(text(await mcp.call("skc_search", { skill: "demo", query: "bravo" }))).toBe(E002)
    expect(s.run(["build", "demo"]).code).toBe(0)
    const r = await mcp.call("skc_search", { skill: "demo", query: "bravo" })
    expect(r.isError).toBeFalsy()
    expect((r.structuredContent as { results: Array<unknown> }).results).toEqual([])
  })
})

// Issue 25: the server keeps the skills in scope of `skc_search` without `skill` between calls
// (src/ports/DiskMemo.ts), and a skill added, removed or dropped into an agent directory is in or out
// of the very next call's answer.
describe("issue 25 skc mcp keeps the skills in scope between calls, never a stale set", () => {
  const s = sandbox()
  const store = join(s.work, ".skillc", "skills")
  const addSkill = (root: string, name: string) => {
    mkdirSync(join(root, name), { recursive: true })
    writeFileSync(join(root, name, "SKILL.md"), `---\nname: ${name}\ndescription: The ${name} skill. Use when testing.\n---\n\n# ${name}\n\n## Common\n\ncommon ${name} words\n`)
  }
  let mcp: McpSession
  beforeAll(async () => {
    for (const name of ["alpha", "beta"]) {
      addSkill(store, name)
      expect(s.run(["build", name]).code).toBe(0)
    }
    // Past the memo's window for files changed a moment ago, so the set is kept from the first call on.
    await new Promise((resolve) => setTimeout(resolve, 300))
    mcp = await connectMcp({ cwd: s.work, home: s.home })
  })
  afterAll(async () => {
    await mcp?.close()
  })

  const skillsAnswering = async () => {
    const r = await mcp.call("skc_search", { query: "common", limit: 50 })
    expect(r.isError, JSON.stringify(r.content)).toBeFalsy()
    return [...new Set((r.structuredContent as { results: Array<{ skill: string }> }).results.map((h) => h.skill))].sort()
  }

  it("a skill built, removed, or found in an agent directory is in or out of the next answer", async () => {
    for (let i = 0; i < 3; i++) expect(await skillsAnswering()).toEqual(["alpha", "beta"])
    addSkill(store, "gamma")
    expect(s.run(["build", "gamma"]).code).toBe(0)
    expect(await skillsAnswering()).toEqual(["alpha", "beta", "gamma"])
    // Its source and its deployment (a deployed stub whose source is gone is still listed, DECISIONS #46).
    rmSync(join(store, "beta"), { recursive: true })
    rmSync(join(s.work, ".claude", "skills", "beta"))
    expect(await skillsAnswering()).toEqual(["alpha", "gamma"])
    addSkill(join(s.work, ".claude", "skills"), "delta")
    expect(await skillsAnswering()).toEqual(["alpha", "delta", "gamma"])
  })

  it("an edit to a verified skill is seen by the next cross-skill call", async () => {
    for (let i = 0; i < 3; i++) await skillsAnswering()
    writeFileSync(join(store, "alpha", "SKILL.md"), "---\nname: alpha\ndescription: The alpha skill. Use when testing.\n---\n\n# alpha\n\n## Common\n\ncommon words, edited\n")
    const r = await mcp.call("skc_search", { query: "common", limit: 50 })
    const { results, skipped } = r.structuredContent as { results: Array<{ skill: string }>; skipped?: Array<{ skill: string; reason: string }> }
    expect(results.map((h) => h.skill)).not.toContain("alpha")
    expect(skipped?.map((x) => x.skill)).toEqual(["alpha"])
  })
})
