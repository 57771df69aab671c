// Issue 44 item 2: each connection is a session with its own services and
// its own project directory; nothing moves the process (`process.chdir`)
// and nothing of a session is kept at module level. Two servers made by
// `makeServer` in this one process, each connected to the MCP SDK's own
// Client over its InMemoryTransport, serve two projects side by side.
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js"
import { ListRootsRequestSchema, ResultSchema } from "@modelcontextprotocol/sdk/types.js"
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeServer, type McpSession, type ServeOptions } from "../../src/mcp/server.js"

const skill = (name: string) => `---\nname: ${name}\ndescription: Notes named ${name}. Use when testing sessions.\n---\n# ${name}\n\n## Body\n\nText.\n`

describe("MCP sessions own their project (issue 44 item 2)", () => {
  let tmp = ""
  const savedHome = process.env.SKILLC_HOME
  const project = (name: string, skillName: string) => {
    const dir = join(tmp, name)
    mkdirSync(join(dir, ".skillc", "skills", skillName), { recursive: true })
    writeFileSync(join(dir, ".skillc", "skills", skillName, "SKILL.md"), skill(skillName))
    return dir
  }
  let alpha = ""
  let beta = ""
  let gamma = ""
  const opened: Array<{ client: Client; session: McpSession }> = []

  beforeAll(() => {
    tmp = realpathSync(mkdtempSync(join(tmpdir(), "skc-sessions-")))
    mkdirSync(join(tmp, "home"))
    process.env.SKILLC_HOME = join(tmp, "home")
    alpha = project("alpha", "alpha-notes")
    beta = project("beta", "beta-notes")
    gamma = project("gamma", "gamma-notes")
  })

  afterAll(async () => {
    for (const { client, session } of opened) {
      await client.close()
      await session.close()
    }
    if (savedHome === undefined) delete process.env.SKILLC_HOME
    else process.env.SKILLC_HOME = savedHome
    rmSync(tmp, { recursive: true, force: true })
  })

  /** A session and an SDK client over the in-memory transport; `roots` makes the client advertise roots. */
  const connect = async (options: ServeOptions, roots?: () => ReadonlyArray<string>) => {
    const session = await makeServer("0.0.0-test", options)
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    const client = new Client({ name: "sessions-test", version: "1.0.0" }, roots === undefined ? {} : { capabilities: { roots: { listChanged: true } } })
    if (roots !== undefined) {
      client.setRequestHandler(ListRootsRequestSchema, async () => ({
        roots: roots().map((dir) => ({ uri: pathToFileURL(dir).href, name: dir }))
      }))
    }
    await session.server.connect(serverSide)
    await client.connect(clientSide)
    opened.push({ client, session })
    return { client, session }
  }

  /** The skill names `skc_list` and `skills/list` give, each sorted. */
  const namesOf = async (client: Client) => {
    const listed = (await client.callTool({ name: "skc_list", arguments: {} })) as { isError?: boolean; structuredContent?: unknown }
    expect(listed.isError ?? false).toBe(false)
    const json = JSON.stringify(listed.structuredContent)
    const tool = ["alpha-notes", "beta-notes", "gamma-notes"].filter((n) => json.includes(n))
    const extension = (await client.request({ method: "skills/list", params: {} } as never, ResultSchema)) as { skills?: Array<{ frontmatter: { name?: unknown } }> }
    return { tool, extension: (extension.skills ?? []).map((s) => String(s.frontmatter.name)).sort() }
  }

  it("two sessions started for different projects each see only their own project's skills", async () => {
    const cwd = process.cwd()
    const a = await connect({ project: alpha })
    const b = await connect({ project: beta })
    expect(await namesOf(a.client)).toEqual({ tool: ["alpha-notes"], extension: ["alpha-notes"] })
    expect(await namesOf(b.client)).toEqual({ tool: ["beta-notes"], extension: ["beta-notes"] })
    expect(a.session.directory()).toBe(alpha)
    expect(b.session.directory()).toBe(beta)
    expect(process.cwd()).toBe(cwd)
  })

  it("each session follows its own client's roots; a roots change in one leaves the other where it was", async () => {
    const cwd = process.cwd()
    let rootsOfA: ReadonlyArray<string> = [alpha]
    const a = await connect({ followRoots: true }, () => rootsOfA)
    const b = await connect({ followRoots: true }, () => [beta])
    expect(await namesOf(a.client)).toEqual({ tool: ["alpha-notes"], extension: ["alpha-notes"] })
    expect(await namesOf(b.client)).toEqual({ tool: ["beta-notes"], extension: ["beta-notes"] })

    rootsOfA = [gamma]
    await a.client.sendRootsListChanged()
    // The notification is handled before the next request is: that request waits for the roots it asked for.
    await expect.poll(async () => (await namesOf(a.client)).tool, { timeout: 60_000 }).toEqual(["gamma-notes"])
    expect(await namesOf(a.client)).toEqual({ tool: ["gamma-notes"], extension: ["gamma-notes"] })
    expect(await namesOf(b.client)).toEqual({ tool: ["beta-notes"], extension: ["beta-notes"] })
    expect(a.session.directory()).toBe(gamma)
    expect(b.session.directory()).toBe(beta)
    expect(process.cwd()).toBe(cwd)
  })
})
