/**
 * Issue 48 item 2: the Skills extension (io.modelcontextprotocol/skills,
 * SEP-2640) as finally specified (`specification/stable/skills.mdx` of
 * modelcontextprotocol/ext-skills): one test per MUST clause a server
 * answers for, named after the clause, through the MCP SDK's own client.
 */
import { createHash } from "node:crypto"
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { parse as parseYaml } from "yaml"
import { sandbox } from "../helpers/cli.js"
import { connectMcp, type McpSession } from "../helpers/mcpClient.js"

const put = (file: string, data: string | Uint8Array) => {
  mkdirSync(join(file, ".."), { recursive: true })
  writeFileSync(file, data)
}

const sha256 = (bytes: Uint8Array) => `sha256:${createHash("sha256").update(bytes).digest("hex")}`

interface SkillResource {
  uri: string
  digest: string
  size: number
}
interface Skill {
  uri: string
  frontmatter: Record<string, unknown>
  resources: Array<SkillResource> | "dynamic"
}

const RICH_FRONTMATTER = [
  "name: rich",
  "description: >-",
  "  Use when checking that frontmatter",
  "  passes through verbatim.",
  "license: Apache-2.0",
  "allowed-tools: Read Grep",
  "metadata:",
  '  version: "2.1"',
  "  io.modelcontextprotocol/unknown: kept",
  "x-custom-count: 7",
  "x-custom:",
  "  tags: [a, b]",
  "  nested: { depth: 2, on: true }"
].join("\n")

describe("issue 48 item 2: the Skills extension's MUST clauses (server side)", () => {
  const sb = sandbox()
  const store = join(sb.work, ".skillc", "skills")
  const rich = join(store, "rich")
  const logo = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255])
  let mcp: McpSession
  const listAll = async (): Promise<Array<Skill>> => {
    const out: Array<Skill> = []
    let cursor: unknown
    do {
      const page = await mcp.extension("skills/list", cursor === undefined ? {} : { cursor })
      out.push(...(page.skills as Array<Skill>))
      cursor = page.nextCursor
    } while (cursor !== undefined)
    return out
  }
  const entry = async (name: string) => (await listAll()).find((s) => s.uri.endsWith(`/${name}/SKILL.md`))
  const code = (p: Promise<unknown>) =>
    p.then(
      () => undefined,
      (e: { code?: number }) => e.code
    )

  beforeAll(async () => {
    put(join(rich, "SKILL.md"), `---\n${RICH_FRONTMATTER}\n---\n\n# Rich\n\nSee [guide](references/guide.md).\n`)
    put(join(rich, "references", "guide.md"), "# Guide\n")
    put(join(rich, "assets", "logo.png"), logo)
    put(join(rich, "templates", "regional", "eu.md"), "# EU\n")
    mkdirSync(join(rich, "empty"), { recursive: true })
    // A nested skill: supporting content of the enclosing skill.
    put(join(rich, "inner", "SKILL.md"), "---\nname: inner\ndescription: Nested.\n---\n# Inner\n")
    // Not skills the extension may serve.
    put(join(store, "no-skill-md", "README.md"), "# Not a skill\n")
    put(join(store, "no-description", "SKILL.md"), "---\nname: no-description\n---\n# X\n")
    put(join(store, "mismatch", "SKILL.md"), "---\nname: other-name\ndescription: Name differs from directory.\n---\n# X\n")
    put(join(store, "Bad_Name", "SKILL.md"), "---\nname: Bad_Name\ndescription: Not a valid skill name.\n---\n# X\n")
    // Outside the Agent Skills format in one field each (the official client refuses a listing holding one).
    put(join(store, "meta-number", "SKILL.md"), "---\nname: meta-number\ndescription: Use when testing.\nmetadata:\n  version: 1.0\n---\n# X\n")
    // Values JSON cannot carry as written (the entry MUST be identical in content; the official client refuses them).
    put(join(store, "yaml-nan", "SKILL.md"), "---\nname: yaml-nan\ndescription: Use when testing.\nweird: .nan\n---\n# X\n")
    put(join(store, "yaml-big", "SKILL.md"), "---\nname: yaml-big\ndescription: Use when testing.\nx-counts:\n  big: 12345678901234567890\n---\n# X\n")
    put(join(store, "meta-nested", "SKILL.md"), "---\nname: meta-nested\ndescription: Use when testing.\nmetadata:\n  tags: [a, b]\n---\n# X\n")
    put(join(store, "compat-number", "SKILL.md"), "---\nname: compat-number\ndescription: Use when testing.\ncompatibility: 42\n---\n# X\n")
    put(join(store, "long-description", "SKILL.md"), `---\nname: long-description\ndescription: ${"d".repeat(1025)}\n---\n# X\n`)
    put(join(store, "café", "SKILL.md"), "---\nname: café\ndescription: Use when testing.\n---\n# X\n")
    // A directory of more entries than one page of resources/list holds.
    put(join(store, "wide", "SKILL.md"), "---\nname: wide\ndescription: Use when testing pages.\n---\n# Wide\n")
    for (let f = 0; f < 60; f++) put(join(store, "wide", "references", `r${String(f).padStart(2, "0")}.md`), `# R ${f}\n`)
    // A skill only an agent directory holds.
    put(join(sb.work, ".claude", "skills", "agent-only", "SKILL.md"), "---\nname: agent-only\ndescription: Found in .claude/skills.\n---\n# A\n")
    // Enough skills with many files for skills/list to need several byte-bounded pages.
    for (let i = 0; i < 12; i++) {
      const dir = join(store, `bulk-${String(i).padStart(2, "0")}`)
      put(join(dir, "SKILL.md"), `---\nname: bulk-${String(i).padStart(2, "0")}\ndescription: Bulk skill ${i}.\n---\n# Bulk\n`)
      for (let f = 0; f < 30; f++) put(join(dir, "references", `reference-file-with-a-long-name-${String(f).padStart(3, "0")}.md`), `# R ${f}\n`)
    }
    mcp = await connectMcp({ cwd: sb.work, home: sb.home })
  })
  afterAll(async () => {
    await mcp?.close()
  })

  it("issue 48 item 2 (Capability Negotiation): a server declaring the extension MUST implement skills/list and skills/get, MUST declare resources, and with directoryRead MUST implement resources/directory/read", async () => {
    const caps = mcp.client.getServerCapabilities() as Record<string, any>
    expect(caps.extensions["io.modelcontextprotocol/skills"]).toEqual({ directoryRead: true })
    expect(caps.resources).toBeDefined()
    expect((await mcp.extension("skills/list")).skills).toEqual(expect.any(Array))
    expect((await mcp.extension("skills/get", { uri: "skill://project/rich/SKILL.md" })).skill).toBeDefined()
    expect((await mcp.extension("resources/directory/read", { uri: "skill://project/rich" })).resources).toEqual(expect.any(Array))
  })

  it("issue 48 item 2 (Skill Format): every served skill MUST contain SKILL.md at its root, beginning with frontmatter holding name and description", async () => {
    const uris = (await listAll()).map((s) => s.uri)
    expect(uris.some((u) => u.includes("/no-skill-md/"))).toBe(false)
    expect(uris.some((u) => u.includes("/no-description/"))).toBe(false)
    for (const name of ["no-skill-md", "no-description"]) {
      expect(await code(mcp.extension("skills/get", { uri: `skill://project/${name}/SKILL.md` }))).toBe(-32602)
    }
  })

  it("issue 48 item 2 (Resource Mapping): the final <skill-path> segment MUST equal the frontmatter name and MUST satisfy the naming rules", async () => {
    const skills = await listAll()
    for (const s of skills) {
      const segments = s.uri.replace(/^skill:\/\//, "").split("/")
      expect(segments.at(-1)).toBe("SKILL.md")
      expect(segments.at(-2), s.uri).toBe(s.frontmatter.name)
      expect(s.frontmatter.name as string).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    }
    expect(skills.some((s) => s.uri.includes("/mismatch/") || s.frontmatter.name === "other-name")).toBe(false)
    expect(skills.some((s) => s.uri.includes("/Bad_Name/"))).toBe(false)
    expect(await code(mcp.extension("skills/get", { uri: "skill://project/mismatch/SKILL.md" }))).toBe(-32602)
    expect(await code(mcp.extension("skills/get", { uri: "skill://project/Bad_Name/SKILL.md" }))).toBe(-32602)
  })

  it("issue 48 item 2 (Skill Format): a served skill MUST conform to the Agent Skills format: metadata a map of strings, compatibility 1-500 characters, description 1-1024, an ASCII name", async () => {
    const uris = (await listAll()).map((s) => s.uri)
    for (const name of ["meta-number", "meta-nested", "compat-number", "long-description", "café", "yaml-nan", "yaml-big"]) {
      expect(uris.some((u) => decodeURIComponent(u).includes(`/${name}/`)), name).toBe(false)
      expect(await code(mcp.extension("skills/get", { uri: `skill://project/${encodeURIComponent(name)}/SKILL.md` })), name).toBe(-32602)
    }
    // Each is named on the server's stderr with the field at fault, so an operator can fix it.
    const warned = mcp.stderr()
    expect(warned).toContain("metadata value 'version' must be a string")
    expect(warned).toContain("compatibility must be a string of 1-500 characters")
    expect(warned).toContain("description is 1025 characters")
    expect(warned).toContain("'weird' is NaN, which JSON cannot carry (quote it)")
    expect(warned).toContain("'x-counts.big' is an integer past 2^53, which JSON does not carry exactly (quote it)")
  })

  it("a skill the extension does not serve names the tool call that still reads it, and that call reads it (anthropics/skills' claude-api: a 1,068-character description)", async () => {
    const refused = await mcp.client.readResource({ uri: "skill://project/long-description/SKILL.md" }).catch((e: Error) => e.message)
    expect(refused).toContain("description is 1025 characters")
    const step = `skc_open skill="long-description" path="SKILL.md"`
    expect(refused).toContain(`; the skc_* tools still read it: ${step}`)
    const read = await mcp.call("skc_open", { skill: "long-description", path: "SKILL.md" })
    expect(read.isError).toBeFalsy()
    expect((read.structuredContent as { content: string }).content).toContain("# X")
    // A name outside the format (skc_list shows it): why, and the same way on, where the answer said only
    // "No skill is served".
    const badName = await mcp.client.readResource({ uri: "skill://project/Bad_Name/SKILL.md" }).catch((e: Error) => e.message)
    expect(badName).toContain("'Bad_Name' is not a valid skill name")
    expect(badName).toContain(`; the skc_* tools still read it: skc_open skill="Bad_Name" path="SKILL.md"`)
    // A skill served nowhere has no such way on.
    const unknown = await mcp.client.readResource({ uri: "skill://project/nope/SKILL.md" }).catch((e: Error) => e.message)
    expect(unknown).not.toContain("skc_open")
  })

  it("issue 48 item 2 (Frontmatter): the frontmatter object MUST be identical in content to the SKILL.md's frontmatter", async () => {
    const s = await entry("rich")
    expect(s!.frontmatter).toEqual(parseYaml(RICH_FRONTMATTER))
    expect((s!.frontmatter.metadata as Record<string, unknown>)["io.modelcontextprotocol/unknown"]).toBe("kept")
  })

  it("issue 48 item 2 (Resources): resources MUST be complete — every file once, SKILL.md included, each inside the skill, with size and sha256 digest of its raw bytes, nested skills' files too", async () => {
    const s = await entry("rich")
    expect(Array.isArray(s!.resources)).toBe(true)
    const resources = s!.resources as Array<SkillResource>
    const paths = resources.map((r) => r.uri.replace("skill://project/rich/", ""))
    expect([...paths].sort()).toEqual(["SKILL.md", "assets/logo.png", "inner/SKILL.md", "references/guide.md", "templates/regional/eu.md"])
    expect(new Set(paths).size).toBe(paths.length)
    for (const r of resources) {
      expect(r.uri.startsWith("skill://project/rich/")).toBe(true)
      const bytes = new Uint8Array(readFileSync(join(rich, ...r.uri.replace("skill://project/rich/", "").split("/"))))
      expect(r.size, r.uri).toBe(bytes.byteLength)
      expect(r.digest, r.uri).toBe(sha256(bytes))
      expect(r.digest).toMatch(/^sha256:[0-9a-f]{64}$/)
    }
  })

  it("issue 48 item 2 (Resources): an entry's resources is an array or \"dynamic\", never absent: skc's skills are files, so always the array", async () => {
    for (const s of await listAll()) expect(Array.isArray(s.resources), s.uri).toBe(true)
  })

  it("issue 48 item 2 (Listing Skills): resultType MUST be complete, ttlMs and cacheScope are REQUIRED", async () => {
    const page = await mcp.extension("skills/list")
    expect(page.resultType).toBe("complete")
    expect(page.ttlMs).toEqual(expect.any(Number))
    expect(page.ttlMs as number).toBeGreaterThanOrEqual(0)
    expect(["public", "private"]).toContain(page.cacheScope)
  })

  it("issue 48 item 2 (Listing Skills): pages of at most 24 KB by default, each entry atomic (never split), every skill exactly once across the pages", async () => {
    const pages: Array<Record<string, unknown>> = []
    let cursor: unknown
    do {
      const page = await mcp.extension("skills/list", cursor === undefined ? {} : { cursor })
      pages.push(page)
      cursor = page.nextCursor
    } while (cursor !== undefined)
    expect(pages.length).toBeGreaterThan(1)
    for (const p of pages) expect(Buffer.byteLength(JSON.stringify(p), "utf8")).toBeLessThanOrEqual(24 * 1024)
    const skills = pages.flatMap((p) => p.skills as Array<Skill>)
    expect(new Set(skills.map((s) => s.uri)).size).toBe(skills.length)
    // 12 bulk skills, rich, inner's enclosing skill only (nested skills are not published on their own), wide, agent-only.
    expect(skills.map((s) => s.frontmatter.name).sort()).toEqual([
      "agent-only",
      ...Array.from({ length: 12 }, (_, i) => `bulk-${String(i).padStart(2, "0")}`),
      "rich",
      "wide"
    ])
    const bulk = skills.find((s) => s.frontmatter.name === "bulk-11")!
    expect(bulk.resources).toHaveLength(31)
  })

  it("issue 48 item 2 (Getting a Skill): resultType MUST be complete, ttlMs and cacheScope are REQUIRED, no cursor, the same entry as the listing", async () => {
    const got = await mcp.extension("skills/get", { uri: "skill://project/rich/SKILL.md" })
    expect(got.resultType).toBe("complete")
    expect(got.ttlMs).toEqual(expect.any(Number))
    expect(["public", "private"]).toContain(got.cacheScope)
    expect(got.nextCursor).toBeUndefined()
    expect(got.skill).toEqual(await entry("rich"))
  })

  it("issue 48 item 2 (Getting a Skill): params.uri MUST be a SKILL.md URI; one that identifies no served skill MUST be -32602", async () => {
    for (const uri of ["skill://project/rich/references/guide.md", "skill://project/rich", "skill://project/no-such/SKILL.md", "https://example.com/SKILL.md"]) {
      expect(await code(mcp.extension("skills/get", { uri })), uri).toBe(-32602)
    }
  })

  it("issue 48 item 2 (Getting a Skill): a server MUST answer for every skill it serves, whether or not it is on the page read (an agent-directory skill, a skill of a later page)", async () => {
    const first = await mcp.extension("skills/list")
    const onFirst = (first.skills as Array<Skill>).map((s) => s.uri)
    const later = (await listAll()).find((s) => !onFirst.includes(s.uri))!
    expect(later).toBeDefined()
    expect((await mcp.extension("skills/get", { uri: later.uri })).skill).toEqual(later)
    const agent = (await listAll()).find((s) => s.frontmatter.name === "agent-only")!
    expect((await mcp.extension("skills/get", { uri: agent.uri })).skill).toEqual(agent)
  })

  it("issue 48 item 2 (Reading Directories): resultType complete; every direct child, subdirectories as inode/directory without a trailing slash; an empty directory is an empty array", async () => {
    const root = await mcp.extension("resources/directory/read", { uri: "skill://project/rich" })
    expect(root.resultType).toBe("complete")
    const children = root.resources as Array<{ uri: string; name: string; mimeType: string }>
    // SKILL.md as resources/list gives it (the extension, "Resource Metadata" and "Directory Listing"): named after the skill.
    expect(children.map((c) => c.name)).toEqual(["rich", "assets", "empty", "inner", "references", "templates"])
    expect(children[0]).toMatchObject({ uri: "skill://project/rich/SKILL.md", name: "rich", description: "Use when checking that frontmatter passes through verbatim.", mimeType: "text/markdown" })
    for (const c of children.filter((c) => c.mimeType === "inode/directory")) expect(c.uri.endsWith("/")).toBe(false)
    expect(children.find((c) => c.name === "templates")).toEqual({ uri: "skill://project/rich/templates", name: "templates", mimeType: "inode/directory" })
    expect((await mcp.extension("resources/directory/read", { uri: "skill://project/rich/empty" })).resources).toEqual([])
  })

  it("issue 48 item 2 (Reading Directories): pagination mirrors resources/list: pages with nextCursor, an unknown cursor -32602, cache hints as skills/get", async () => {
    const names: Array<string> = []
    let cursor: unknown
    let pages = 0
    do {
      const page = await mcp.extension("resources/directory/read", { uri: "skill://project/wide/references", ...(cursor === undefined ? {} : { cursor }) })
      expect(page.ttlMs).toEqual(expect.any(Number))
      expect(["public", "private"]).toContain(page.cacheScope)
      names.push(...(page.resources as Array<{ name: string }>).map((r) => r.name))
      cursor = page.nextCursor
      pages++
    } while (cursor !== undefined)
    expect(pages).toBeGreaterThan(1)
    expect(names).toEqual(Array.from({ length: 60 }, (_, f) => `r${String(f).padStart(2, "0")}.md`))
    expect(await code(mcp.extension("resources/directory/read", { uri: "skill://project/wide/references", cursor: "zzz" }))).toBe(-32602)
  })

  it("2025-11-25 server/resources (Error Handling): resources/read of a resource that does not exist is -32002 with its uri; a refused path stays -32602", async () => {
    const uri = "skill://project/nope/SKILL.md"
    const missing = await mcp.client.readResource({ uri }).catch((e: { code?: number; data?: unknown }) => e)
    expect(missing).toMatchObject({ code: -32002, data: { uri } })
    expect(await code(mcp.client.readResource({ uri: "skill://project/rich/references/missing.md" }))).toBe(-32002)
    // Not a missing resource but a request skc refuses (a directory, a VCS directory): invalid params as before.
    expect(await code(mcp.client.readResource({ uri: "skill://project/rich/references" }))).toBe(-32602)
    // Written with a trailing slash, as resources/directory/read takes it, a directory is still one (it was -32002,
    // which read as no such skill: an MCP probe); a slash after a file names nothing.
    for (const dir of ["skill://project/rich/references/", "skill://project/rich/"]) {
      const e = await mcp.client.readResource({ uri: dir }).catch((x: { code?: number; message?: string }) => x)
      expect(e).toMatchObject({ code: -32602 })
      expect((e as { message: string }).message).toContain(`${dir} is a directory`)
    }
    expect(await code(mcp.client.readResource({ uri: "skill://project/rich/SKILL.md/" }))).toBe(-32002)
    // A NUL names no file: said as skc_open says it, not as a path escaping the skill (an MCP probe).
    const nul = await mcp.client.readResource({ uri: "skill://project/rich/%00" }).catch((x: { code?: number; message?: string }) => x)
    expect(nul).toMatchObject({ code: -32602 })
    expect((nul as { message: string }).message).toContain("invalid path '%00': a path cannot contain a NUL byte")
    expect(await code(mcp.client.readResource({ uri: "skill://project/rich/.git/config" }))).toBe(-32602)
    // An encoded separator is refused naming the segment as the URI wrote it, not decoded into a path that exists.
    const encoded = await mcp.client.readResource({ uri: "skill://project/rich/references%2Fguide.md" }).catch((e: Error) => e.message)
    expect(encoded).toContain("error[E012]: path escapes skill root: 'references%2Fguide.md'")
    // And logged so: decoded, the refusal was counted against the valid file references/guide.md (an MCP probe).
    const errors = JSON.parse(sb.run(["stats", "rich", "--group-by", "errors", "--format", "json"]).stdout) as { data: ReadonlyArray<{ target?: string; path?: string; error?: string }> }
    const escapes = JSON.stringify(errors.data.filter((row) => JSON.stringify(row).includes("E012")))
    expect(escapes).toContain("references%2Fguide.md")
    expect(escapes).not.toContain("references/guide.md")
  })

  it("MCP Pagination (Error Handling): a cursor that is not a string (schema: Cursor is a string) is -32602 on every paged list, never the first page", async () => {
    for (const cursor of [123, null, { o: 1 }, true]) {
      expect(await code(mcp.extension("skills/list", { cursor }))).toBe(-32602)
      expect(await code(mcp.extension("resources/directory/read", { uri: "skill://project/wide/references", cursor }))).toBe(-32602)
      expect(await code(mcp.extension("resources/list", { cursor }))).toBe(-32602)
      expect(await code(mcp.extension("prompts/list", { cursor }))).toBe(-32602)
    }
    const refused = await mcp.extension("skills/list", { cursor: 123 }).catch((e: Error) => e.message)
    expect(refused).toContain("params.cursor: expected string, received number")
  })

  it("issue 48 item 2 (Reading Directories): MUST be supported for every directory of a served skill, at any depth", async () => {
    const deep = await mcp.extension("resources/directory/read", { uri: "skill://project/rich/templates/regional" })
    expect(deep.resources).toEqual([{ uri: "skill://project/rich/templates/regional/eu.md", name: "eu.md", mimeType: "text/markdown", size: 5 }])
  })

  it("issue 48 item 2 (Error Handling): directory/read of a URI that does not exist or is not a directory MUST be -32602; resources/read of a file not served is the session's revision's not found (-32002 on 2025-11-25)", async () => {
    expect(await code(mcp.extension("resources/directory/read", { uri: "skill://project/rich/SKILL.md" }))).toBe(-32602)
    expect(await code(mcp.extension("resources/directory/read", { uri: "skill://project/rich/nowhere" }))).toBe(-32602)
    expect(await code(mcp.client.readResource({ uri: "skill://project/rich/nowhere.md" }))).toBe(-32002)
    expect(await code(mcp.client.readResource({ uri: "skill://project/mismatch/SKILL.md" }))).toBe(-32002)
    // The answer names what was asked for: the skill's root, not a SKILL.md URI the client never sent.
    const unknown = await mcp.extension("resources/directory/read", { uri: "skill://project/nope" }).catch((e: Error) => e.message)
    expect(unknown).toContain("No skill is served at skill://project/nope")
    expect(unknown).not.toContain("nope/SKILL.md")
  })

  it("Resource Mapping (RFC 3986 §6.2.2): a URI's scheme and scope are case-insensitive; skills/get resolves dot segments as resources/read does; a bare skill:// is named whole (an MCP probe, seventy-seventh pass)", async () => {
    const canonical = "skill://project/rich/SKILL.md"
    expect(((await mcp.extension("skills/get", { uri: "SKILL://PROJECT/rich/SKILL.md" })).skill as Skill).uri).toBe(canonical)
    const read = await mcp.client.readResource({ uri: "Skill://Project/rich/SKILL.md" })
    expect((read.contents[0] as { text: string }).text).toContain("name: rich")
    // The skill's name is the path, which keeps its case.
    expect(await code(mcp.extension("skills/get", { uri: "skill://project/RICH/SKILL.md" }))).toBe(-32602)
    expect(((await mcp.extension("skills/get", { uri: "skill://project/rich/references/../SKILL.md" })).skill as Skill).uri).toBe(canonical)
    expect(((await mcp.extension("skills/get", { uri: "skill://project/rich/./SKILL.md" })).skill as Skill).uri).toBe(canonical)
    expect(await code(mcp.extension("skills/get", { uri: "skill://project/rich/../SKILL.md" }))).toBe(-32602)
    const bare = await mcp.extension("resources/directory/read", { uri: "skill://" }).catch((e: Error) => e.message)
    expect(bare).toContain("skill://")
  })
})
