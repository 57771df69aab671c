/**
 * Issue 48 item 2 from the client's side: the official MCP SDK v2 client
 * (`@modelcontextprotocol/client`, which speaks revision 2026-07-28) and
 * its Skills helper `SkillsClient` against `skc mcp` over stdio and over
 * `skc mcp --http`, as an agent built on it would use them: list every
 * skill (the helper validates each entry against the Agent Skills format
 * and, by default, refuses the whole listing when one fails), read each
 * file with its digest verified, get one skill, read a directory.
 *
 * The project holds skills outside the format (`metadata: {version: 1.0}`,
 * `compatibility: 42`, a 1,100-character description, a non-ASCII name):
 * before skc left them out, one such skill made `list()` throw for every
 * skill of the server.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client"
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio"
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BIN, sandbox } from "../helpers/cli.js"
import { startHttpServer, type HttpServer } from "../helpers/httpServer.js"

const put = (file: string, data: string) => {
  mkdirSync(join(file, ".."), { recursive: true })
  writeFileSync(file, data)
}

const skill = (name: string, extra = "", description = "Use when testing the official client.") =>
  `---\nname: ${name}\ndescription: ${description}\n${extra}---\n\n# ${name}\n\nSee [the guide](references/guide.md).\n`

describe("issue 48 item 2: the official SDK v2 SkillsClient against skc mcp", () => {
  const sb = sandbox()
  const store = join(sb.work, ".skillc", "skills")
  let http: HttpServer

  beforeAll(async () => {
    put(join(store, "pdf-tools", "SKILL.md"), skill("pdf-tools", 'metadata:\n  version: "1.0"\n'))
    put(join(store, "pdf-tools", "references", "guide.md"), "# Guide\n\nFill the form.\n")
    put(join(store, "pdf-tools", "templates", "letter.md"), "# Letter\n")
    put(join(store, "git-helper", "SKILL.md"), skill("git-helper"))
    put(join(store, "git-helper", "references", "guide.md"), "# Guide\n")
    // Outside the Agent Skills format, one field each.
    put(join(store, "meta-number", "SKILL.md"), skill("meta-number", "metadata:\n  version: 1.0\n"))
    put(join(store, "compat-number", "SKILL.md"), skill("compat-number", "compatibility: 42\n"))
    put(join(store, "long-description", "SKILL.md"), skill("long-description", "", "d".repeat(1100)))
    put(join(sb.work, ".claude", "skills", "café", "SKILL.md"), skill("café"))
    http = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", sb.work] })
  })
  afterAll(async () => {
    await http?.stop()
  })

  const stdio = () =>
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "mcp"],
      cwd: sb.work,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1", LANG: "C.UTF-8" },
      stderr: "ignore"
    })

  for (const [name, transport] of [
    ["stdio", stdio],
    ["HTTP", () => new StreamableHTTPClientTransport(new URL(`${http.base}/mcp`))]
  ] as const) {
    it(`${name}: list() succeeds without skipInvalid, every file reads verified, get and readDirectory answer`, async () => {
      const client = new Client({ name: "skc-official-client-test", version: "1.0.0" }, { capabilities: {}, versionNegotiation: { mode: "auto" } })
      await client.connect(transport())
      try {
        // The revision whose directory-read result the client checks most strictly.
        expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28")
        const skills = new SkillsClient(client)
        expect(skills.supported).toBe(true)
        const listing = await skills.list()
        expect(listing.skills.map((s) => s.frontmatter.name).sort()).toEqual(["git-helper", "pdf-tools"])
        for (const s of listing.skills) {
          for (const r of s.resources === "dynamic" ? [] : s.resources) {
            const read = await skills.read(s, r.uri)
            expect(read.verified, r.uri).toBe(true)
          }
        }
        const pdf = listing.skills.find((s) => s.frontmatter.name === "pdf-tools")!
        expect((await skills.get(pdf.uri)).skill.uri).toBe(pdf.uri)
        const directory = await skills.readDirectory(pdf.uri.replace(/\/SKILL\.md$/, ""))
        // SKILL.md named after its skill, as resources/list names it (SEP-2640 "Resource Metadata", "Directory Listing").
        expect(directory.resources.map((r) => r.name)).toEqual(["pdf-tools", "references", "templates"])
      } finally {
        await client.close()
      }
    })
  }
})
