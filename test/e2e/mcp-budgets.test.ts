/**
 * Issue 26 item 3: payload budgets of the MCP server. What a connection and
 * each answer cost an agent's context is bounded and documented
 * (docs/mcp.md): `tools/list` ≤ 12 KB, an outline ≤ 16 KB by default with
 * what it left out said, `resources/list` and `skills/list` a page at a
 * time with `nextCursor`, binary files out of the resource listing.
 */
import { cpSync, mkdirSync, readdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ROOT, sandbox } from "../helpers/cli.js"
import { connectMcp, textOf, type McpSession } from "../helpers/mcpClient.js"

const size = (x: unknown) => Buffer.byteLength(JSON.stringify(x), "utf8")

const sb = sandbox()
const store = join(sb.work, ".skillc", "skills")
mkdirSync(store, { recursive: true })
// The 17-skill corpus of the cross-skill fixtures, as a published project would have it.
for (const root of ["test/fixtures/cross-skill/skills", "test/fixtures/search-quality/skills"]) {
  const dir = join(ROOT, root)
  for (const e of readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) cpSync(join(dir, e.name), join(store, e.name), { recursive: true })
}
// A skill with 20 reference files of 61 headings each (1,222 headings in all), a font and an image.
const big = join(store, "handbook")
mkdirSync(join(big, "reference"), { recursive: true })
mkdirSync(join(big, "fonts"), { recursive: true })
writeFileSync(join(big, "SKILL.md"), "---\nname: handbook\ndescription: A very long handbook. Use when testing budgets.\n---\n# Handbook\n\n## Chapters\n\nSee reference/.\n")
for (let f = 0; f < 20; f++) {
  const lines = [`# Chapter ${f}`, ""]
  for (let p = 0; p < 5; p++) {
    lines.push(`## Part ${f}.${p}`, "", "Text.", "")
    for (let s = 0; s < 11; s++) lines.push(`### Detail ${f}.${p}.${s} with a longer heading text`, "", "More text.", "")
  }
  writeFileSync(join(big, "reference", `chapter-${String(f).padStart(2, "0")}.md`), lines.join("\n"))
}
writeFileSync(join(big, "fonts", "Body-Regular.ttf"), Buffer.from([0, 1, 0, 0, 0, 12, 0x80, 0]))
writeFileSync(join(big, "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]))
// Seven small skills: 25 in all, more than a skills/list page.
for (let i = 0; i < 7; i++) {
  const name = `tiny-${i}`
  mkdirSync(join(store, name), { recursive: true })
  writeFileSync(join(store, name, "SKILL.md"), `---\nname: ${name}\ndescription: Tiny skill ${i}. Use when testing pages.\n---\n# Tiny\n`)
}

// An unbuilt skill named by its path (not in a skill directory: skills/list stays at 25), with two references: `skc_load` with a small budget leaves them out.
const loadme = join(sb.work, "drafts", "loadme")
mkdirSync(loadme, { recursive: true })
writeFileSync(join(loadme, "SKILL.md"), "---\nname: loadme\ndescription: A skill to load. Use when testing load.\n---\n# Load me\n\nSee [the reference](reference.md) and [forms](forms.md).\n")
writeFileSync(join(loadme, "reference.md"), `# Reference\n\n${"Words of the reference. ".repeat(200)}\n`)
writeFileSync(join(loadme, "forms.md"), `# Forms\n\n${"Words of the forms. ".repeat(200)}\n`)

let mcp: McpSession

beforeAll(async () => {
  for (const name of readdirSync(store)) {
    const r = await sb.runAsync(["build", name])
    expect(r.code, r.stderr).toBe(0)
  }
  mcp = await connectMcp({ cwd: sb.work, home: sb.home })
})
afterAll(async () => {
  await mcp?.close()
})

describe("issue 26 item 3: payload budgets", () => {
  it("--only serves the tools named (with or without skc_), lists no other, and refuses a call of another", async () => {
    const all = size(await mcp.client.listTools())
    const reader = await connectMcp({ cwd: sb.work, home: sb.home, flags: ["--only", "list,outline,show", "--only", "skc_search"] })
    try {
      const listed = await reader.client.listTools()
      expect(listed.tools.map((t) => t.name)).toEqual(["skc_list", "skc_outline", "skc_show", "skc_search"])
      expect(size(listed)).toBeLessThan(all / 2)
      // The instructions name the served tools alone: none an agent would call to get "Unknown tool".
      const told = reader.client.getInstructions() ?? ""
      expect([...new Set(told.match(/skc_[a-z]+/g))].sort()).toEqual(["skc_list", "skc_outline", "skc_search", "skc_show"])
      expect((await reader.call("skc_outline", { skill: "pdf" })).isError).toBeFalsy()
      const refused = await reader.client.callTool({ name: "skc_build", arguments: { skill: "pdf" } }).then(
        (r) => JSON.stringify(r),
        (e: Error) => e.message
      )
      expect(refused).toContain("Unknown tool: 'skc_build' (tools: skc_list, skc_outline, skc_show, skc_search)")
    } finally {
      await reader.close()
    }
    const bad = sb.run(["mcp", "--only", "lsit"])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain("--only: no tool 'lsit' (tools: init, list,")
  })

  it("tools/list is at most 12 KB and lists no outputSchema unless --output-schemas asks", async () => {
    const listed = await mcp.client.listTools()
    expect(size(listed)).toBeLessThanOrEqual(12 * 1024)
    for (const t of listed.tools) {
      expect(t.outputSchema, t.name).toBeUndefined()
      expect(t.description!.length, t.name).toBeLessThanOrEqual(300)
    }
    const withSchemas = await connectMcp({ cwd: sb.work, home: sb.home, flags: ["--output-schemas"] })
    try {
      const full = await withSchemas.client.listTools()
      for (const t of full.tools) expect(t.outputSchema?.type, t.name).toBe("object")
      // Structured content is sent either way, and validates against the listed schema (the SDK client checks it).
      const r = await withSchemas.call("skc_outline", { skill: "pdf" })
      expect(r.isError).toBeFalsy()
      expect((r.structuredContent as { skill: string }).skill).toBe("pdf")
    } finally {
      await withSchemas.close()
    }
  })

  it("an outline over 16 KB keeps its top levels and says what it left out; max_bytes, level and file get the rest", async () => {
    const r = await mcp.call("skc_outline", { skill: "handbook" })
    expect(r.isError).toBeFalsy()
    expect(size(r)).toBeLessThanOrEqual(16 * 1024)
    const s = r.structuredContent as { headings: Array<{ level: number }>; truncated: { omitted: number; level: number; under: Array<{ file: string; section?: string; count: number }>; hint: string } }
    expect(s.truncated.level).toBe(2)
    // Levels 1-2 whole, then level 3 in outline order while the room lasts (the first chapters' parts).
    expect(s.headings.every((h) => h.level <= 3)).toBe(true)
    expect(s.headings.filter((h) => h.level <= 2)).toHaveLength(2 + 20 * 6)
    expect(s.headings.length + s.truncated.omitted).toBe(2 + 20 * 61)
    expect(s.truncated.under.length).toBeGreaterThan(0)
    expect(textOf(r)).toMatch(/… \d+ more headings not shown \(result budget; levels 1-2 complete\): \d+ under reference\/chapter-\d+\.md#Part \d+\.\d+, .*; pass file \(one file\) or max_bytes \(a larger budget\) to see the rest\n$/)
    // One file, whole.
    const one = await mcp.call("skc_outline", { skill: "handbook", file: "reference/chapter-07.md" })
    const oneS = one.structuredContent as { headings: Array<{ file: string }>; truncated?: unknown }
    expect(oneS.truncated).toBeUndefined()
    expect(oneS.headings).toHaveLength(61)
    expect(new Set(oneS.headings.map((h) => h.file))).toEqual(new Set(["reference/chapter-07.md"]))
    // A larger budget: everything.
    const all = await mcp.call("skc_outline", { skill: "handbook", max_bytes: 4_000_000 })
    expect((all.structuredContent as { headings: unknown[]; truncated?: unknown }).headings).toHaveLength(2 + 20 * 61)
    expect((all.structuredContent as { truncated?: unknown }).truncated).toBeUndefined()
    // A file that is not there: E021.
    const missing = await mcp.call("skc_outline", { skill: "handbook", file: "reference/nope.md" })
    expect(missing.isError).toBe(true)
    expect(textOf(missing)).toMatch(/^error\[E021\]/)
  })

  it("the CLI prints the whole outline unless --max-bytes is given", async () => {
    const whole = await sb.runAsync(["outline", "handbook", "--format", "json"])
    expect(whole.code, whole.stderr).toBe(0)
    expect(JSON.parse(whole.stdout).headings).toHaveLength(2 + 20 * 61)
    const cut = await sb.runAsync(["outline", "handbook", "--max-bytes", "8192"])
    expect(cut.code, cut.stderr).toBe(0)
    expect(cut.stdout).toMatch(/more headings not shown/)
    // The smallest budget still shows the top of the tree (21 titles); the hint names the CLI's options.
    const least = await sb.runAsync(["outline", "handbook", "--max-bytes", "1024"])
    expect(least.code, least.stderr).toBe(0)
    expect(least.stdout).toMatch(/^SKILL\.md\n {2}# Handbook\n/)
    // Not even the top level fits whole: fewer levels would give the same answer, and is not offered.
    expect(least.stdout).toMatch(/; pass --file \(one file\) or --max-bytes \(a larger budget\) to see the rest\n$/)
    // One file asked for: only a larger budget can help (fewer levels shows no heading left out).
    const oneFile = await sb.runAsync(["outline", "handbook", "--file", "reference/chapter-03.md", "--max-bytes", "1024"])
    expect(oneFile.stdout).toMatch(/^reference\/chapter-03\.md\n {2}# Chapter 3\n/)
    expect(oneFile.stdout).toMatch(/; pass --max-bytes \(a larger budget\) to see the rest\n$/)
  })

  it("a search over 16 KB keeps its best results whole, in score order, and says what it left out; max_bytes gets the rest", async () => {
    const r = await mcp.call("skc_search", { query: "file", limit: 100000 })
    expect(r.isError).toBeFalsy()
    expect(size(r)).toBeLessThanOrEqual(16 * 1024)
    type Found = { results: Array<{ skill: string; file: string; section: string; score: number }>; truncated?: { omitted: number; under: Array<{ skill?: string; file: string; count: number }>; hint: string }; notices?: Array<string> }
    const s = r.structuredContent as Found
    const all = (await mcp.call("skc_search", { query: "file", limit: 100000, max_bytes: 4_000_000 })).structuredContent as Found
    expect(all.truncated).toBeUndefined()
    expect(size(all)).toBeGreaterThan(16 * 1024)
    // The first results of the whole answer, whole, and the count of the rest.
    expect(s.results.length).toBeGreaterThan(0)
    expect(s.results).toEqual(all.results.slice(0, s.results.length))
    expect(s.truncated!.omitted).toBe(all.results.length - s.results.length)
    expect(s.truncated!.under.length).toBeGreaterThan(0)
    const line = new RegExp(`\\n… ${s.truncated!.omitted} more results not shown \\(result budget\\): \\d+ in [^;]+; pass max_bytes \\(a larger budget\\) to see the rest\\n$`)
    expect(textOf(r)).toMatch(line)
    expect(s.notices?.some((n) => n.startsWith(`… ${s.truncated!.omitted} more results not shown`))).toBe(true)
    // The CLI has no budget unless --max-bytes is given; its line names the option.
    const cli = await sb.runAsync(["search", "--all", "file", "--limit", "100000", "--format", "json"])
    expect(cli.code, cli.stderr).toBe(0)
    expect(JSON.parse(cli.stdout)).toEqual({ query: "file", results: all.results, ...(all as { partial?: true }).partial ? { partial: true } : {} })
    const cut = await sb.runAsync(["search", "--all", "file", "--limit", "100000", "--max-bytes", "4096"])
    expect(cut.code, cut.stderr).toBe(0)
    expect(cut.stdout).toMatch(/ more results not shown \(result budget\): .*; pass --max-bytes \(a larger budget\) to see the rest\n$/)
  })

  it("skc_load names the tool call that reads a part it left out", async () => {
    const r = await mcp.call("skc_load", { skill: "drafts/loadme", budget: 200 })
    expect(r.isError).toBeFalsy()
    const s = r.structuredContent as { left_out: Array<{ path: string }>; notices?: Array<string> }
    expect(s.left_out.length).toBeGreaterThan(0)
    const step = `skc_open skill="drafts/loadme" path=${JSON.stringify(s.left_out[0]!.path)}`
    expect(textOf(r)).toContain(`left out with: ${step}\n`)
    expect(s.notices).toContain(`read ${s.left_out.length === 1 ? "the part" : "a part"} left out with: ${step}`)
  })

  it("resources/list pages through every text file with nextCursor; fonts and images are left out but readable", async () => {
    const first = await mcp.client.listResources()
    expect(size(first)).toBeLessThanOrEqual(24 * 1024)
    expect(first.resources).toHaveLength(50)
    expect(first.nextCursor).toEqual(expect.any(String))
    const all = [...first.resources]
    let cursor = first.nextCursor
    for (let pages = 0; cursor !== undefined && pages < 100; pages++) {
      const next = await mcp.client.listResources({ cursor })
      all.push(...next.resources)
      cursor = next.nextCursor
    }
    expect(cursor).toBeUndefined()
    const uris = all.map((r) => r.uri)
    expect(new Set(uris).size).toBe(uris.length)
    expect(uris).toContain("skill://project/handbook/SKILL.md")
    expect(uris).toContain("skill://project/handbook/reference/chapter-19.md")
    expect(uris.filter((u) => u.endsWith(".ttf") || u.endsWith(".png"))).toEqual([])
    const font = await mcp.client.readResource({ uri: "skill://project/handbook/fonts/Body-Regular.ttf" })
    expect(font.contents[0]).toHaveProperty("blob")
    // Each skill's entry point comes first among its files.
    const handbook = uris.filter((u) => u.startsWith("skill://project/handbook/"))
    expect(handbook[0]).toBe("skill://project/handbook/SKILL.md")
  })

  it("a cursor skc did not hand out is invalid params (-32602)", async () => {
    await expect(mcp.client.listResources({ cursor: "not-a-cursor" })).rejects.toMatchObject({ code: -32602 })
  })

  it("a list answered in one page (tools, resource templates) takes no cursor: any is invalid params (-32602), not the whole list again", async () => {
    const cursor = (await mcp.client.listResources()).nextCursor
    for (const ask of [() => mcp.client.listTools({ cursor: "not-a-cursor" }), () => mcp.client.listTools({ cursor }), () => mcp.client.listResourceTemplates({ cursor: "x" })]) {
      await expect(ask()).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("this list has one page") })
    }
    expect((await mcp.client.listTools()).tools.length).toBeGreaterThan(0)
  })

  it("skills/list pages by 20 skills with nextCursor", async () => {
    const first = await mcp.extension("skills/list")
    expect(first.skills as Array<unknown>).toHaveLength(20)
    expect(first.nextCursor).toEqual(expect.any(String))
    const second = await mcp.extension("skills/list", { cursor: first.nextCursor })
    expect(second.skills as Array<unknown>).toHaveLength(5)
    expect(second.nextCursor).toBeUndefined()
    const uris = [...(first.skills as Array<{ uri: string }>), ...(second.skills as Array<{ uri: string }>)].map((s) => s.uri)
    expect(new Set(uris).size).toBe(25)
  })
})
