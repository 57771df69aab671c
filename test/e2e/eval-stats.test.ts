// Issue 27 end to end: `skc eval <skill>` logs its result in the skill's own
// log, and `skc stats <skill>` shows the latest one beside the reads — text
// and `--format json` (an additive `latest_eval`, DECISIONS #40) — while a
// skill never evaluated shows none.
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { deployCorpus } from "../helpers/evalCorpus.js"
import { connectMcp, textOf } from "../helpers/mcpClient.js"

const sb = sandbox()
deployCorpus(sb.work)

describe("skc eval, then skc stats", () => {
  it("stats shows the skill's latest eval in text and JSON; agent reads do not count it", async () => {
    const before = await sb.runAsync(["stats", "pptx", "--format", "json"])
    expect(before.code).toBe(0)
    const was = JSON.parse(before.stdout)
    expect(was.latest_eval).toBeUndefined()
    expect((await sb.runAsync(["stats", "pptx"])).stdout).not.toMatch(/Latest eval/)

    const ev = await sb.runAsync(["eval", "pptx", "--format", "json", "--min-pass", "0.5"])
    expect(ev.stderr).toBe("")
    const report = JSON.parse(ev.stdout).skills[0]

    const json = await sb.runAsync(["stats", "pptx", "--format", "json"])
    expect(json.code).toBe(0)
    const doc = JSON.parse(json.stdout)
    expect(doc.latest_eval).toEqual({
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      judge: "match",
      agent: "claude",
      queries: report.queries,
      passed: report.passed,
      pass_rate: report.pass_rate,
      precision: report.precision,
      recall: report.recall,
      min_pass: 0.5,
      meets_min_pass: report.meets_min_pass
    })
    // Additive: the existing fields as they were; eval is author work, not a read.
    expect(Object.keys(doc)).toEqual([...Object.keys(was), "latest_eval"])
    expect(doc.data.agent_accesses).toBe(was.data.agent_accesses)
    expect(doc.data.total_accesses).toBe(was.data.total_accesses)

    const text = await sb.runAsync(["stats", "pptx"])
    expect(text.code).toBe(0)
    const pct = `${Math.round(report.pass_rate * 1000) / 10} %`
    const ratio = (x: number | null) => (x === null ? "-" : x.toFixed(2))
    expect(text.stdout).toContain(
      `\nLatest eval: ${pct} of ${report.queries} trigger queries (match judge, precision ${ratio(report.precision)}, recall ${ratio(report.recall)}) on ${doc.latest_eval.timestamp.slice(0, 10)} — ${report.meets_min_pass ? "meets" : "below"} --min-pass 0.5\n`
    )

    // A skill with a trigger set that was not evaluated shows nothing.
    const other = JSON.parse((await sb.runAsync(["stats", "xlsx", "--format", "json"])).stdout)
    expect(other.latest_eval).toBeUndefined()

    // skc_stats: the same field, valid against the tool's output schema (the client checks it).
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home, flags: ["--output-schemas"] })
    try {
      await mcp.client.listTools()
      const r = await mcp.call("skc_stats", { skill: "pptx" })
      expect(r.isError, textOf(r)).toBeFalsy()
      expect((r.structuredContent as { latest_eval?: unknown }).latest_eval).toEqual(doc.latest_eval)
    } finally {
      await mcp.close()
    }
  })
})
