/**
 * Issue 48 item 3: skills as MCP prompts, driven by the MCP SDK's own Client
 * over stdio. `prompts/list` offers the skills a person may invoke (Claude
 * Code's rule: not `user-invocable: false`) with their arguments;
 * `prompts/get` answers the SKILL.md body with the arguments substituted as
 * Claude Code does, a link to the skill, and a row in the skill's access log
 * recorded as a person's read (DECISIONS #45).
 */
import { ErrorCode, McpError, PromptListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { readLog } from "../helpers/logs.js"
import { connectHttp, startHttpServer } from "../helpers/httpServer.js"
import { connectMcp, type McpSession } from "../helpers/mcpClient.js"

const put = (file: string, text: string) => {
  mkdirSync(join(file, ".."), { recursive: true })
  writeFileSync(file, text)
}

const until = async (check: () => boolean | Promise<boolean>, what: string) => {
  for (let i = 0; i < 1200; i++) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`timed out waiting for ${what}`)
}

const FIX_ISSUE = [
  "---",
  "name: fix-issue",
  "description: Fix a GitHub issue and switch to its branch.",
  "argument-hint: <issue> <branch>",
  "arguments: [issue, branch]",
  "---",
  "",
  "# Fix issue $issue",
  "",
  "Branch: $branch. All: $ARGUMENTS. First: $0, second: $ARGUMENTS[1], third: $2.",
  "Literal: \\$issue and $issuer.",
  ""
].join("\n")

const EXPLAIN = [
  "---",
  "name: explain",
  "description: Explain a topic simply.",
  "argument-hint: '[topic] [audience]'",
  "---",
  "Explain $0 to $1 ($ARGUMENTS).",
  ""
].join("\n")

/** Claude Code's `${CLAUDE_SKILL_DIR}`: the directory of the SKILL.md it loads (docs/decisions.md P7). */
const RUNNER = "---\nname: runner\ndescription: Run the checks.\n---\nRun `${CLAUDE_SKILL_DIR}/scripts/check.sh $ARGUMENTS`.\n"

describe("issue 48 item 3: skills as MCP prompts", () => {
  const sb = sandbox()
  const skills = join(sb.work, ".skillc", "skills")
  let mcp: McpSession

  beforeAll(async () => {
    put(join(skills, "fix-issue", "SKILL.md"), FIX_ISSUE)
    put(join(skills, "explain", "SKILL.md"), EXPLAIN)
    put(join(skills, "runner", "SKILL.md"), RUNNER)
    put(join(skills, "plain", "SKILL.md"), "---\nname: plain\ndescription: Plain instructions.\n---\n\nDo the plain thing.\n")
    put(join(skills, "model-only", "SKILL.md"), "---\nname: model-only\ndescription: Background knowledge.\nuser-invocable: false\n---\nKnow this.\n")
    put(join(skills, "manual", "SKILL.md"), "---\nname: manual\ndescription: Deploy by hand.\ndisable-model-invocation: true\n---\nDeploy.\n")
    put(join(sb.home, ".skillc", "skills", "cuda", "SKILL.md"), "---\nname: cuda\ndescription: Use when writing CUDA kernels.\n---\n# CUDA\n")
    mcp = await connectMcp({ cwd: sb.work, home: sb.home })
  })
  afterAll(async () => {
    await mcp?.close()
  })

  it("issue 48 item 3: prompts/list offers every skill a person may invoke (not user-invocable: false), named and described by the skill", async () => {
    expect(mcp.client.getServerCapabilities()?.prompts).toEqual({})
    const { prompts } = await mcp.client.listPrompts()
    expect(prompts.map((p) => p.name).sort()).toEqual(["cuda", "explain", "fix-issue", "manual", "plain", "runner"])
    expect(prompts.find((p) => p.name === "fix-issue")).toEqual({
      name: "fix-issue",
      description: "Fix a GitHub issue and switch to its branch.",
      arguments: [
        { name: "issue", description: "Argument 0 ($issue, $0); <issue> <branch>", required: false },
        { name: "branch", description: "Argument 1 ($branch, $1); <issue> <branch>", required: false }
      ]
    })
    // No `arguments`: one raw argument string, described by argument-hint when there is one.
    expect(prompts.find((p) => p.name === "explain")?.arguments).toEqual([{ name: "arguments", description: "[topic] [audience]", required: false }])
    expect(prompts.find((p) => p.name === "plain")?.arguments?.map((a) => a.name)).toEqual(["arguments"])
  })

  it("Gemini CLI 0.61.0 gives typed words only to required arguments: for it the one raw argument is required; named ones stay optional", async () => {
    const gemini = await connectMcp({ cwd: sb.work, home: sb.home, clientName: "gemini-cli-mcp-client" })
    try {
      const { prompts } = await gemini.client.listPrompts()
      expect(prompts.find((p) => p.name === "explain")?.arguments).toEqual([{ name: "arguments", description: "[topic] [audience]", required: true }])
      expect(prompts.find((p) => p.name === "plain")?.arguments?.map((a) => a.required)).toEqual([true])
      expect(prompts.find((p) => p.name === "fix-issue")?.arguments?.map((a) => a.required)).toEqual([false, false])
      // What Gemini CLI sends for `/plain` with nothing typed: an empty string, the body as is.
      const none = await gemini.client.getPrompt({ name: "plain", arguments: { arguments: "" } })
      expect((none.messages[0]!.content as { text: string }).text).toBe("Do the plain thing.\n")
      const typed = await gemini.client.getPrompt({ name: "plain", arguments: { arguments: "staging v1" } })
      expect((typed.messages[0]!.content as { text: string }).text).toBe("Do the plain thing.\n\nARGUMENTS: staging v1\n")
    } finally {
      await gemini.close()
    }
    // Any other client: all optional, as Claude Code has them.
    expect((await mcp.client.listPrompts()).prompts.find((p) => p.name === "plain")?.arguments?.map((a) => a.required)).toEqual([false])
  })

  it("issue 48 item 3: prompts/get substitutes named, indexed and whole arguments as Claude Code does, and links the skill", async () => {
    const r = await mcp.client.getPrompt({ name: "fix-issue", arguments: { issue: "42", branch: "hotfix auth" } })
    expect(r.description).toBe("Fix a GitHub issue and switch to its branch.")
    expect(r.messages[0]).toEqual({
      role: "user",
      content: {
        type: "text",
        // $2 has no argument: it stays verbatim (CHANGELOG 2.1.210); \$ and a longer word are not placeholders.
        text: '# Fix issue 42\n\nBranch: hotfix auth. All: 42 "hotfix auth". First: 42, second: hotfix auth, third: $2.\nLiteral: \\$issue and $issuer.\n'
      }
    })
    expect(r.messages[1]).toEqual({
      role: "user",
      content: {
        type: "resource_link",
        uri: "skill://project/fix-issue/SKILL.md",
        name: "fix-issue",
        title: "fix-issue (project skill)",
        description: "Fix a GitHub issue and switch to its branch.",
        mimeType: "text/markdown"
      }
    })
  })

  it("P7: prompts/get puts the skill's source directory for ${CLAUDE_SKILL_DIR}, as Claude Code puts the directory it loads; a team server leaves it as written", async () => {
    const r = await mcp.client.getPrompt({ name: "runner", arguments: { arguments: "--fast" } })
    expect(r.messages[0]?.content).toEqual({ type: "text", text: `Run \`${join(skills, "runner")}/scripts/check.sh --fast\`.\n` })
    const server = await startHttpServer({ cwd: sb.work, home: sb.home, flags: ["--project", sb.work] })
    try {
      const remote = await connectHttp(`${server.base}/mcp`)
      const answer = await remote.getPrompt({ name: "runner", arguments: { arguments: "--fast" } })
      expect(answer.messages[0]?.content).toEqual({ type: "text", text: "Run `${CLAUDE_SKILL_DIR}/scripts/check.sh --fast`.\n" })
      await remote.close()
    } finally {
      await server.stop()
    }
  })

  it("issue 48 item 3: the raw argument string is split shell-style for $N, and a value is never expanded again", async () => {
    const r = await mcp.client.getPrompt({ name: "explain", arguments: { arguments: `"black holes" '$ARGUMENTS'` } })
    expect(r.messages[0]?.content).toEqual({ type: "text", text: `Explain black holes to $ARGUMENTS ("black holes" '$ARGUMENTS').\n` })
  })

  it("issue 48 item 3: a body without placeholders gets the arguments appended as ARGUMENTS: <value>; none given, the body as is", async () => {
    const withArgs = await mcp.client.getPrompt({ name: "plain", arguments: { arguments: "quickly please" } })
    expect(withArgs.messages[0]?.content).toEqual({ type: "text", text: "Do the plain thing.\n\nARGUMENTS: quickly please\n" })
    const without = await mcp.client.getPrompt({ name: "plain" })
    expect(without.messages[0]?.content).toEqual({ type: "text", text: "Do the plain thing.\n" })
  })

  it("issue 48 item 3: a skill a person may not invoke, an unknown name and an unknown argument are invalid params (-32602)", async () => {
    for (const request of [{ name: "model-only" }, { name: "no-such-skill" }, { name: "fix-issue", arguments: { ticket: "1" } }]) {
      const error = await mcp.client.getPrompt(request).then(
        () => undefined,
        (e: unknown) => e
      )
      expect(error, request.name).toBeInstanceOf(McpError)
      expect((error as McpError).code).toBe(ErrorCode.InvalidParams)
    }
     // The refused request's row says what it was (invalid params), not an unexpected I/O failure (E999).
    const rows = readLog(join(sb.work, ".skillc", "runtime", "fix-issue", ".skillc-meta", "logs.db")).filter((r) => r.error !== null)
    expect(rows.map((r) => r.error)).toEqual(["invalid params: Unknown argument of prompt 'fix-issue': 'ticket' (arguments: issue, branch)"])
  })

  it("issue 48 item 3: each prompts/get is logged in the skill's access log as a person's read (DECISIONS #45)", async () => {
    await mcp.client.getPrompt({ name: "manual" })
    const rows = readLog(join(sb.work, ".skillc", "runtime", "manual", ".skillc-meta", "logs.db"))
    // One row: the prompt reads SKILL.md as a resource read does, but only the prompt's own row is written.
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ command: "open", skill: "manual", error: null })
    // The client the person typed it in is recorded too (issue 49 item 2, over stdio since the thirty-ninth pass).
    expect(JSON.parse(rows[0]!.args as string)).toEqual({ path: "SKILL.md", max_lines: null, via: "mcp", prompt: true, role: "author", client: "skc-test/1.0.0" })
  })
})

describe("issue 48 item 3: prompts under --watch", () => {
  it("issue 48 item 3: skc mcp --watch declares prompts listChanged and sends notifications/prompts/list_changed after a rebuild", async () => {
    const sb = sandbox()
    const src = join(sb.work, ".skillc", "skills", "demo", "SKILL.md")
    put(src, "---\nname: demo\ndescription: Demo skill.\n---\n# Demo\n\nalpha\n")
    expect(sb.run(["build", "demo"]).code).toBe(0)
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home, flags: ["--watch"] })
    let notified = 0
    mcp.client.setNotificationHandler(PromptListChangedNotificationSchema, async () => void notified++)
    try {
      expect(mcp.client.getServerCapabilities()?.prompts).toEqual({ listChanged: true })
      await until(() => mcp.stderr().includes("watching demo"), "the watch to start")
      put(src, "---\nname: demo\ndescription: Demo skill, edited.\n---\n# Demo\n\nbeta\n")
      await until(() => notified > 0, "notifications/prompts/list_changed")
      const { prompts } = await mcp.client.listPrompts()
      expect(prompts.find((p) => p.name === "demo")?.description).toBe("Demo skill, edited.")
    } finally {
      await mcp.close()
    }
  })
})

/**
 * P3: the Skills extension's format rules are the extension's, not Claude Code's. anthropics/skills'
 * claude-api (a 1,068-character description) is invoked as `/claude-api` in Claude Code; skc left it out of
 * prompts/list and answered prompts/get "no skill a person may invoke has that name" (found by an MCP probe).
 */
describe("P3: a skill the extension does not serve is still a prompt", () => {
  it("prompts/list offers it; prompts/get gives its body, without a link to a resource not served", async () => {
    const sb = sandbox()
    const long = "Reference for an API. ".repeat(50).trim()
    put(join(sb.work, ".claude", "skills", "long-api", "SKILL.md"), `---\nname: long-api\ndescription: ${long}\n---\n# Long API\n\nCall it with $ARGUMENTS.\n`)
    mkdirSync(join(sb.work, ".git"))
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home })
    try {
      expect((await mcp.client.listResources()).resources.some((r) => r.uri.includes("/long-api/"))).toBe(false)
      expect((await mcp.client.listPrompts()).prompts.map((p) => p.name)).toContain("long-api")
      const got = await mcp.client.getPrompt({ name: "long-api", arguments: { arguments: "a key" } })
      expect(got.messages).toHaveLength(1)
      expect(got.messages[0]!.content).toEqual({ type: "text", text: "# Long API\n\nCall it with a key.\n" })
    } finally {
      await mcp.close()
    }
  }, 60_000)
})
