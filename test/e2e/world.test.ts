/**
 * One world (issue 12): every skill an agent can see works through skc,
 * from any directory. End to end through bin/skc.mjs and `skc mcp` (SDK
 * Client): DECISIONS #9 (revised) deployment, DECISIONS #38 resolution,
 * foreign skills never written to, `--watch`.
 */
import { ResourceListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js"
import { spawn } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BIN, sandbox } from "../helpers/cli.js"
import { connectMcp, textOf, type McpSession } from "../helpers/mcpClient.js"

const SKILL = (name: string, word: string) =>
  `---\nname: ${name}\ndescription: The ${name} skill (${word}). Use when testing.\n---\n\n# ${name}\n\n## Usage\n\nRun the ${word} command.\n\nSee [API](references/api.md).\n`

const put = (file: string, text: string) => {
  mkdirSync(join(file, ".."), { recursive: true })
  writeFileSync(file, text)
}

/** Every path, type, link target and byte below `dir`, hashed: any change inside shows. */
const hashTree = (dir: string): string => {
  const h = createHash("sha256")
  const walk = (rel: string) => {
    for (const d of readdirSync(join(dir, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = rel === "" ? d.name : `${rel}/${d.name}`
      const st = lstatSync(join(dir, p))
      h.update(`${p}\0${st.mode}\0${st.mtimeMs}\0`)
      if (d.isSymbolicLink()) h.update(readlinkSync(join(dir, p)))
      else if (d.isDirectory()) walk(p)
      else h.update(readFileSync(join(dir, p)))
    }
  }
  walk("")
  return h.digest("hex")
}

/** Poll until `check` holds (at most ~60 s: a loaded machine is slow, never wrong), no fixed sleeps beyond the polling step. */
const until = async (check: () => boolean | Promise<boolean>, what: string) => {
  for (let i = 0; i < 1200; i++) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`timed out waiting for ${what}`)
}

describe("issue 12: author project A, agent anywhere, project B, foreign skills", () => {
  const sb = sandbox()
  const A = join(sb.work, "A")
  const B = join(sb.work, "B")
  const agentCwd = join(A, "app", "deep")
  const foreignB = join(B, ".claude/skills/foreign")
  const foreignHome = join(sb.home, ".claude/skills/homeskill")
  let before: Record<string, string>

  beforeAll(() => {
    put(join(A, ".skillc/skills/demo/SKILL.md"), SKILL("demo", "alpha"))
    put(join(A, ".skillc/skills/demo/references/api.md"), "# API\n\nalpha api.\n")
    mkdirSync(agentCwd, { recursive: true })
    put(join(B, ".skillc/skills/demo/SKILL.md"), SKILL("demo", "bravo"))
    put(join(B, ".skillc/skills/demo/references/api.md"), "# API\n\nbravo api.\n")
    put(join(foreignB, "SKILL.md"), SKILL("foreign", "foxtrot"))
    put(join(foreignB, "references/api.md"), "# API\n\nfoxtrot api.\n")
    put(join(foreignHome, "SKILL.md"), SKILL("homeskill", "hotel"))
    put(join(foreignHome, "references/api.md"), "# API\n\nhotel api.\n")
    before = { foreignB: hashTree(foreignB), foreignHome: hashTree(foreignHome) }
  })

  it("DECISIONS #9 A and B each build demo into their own .claude/skills; nothing under home", () => {
    const a = sb.run(["build", "demo"], A)
    expect(a.code).toBe(0)
    expect(a.stdout).toContain(`Deploy:  claude -> ${join(A, ".claude/skills/demo")} (symlink)`)
    const b = sb.run(["build", "demo"], B)
    expect(b.code).toBe(0)
    // DECISIONS #46: relative links, each inside its own project.
    expect(readlinkSync(join(A, ".claude/skills/demo"))).toBe("../../.skillc/runtime/demo")
    expect(readlinkSync(join(B, ".claude/skills/demo"))).toBe("../../.skillc/runtime/demo")
    expect(existsSync(join(sb.home, ".claude/skills/demo"))).toBe(false)
  })

  it("RFC-0007:C-RESOLUTION an agent in a subdirectory of A uses outline/show/search/open/sources on demo", () => {
    expect(sb.run(["outline", "demo"], agentCwd).stdout).toContain("Usage")
    expect(sb.run(["show", "demo", "--section", "Usage"], agentCwd).stdout).toContain("Run the alpha command.")
    expect(JSON.parse(sb.run(["search", "demo", "alpha", "--format", "json"], agentCwd).stdout).results.length).toBeGreaterThan(0)
    expect(sb.run(["open", "demo", "references/api.md"], agentCwd).stdout).toBe("# API\n\nalpha api.\n")
    expect(sb.run(["sources", "demo"], agentCwd).stdout).toContain("api.md")
    // And B keeps its own demo.
    expect(sb.run(["show", "demo", "--section", "Usage"], B).stdout).toContain("Run the bravo command.")
  })

  it("DECISIONS #38 from a directory outside any project, a deployed link resolves to its project's source", () => {
    const elsewhere = join(sb.work, "elsewhere")
    mkdirSync(join(elsewhere, ".claude/skills"), { recursive: true })
    // What an agent directory outside the project looks like: a link to A's runtime.
    symlinkSync(join(A, ".skillc/runtime/demo"), join(elsewhere, ".claude/skills/demo"))
    const r = sb.run(["show", "demo", "--section", "Usage", "-v"], elsewhere)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain("alpha")
    expect(r.stderr).toContain("deployed by skc")
  })

  it("DECISIONS #38 foreign skills in B/.claude/skills and ~/.claude/skills work through every gateway command", () => {
    for (const [name, word] of [
      ["foreign", "foxtrot"],
      ["homeskill", "hotel"]
    ] as const) {
      const outline = sb.run(["outline", name], B)
      expect(outline.code).toBe(0)
      expect(outline.stdout).toContain("Usage")
      const show = sb.run(["show", name, "--section", "Usage"], B)
      expect(show.stderr).toBe("")
      expect(show.stdout).toContain(`Run the ${word} command.`)
      const search = sb.run(["search", name, word, "--format", "json"], B)
      expect(search.code).toBe(0)
      expect(JSON.parse(search.stdout).results.length).toBeGreaterThan(0)
      expect(sb.run(["open", name, "references/api.md"], B).stdout).toBe(`# API\n\n${word} api.\n`)
      expect(sb.run(["sources", name], B).stdout).toContain("api.md")
      expect(sb.run(["stats", name], B).code).toBe(0)
      expect(sb.run(["lint", name], B).code).toBe(0)
    }
    const v = sb.run(["outline", "foreign", "-v"], B)
    expect(v.stderr).toContain(`resolved 'foreign' through the agent-project directory ${join(B, ".claude/skills")} (claude): foreign skill`)
    expect(sb.run(["outline", "homeskill", "-v"], B).stderr).toContain("through the agent-user directory")
    // Index and access log live in the cache, one directory per real path.
    const cache = readdirSync(join(sb.home, ".skillc/cache")).sort()
    expect(cache.map((d) => d.replace(/-[0-9a-f]{8}$/, "-<hash8>"))).toEqual(["foreign-<hash8>", "homeskill-<hash8>"])
    expect(existsSync(join(sb.home, ".skillc/cache", cache[0]!, ".skillc-meta/logs.db"))).toBe(true)
    expect(hashTree(foreignB)).toBe(before.foreignB)
    expect(hashTree(foreignHome)).toBe(before.foreignHome)
  })

  it("DECISIONS #38 skc list shows the foreign rows; --scope agent keeps only them", () => {
    const all = JSON.parse(sb.run(["list", "--format", "json"], B).stdout)
    const rows = all.skills.map((s: { name: string; scope: string; status: string }) => `${s.scope}/${s.name}:${s.status}`)
    expect(rows).toEqual(["project/demo:normal", "agent-project/foreign:foreign", "agent-user/homeskill:foreign"])
    const agent = JSON.parse(sb.run(["list", "--scope", "agent", "--format", "json"], B).stdout)
    expect(agent.skills.map((s: { name: string }) => s.name)).toEqual(["foreign", "homeskill"])
    expect(sb.run(["list"], B).stdout).toMatch(/foreign\s+agent-project\s+foreign/)
  })

  it("DECISIONS #38 skc build foreign from B resolves through the stores only and does not touch the folder", () => {
    const r = sb.run(["build", "foreign"], B)
    expect(r).toMatchObject({ code: 1, stderr: expect.stringMatching(/^error\[E001\]:\ skill\ 'foreign'\ not\ found(\n  .*)*\n/) })
    const forced = sb.run(["build", "foreign", "--force"], B)
    expect(forced.code).toBe(1)
    expect(hashTree(foreignB)).toBe(before.foreignB)
    expect(lstatSync(foreignB).isDirectory()).toBe(true)
  })

  describe("MCP: the server sees what the agent sees", () => {
    let mcpA: McpSession
    let mcpB: McpSession
    beforeAll(async () => {
      mcpA = await connectMcp({ cwd: agentCwd, home: sb.home })
      mcpB = await connectMcp({ cwd: B, home: sb.home })
    })
    afterAll(async () => {
      await mcpA?.close()
      await mcpB?.close()
    })

    it("tools on demo from a subdirectory of A", async () => {
      expect(textOf(await mcpA.call("skc_outline", { skill: "demo" }))).toContain("Usage")
      expect(textOf(await mcpA.call("skc_show", { skill: "demo", section: "Usage" }))).toContain("alpha")
      const search = await mcpA.call("skc_search", { skill: "demo", query: "alpha" })
      expect(search.isError).toBeFalsy()
      expect(textOf(await mcpA.call("skc_open", { skill: "demo", path: "references/api.md" }))).toContain("alpha api")
      expect(textOf(await mcpA.call("skc_sources", { skill: "demo" }))).toContain("api.md")
    })

    it("skc_list, skills/list, resources and every tool on the foreign skills; nothing changes inside them", async () => {
      const list = (await mcpB.call("skc_list", {})).structuredContent as { skills: Array<{ name: string; scope: string; status: string }> }
      expect(list.skills.map((s) => [s.name, s.scope, s.status])).toEqual([
        ["demo", "project", "normal"],
        ["foreign", "agent-project", "foreign"],
        ["homeskill", "agent-user", "foreign"]
      ])
      const skills = (await mcpB.extension("skills/list")).skills as Array<{ uri: string }>
      expect(skills.map((s) => s.uri)).toEqual([
        "skill://project/demo/SKILL.md",
        "skill://agent-project/foreign/SKILL.md",
        "skill://agent-user/homeskill/SKILL.md"
      ])
      const read = (await mcpB.extension("resources/read", { uri: "skill://agent-project/foreign/references/api.md" })) as {
        contents: Array<{ text: string }>
      }
      expect(read.contents[0]!.text).toBe("# API\n\nfoxtrot api.\n")
      const resources = (await mcpB.extension("resources/list")).resources as Array<{ uri: string }>
      expect(resources.map((r) => r.uri)).toContain("skill://agent-user/homeskill/references/api.md")
      for (const [name, word] of [
        ["foreign", "foxtrot"],
        ["homeskill", "hotel"]
      ] as const) {
        expect(textOf(await mcpB.call("skc_outline", { skill: name }))).toContain("Usage")
        expect(textOf(await mcpB.call("skc_show", { skill: name, section: "Usage" }))).toContain(word)
        const s = await mcpB.call("skc_search", { skill: name, query: word })
        expect(s.isError).toBeFalsy()
        expect((s.structuredContent as { results: Array<unknown> }).results.length).toBeGreaterThan(0)
        expect(textOf(await mcpB.call("skc_open", { skill: name, path: "references/api.md" }))).toContain(`${word} api`)
        expect(textOf(await mcpB.call("skc_sources", { skill: name }))).toContain("api.md")
        expect((await mcpB.call("skc_stats", { skill: name })).isError).toBeFalsy()
        expect((await mcpB.call("skc_lint", { skill: name })).isError).toBeFalsy()
      }
      const build = await mcpB.call("skc_build", { skill: "foreign" })
      expect(build.isError).toBe(true)
      expect(hashTree(foreignB)).toBe(before.foreignB)
      expect(hashTree(foreignHome)).toBe(before.foreignHome)
    })
  })
})

describe("issue 12 item 5: --watch", () => {
  it("skc build --watch picks up an edit and exits 0 on SIGINT", async () => {
    const sb = sandbox()
    const src = join(sb.work, ".skillc/skills/demo/SKILL.md")
    put(src, SKILL("demo", "alpha"))
    // The file SKILL.md links: a dead link is a build warning (SKL301), which the exact stderr below has no room for.
    put(join(sb.work, ".skillc/skills/demo/references/api.md"), "# API\n\nalpha api.\n")
    const child = spawn(process.execPath, [BIN, "build", "--watch", "demo"], {
      cwd: sb.work,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" }
    })
    let out = ""
    let err = ""
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d))
    child.stderr.setEncoding("utf8").on("data", (d: string) => (err += d))
    const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)))
    try {
      await until(() => /\] built demo in \d+ ms\n/.test(out), "the initial build")
      put(src, SKILL("demo", "zulu"))
      await until(() => /\] rebuilt demo in \d+ ms\n/.test(out), "the rebuild")
      expect(sb.run(["search", "demo", "zulu", "--format", "json"]).stdout).toContain("zulu")
    } finally {
      child.kill("SIGINT")
    }
    expect(await exited).toBe(0)
    expect(out).toMatch(/^\[\d\d:\d\d:\d\d\] built demo in \d+ ms\n\[\d\d:\d\d:\d\d\] rebuilt demo in \d+ ms\n$/)
    expect(err).toBe("watching demo (Ctrl-C to stop)\nstopped watching\n")
  })

  it("skc mcp --watch keeps the index in step: a search finds an edit without E002", async () => {
    const sb = sandbox()
    const src = join(sb.work, ".skillc/skills/demo/SKILL.md")
    put(src, SKILL("demo", "alpha"))
    expect(sb.run(["build", "demo"]).code).toBe(0)
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home, flags: ["--watch"] })
    try {
      await until(() => mcp.stderr().includes("watching demo"), "the watch to start")
      put(src, SKILL("demo", "zulu"))
      await until(async () => {
        const r = await mcp.call("skc_search", { skill: "demo", query: "zulu" })
        return !r.isError && (r.structuredContent as { results: Array<unknown> }).results.length > 0
      }, "the edit to be searchable")
      expect(mcp.stderr()).toMatch(/rebuilt demo in \d+ ms/)
    } finally {
      await mcp.close()
    }
  })

  it("skc mcp --watch: the first call, of a skill edited while no server ran, waits for the watcher's start and answers (no E002)", async () => {
    // Sixty-sixth pass: the call was answered E002 "run skc_build" 30 ms before the watcher began, four times of four.
    const sb = sandbox()
    const src = join(sb.work, ".skillc/skills/demo/SKILL.md")
    put(src, SKILL("demo", "alpha"))
    // Other skills of many files: the watcher takes a while to start, as in the probe's project.
    for (let k = 0; k < 3; k++) {
      put(join(sb.work, `.skillc/skills/bulk${k}/SKILL.md`), SKILL(`bulk${k}`, "bulk"))
      for (let i = 0; i < 300; i++) put(join(sb.work, `.skillc/skills/bulk${k}/refs/r${i}.md`), `# R${i}\n\nText ${i}.\n`)
    }
    expect(sb.run(["build", "--all"]).code).toBe(0)
    put(src, SKILL("demo", "zulu"))
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home, flags: ["--watch"] })
    try {
      const r = await mcp.call("skc_search", { skill: "demo", query: "zulu" })
      expect(r.isError, JSON.stringify(r.content)).toBeFalsy()
      expect((r.structuredContent as { results: Array<unknown> }).results.length).toBeGreaterThan(0)
    } finally {
      await mcp.close()
    }
  })

  it("issue 26 item 4: skc mcp --watch declares and sends notifications/resources/list_changed after an edit", async () => {
    const sb = sandbox()
    const src = join(sb.work, ".skillc/skills/demo/SKILL.md")
    put(src, SKILL("demo", "alpha"))
    expect(sb.run(["build", "demo"]).code).toBe(0)
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home, flags: ["--watch"] })
    let notified = 0
    mcp.client.setNotificationHandler(ResourceListChangedNotificationSchema, async () => void notified++)
    try {
      expect(mcp.client.getServerCapabilities()?.resources?.listChanged).toBe(true)
      await until(() => mcp.stderr().includes("watching demo"), "the watch to start")
      expect(notified).toBe(0)
      // A new reference file: a new resource.
      put(join(sb.work, ".skillc/skills/demo/notes.md"), "# Notes\n\nMore.\n")
      await until(() => notified > 0, "notifications/resources/list_changed")
      const listed = await mcp.client.listResources()
      expect(listed.resources.map((r) => r.uri)).toContain("skill://project/demo/notes.md")
    } finally {
      await mcp.close()
    }
  })

  it("skc mcp --watch tells clients of a skill added or removed without a build (revision 2026-07-28 server/resources: listChanged SHOULD notify)", async () => {
    const sb = sandbox()
    put(join(sb.work, ".skillc/skills/demo/SKILL.md"), SKILL("demo", "alpha"))
    // Nothing built: the watch loop has no skill to watch, and the lists change all the same.
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home, flags: ["--watch"] })
    let notified = 0
    mcp.client.setNotificationHandler(ResourceListChangedNotificationSchema, async () => void notified++)
    try {
      await until(() => mcp.stderr().includes("no built skill to watch"), "the watch to start")
      const before = (await mcp.client.listResources()).resources.map((r) => r.uri)
      expect(before).toContain("skill://project/demo/SKILL.md")
      put(join(sb.work, ".skillc/skills/added/SKILL.md"), SKILL("added", "bravo"))
      await until(() => notified > 0, "a list change for the added skill")
      expect((await mcp.client.listResources()).resources.map((r) => r.uri)).toContain("skill://project/added/SKILL.md")
      const seen = notified
      rmSync(join(sb.work, ".skillc/skills/demo"), { recursive: true })
      await until(() => notified > seen, "a list change for the removed skill")
      expect((await mcp.client.listResources()).resources.map((r) => r.uri)).not.toContain("skill://project/demo/SKILL.md")
    } finally {
      await mcp.close()
    }
  })

  it("an editor's save caught mid-way (SKILL.md renamed aside, vim's default) is never answered from the deployed stub", async () => {
    const sb = sandbox()
    const src = join(sb.work, ".skillc/skills/demo/SKILL.md")
    put(src, SKILL("demo", "alpha"))
    expect(sb.run(["build", "demo"]).code).toBe(0)
    expect(existsSync(join(sb.work, ".claude/skills/demo/SKILL.md"))).toBe(true)
    renameSync(src, `${src}~`)
    // Without a watcher: E010 for the store skill, not the stub's headings as if they were the skill.
    const cli = sb.run(["search", "demo", "alpha"])
    expect(cli.code).toBe(1)
    expect(cli.stderr).toContain("error[E010]")
    renameSync(`${src}~`, src)
    // Under --watch the call waits for the watcher and answers from the skill once its SKILL.md is back.
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home, flags: ["--watch"] })
    try {
      await until(() => mcp.stderr().includes("watching demo"), "the watch to start")
      renameSync(src, `${src}~`)
      const call = mcp.call("skc_search", { skill: "demo", query: "alpha" })
      setTimeout(() => renameSync(`${src}~`, src), 150)
      const r = await call
      expect(r.isError, textOf(r)).toBeFalsy()
      const results = (r.structuredContent as { results: Array<{ section: string }> }).results
      expect(results.length).toBeGreaterThan(0)
      expect(results.map((x) => x.section)).not.toContain("Top Sections")
    } finally {
      await mcp.close()
    }
  })

  it("issue 26 item 4: without --watch the server declares no list changes", async () => {
    const sb = sandbox()
    put(join(sb.work, ".skillc/skills/demo/SKILL.md"), SKILL("demo", "alpha"))
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home })
    try {
      expect(mcp.client.getServerCapabilities()?.resources?.listChanged).toBeUndefined()
    } finally {
      await mcp.close()
    }
  })

  it("without --watch, a stale index is E002 naming the command that fixes it", () => {
    const sb = sandbox()
    const src = join(sb.work, ".skillc/skills/demo/SKILL.md")
    put(src, SKILL("demo", "alpha"))
    expect(sb.run(["build", "demo"]).code).toBe(0)
    put(src, SKILL("demo", "zulu"))
    expect(sb.run(["search", "demo", "zulu"]).stderr).toBe("error[E002]: search index unusable; run 'skc build demo' to rebuild\n")
  })
})
