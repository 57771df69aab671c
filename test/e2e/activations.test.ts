// Issue 49 item 4: Claude Code's skill activations (an OTLP/JSON logs export
// written by hand from the documented attributes) into the access log, by
// `skc stats --import-otel` and by `POST /v1/logs` of `skc mcp --http`, and
// the per-skill funnel (`--group-by funnel`): activated by trigger → read.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { gzipSync } from "node:zlib"
import { beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { startHttpServer } from "../helpers/httpServer.js"
import { readLog } from "../helpers/logs.js"
import { encodeLogsRequest } from "../helpers/otlpProtobuf.js"

const FIXTURE = join(__dirname, "..", "fixtures", "otel", "claude-code-logs.json")
const skill = (name: string) => `---\nname: ${name}\ndescription: ${name} notes. Use when ${name}.\n---\n# ${name}\n\n## Notes\n\nText.\n`

interface Funnel {
  activated: number
  sessions: number
  by_trigger: Record<string, number>
  reads: number
  sections_read: number
  signals: Array<string>
}

const project = async (sb: ReturnType<typeof sandbox>, dir: string) => {
  for (const name of ["frontend", "runbook"]) {
    mkdirSync(join(dir, ".skillc", "skills", name), { recursive: true })
    writeFileSync(join(dir, ".skillc", "skills", name, "SKILL.md"), skill(name))
    expect((await sb.runAsync(["build", name], dir)).code).toBe(0)
  }
}

const funnel = async (sb: ReturnType<typeof sandbox>, dir: string, name: string): Promise<Funnel> => {
  const r = await sb.runAsync(["stats", name, "--group-by", "funnel", "--format", "json"], dir)
  expect(r.code).toBe(0)
  const doc = JSON.parse(r.stdout) as { query: string; data: Funnel }
  expect(doc.query).toBe("funnel")
  return doc.data
}

describe("skc stats --import-otel and the funnel (issue 49 item 4)", () => {
  const sb = sandbox()
  beforeAll(async () => project(sb, sb.work))

  it("records each skill_activated in the skill's own log, names the skills not found, and the funnel shows it", async () => {
    const r = await sb.runAsync(["stats", "--import-otel", FIXTURE, "--format", "json"])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual({ recorded: 3, skills: { frontend: 2, runbook: 1 }, unknown_skills: { "ghost-skill": 1 }, ignored: 3, rejected: 0 })
    const rows = readLog(join(sb.work, ".skillc", "runtime", "frontend", ".skillc-meta", "logs.db")).filter((row) => row.command === "activate")
    expect(rows.map((row) => [row.timestamp, JSON.parse(row.args as string)])).toEqual([
      ["2026-06-01T08:00:03Z", { trigger: "claude-proactive", session: "3f6e0a52-7c1d-4b8e-9a2f-1d5c7e9b0a31", user: "alice@example.com", via: "otel" }],
      ["2026-06-01T08:10:00Z", { trigger: "user-slash", session: "b2d4f6a8-0c1e-4a3b-8d5f-7e9a1c3b5d70", user: "alice@example.com", via: "otel" }]
    ])
    const before = await funnel(sb, sb.work, "frontend")
    expect(before).toEqual({
      activated: 2,
      sessions: 2,
      by_trigger: { "claude-proactive": 1, "user-slash": 1 },
      reads: 0,
      sections_read: 0,
      signals: ["activated_but_nothing_read"]
    })
    // The author's own work (the build, the stats just run) is no read, --include-author or not: before, it
    // was counted as reads with --include-author, and looking at the funnel made the signal go.
    const withAuthor = JSON.parse((await sb.runAsync(["stats", "frontend", "--group-by", "funnel", "--include-author", "--format", "json"])).stdout) as { data: Funnel }
    expect(withAuthor.data).toMatchObject({ activated: 2, reads: 0, signals: ["activated_but_nothing_read"] })
    // An agent reads a section (through a pipe: an agent's read, DECISIONS #45): the signal goes.
    expect((await sb.runAsync(["show", "frontend", "--section", "Notes"], sb.work, { SKC_ROLE: "agent" })).code).toBe(0)
    const after = await funnel(sb, sb.work, "frontend")
    expect(after).toMatchObject({ activated: 2, reads: 1, sections_read: 1, signals: [] })
    // Activations are not reads: the summary's agent reads count the show only.
    const summary = JSON.parse((await sb.runAsync(["stats", "frontend", "--format", "json"])).stdout) as { data: { agent_accesses: number } }
    expect(summary.data.agent_accesses).toBe(1)
    const text = await sb.runAsync(["stats", "frontend", "--group-by", "funnel"])
    expect(text.stdout).toMatch(/activated\s+2 in 2 sessions \(claude-proactive 1, user-slash 1\)/)
    // The HTML report draws the funnel: a bar per step and per trigger.
    const html = (await sb.runAsync(["stats", "frontend", "--format", "html"])).stdout
    expect(html).toContain('<section class="panel" id="funnel">')
    // The report speaks to its reader: no reference to skc's own issue tracker (it said "issue 49").
    expect(html).toMatch(/Activated → read \(Claude Code(?:'|&#39;|&#x27;)s telemetry\)/)
    expect(html).not.toMatch(/\bissue \d/i)
    expect(html).toMatch(/<tr data-step="activated"><td>activated<\/td><td class="num">2<\/td>/)
    expect(html).toMatch(/<tr data-step="trigger-user-slash">.*?<td class="num">1<\/td>/)
    expect(html).toMatch(/<tr data-step="read"><td>read<\/td><td class="num">1<\/td>/)
  })

  it("a read without any activation is said so; --import-otel with a skill or a missing file is E100", async () => {
    mkdirSync(join(sb.work, ".skillc", "skills", "quiet"), { recursive: true })
    writeFileSync(join(sb.work, ".skillc", "skills", "quiet", "SKILL.md"), skill("quiet"))
    expect((await sb.runAsync(["build", "quiet"])).code).toBe(0)
    const read = await sb.runAsync(["show", "quiet", "--section", "Notes"], sb.work, { SKC_ROLE: "agent" })
    expect(read.stderr).toBe("")
    expect(await funnel(sb, sb.work, "quiet")).toMatchObject({ activated: 0, reads: 1, signals: ["read_without_activation"] })
    expect((await sb.runAsync(["stats", "quiet", "--group-by", "funnel"])).stdout).toMatch(/Read without activation/)
    const bad = await sb.runAsync(["stats", "runbook", "--import-otel", FIXTURE])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/^error\[E100\]: .*--import-otel takes no skill/m)
    const missing = await sb.runAsync(["stats", "--import-otel", join(sb.root, "nope.json")])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/^error\[E100\]: .*--import-otel: cannot read/m)
    // A file of which no line is JSON is no export: E100, where it was exit 0 with "Rejected 1 record".
    writeFileSync(join(sb.root, "app.log"), "2026-12-01 12:00:00 INFO started\n2026-12-01 12:00:01 INFO ready\n")
    const notJson = await sb.runAsync(["stats", "--import-otel", join(sb.root, "app.log")])
    expect(notJson.code).toBe(1)
    expect(notJson.stderr).toMatch(/^error\[E100\]: .*--import-otel: '.*app\.log' is not an OTLP\/JSON logs export: no line of it is JSON/m)
  })
})

describe("POST /v1/logs of skc mcp --http (issue 49 item 4)", () => {
  const sb = sandbox()
  const token = "otel-token-0123456789abcdef"
  beforeAll(async () => {
    await project(sb, sb.work)
    writeFileSync(join(sb.root, "tokens"), `claude-otel:${token}\n`)
  })

  it("takes Claude Code's export in JSON (plain or gzip) and in protobuf, answers partial success for unknown skills in the request's encoding", async () => {
    const server = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", sb.work, "--tokens", join(sb.root, "tokens")] })
    try {
      const body = readFileSync(FIXTURE)
      const headers = { "content-type": "application/json", authorization: `Bearer ${token}` }
      const none = await fetch(`${server.base}/v1/logs`, { method: "POST", headers: { "content-type": "application/json" }, body })
      expect(none.status).toBe(401)
      const plain = await fetch(`${server.base}/v1/logs`, { method: "POST", headers, body })
      expect(plain.status).toBe(200)
      expect(await plain.json()).toEqual({ partialSuccess: { rejectedLogRecords: 1, errorMessage: "no such skill here: ghost-skill" } })
      const zipped = await fetch(`${server.base}/v1/logs`, { method: "POST", headers: { ...headers, "content-encoding": "gzip" }, body: gzipSync(body) })
      expect(zipped.status).toBe(200)
      // Binary protobuf, as OTLP/HTTP's default: the same records, the answer in protobuf
      // (ExportLogsServiceResponse.partial_success: rejected_log_records 1 and the message).
      const proto = await fetch(`${server.base}/v1/logs`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/x-protobuf" },
        body: encodeLogsRequest(JSON.parse(body.toString("utf8")))
      })
      expect(proto.status).toBe(200)
      expect(proto.headers.get("content-type")).toBe("application/x-protobuf")
      const answer = Buffer.from(await proto.arrayBuffer())
      expect(answer[0]).toBe(0x0a)
      expect(answer.includes(Buffer.from("no such skill here: ghost-skill"))).toBe(true)
      const badProto = await fetch(`${server.base}/v1/logs`, { method: "POST", headers: { ...headers, "content-type": "application/x-protobuf" }, body: Buffer.from([0x0a, 0xff, 0x0f]) })
      expect(badProto.status).toBe(400)
      const other = await fetch(`${server.base}/v1/logs`, { method: "POST", headers: { ...headers, "content-type": "text/plain" }, body: "x" })
      expect(other.status).toBe(415)
      const broken = await fetch(`${server.base}/v1/logs`, { method: "POST", headers, body: "{" })
      expect(broken.status).toBe(400)
      // JSON of another shape is not an ExportLogsServiceRequest: 400 with a Status naming what is wrong (OTLP/HTTP "Bad Data").
      for (const [bad, says] of [
        ['{"resourceLogs":42}', "resourceLogs is a number, not an array"],
        ["42", "the body is a number"],
        ['{"resourceLogs":[{"scopeLogs":[{"logRecords":{"body":"x"}}]}]}', "resourceLogs[0].scopeLogs[0].logRecords is an object, not an array"]
      ] as const) {
        const wrong = await fetch(`${server.base}/v1/logs`, { method: "POST", headers, body: bad })
        expect(wrong.status, bad).toBe(400)
        const status = (await wrong.json()) as { code: number; message: string }
        expect(status.code, bad).toBe(3)
        expect(status.message, bad).toContain(`not an ExportLogsServiceRequest: ${says}`)
      }
      // An empty export is one (every field at its default): nothing to record.
      const empty = await fetch(`${server.base}/v1/logs`, { method: "POST", headers, body: "{}" })
      expect(empty.status).toBe(200)
      expect(await empty.json()).toEqual({})
    } finally {
      await server.stop()
    }
    // The three posts landed (plain, gzip, protobuf; at-least-once: an exporter's retry is another row).
    expect(await funnel(sb, sb.work, "frontend")).toMatchObject({ activated: 6, sessions: 2, by_trigger: { "claude-proactive": 3, "user-slash": 3 } })
    expect(await funnel(sb, sb.work, "runbook")).toMatchObject({ activated: 3, by_trigger: { "nested-skill": 3 } })
  })
})
