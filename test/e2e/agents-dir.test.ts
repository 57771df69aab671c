/**
 * DECISIONS #53 (issue 43 item 4): the shared `.agents/skills` directory, as
 * a new user meets it — a skill installed there by another tool (Codex, the
 * vercel `skills` CLI) at project level (found walking up) and at user level
 * is listed, shown and searched through bin/skc.mjs and `skc mcp` (SDK
 * Client, SEP-2640 `skills/list`), and `skc build --target agents` deploys
 * there, where `skc discover --agent codex` finds it (from a subdirectory of
 * the repository: Codex reads up to the repository root).
 */
import { existsSync, lstatSync, mkdirSync, readlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectMcp, textOf, type McpSession } from "../helpers/mcpClient.js"

const SKILL = (name: string, word: string) =>
  `---\nname: ${name}\ndescription: The ${name} skill (${word}). Use when testing shared skills.\n---\n\n# ${name}\n\n## Usage\n\nRun the ${word} command.\n`

const put = (file: string, text: string) => {
  mkdirSync(join(file, ".."), { recursive: true })
  writeFileSync(file, text)
}

describe("DECISIONS #53 .agents/skills: listed, shown, searched, deployed", () => {
  const sb = sandbox()
  const P = join(sb.work, "proj")
  const deep = join(P, "src", "deep")

  beforeAll(() => {
    put(join(P, ".agents/skills/shared-tool/SKILL.md"), SKILL("shared-tool", "kilo"))
    put(join(sb.home, ".agents/skills/home-shared/SKILL.md"), SKILL("home-shared", "lima"))
    put(join(P, ".skillc/skills/demo/SKILL.md"), SKILL("demo", "mike"))
    // A repository: Codex reads project skill directories from the cwd up to its root (its `.git`).
    put(join(P, ".git/HEAD"), "ref: refs/heads/main\n")
    mkdirSync(deep, { recursive: true })
  })

  it("DECISIONS #53 skc list shows project and user .agents/skills entries, from a subdirectory", async () => {
    const r = await sb.runAsync(["list", "--format", "json"], deep)
    expect(r.code).toBe(0)
    const rows = JSON.parse(r.stdout).skills.map((s: { name: string; scope: string; status: string }) => `${s.scope}/${s.name}:${s.status}`)
    expect(rows).toContain("agent-project/shared-tool:foreign")
    expect(rows).toContain("agent-user/home-shared:foreign")
  })

  it("DECISIONS #53 skc show and skc search resolve through .agents/skills, and -v names the shared directory", async () => {
    const show = await sb.runAsync(["show", "shared-tool", "--section", "Usage", "-v"], deep)
    expect(show.code).toBe(0)
    expect(show.stdout).toContain("Run the kilo command.")
    expect(show.stderr).toContain(`through the agent-project directory ${join(P, ".agents/skills")} (agents)`)
    const search = await sb.runAsync(["search", "home-shared", "lima", "--format", "json"], deep)
    expect(search.code).toBe(0)
    expect(JSON.parse(search.stdout).results.length).toBeGreaterThan(0)
  })

  it("a skill named by a path outside the stores is shown and searched (indexed on demand, as its name reaches it), with no E002 loop", async () => {
    // By path, the foreign skill reaches the index its name reaches in the cache.
    const byPath = await sb.runAsync(["show", ".agents/skills/shared-tool", "--section", "Usage"], P)
    expect(byPath.code, byPath.stderr).toBe(0)
    expect(byPath.stdout).toContain("Run the kilo command.")
    // A downloaded copy imported from the working directory: its name is also a path here (RFC-0007:C-RESOLUTION,
    // a path first), and that path has no build of its own. Before, E002 said "run skc build dl", which imported again (E050).
    const Q = join(sb.work, "downloads-project")
    put(join(Q, "dl/SKILL.md"), SKILL("dl", "november"))
    expect((await sb.runAsync(["init"], Q)).code).toBe(0)
    expect((await sb.runAsync(["build", "./dl"], Q)).code).toBe(0)
    const show = await sb.runAsync(["show", "dl", "--section", "Usage"], Q)
    expect(show.code, show.stderr).toBe(0)
    expect(show.stdout).toContain("Run the november command.")
    const search = await sb.runAsync(["search", "dl", "november", "--format", "json"], Q)
    expect(search.code, search.stderr).toBe(0)
    expect(JSON.parse(search.stdout).results[0]).toMatchObject({ file: "SKILL.md", section: "Usage" })
  })

  it("DECISIONS #53 skc build --target agents deploys into <project>/.agents/skills; codex discovers it, claude does not", async () => {
    // Before any build, the store's skill is nowhere codex reads: discover says so, and which build deploys it
    // there while keeping claude (the default target).
    const before = await sb.runAsync(["discover", "--agent", "codex"], deep)
    expect(before.code).toBe(0)
    expect(before.stderr).toContain(
      "warning: 1 skill of skc's stores is nowhere codex reads (demo (project)); to deploy it there: skc build demo --target claude,agents"
    )
    // budget and prompt say it too: the skill costs codex's listing nothing and is not in its block, for now.
    for (const command of ["budget", "prompt"]) {
      const r = await sb.runAsync([command, "--agent", "codex"], deep)
      expect(r.stderr).toContain("1 skill of skc's stores is nowhere codex reads (demo (project))")
    }
    const b = await sb.runAsync(["build", "demo", "--target", "agents"], P)
    expect(b.code).toBe(0)
    expect(b.stdout).toContain(`agents -> ${join(P, ".agents/skills/demo")}`)
    expect(lstatSync(join(P, ".agents/skills/demo")).isSymbolicLink()).toBe(true)
    expect(readlinkSync(join(P, ".agents/skills/demo"))).toBe("../../.skillc/runtime/demo")
    expect(existsSync(join(P, ".claude/skills/demo"))).toBe(false)
    const codex = JSON.parse((await sb.runAsync(["discover", "--agent", "codex", "--format", "json"], deep)).stdout)
    expect(codex.skills.map((s: { name: string }) => s.name)).toEqual(["demo", "shared-tool", "home-shared"])
    expect(codex.skills.find((s: { name: string }) => s.name === "demo").deployed_by_skc).toBe(true)
    const afterCodex = await sb.runAsync(["discover", "--agent", "codex"], deep)
    expect(afterCodex.stderr).not.toContain("nowhere codex reads")
    const claudeRun = await sb.runAsync(["discover", "--format", "json"], deep)
    const claude = JSON.parse(claudeRun.stdout)
    expect(claude.skills.map((s: { name: string }) => s.name)).toEqual([])
    // The JSON document stays the discovery; the notice is on stderr, and names claude's own build.
    expect(claudeRun.stderr).toContain("1 skill of skc's stores is nowhere claude reads (demo (project)); to deploy it there: skc build demo")
  })

  // A profile probe: Gemini CLI reads the directory it runs in only; from a subdirectory the notice advised a
  // build that answered "unchanged" (the skill already in <project>/.agents/skills) and came back each time.
  it("DECISIONS #51 gemini from below the project's root: the notice says to run it from the root, not a build that changes nothing", async () => {
    const r = await sb.runAsync(["discover", "--agent", "gemini"], deep)
    expect(r.stderr).toContain("nowhere gemini reads (demo (project))")
    expect(r.stderr).toContain(`; Gemini CLI reads the skills of the directory it runs in, not its parents': run it from ${P}, or deploy user-level copies (skc build <skill> --global)`)
    const atRoot = await sb.runAsync(["discover", "--agent", "gemini"], P)
    expect(atRoot.stderr).not.toContain("reads the skills of the directory it runs in")
  })

  describe("MCP: skc mcp serves skills found in .agents/skills", () => {
    let mcp: McpSession
    beforeAll(async () => {
      mcp = await connectMcp({ cwd: deep, home: sb.home })
    })
    afterAll(async () => {
      await mcp?.close()
    })

    it("DECISIONS #53 skc_list, SEP-2640 skills/list, skc_show and skc_search", async () => {
      const list = (await mcp.call("skc_list", {})).structuredContent as { skills: Array<{ name: string; scope: string }> }
      expect(list.skills.map((s) => `${s.scope}/${s.name}`)).toEqual(expect.arrayContaining(["agent-project/shared-tool", "agent-user/home-shared"]))
      const skills = (await mcp.extension("skills/list")).skills as Array<{ uri: string }>
      expect(skills.map((s) => s.uri)).toEqual(expect.arrayContaining(["skill://agent-project/shared-tool/SKILL.md", "skill://agent-user/home-shared/SKILL.md"]))
      expect(textOf(await mcp.call("skc_show", { skill: "shared-tool", section: "Usage" }))).toContain("kilo")
      const s = await mcp.call("skc_search", { skill: "home-shared", query: "lima" })
      expect(s.isError).toBeFalsy()
      expect(textOf(s)).toContain("Usage")
    })

    it("skc_discover's notices name the store skill claude finds nowhere (demo went to .agents/skills only)", async () => {
      const d = await mcp.call("skc_discover", { agent: "claude" })
      expect(d.isError).toBeFalsy()
      const notices = (d.structuredContent as { notices?: Array<string> }).notices ?? []
      expect(notices.some((n) => n.includes("nowhere claude reads (demo (project))"))).toBe(true)
    })
  })
})
