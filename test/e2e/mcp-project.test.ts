// DECISIONS #47 (issue 26 item 2): clients start stdio servers outside the
// project — Claude Desktop in `/`, others in the home directory. `skc mcp
// --project DIR`, else SKILLC_PROJECT, else the client's MCP roots, serves
// that project.
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js"
import { pathToFileURL } from "node:url"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it, vi } from "vitest"
import { BIN, sandbox, spawnAsync } from "../helpers/cli.js"

const SKILL = "---\nname: deploy-notes\ndescription: How we deploy. Use when deploying.\n---\n# Deploy notes\n\n## Hotfixes\n\nShip it.\n"

describe("skc mcp started in / (DECISIONS #47)", () => {
  const sb = sandbox()
  beforeAll(() => {
    mkdirSync(join(sb.work, ".skillc", "skills", "deploy-notes"), { recursive: true })
    writeFileSync(join(sb.work, ".skillc", "skills", "deploy-notes", "SKILL.md"), SKILL)
    expect(sb.run(["build", "deploy-notes"]).code).toBe(0)
  })

  const outlineFrom = async (args: ReadonlyArray<string>, env: Record<string, string> = {}) => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "mcp", ...args],
      cwd: "/",
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1", ...env },
      stderr: "pipe"
    })
    const client = new Client({ name: "desktop-like", version: "1.0.0" })
    await client.connect(transport)
    try {
      return (await client.callTool({ name: "skc_show", arguments: { skill: "deploy-notes", section: "Hotfixes" } })) as {
        isError?: boolean
        content: Array<{ text?: string }>
      }
    } finally {
      await client.close()
    }
  }

  it("without a project it serves what / sees: the project skill is not found", async () => {
    const r = await outlineFrom([])
    expect(r.isError).toBe(true)
    expect(r.content[0]?.text).toMatch(/^error\[E001\]/)
  })

  it("--project DIR serves that project's skills", async () => {
    const r = await outlineFrom(["--project", sb.work])
    expect(r.isError ?? false).toBe(false)
    expect(r.content[0]?.text).toContain("Ship it.")
  })

  it("SKILLC_PROJECT does the same; a project that is not a directory is E100 before serving", async () => {
    const r = await outlineFrom([], { SKILLC_PROJECT: sb.work })
    expect(r.isError ?? false).toBe(false)
    const bad = await spawnAsync(process.execPath, [BIN, "mcp", "--project", join(sb.work, "nope")], {
      cwd: "/",
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" },
      timeoutMs: 60_000
    })
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/^error\[E100\]: invalid option: --project: not a directory: '.*nope'\n/)
  })

  describe("MCP roots", () => {
    /** A roots-capable client whose roots are `roots()` (read at each roots/list). */
    const rootsClient = async (roots: () => ReadonlyArray<string>, args: ReadonlyArray<string> = []) => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [BIN, "mcp", ...args],
        cwd: "/",
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" },
        stderr: "pipe"
      })
      const client = new Client({ name: "roots-client", version: "1.0.0" }, { capabilities: { roots: { listChanged: true } } })
      client.setRequestHandler(ListRootsRequestSchema, async () => ({
        roots: roots().map((dir) => ({ uri: pathToFileURL(dir).href, name: dir }))
      }))
      await client.connect(transport)
      const show = async () =>
        (await client.callTool({ name: "skc_show", arguments: { skill: "deploy-notes", section: "Hotfixes" } })) as {
          isError?: boolean
          content: Array<{ text?: string }>
        }
      return { client, show }
    }

    it("a server started in / serves the project its client's root names; a roots change is followed", async () => {
      let roots: ReadonlyArray<string> = ["/nonexistent-root", sb.work]
      const { client, show } = await rootsClient(() => roots)
      try {
        const r = await show()
        expect(r.isError ?? false, r.content[0]?.text).toBe(false)
        expect(r.content[0]?.text).toContain("Ship it.")
        // The client moves to a root without a skc project: the server serves where it started (/).
        roots = [sb.home]
        await client.sendRootsListChanged()
        const after = await show()
        expect(after.isError, after.content[0]?.text).toBe(true)
        expect(after.content[0]?.text).toMatch(/^error\[E001\]/)
      } finally {
        await client.close()
      }
    })

    it("issue 45 item 4: many requests sent at once after the handshake still wait for the roots answer, which the in-flight bound lets through", async () => {
      const { client, show } = await rootsClient(() => [sb.work])
      try {
        // More than the 64 requests read ahead of their answers: the client's answer to roots/list comes after them.
        const answers = await Promise.all(Array.from({ length: 100 }, () => show()))
        for (const r of answers) expect(r.content[0]?.text).toContain("Ship it.")
      } finally {
        await client.close()
      }
    })

    it("--project wins over the roots", async () => {
      const other = join(sb.root, "other")
      mkdirSync(join(other, ".skillc"), { recursive: true })
      const { client, show } = await rootsClient(() => [other], ["--project", sb.work])
      try {
        expect((await show()).content[0]?.text).toContain("Ship it.")
      } finally {
        await client.close()
      }
    })
  })
})

describe("skc mcp says where it looked, checks roots one by one, refuses NUL queries (issue 46 item 3, issue 45 item 4)", () => {
  const sb = sandbox()
  beforeAll(() => {
    mkdirSync(join(sb.work, ".skillc", "skills", "deploy-notes"), { recursive: true })
    writeFileSync(join(sb.work, ".skillc", "skills", "deploy-notes", "SKILL.md"), SKILL)
    expect(sb.run(["build", "deploy-notes"]).code).toBe(0)
  })

  /** The SDK's own client on a server started in `/`, as Claude Desktop starts it; its stderr kept. */
  const connectFromRoot = async (options: { args?: ReadonlyArray<string>; roots?: () => ReadonlyArray<{ uri: string; name?: string }> } = {}) => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "mcp", ...(options.args ?? [])],
      cwd: "/",
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" },
      stderr: "pipe"
    })
    let stderr = ""
    transport.stderr?.on("data", (d: Buffer | string) => (stderr += d.toString()))
    const roots = options.roots
    const client = new Client({ name: "desktop-like", version: "1.0.0" }, roots === undefined ? {} : { capabilities: { roots: {} } })
    if (roots !== undefined) client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [...roots()] }) as never)
    await client.connect(transport)
    const call = async (name: string, args: Record<string, unknown>) =>
      (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: Array<{ text?: string }>; structuredContent?: unknown }
    return { client, call, stderr: () => stderr }
  }
  const texts = (r: { content: Array<{ text?: string }> }) => r.content.map((c) => c.text ?? "").join("\n")

  it("issue 46 item 3: started from / with no project, stderr and the first empty skc_list say which directory was used and how to name the project", async () => {
    const { client, call, stderr } = await connectFromRoot()
    try {
      const list = await call("skc_list", {})
      expect(list.content[0]?.text).toMatch(/^No skills found/)
      const all = texts(list)
      expect(all).toContain("no project found from '/'")
      expect(all).toContain("--project")
      expect(all).toContain("SKILLC_PROJECT")
      expect(all).toContain("roots")
      // In the structured content too: Claude Code 2.1.332 gives its model only that on success.
      const notices = (list.structuredContent as { notices?: ReadonlyArray<string> }).notices ?? []
      expect(notices.join("\n")).toContain("no project found from '/'")
      expect(stderr()).toContain("no project found from '/'")
      expect(stderr()).toContain("SKILLC_PROJECT")
    } finally {
      await client.close()
    }
  })

  it("DECISIONS #47: a server started in / whose client's roots name the project never says on stderr that no project was found", async () => {
    // The line was written at start, before the client's roots named the project it then served.
    const { client, call, stderr } = await connectFromRoot({ roots: () => [{ uri: pathToFileURL(sb.work).href }] })
    try {
      const list = await call("skc_list", {})
      expect(texts(list)).toContain("deploy-notes")
      expect(stderr()).not.toContain("no project found")
    } finally {
      await client.close()
    }
    // Roots that name no project: the line comes, once the roots are read.
    const plain = join(sb.root, "plain-dir")
    mkdirSync(plain, { recursive: true })
    const elsewhere = await connectFromRoot({ roots: () => [{ uri: pathToFileURL(plain).href }] })
    try {
      await elsewhere.call("skc_list", {})
      await vi.waitFor(() => expect(elsewhere.stderr()).toContain("no project found from '/'"), { timeout: 20_000, interval: 50 })
    } finally {
      await elsewhere.client.close()
    }
  })

  it("issue 46 item 3: an E001 answer from / carries the same hint, once; in a project nothing is added", async () => {
    const { client, call } = await connectFromRoot()
    try {
      const first = await call("skc_outline", { skill: "pdf" })
      expect(first.isError).toBe(true)
      expect(first.content[0]?.text).toMatch(/^error\[E001\]/)
      expect(texts(first)).toContain("--project")
      const again = await call("skc_outline", { skill: "pdf" })
      expect(texts(again)).not.toContain("--project")
    } finally {
      await client.close()
    }
    const inProject = await connectFromRoot({ args: ["--project", sb.work] })
    try {
      const r = await inProject.call("skc_outline", { skill: "pdf" })
      expect(r.content[0]?.text).toMatch(/^error\[E001\]/)
      expect(texts(r)).not.toContain("--project")
      expect(inProject.stderr()).not.toContain("no project found")
    } finally {
      await inProject.client.close()
    }
  })

  it("issue 46 item 3: a project of agent skill directories only (.claude/skills, no .skillc/) is a project: its skills are served and no hint says otherwise", async () => {
    // Claude Code users keep skills in <repo>/.claude/skills; a server started in a subdirectory of such a
    // repo serves them (DECISIONS #38), so "only global skills are served" would be false there.
    const repo = join(sb.root, "claude-repo")
    mkdirSync(join(repo, ".claude", "skills", "team-notes"), { recursive: true })
    mkdirSync(join(repo, "src"), { recursive: true })
    writeFileSync(join(repo, ".claude", "skills", "team-notes", "SKILL.md"), SKILL.replace("deploy-notes", "team-notes"))
    const { client, call, stderr } = await connectFromRoot({ args: ["--project", join(repo, "src")] })
    try {
      const list = await call("skc_list", {})
      expect(texts(list)).toContain("team-notes")
      // Its files are resources under the scope skc_list shows, as the server's instructions and templates say.
      expect(client.getInstructions()).toContain("agent-project")
      const templates = (await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)
      expect(templates).toContain("skill://agent-project/{skill}/{+path}")
      const read = await client.readResource({ uri: "skill://agent-project/team-notes/SKILL.md" })
      expect((read.contents[0] as { text?: string }).text).toContain("Ship it.")
      const none = await call("skc_search", { skill: "team-notes", query: "zanzibar" })
      expect(none.isError ?? false, texts(none)).toBe(false)
      expect(texts(none)).not.toContain("no project found")
      const unknown = await call("skc_outline", { skill: "absent-skill" })
      expect(unknown.content[0]?.text).toMatch(/^error\[E001\]/)
      expect(texts(unknown)).not.toContain("--project")
      expect(stderr()).not.toContain("no project found")
    } finally {
      await client.close()
    }
    // The same server started in a directory with neither says so, naming both kinds of project.
    const bare = join(sb.root, "bare")
    mkdirSync(bare, { recursive: true })
    const lone = await connectFromRoot({ args: ["--project", bare] })
    try {
      const r = await lone.call("skc_outline", { skill: "team-notes" })
      expect(texts(r)).toContain(`no project found from '${bare}'`)
      expect(texts(r)).toContain(".claude/skills")
      expect(lone.stderr()).toContain(`no project found from '${bare}'`)
    } finally {
      await lone.client.close()
    }
  })

  it("issue 45 item 4: a root that is not file:// is skipped with one line on stderr; the good root is still served", async () => {
    const { client, call, stderr } = await connectFromRoot({
      roots: () => [{ uri: "https://example.com/repo", name: "web" }, { uri: pathToFileURL(sb.work).href, name: "work" }]
    })
    try {
      const r = await call("skc_show", { skill: "deploy-notes", section: "Hotfixes" })
      expect(r.isError ?? false, texts(r)).toBe(false)
      expect(r.content[0]?.text).toContain("Ship it.")
      const lines = stderr().split("\n").filter((l) => l.includes("roots/list"))
      expect(lines).toEqual(["skc mcp: roots/list: skipped root 'https://example.com/repo': not a file:// URI"])
      // No schema dump: nothing of zod's issue list reaches stderr.
      expect(stderr()).not.toMatch(/"code":|invalid_format|Invalid input/)
    } finally {
      await client.close()
    }
  })

  it("issue 45 item 4: NUL in a search query is E004, not a misleading E002, for one skill and across skills", async () => {
    const { client, call } = await connectFromRoot({ args: ["--project", sb.work] })
    try {
      for (const args of [{ skill: "deploy-notes", query: "Ship\u0000it" }, { query: "Ship\u0000it" }]) {
        const r = await call("skc_search", args)
        expect(r.isError).toBe(true)
        expect(r.content[0]?.text).toBe("error[E004]: empty query: a query cannot hold a NUL character (U+0000)")
      }
      const ok = await call("skc_search", { skill: "deploy-notes", query: "Ship it" })
      expect(ok.isError ?? false).toBe(false)
    } finally {
      await client.close()
    }
  })
})
