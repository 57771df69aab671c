/**
 * `skc mcp` end to end (RFC-0007:C-MCP-SERVER, C-COMMANDS; ADR-0003;
 * DECISIONS #5, #31, #36) driven by the MCP SDK's own Client over stdio,
 * every tool compared with the CLI's JSON for the same request, and the
 * Skills extension (io.modelcontextprotocol/skills) checked against the
 * files on disk.
 */
import { createHash } from "node:crypto"
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { parse as parseYaml } from "yaml"
import { ROOT, sandbox } from "../helpers/cli.js"
import { ALL_TOOLS, connectMcp, PROTOCOL_TOOLS, textOf, type McpSession } from "../helpers/mcpClient.js"

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }

const write = (file: string, data: string | Uint8Array) => {
  mkdirSync(join(file, ".."), { recursive: true })
  writeFileSync(file, data)
}

const sha256 = (bytes: Uint8Array) => `sha256:${createHash("sha256").update(bytes).digest("hex")}`

export const mcpFixture = () => {
  const box = sandbox()
  const project = join(box.work, "proj")
  const pSkills = join(project, ".skillc", "skills")
  const gSkills = join(box.home, ".skillc", "skills")
  const helper = join(pSkills, "git-helper")
  const logo = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 255])
  mkdirSync(pSkills, { recursive: true })
  cpSync(join(ROOT, "examples", "git-helper"), helper, { recursive: true })
  write(join(helper, "assets", "logo.png"), logo)
  write(join(helper, ".git", "config"), "[core]\n")
  write(join(box.root, "outside-secret.txt"), "top secret\n")
  symlinkSync(join(box.root, "outside-secret.txt"), join(helper, "leak.txt"))
  write(join(gSkills, "cuda", "SKILL.md"), "---\nname: cuda\ndescription: Use when writing CUDA kernels.\nmetadata:\n  version: \"2.1\"\n---\n\n# CUDA\n\n## Kernels\n\nLaunch with <<<grid, block>>>.\n")
  write(join(gSkills, "cuda", "refs", "memory.md"), "# Memory\n\nShared memory is fast.\n")
  // Listed by skc_list, but not served as an extension skill: its frontmatter name differs from its directory.
  write(join(pSkills, "odd-name", "SKILL.md"), "---\nname: something-else\ndescription: Use when testing names.\n---\n# Odd\n")
  return { box, project, pSkills, gSkills, helper, logo }
}

describe("skc mcp", () => {
  const fx = mcpFixture()
  let mcp: McpSession

  beforeAll(async () => {
    mcp = await connectMcp({ cwd: fx.project, home: fx.box.home, flags: ["--output-schemas"] })
  })
  afterAll(async () => {
    await mcp?.close()
  })

  const cliJson = (args: ReadonlyArray<string>) => {
    const r = fx.box.run([...args, "--format", "json"], fx.project)
    expect(r.code, r.stderr).toBe(0)
    return JSON.parse(r.stdout) as unknown
  }
  const cliError = (args: ReadonlyArray<string>) => {
    const r = fx.box.run(args, fx.project)
    expect(r.code).toBe(1)
    return r.stderr.trimEnd()
  }
  const registered = async () => (await mcp.client.listTools()).tools

  it("RFC-0007:C-MCP-SERVER initialize answers name skillc, the package version and the capabilities", () => {
    expect(mcp.client.getServerVersion()).toMatchObject({ name: "skillc", version: pkg.version })
    const caps = mcp.client.getServerCapabilities() as Record<string, unknown>
    expect(caps.tools).toBeDefined()
    expect(caps.resources).toBeDefined()
    expect(caps.extensions).toEqual({ "io.modelcontextprotocol/skills": { directoryRead: true } })
  })

  it("RFC-0007:C-COMMANDS tools/list offers exactly the registry's skc_* tools, with snake_case JSON schemas and annotations", async () => {
    const tools = await registered()
    const names = tools.map((t) => t.name)
    // Exactly the ten RFC tools and the three protocol tools (no tool-skill tools without --tools).
    expect([...names].sort()).toEqual([...ALL_TOOLS, ...PROTOCOL_TOOLS].sort())
    expect(names).not.toContain("skc_sync")
    expect(names).not.toContain("skc_mcp")
    for (const t of tools) {
      expect(t.description!.length).toBeGreaterThan(60)
      expect(t.inputSchema.type).toBe("object")
      expect(JSON.stringify(t.inputSchema)).not.toContain("$ref")
      for (const key of Object.keys(t.inputSchema.properties ?? {})) expect(key).toMatch(/^[a-z]+(_[a-z]+)*$/)
      expect(t.outputSchema?.type).toBe("object")
      expect(typeof t.annotations?.readOnlyHint).toBe("boolean")
    }
    const byName = new Map(tools.map((t) => [t.name, t]))
    const list = byName.get("skc_list")!
    expect(Object.keys(list.inputSchema.properties!).sort()).toEqual(["check_obsolete", "limit", "pattern", "scope", "status"])
    expect((list.inputSchema.properties!.scope as { enum: Array<string> }).enum).toEqual(["project", "global", "agent", "all"])
    expect(list.annotations?.readOnlyHint).toBe(true)
    expect(byName.get("skc_init")!.annotations?.readOnlyHint).toBe(false)
    expect(byName.get("skc_build")!.annotations?.readOnlyHint).toBe(false)
    expect(byName.get("skc_outline")!.annotations?.readOnlyHint).toBe(true)
    expect(byName.get("skc_outline")!.inputSchema.required).toEqual(["skill"])
    expect(Object.keys(byName.get("skc_open")!.inputSchema.properties!).sort()).toEqual(["from_line", "max_bytes", "max_lines", "path", "skill"])
    expect(byName.get("skc_open")!.inputSchema.required!.slice().sort()).toEqual(["path", "skill"])
    expect(Object.keys(byName.get("skc_sources")!.inputSchema.properties!).sort()).toEqual(["depth", "dir", "limit", "pattern", "skill"])
    // RFC-0007:C-COMMANDS parameter tables of lint and stats.
    expect(Object.keys(byName.get("skc_lint")!.inputSchema.properties!).sort()).toEqual(["agent", "force", "limit", "skill"]) // agent: issue 43, DECISIONS #51; limit: the result budget (docs/mcp.md)
    expect(byName.get("skc_lint")!.inputSchema.required).toEqual(["skill"])
    // RFC-0007:C-COMMANDS's five, plus include_author and limit (issue 17).
    expect(Object.keys(byName.get("skc_stats")!.inputSchema.properties!).sort()).toEqual([
      "group_by",
      "include_author",
      "limit",
      "project",
      "since",
      "skill",
      "until"
    ])
    for (const readOnly of ["skc_lint", "skc_stats", ...PROTOCOL_TOOLS]) expect(byName.get(readOnly)!.annotations?.readOnlyHint, readOnly).toBe(true)
  })

  it("RFC-0007:C-MCP-SERVER skc_list returns the CLI's JSON as structured content and a readable table", async () => {
    const r = await mcp.call("skc_list")
    expect(r.isError).toBeFalsy()
    expect(r.structuredContent).toEqual(cliJson(["list"]))
    expect(textOf(r)).toMatch(/^SKILL\s+SCOPE\s+STATUS\s+SOURCE\n/)
    const filtered = await mcp.call("skc_list", { scope: "global", limit: 1 })
    expect(filtered.structuredContent).toEqual(cliJson(["list", "--scope", "global", "--limit", "1"]))
  })

  it("RFC-0007:C-MCP-SERVER skc_outline, skc_open, skc_sources equal the CLI's JSON", async () => {
    const outline = await mcp.call("skc_outline", { skill: "git-helper", level: 2 })
    expect(outline.structuredContent).toEqual(cliJson(["outline", "git-helper", "--level", "2"]))
    expect(textOf(outline)).toContain("## Committing")
    const open = await mcp.call("skc_open", { skill: "git-helper", path: "references/conflicts.md", max_lines: 3 })
    // The CLI's document, and the MCP answer's `notices` (additive) with the way to the rest of a cut file.
    const { notices, ...opened } = open.structuredContent as { notices?: ReadonlyArray<string> }
    expect(opened).toEqual(cliJson(["open", "git-helper", "references/conflicts.md", "--max-lines", "3"]))
    expect(notices).toEqual(["the file goes on: call skc_open again with from_line=4 for its next lines"])
    expect(textOf(open)).toBe((open.structuredContent as { content: string }).content)
    // Cut by max_lines: after the RFC's marker, a block says how to read the rest (an agent's probe: no way on).
    const blocks = open.content.map((c) => (c.type === "text" ? c.text : ""))
    expect(blocks.at(-1)).toBe("the file goes on: call skc_open again with from_line=4 for its next lines")

    const binary = await mcp.call("skc_open", { skill: "git-helper", path: "assets/logo.png" })
    expect(binary.structuredContent).toEqual(cliJson(["open", "git-helper", "assets/logo.png"]))
    expect((binary.structuredContent as { encoding?: string }).encoding).toBe("base64")
    const src = await mcp.call("skc_sources", { skill: "git-helper", depth: 1 })
    type Entries = { entries: Array<{ path: string; type: string; file_count?: number }>; truncated?: { omitted: number; hint: string } }
    const listed = src.structuredContent as Entries
    expect(listed.entries.map(({ path, type }) => ({ path, type }))).toEqual(cliJson(["sources", "git-helper", "--depth", "1"]))
    expect(textOf(src)).toContain("references/")
    // Additive: what the text says beside the entries (a probe: the structured answer dropped it). A collapsed
    // directory's file count, and what `limit` left out.
    const collapsed = listed.entries.find((e) => e.path === "references")
    expect(textOf(src)).toContain(`references/ (${collapsed?.file_count} file`)
    expect(listed.truncated).toBeUndefined()
    const cut = (await mcp.call("skc_sources", { skill: "git-helper", limit: 1 })).structuredContent as Entries
    const all = cliJson(["sources", "git-helper"]) as ReadonlyArray<unknown>
    expect(cut.entries).toHaveLength(1)
    expect(cut.truncated).toEqual({ omitted: all.length - 1, hint: `${all.length - 1} more entries past the limit of 1: raise limit, or narrow with dir, depth or pattern` })
    const global = await mcp.call("skc_outline", { skill: "cuda" })
    expect(global.structuredContent).toEqual(cliJson(["outline", "cuda"]))
  })

  it("RFC-0007:C-MCP-SERVER skc_init and skc_build run the CLI's use cases", async () => {
    const created = await mcp.call("skc_init", { name: "from-mcp" })
    expect(created.isError).toBeFalsy()
    expect(created.structuredContent).toEqual({ kind: "skill", name: "from-mcp", scope: "project", path: join(fx.pSkills, "from-mcp") })
    expect(readFileSync(join(fx.pSkills, "from-mcp", "SKILL.md"), "utf8")).toContain("name: from-mcp")
    const again = await mcp.call("skc_init", { name: "from-mcp" })
    expect(again.isError).toBe(true)
    expect(textOf(again)).toBe(cliError(["init", "from-mcp"]))

    // git-helper holds a symlink out of the skill, which build refuses (E012); cuda builds.
    const refused = await mcp.call("skc_build", { skill: "git-helper" })
    expect(refused.isError).toBe(true)
    expect(textOf(refused)).toBe(cliError(["build", "git-helper"]))
    const built = await mcp.call("skc_build", { skill: "cuda" })
    expect(built.isError, textOf(built)).toBeFalsy()
    const viaCli = cliJson(["build", "cuda"]) as Record<string, unknown>
    // The CLI's build follows the tool's: the same result, but for its index, which the second build found up to date.
    const strip = (r: Record<string, unknown>) => ({ ...r, deployments: undefined, index: undefined })
    expect(strip(built.structuredContent as Record<string, unknown>)).toEqual(strip(viaCli))
    expect([(built.structuredContent as { index: string }).index, viaCli.index]).toEqual(["created", "up-to-date"])
    const listed = (await mcp.call("skc_list", { pattern: "cuda" })).structuredContent as { skills: Array<{ status: string }> }
    expect(listed.skills[0]!.status).toBe("normal")
    expect(textOf(built)).toMatch(/^Built cuda/)
  })

  it("RFC-0005 failures are isError results with the CLI's exact error lines, a next step named as the tool call", async () => {
    // The next step a detail line names: the CLI's command, the MCP client's tool call (src/domain/nextStep.ts).
    const asTool: ReadonlyArray<[string, string]> = [["skc sources git-helper", `skc_sources skill="git-helper"`]]
    // E001's next step too: the tool call (an agent holding the tools may run no shell; src/mcp/toolErrors.ts).
    const hints: ReadonlyArray<[string, string]> = [["run 'skc list' to see the skills that resolve here", "call skc_list to see the skills that resolve here"]]
    const cases: Array<[string, Record<string, unknown>, ReadonlyArray<string>]> = [
      ["skc_outline", { skill: "no-such-skill" }, ["outline", "no-such-skill"]],
      ["skc_open", { skill: "git-helper", path: "../../outside-secret.txt" }, ["open", "git-helper", "../../outside-secret.txt"]],
      ["skc_open", { skill: "git-helper", path: "leak.txt" }, ["open", "git-helper", "leak.txt"]],
      ["skc_open", { skill: "git-helper", path: "/etc/passwd" }, ["open", "git-helper", "/etc/passwd"]],
      ["skc_open", { skill: "git-helper", path: "references/missing.md" }, ["open", "git-helper", "references/missing.md"]],
      ["skc_sources", { skill: "git-helper", dir: "nope" }, ["sources", "git-helper", "--dir", "nope"]]
    ]
    for (const [tool, args, cli] of cases) {
      const r = await mcp.call(tool, args)
      expect(r.isError, `${tool} ${JSON.stringify(args)}`).toBe(true)
      const [first, ...detail] = cliError(cli).split("\n")
      const expected = [
        first,
        ...detail.map((line) => hints.reduce((l, [cliHint, toolHint]) => l.replace(cliHint, toolHint), asTool.reduce((l, [command, call]) => (l.endsWith(`: ${command}`) ? l.replace(command, call) : l), line)))
      ]
      expect(textOf(r)).toBe(expected.join("\n"))
      expect(r.structuredContent).toBeUndefined()
    }
    expect(textOf(await mcp.call("skc_outline", { skill: "no-such-skill" }))).toMatch(/^error\[E001\]:\ skill\ 'no\-such\-skill'\ not\ found(\n  .*)*$/)
    expect(textOf(await mcp.call("skc_open", { skill: "git-helper", path: "leak.txt" }))).toMatch(/^error\[E012\]: path escapes skill root/)
  })

  it("RFC-0005 E100 for invalid arguments, decoded with the CLI's Schemas; the server keeps answering", async () => {
    const bad: Array<[string, Record<string, unknown>, RegExp]> = [
      ["skc_list", { scope: "local" }, /^error\[E100\]: invalid option: 'scope: expected "project" \| "global" \| "agent" \| "all", actual "local"'$/],
      ["skc_list", { limit: 0 }, /^error\[E100\]: invalid option: 'limit: /],
      ["skc_list", { bogus: true }, /^error\[E100\]: invalid option: 'bogus: is unexpected/],
      ["skc_outline", {}, /^error\[E100\]: invalid option: 'skill: is missing'$/],
      ["skc_outline", { skill: 42 }, /^error\[E100\]: invalid option: 'skill: Expected string, actual 42'$/],
      ["skc_outline", { skill: "git-helper", level: 9 }, /^error\[E100\]: invalid option: 'level: /]
    ]
    for (const [tool, args, pattern] of bad) {
      const r = await mcp.call(tool, args)
      expect(r.isError).toBe(true)
      expect(textOf(r)).toMatch(pattern)
    }
    await expect(mcp.call("skc_sync", {})).rejects.toMatchObject({ code: -32602 })
    await expect(mcp.call("no_such_tool", {})).rejects.toThrow(/Unknown tool: 'no_such_tool'/)
    expect((await mcp.call("skc_list")).isError).toBeFalsy()
  })

  describe("Skills extension (io.modelcontextprotocol/skills)", () => {
    const fileBytes = (uri: string) => {
      const m = /^skill:\/\/(project|global)\/([^/]+)\/(.+)$/.exec(uri)!
      const store = m[1] === "project" ? fx.pSkills : fx.gSkills
      return new Uint8Array(readFileSync(join(store, m[2]!, ...m[3]!.split("/").map(decodeURIComponent))))
    }

    it("resources/list exposes every text file of every project and global skill as skill://<scope>/<name>/<path>", async () => {
      const { resources } = await mcp.client.listResources()
      const uris = resources.map((r) => r.uri)
      expect(uris).toContain("skill://project/git-helper/SKILL.md")
      expect(uris).toContain("skill://project/git-helper/references/conflicts.md")
      // Issue 26 item 3: binary files stay out of the listing (read below all the same).
      expect(uris).not.toContain("skill://project/git-helper/assets/logo.png")
      expect(uris).toContain("skill://global/cuda/SKILL.md")
      expect(uris).toContain("skill://global/cuda/refs/memory.md")
      expect(uris.some((u) => u.includes("/.git/"))).toBe(false)
      expect(uris.some((u) => u.includes("leak.txt"))).toBe(false)
      expect(uris.some((u) => u.includes("odd-name"))).toBe(false)
      const main = resources.find((r) => r.uri === "skill://project/git-helper/SKILL.md")!
      expect(main).toMatchObject({ name: "git-helper", mimeType: "text/markdown" })
      expect(main.description).toMatch(/^Everyday Git workflows/)
      const templates = await mcp.client.listResourceTemplates()
      expect(templates.resourceTemplates.map((t) => t.uriTemplate)).toEqual([
        "skill://project/{skill}/{+path}",
        "skill://global/{skill}/{+path}",
        "skill://agent-project/{skill}/{+path}",
        "skill://agent-user/{skill}/{+path}",
        "skill://plugin/{skill}/{+path}"
      ])
    })

    it("resources/read returns the bytes on disk: text as text, binary as base64", async () => {
      const md = await mcp.client.readResource({ uri: "skill://project/git-helper/SKILL.md" })
      expect(md.contents[0]).toMatchObject({ uri: "skill://project/git-helper/SKILL.md", mimeType: "text/markdown" })
      expect((md.contents[0] as { text: string }).text).toBe(readFileSync(join(fx.helper, "SKILL.md"), "utf8"))
      const png = await mcp.client.readResource({ uri: "skill://project/git-helper/assets/logo.png" })
      expect(png.contents[0]!.mimeType).toBe("image/png")
      expect(Buffer.from((png.contents[0] as { blob: string }).blob, "base64")).toEqual(Buffer.from(fx.logo))
    })

    it("skills/list carries verbatim frontmatter and every file with its sha256 digest and size", async () => {
      const listed = await mcp.extension("skills/list")
      expect(listed.resultType).toBe("complete")
      expect(typeof listed.ttlMs).toBe("number")
      expect(listed.cacheScope).toBeDefined()
      const skills = listed.skills as Array<{ uri: string; frontmatter: Record<string, unknown>; resources: Array<{ uri: string; digest: string; size: number }> }>
      expect(skills.map((s) => s.uri)).toEqual(expect.arrayContaining(["skill://project/git-helper/SKILL.md", "skill://global/cuda/SKILL.md"]))
      expect(skills.some((s) => s.uri.includes("odd-name"))).toBe(false)
      for (const skill of skills) {
        const md = readFileSync(join(skill.uri.startsWith("skill://project") ? fx.pSkills : fx.gSkills, skill.uri.split("/")[3]!, "SKILL.md"), "utf8")
        expect(skill.frontmatter).toEqual(parseYaml(/^---\n([\s\S]*?)\n---\n/.exec(md)![1]!))
        expect(skill.resources.map((r) => r.uri)).toContain(skill.uri)
        for (const r of skill.resources) {
          const bytes = fileBytes(r.uri)
          expect(r.digest).toBe(sha256(bytes))
          expect(r.size).toBe(bytes.byteLength)
        }
      }
      const cuda = skills.find((s) => s.uri === "skill://global/cuda/SKILL.md")!
      expect(cuda.frontmatter).toEqual({ name: "cuda", description: "Use when writing CUDA kernels.", metadata: { version: "2.1" } })
      expect(cuda.resources.map((r) => r.uri)).toEqual(["skill://global/cuda/SKILL.md", "skill://global/cuda/refs/memory.md"])
    })

    it("skills/get returns the same entry by SKILL.md URI and -32602 for anything not served", async () => {
      const listed = (await mcp.extension("skills/list")).skills as Array<{ uri: string }>
      const got = await mcp.extension("skills/get", { uri: "skill://global/cuda/SKILL.md" })
      expect(got.resultType).toBe("complete")
      expect(got.skill).toEqual(listed.find((s) => s.uri === "skill://global/cuda/SKILL.md"))
      for (const uri of ["skill://global/nope/SKILL.md", "skill://project/odd-name/SKILL.md", "skill://global/cuda/refs/memory.md", "https://x/SKILL.md"]) {
        await expect(mcp.extension("skills/get", { uri })).rejects.toMatchObject({ code: -32602 })
      }
    })

    it("reads follow open's path-safety rules: escapes, VCS directories and unknown files are refused", async () => {
      // A refused path is invalid params; nothing at the URI is the session's (2025-11-25) "Resource not found", -32002.
      const refused: Array<[string, RegExp, number]> = [
        ["skill://project/git-helper/leak.txt", /E012/, -32602],
        ["skill://project/git-helper/../git-helper/SKILL.md", /E012/, -32602],
        ["skill://project/git-helper/%2E%2E/%2E%2E/outside-secret.txt", /E012/, -32602],
        ["skill://project/git-helper/..%2F..%2Foutside-secret.txt", /E012/, -32602],
        ["skill://project/git-helper/.git/config", /E012/, -32602],
        ["skill://project/git-helper/missing.md", /not found/i, -32002],
        ["skill://project/nope/SKILL.md", /No skill is served/, -32002],
        ["skill://elsewhere/git-helper/SKILL.md", /not found/i, -32002]
      ]
      for (const [uri, message, code] of refused) {
        await expect(mcp.client.readResource({ uri }), uri).rejects.toMatchObject({ code, message: expect.stringMatching(message) })
      }
      // A file of a close name (a SKILL.md link written `REFERENCES/Conflicts.md`): its URI, as skc_open names the file
      // (sixty-sixth pass: a client following the link got a bare "Resource not found").
      await expect(mcp.client.readResource({ uri: "skill://project/git-helper/references/Conflicts.md" })).rejects.toMatchObject({
        code: -32002,
        message: expect.stringContaining("did you mean skill://project/git-helper/references/conflicts.md?")
      })
      // Dot segments that stay inside are normalised, as for skc_open (README "Paths"): not called escapes.
      const main = await mcp.client.readResource({ uri: "skill://project/git-helper/SKILL.md" })
      for (const uri of ["skill://project/git-helper/references/../SKILL.md", "skill://project/git-helper/./SKILL.md"]) {
        const read = await mcp.client.readResource({ uri })
        expect((read.contents[0] as { text?: string }).text, uri).toBe((main.contents[0] as { text?: string }).text)
      }
      const dir = await mcp.extension("resources/directory/read", { uri: "skill://project/git-helper/references/.." })
      // SKILL.md as resources/list gives it: named after its skill (SEP-2640 "Resource Metadata").
      expect((dir.resources as Array<{ uri: string }>).map((r) => r.uri)).toContain("skill://project/git-helper/SKILL.md")
    })

    it("resources/directory/read lists direct children, directories as inode/directory", async () => {
      const root = await mcp.extension("resources/directory/read", { uri: "skill://project/git-helper" })
      const children = root.resources as Array<{ uri: string; name: string; mimeType: string }>
      // SKILL.md first, named after its skill as resources/list names it (SEP-2640 "Resource Metadata", "Directory Listing").
      expect(children.map((c) => c.name)).toEqual(["git-helper", "assets", "references", "scripts"].filter((n) => children.some((c) => c.name === n)))
      expect(children[0]!.uri).toBe("skill://project/git-helper/SKILL.md")
      expect(children.find((c) => c.name === "references")!.mimeType).toBe("inode/directory")
      const refs = await mcp.extension("resources/directory/read", { uri: "skill://project/git-helper/references" })
      expect((refs.resources as Array<{ uri: string }>).map((r) => r.uri)).toContain("skill://project/git-helper/references/conflicts.md")
      await expect(mcp.extension("resources/directory/read", { uri: "skill://project/git-helper/SKILL.md" })).rejects.toMatchObject({ code: -32602 })
    })

    it("nothing is served stale: an edit between calls is seen by the next read, digest and tool call", async () => {
      const uri = "skill://global/cuda/refs/memory.md"
      const before = (await mcp.extension("skills/get", { uri: "skill://global/cuda/SKILL.md" })).skill as { resources: Array<{ uri: string; digest: string }> }
      write(join(fx.gSkills, "cuda", "refs", "memory.md"), "# Memory\n\n## Coalescing\n\nEdited.\n")
      const read = await mcp.client.readResource({ uri })
      expect((read.contents[0] as { text: string }).text).toContain("Edited.")
      const after = (await mcp.extension("skills/get", { uri: "skill://global/cuda/SKILL.md" })).skill as { resources: Array<{ uri: string; digest: string }> }
      expect(after.resources.find((r) => r.uri === uri)!.digest).not.toBe(before.resources.find((r) => r.uri === uri)!.digest)
      const outline = (await mcp.call("skc_outline", { skill: "cuda" })).structuredContent as { headings: Array<{ text: string }> }
      expect(outline.headings.map((h) => h.text)).toContain("Coalescing")
      write(join(fx.gSkills, "fresh", "SKILL.md"), "---\nname: fresh\ndescription: Use when testing freshness.\n---\n# Fresh\n")
      const { resources } = await mcp.client.listResources()
      expect(resources.map((r) => r.uri)).toContain("skill://global/fresh/SKILL.md")
    })
  })

  it("RFC-0007:C-MCP-SERVER nothing but JSON-RPC reaches stdout; diagnostics stay on stderr", () => {
    // The SDK client fails the connection on any non-JSON-RPC line; after all the calls above it is still usable.
    expect(mcp.transport.pid).toBeGreaterThan(0)
    expect(mcp.stderr()).not.toMatch(/error\[E999\]|at .*\.js:\d+/)
  })
})
