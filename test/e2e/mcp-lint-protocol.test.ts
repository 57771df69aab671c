// skc_lint and the agent-skill protocol tools over MCP (RFC-0007:C-COMMANDS,
// RFC-0008, DECISIONS #12; GitHub issue 9): the same JSON documents as the
// CLI's --format json, compared request by request.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectMcp, textOf, type McpSession } from "../helpers/mcpClient.js"

const SKILL = (name: string, description: string, body = `# ${name}\n`) =>
  `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\n${body}`

const write = (path: string, text: string) => {
  mkdirSync(join(path, ".."), { recursive: true })
  writeFileSync(path, text)
}

describe("RFC-0007:C-COMMANDS skc_lint, skc_discover, skc_match, skc_load", () => {
  const s = sandbox()
  const store = join(s.work, ".skillc", "skills")
  write(join(store, "good", "SKILL.md"), SKILL("good", "Formats dates. Use when the user asks to format a date.", "# Good\n\n## Usage\n\nSee [notes](notes.md).\n"))
  write(join(store, "good", "notes.md"), "# Notes\n\nISO 8601.\n")
  // No description: an error-severity finding (SKL105).
  write(join(store, "broken", "SKILL.md"), "---\nname: broken\n---\n# broken\n")
  // Claude Code (the default agent) lets the user's copy of a name win: the full pdf-forms is the user's,
  // a project copy is shadowed by it.
  write(join(s.home, ".claude", "skills", "pdf-forms", "SKILL.md"), SKILL("pdf-forms", "Fills PDF forms. Use when the user mentions PDF forms.", "# PDF\nSee [API](references/api.md) and [gone](missing.md).\n"))
  write(join(s.home, ".claude", "skills", "pdf-forms", "references", "api.md"), "# API\nfill(form)\n")
  write(join(s.work, ".claude", "skills", "pdf-forms", "SKILL.md"), SKILL("pdf-forms", "Project copy."))
  mkdirSync(join(s.home, ".claude", "skills"), { recursive: true })
  symlinkSync(join(store, "good"), join(s.home, ".claude", "skills", "good"), "dir")
  write(join(s.work, ".claude", "skills", "bad", "SKILL.md"), "---\nname: bad\n---\n# Bad\n")

  let mcp: McpSession
  beforeAll(async () => {
    mcp = await connectMcp({ cwd: s.work, home: s.home, flags: ["--output-schemas"] })
    // Listing first makes the SDK client validate every structuredContent below against its tool's outputSchema.
    await mcp.client.listTools()
  })
  afterAll(async () => {
    await mcp?.close()
  })

  const cli = async (args: ReadonlyArray<string>) => {
    const r = await s.runAsync([...args, "--format", "json"])
    return JSON.parse(r.stdout) as unknown
  }

  it("RFC-0008 skc_lint returns DECISIONS #12's document; error findings are a result, not a tool failure", async () => {
    const good = await mcp.call("skc_lint", { skill: "good" })
    expect(good.isError).toBeFalsy()
    expect(good.structuredContent).toEqual((await cli(["lint", "good"])))
    const broken = await mcp.call("skc_lint", { skill: "broken" })
    expect(broken.isError).toBeFalsy()
    const doc = broken.structuredContent as { skill: string; diagnostics: Array<{ rule: string; severity: string }> }
    expect(doc).toEqual((await cli(["lint", "broken"])))
    expect(doc.diagnostics.some((d) => d.severity === "error")).toBe(true)
    expect(textOf(broken)).toMatch(/^broken: \d+ errors?, \d+ warnings?\n/)
    const byPath = await mcp.call("skc_lint", { skill: join(store, "good"), force: true })
    expect(byPath.structuredContent).toEqual((await cli(["lint", join(store, "good"), "--force"])))
  })

  it("RFC-0005 skc_lint: an unknown skill (E001) or a directory without SKILL.md (E010) is a tool failure", async () => {
    const missing = await mcp.call("skc_lint", { skill: "nope" })
    expect(missing.isError).toBe(true)
    expect(textOf(missing)).toMatch(/^error\[E001\]:\ skill\ 'nope'\ not\ found(\n  .*)*$/)
    mkdirSync(join(store, "empty"), { recursive: true })
    const empty = await mcp.call("skc_lint", { skill: "empty" })
    expect(empty.isError).toBe(true)
    expect(textOf(empty)).toMatch(/^error\[E010\]/)
    expect(textOf(await mcp.call("skc_lint", {}))).toBe("error[E100]: invalid option: 'skill: is missing'")
  })

  it("skc_discover and skc_match return the CLI's JSON documents", async () => {
    const found = await mcp.call("skc_discover", {})
    expect(found.isError).toBeFalsy()
    // The CLI's document; `good` (linked from the user's directory) is found, `broken` and `empty` do not load:
    // no notice names a store skill claude finds nowhere.
    const { notices, ...document } = found.structuredContent as { notices?: Array<string> }
    expect(document).toEqual((await cli(["discover"])))
    expect(notices ?? []).toEqual([])
    const doc = found.structuredContent as { skills: Array<{ name: string }>; shadowed: Array<unknown>; invalid: Array<unknown> }
    // `bad` has no description: Claude Code lists it all the same (CHANGELOG 2.1.69).
    expect(doc.skills.map((k) => k.name)).toEqual(["good", "pdf-forms", "bad"])
    expect(doc.shadowed).toHaveLength(1)
    expect(doc.invalid).toHaveLength(0)
    expect(textOf(found)).toContain("shadowed by user")
    const cursor = await mcp.call("skc_discover", { agent: "cursor" })
    const { notices: _cursorNotices, ...cursorDocument } = cursor.structuredContent as { notices?: Array<string> }
    expect(cursorDocument).toEqual((await cli(["discover", "--agent", "cursor"])))
    const matched = await mcp.call("skc_match", { query: "fill in this PDF form", limit: 2 })
    expect(matched.structuredContent).toEqual((await cli(["match", "fill in this PDF form", "--limit", "2"])))
    expect((matched.structuredContent as { results: Array<{ name: string }> }).results[0]!.name).toBe("pdf-forms")
    expect(textOf(await mcp.call("skc_match", { query: " " }))).toBe("error[E004]: empty query")
  })

  it("skc_load returns the CLI's JSON document with the wrapped references", async () => {
    const loaded = await mcp.call("skc_load", { skill: "pdf-forms", budget: 4000 })
    expect(loaded.isError).toBeFalsy()
    // The user's copy loaded, the project's the one skc_show reads under the name: said as a notice
    // (src/app/skills/readingCopy.ts), which the CLI prints on stderr.
    const { notices, ...document } = loaded.structuredContent as { notices?: Array<string> }
    expect(notices).toEqual([expect.stringContaining("show, outline, search and open read 'pdf-forms' as the project's copy")])
    expect(document).toEqual((await cli(["load", "pdf-forms", "--budget", "4000"])))
    const doc = loaded.structuredContent as { parts: Array<{ path: string }>; missing: Array<{ target: string }> }
    expect(doc.parts.map((p) => p.path)).toEqual(["SKILL.md", "references/api.md"])
    expect(doc.missing.map((m) => m.target)).toEqual(["missing.md"])
    expect(textOf(loaded)).toContain("--- Content from references/api.md ---")
    const bodyOnly = await mcp.call("skc_load", { skill: "pdf-forms", depth: 0 })
    const { notices: _, ...bodyDocument } = bodyOnly.structuredContent as { notices?: Array<string> }
    expect(bodyDocument).toEqual((await cli(["load", "pdf-forms", "--depth", "0"])))
    expect((await mcp.call("skc_load", { skill: "ghost" })).isError).toBe(true)
  })
})
