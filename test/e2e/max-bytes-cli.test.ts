// `skc search --max-bytes` and `skc outline --max-bytes` at a terminal (issue 26 item 3's budgets,
// docs/search.md "The answer's size", docs/mcp.md "Payload budgets"): the budget is of the one form printed,
// text or JSON, not of an MCP tool result's two. Measured as the MCP result, `skc search --all "fill form"
// --max-bytes 4096` printed 1 result of 10 in 490 bytes although all 10 took 3 KB, and `skc outline docx
// --max-bytes 4096` cut a 1.2 KB outline to its first level (probes of issue 47's sixty-first pass); and a
// pasted question's echo, counted whole, left one result under any budget.
import { cpSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { ROOT, sandbox } from "../helpers/cli.js"

const SKILLS = ["pdf", "docx", "webapp-testing"]

describe("skc search and skc outline --max-bytes measure what they print", () => {
  const sb = sandbox()
  beforeAll(async () => {
    for (const s of SKILLS) {
      const from = s === "webapp-testing" ? join(ROOT, "test", "fixtures", "cross-skill", "skills", s) : join(ROOT, "test", "fixtures", "search-quality", "skills", s)
      cpSync(from, join(sb.work, ".skillc", "skills", s), { recursive: true })
    }
    expect((await sb.runAsync(["build", ...SKILLS])).code).toBe(0)
  }, 120_000)

  const bytes = (s: string) => Buffer.byteLength(s, "utf8")
  const printed = async (args: ReadonlyArray<string>) => {
    const r = await sb.runAsync(["search", "--all", "fill form", ...args])
    expect(r.code, r.stderr).toBe(0)
    return r.stdout
  }

  for (const format of ["text", "json"] as const) {
    it(`${format}: an answer that fits its budget is printed whole; a smaller budget is kept and said, under it`, async () => {
      const whole = await printed(["--format", format])
      const count = (out: string) => (format === "json" ? (JSON.parse(out) as { results: Array<unknown> }).results.length : out.split("\n").filter((l) => / \(score: /.test(l)).length)
      expect(count(whole)).toBe(10)
      // A budget a quarter above the whole answer keeps it whole.
      const roomy = Math.max(1024, Math.ceil(bytes(whole) * 1.25))
      expect(await printed(["--format", format, "--max-bytes", String(roomy)])).toBe(whole)
      // Half of it: fewer results, at least one, the printed answer under the budget, and the option named.
      const half = Math.max(1024, Math.floor(bytes(whole) / 2))
      const cut = await printed(["--format", format, "--max-bytes", String(half)])
      expect(bytes(cut)).toBeLessThanOrEqual(half)
      expect(count(cut)).toBeGreaterThan(0)
      expect(count(cut)).toBeLessThan(10)
      expect(cut).toContain("pass --max-bytes (a larger budget)")
      expect(cut).not.toContain("pass max_bytes")
    })
  }

  it("a pasted question's echo is counted for its first 200 characters: the results still fit", async () => {
    const question = "fill form ".repeat(800)
    const whole = await sb.runAsync(["search", "--all", question])
    // A roomy budget (the question's 200 characters counted twice, as a partial answer's text may repeat
    // them), well under the 8,000 characters of the question itself.
    const roomy = Math.max(1024, Math.ceil(bytes(whole.stdout) * 1.25) + 512)
    expect(roomy).toBeLessThan(question.length)
    const r = await sb.runAsync(["search", "--all", question, "--max-bytes", String(roomy)])
    expect(r.stdout).toBe(whole.stdout)
  })

  for (const format of ["text", "json"] as const) {
    it(`outline, ${format}: an outline that fits is printed whole; a smaller budget keeps the top, under it, and names the options`, async () => {
      const run = async (args: ReadonlyArray<string>) => {
        const r = await sb.runAsync(["outline", "docx", "--format", format, ...args])
        expect(r.code, r.stderr).toBe(0)
        return r.stdout
      }
      const whole = await run([])
      const roomy = Math.max(1024, Math.ceil(bytes(whole) * 1.25))
      expect(await run(["--max-bytes", String(roomy)])).toBe(whole)
      const cut = await run(["--max-bytes", "1024"])
      expect(bytes(whole)).toBeGreaterThan(1024)
      expect(bytes(cut)).toBeLessThanOrEqual(1024)
      expect(cut).toContain("pass --file (one file) or --max-bytes (a larger budget)")
    })
  }
})
