// `skc stats --reader <name>` through bin/skc.mjs over a log the real
// `skc mcp --http` server wrote: alice and bob read with their tokens (each
// row's `args.user` is the token's name), and a CLI call reads with none.
// `--reader alice` counts alice's reads only, in every view; the JSON
// `filters` names the readers (RFC-0003:C-FILTERS), the text says so too.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectHttp, startHttpServer, type HttpServer } from "../helpers/httpServer.js"
import { readLog } from "../helpers/logs.js"

const ALICE = "alice-token-0123456789abcdef"
const BOB = "bob-token-0123456789abcdef00"

const SKILL = "---\nname: deploy\ndescription: Deploy notes. Use when deploying.\n---\n# deploy\n\n## Steps\n\nStep one.\n\n## Rollback\n\nUndo it.\n\n## Canary\n\nTen percent first.\n"

interface Doc {
  readonly query: string
  readonly filters: Record<string, unknown>
  readonly data: any
}

describe("skc stats --reader: one token's reads of a team server's skill", () => {
  const sb = sandbox()
  const tokens = join(sb.root, "tokens")
  let server: HttpServer | undefined
  beforeAll(async () => {
    mkdirSync(join(sb.work, ".skillc", "skills", "deploy"), { recursive: true })
    writeFileSync(join(sb.work, ".skillc", "skills", "deploy", "SKILL.md"), SKILL)
    expect((await sb.runAsync(["build", "deploy"])).code).toBe(0)
    writeFileSync(tokens, `alice:${ALICE}\nbob:${BOB}\n`)
    server = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", sb.work, "--tokens", tokens, "--rate", "0"] })
    const reads: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
      [ALICE, ["Steps", "Rollback", "Rollback"]],
      [BOB, ["Canary", "Steps"]]
    ]
    for (const [token, sections] of reads) {
      const c = await connectHttp(`${server.base}/mcp`, token, "claude-code")
      try {
        for (const section of sections) {
          const shown = (await c.callTool({ name: "skc_show", arguments: { skill: "deploy", section } })) as { isError?: boolean }
          expect(shown.isError ?? false).toBe(false)
        }
      } finally {
        await c.close()
      }
    }
    await server.stop()
    server = undefined
    // A read with no token (the CLI), as an agent makes it (pipes: an agent's call).
    expect((await sb.runAsync(["show", "deploy", "--section", "Canary"], sb.work, { SKC_ROLE: "agent" })).code).toBe(0)
    const users = readLog(join(sb.work, ".skillc", "runtime", "deploy", ".skillc-meta", "logs.db")).map((r) => (JSON.parse(r.args as string) as { user?: string }).user)
    expect(users.filter((u) => u === "alice")).toHaveLength(3)
    expect(users.filter((u) => u === "bob")).toHaveLength(2)
    expect(users.filter((u) => u === undefined).length).toBeGreaterThan(0)
  }, 120_000)
  afterAll(async () => {
    await server?.stop()
  })

  const json = async (args: ReadonlyArray<string>): Promise<Doc> => {
    const r = await sb.runAsync(["stats", "deploy", ...args, "--format", "json"])
    expect(r.code, r.stderr).toBe(0)
    return JSON.parse(r.stdout) as Doc
  }

  it("--reader alice: her reads only, in every view; filters.readers names her", async () => {
    const summary = await json(["--reader", "alice"])
    expect(summary.filters).toEqual({ since: null, until: null, projects: [], readers: ["alice"], include_author: false })
    expect(summary.data).toMatchObject({ total_accesses: 3, unique_sections: 2, agent_accesses: 3 })
    const sections = await json(["--reader", "alice", "--group-by", "sections"])
    expect(sections.data).toEqual([
      { section: "Rollback", file: "SKILL.md", count: 2 },
      { section: "Steps", file: "SKILL.md", count: 1 }
    ])
    const users = await json(["--reader", "alice", "--group-by", "users"])
    expect(users.data).toEqual([{ user: "alice", count: 3 }])
    // Repeated: any of them; the reads without a token are no reader's.
    const both = await json(["--reader", "alice", "--reader", "bob", "--group-by", "users"])
    expect(both.filters.readers).toEqual(["alice", "bob"])
    expect(both.data).toEqual([
      { user: "alice", count: 3 },
      { user: "bob", count: 2 }
    ])
    // Without --reader, everyone's, the CLI's included; readers is an empty list.
    const everyone = await json(["--group-by", "users"])
    expect(everyone.filters.readers).toEqual([])
    expect(everyone.data.at(-1)).toMatchObject({ user: null })
  })

  it("the text view names the filter; --all takes it too", async () => {
    const text = await sb.runAsync(["stats", "deploy", "--reader", "bob", "--group-by", "sections"])
    expect(text.code, text.stderr).toBe(0)
    expect(text.stdout).toContain("Filters: reader bob\n")
    expect(text.stdout).toMatch(/1\s+Canary/)
    const all = await sb.runAsync(["stats", "--all", "--reader", "bob", "--format", "json"])
    expect(all.code, all.stderr).toBe(0)
    const report = JSON.parse(all.stdout) as { filters: { readers: Array<string> }; skills: Array<{ skill: string; reads: number }> }
    expect(report.filters.readers).toEqual(["bob"])
    expect(report.skills.find((s) => s.skill === "deploy")?.reads).toBe(2)
    const bad = await sb.runAsync(["stats", "deploy", "--reader", ""])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toBe(`error[E031]: invalid filter: '--reader "": expected a token name'\n`)
  })
})
