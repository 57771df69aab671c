// Issue 27 end to end: `skc eval` through bin/skc.mjs on the 17-skill corpus
// with five trigger sets, the CI use (exit 1 on a broken description, 0 once
// fixed), the command judge on a fake agent CLI, and the skc_eval MCP tool.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { deployCorpus, FAKE_AGENT, TRIGGER_SKILLS } from "../helpers/evalCorpus.js"
import { all, parseHtml, textOf as htmlText } from "../helpers/html.js"
import { connectMcp, textOf, type McpSession } from "../helpers/mcpClient.js"

const sb = sandbox()
const skillsDir = deployCorpus(sb.work)
const rules = join(sb.root, "rules.json")
writeFileSync(rules, JSON.stringify({ pdf: "pdf", spreadsheet: "xlsx", slide: "~pptx", deck: "pptx", gif: "slack-gif-creator" }))
const agent = [process.execPath, FAKE_AGENT, "--rules", rules]
/** What the fake agent's rule activates for a request: the target of the first keyword found ("~" runs activate 2 of 3 times). */
const ruleSkill = (query: string): string | null => {
  for (const [keyword, target] of Object.entries(JSON.parse(readFileSync(rules, "utf8")) as Record<string, string>)) {
    if (query.toLowerCase().includes(keyword)) return target.replace(/^~/, "")
  }
  return null
}
/** The queries of a fixture trigger set the rule gets wrong for `skill`. */
const ruleMisses = (skill: string) =>
  (JSON.parse(readFileSync(join(skillsDir, skill, "evals", "triggers.json"), "utf8")) as Array<{ query: string; should_trigger: boolean }>)
    .filter((q) => (ruleSkill(q.query) === skill) !== q.should_trigger)
    .map((q) => q.query)

describe("skc eval (match judge) on the corpus", () => {
  it("text: one row per skill with a trigger set, the misses, the verdict; exit 0 at the default --min-pass", async () => {
    const r = await sb.runAsync(["eval"])
    expect(r.stderr).toBe("")
    expect(r.code).toBe(0)
    const lines = r.stdout.split("\n")
    expect(lines[0]).toBe("5 skills evaluated for claude (match judge, threshold 3), min pass 80 %")
    expect(lines[2]).toMatch(/^SKILL\s+PASS\s+PRECISION\s+RECALL\s+TRAIN\s+VALIDATION$/)
    expect(lines.slice(3, 8).map((l) => l.split(/\s+/)[0])).toEqual(TRIGGER_SKILLS)
    expect(r.stdout).toMatch(/\nPASS: every skill reaches 80 %\n$/)
    // `--all`, as build, lint, search and stats take it: the same run; with a skill name it is E100.
    const all = await sb.runAsync(["eval", "--all"])
    expect([all.code, all.stdout, all.stderr]).toEqual([r.code, r.stdout, r.stderr])
    const both = await sb.runAsync(["eval", "--all", "pdf"])
    expect([both.code, both.stdout, both.stderr]).toEqual([1, "", "error[E100]: invalid option: 'give skill names or --all, not both'\n"])
  })

  it("json: per-skill metrics, splits, misses with the winner, confusions; --min-pass 1 fails with exit 1", async () => {
    const r = await sb.runAsync(["eval", "pptx", "xlsx", "--format", "json", "--min-pass", "1"])
    expect(r.code).toBe(1)
    const doc = JSON.parse(r.stdout)
    expect(doc).toMatchObject({ agent: "claude", judge: "match", min_pass: 1, threshold: 3, passed: false })
    expect(doc.skills.map((s: { skill: string }) => s.skill)).toEqual(["pptx", "xlsx"])
    const pptx = doc.skills[0]
    expect(pptx.queries).toBe(26)
    expect(pptx.splits.train.queries + pptx.splits.validation.queries).toBe(26)
    expect(pptx.misses.length).toBe(pptx.queries - pptx.passed)
    for (const m of pptx.misses) expect(Object.keys(m)).toEqual(expect.arrayContaining(["query", "should_trigger", "winner", "fired", "pass"]))
    expect(doc.confusions.reduce((n: number, c: { count: number }) => n + c.count, 0)).toBe(
      doc.skills.reduce((n: number, s: { misses: Array<unknown> }) => n + s.misses.length, 0)
    )
  })

  it("html: one self-contained page (no script, no external resource) with the table, the misses and the confusions", async () => {
    const r = await sb.runAsync(["eval", "--format", "html"])
    expect(r.code).toBe(0)
    const root = parseHtml(r.stdout)
    expect(all(root, (e) => ["script", "link", "img", "iframe"].includes(e.tag))).toEqual([])
    expect(r.stdout).not.toMatch(/(src|href)=/)
    const rows = all(root, (e) => e.tag === "tr").map((e) => htmlText(e))
    for (const name of TRIGGER_SKILLS) expect(rows.some((t) => t.startsWith(name))).toBe(true)
    expect(htmlText(root)).toContain("PASS: every skill reaches 80 %")
    expect(htmlText(root)).toContain("Confusions")
  })

  it("CI: a skill whose description was broken fails (exit 1), and passes once it is fixed", async () => {
    const file = join(skillsDir, "pptx", "SKILL.md")
    const good = readFileSync(file, "utf8")
    // A description that lost what the skill is for: the name alone ("pptx") no longer wins requests for slides.
    writeFileSync(file, good.replace(/^description: .*$/m, 'description: "Works with Office files."'))
    const broken = await sb.runAsync(["eval", "pptx"])
    expect(broken.code).toBe(1)
    expect(broken.stdout).toMatch(/\npptx\s+\d+(\.\d)? % \(\d+\/26\).*FAIL\n/)
    expect(broken.stdout).toContain('"Build a presentation about our product roadmap" (train): should fire; won by frontend-design')
    expect(broken.stdout).toMatch(/\nFAIL: pptx below 80 %\n$/)
    writeFileSync(file, good)
    const fixed = await sb.runAsync(["eval", "pptx"])
    expect(fixed.code).toBe(0)
  })

  it("bad input: a malformed trigger set, an unknown skill, a command without --judge command", async () => {
    const file = join(skillsDir, "pdf", "evals", "triggers.json")
    const good = readFileSync(file, "utf8")
    writeFileSync(file, '[{"query": "merge PDFs", "should_trigger": 1}]')
    const shape = await sb.runAsync(["eval", "pdf"])
    expect([shape.code, shape.stdout]).toEqual([1, ""])
    expect(shape.stderr).toBe(`error: ${file} does not have the shape of a trigger set\n  [0].should_trigger: expected true or false, got number 1\n  see docs/eval.md for the format\n`)
    writeFileSync(file, '[{"query": "merge PDFs", "should_trigger": true')
    const syntax = await sb.runAsync(["eval", "pdf"])
    expect(syntax.stderr).toMatch(new RegExp(`^error: ${file.replace(/[.]/g, "\\.")} is not valid JSON\n`))
    writeFileSync(file, good)
    expect((await sb.runAsync(["eval", "ghost"])).stderr).toMatch(/^error\[E001\]: skill 'ghost' not found/)
    expect((await sb.runAsync(["eval", "pfd"])).stderr).toBe("error[E001]: skill 'pfd' not found\n  did you mean 'pdf'?\n")
    expect((await sb.runAsync(["eval", "pdf", "--", "agent"])).stderr).toBe("error[E100]: invalid option: 'a command after -- needs --judge command'\n")
  })
})

describe("skc eval on a skill skc built and deployed", () => {
  it("the deployment holds the compiled stub; the trigger set is read from the skill's source", async () => {
    const p = sandbox()
    const source = join(p.work, ".skillc", "skills", "pdf-forms")
    mkdirSync(join(source, "evals"), { recursive: true })
    writeFileSync(join(source, "SKILL.md"), "---\nname: pdf-forms\ndescription: Fill in PDF forms and extract PDF text. Use when the user mentions a PDF form.\n---\n# pdf-forms\n\nFill forms.\n")
    writeFileSync(join(source, "evals", "triggers.json"), JSON.stringify([{ query: "fill in this PDF form", should_trigger: true }, { query: "write a poem", should_trigger: false }]))
    expect((await p.runAsync(["build", "pdf-forms"])).code).toBe(0)
    const r = await p.runAsync(["eval", "--format", "json"])
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.stdout)
    expect(doc.skills.map((s: { skill: string; files: Array<string>; pass_rate: number }) => [s.skill, s.files, s.pass_rate])).toEqual([
      ["pdf-forms", [join(source, "evals", "triggers.json")], 1]
    ])
  })
})

describe("skc eval --judge command with a fake agent", () => {
  it("{{query}} as its own argv element, --extract-json over one JSON document", async () => {
    const r = await sb.runAsync(["eval", "pdf", "--judge", "command", "--extract-json", "$.skill", "--format", "json", "--", ...agent, "--prompt", "{{query}}"])
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.stdout)
    expect(doc).toMatchObject({ judge: "command", threshold: null })
    // The rule fires on "pdf" in the request: the report agrees with the rule, query by query.
    expect(doc.skills[0].misses.map((m: { query: string }) => m.query)).toEqual(ruleMisses("pdf"))
  })

  it("query on stdin, JSON lines (a stream format) and --extract-regex give the same verdicts", async () => {
    const run = (extra: ReadonlyArray<string>) => sb.runAsync(["eval", "slack-gif-creator", "--judge", "command", "--jobs", "3", "--format", "json", ...extra])
    const stream = JSON.parse((await run(["--extract-json", "$.message.content[*].input.skill", "--", ...agent, "--output", "stream"])).stdout)
    const regex = JSON.parse((await run(["--extract-regex", "Using skill: (?<skill>\\S+)", "--", ...agent, "--output", "text"])).stdout)
    expect(stream.skills[0].pass_rate).toBe(regex.skills[0].pass_rate)
    expect(stream.skills[0].misses).toEqual(regex.skills[0].misses)
    expect(stream.skills[0].true_positives).toBeGreaterThan(5)
  })

  it("--repeat 3: an agent that activates the skill on two runs of three still fires, by majority", async () => {
    const counter = join(sb.root, "counter")
    const r = await sb.runAsync([
      "eval", "pptx", "--judge", "command", "--extract-json", "$.skill", "--repeat", "3", "--jobs", "1", "--format", "json",
      "--", ...agent, "--counter", counter, "--prompt", "{{query}}"
    ])
    const doc = JSON.parse(r.stdout)
    const pptx = doc.skills[0]
    // "slide" requests activate pptx on 2 runs of 3 (the "~pptx" rule): the majority says fired, so only the rule's own misses remain.
    expect(pptx.misses.map((m: { query: string }) => m.query)).toEqual(ruleMisses("pptx"))
    expect(pptx.misses.every((m: { runs: number }) => m.runs === 3)).toBe(true)
    expect(Number(readFileSync(counter, "utf8")) + 1).toBe(26 * 3)
  })

  it("a per-run timeout ends a hung agent; a program that does not exist is a clear error", async () => {
    const file = join(skillsDir, "xlsx", "evals", "triggers.json")
    const good = readFileSync(file, "utf8")
    writeFileSync(file, JSON.stringify([{ query: "__hang__ spreadsheet", should_trigger: true }, { query: "a spreadsheet", should_trigger: true }]))
    const started = Date.now()
    const r = await sb.runAsync(["eval", "xlsx", "--judge", "command", "--extract-json", "$.skill", "--timeout", "1", "--", ...agent, "--prompt", "{{query}}"])
    writeFileSync(file, good)
    // The agent never ends on its own (fake-agent.mjs): that eval returned at all, with the timeout's verdict, is the proof;
    // the bound only tells a killed agent from one left to the test's own timeout, with room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(90_000)
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('"__hang__ spreadsheet": should fire; no skill fired (timed out after 1 s)')
    const missing = await sb.runAsync(["eval", "xlsx", "--judge", "command", "--extract-json", "$.skill", "--", "./no-such-agent"])
    expect(missing.stderr).toMatch(/^error: cannot run '\.\/no-such-agent': ENOENT\n/)
  })
})

describe("skc budget on the corpus", () => {
  it("text and JSON: 17 entries within the 30,000 characters of Claude Code's default model; a smaller window pushes skills to name only", async () => {
    const text = await sb.runAsync(["budget"])
    expect(text.code).toBe(0)
    expect(text.stdout).toMatch(/^17 skills listed to claude \(Claude Code\): [\d,]+ characters \(~[\d,]+ tokens\)\nbudget: 30,000 characters \(1 % of a 750,000-token context window/)
    expect(text.stdout).toContain("limits: https://code.claude.com/docs/en/skills")
    const doc = JSON.parse((await sb.runAsync(["budget", "--format", "json"])).stdout)
    expect(doc).toMatchObject({ agent: "claude", limits: { budget_chars: 30000, max_description_chars: 1536 }, names_only: [], truncated: [] })
    expect(doc.skills).toHaveLength(17)
    // Claude Code joins the 17 lines with a newline between them; each entry counts its own.
    expect(doc.total_chars).toBe(doc.skills.reduce((n: number, s: { entry_chars: number }) => n + s.entry_chars, 0) - 1)
    expect(doc.total_chars + doc.room_chars).toBe(30000)
    const small = JSON.parse((await sb.runAsync(["budget", "--context-tokens", "50000", "--format", "json"])).stdout)
    expect(small.limits.budget_chars).toBe(2000)
    expect(small.names_only.length).toBeGreaterThan(10)
    const env = JSON.parse((await sb.runAsync(["budget", "--format", "json"], sb.work, { SLASH_COMMAND_TOOL_CHAR_BUDGET: "100000" })).stdout)
    expect(env.limits).toMatchObject({ budget_chars: 100000, basis: "SLASH_COMMAND_TOOL_CHAR_BUDGET" })
    const codex = JSON.parse((await sb.runAsync(["budget", "--agent", "codex", "--format", "json"])).stdout)
    // Codex's documented fallback without --context-tokens (DECISIONS #51, issue 43); it reads no .claude/skills.
    expect(codex).toMatchObject({ agent: "codex", skills: [], limits: { budget_chars: 8000 }, room_chars: 8000 })
  })
})

describe("skc_eval and skc_budget over MCP", () => {
  let mcp: McpSession
  beforeAll(async () => {
    mcp = await connectMcp({ cwd: sb.work, home: sb.home })
    await mcp.client.listTools()
  })
  afterAll(async () => {
    await mcp?.close()
  })

  it("returns the CLI's JSON document; a failing skill is a result, not a tool error", async () => {
    const r = await mcp.call("skc_eval", { skills: ["pdf", "pptx"], min_pass: 0.95 })
    expect(r.isError).toBeFalsy()
    const cli = await sb.runAsync(["eval", "pdf", "pptx", "--min-pass", "0.95", "--format", "json"])
    expect(r.structuredContent).toEqual(JSON.parse(cli.stdout))
    expect(textOf(r)).toContain("evaluated for claude (match judge")
    const tools = (await mcp.client.listTools()).tools
    const tool = tools.find((t) => t.name === "skc_eval")!
    expect(Object.keys(tool.inputSchema.properties!).sort()).toEqual(["agent", "min_pass", "plugin_dirs", "skills", "threshold"])
    expect(tool.description!.length).toBeLessThanOrEqual(220)
    const bad = await mcp.call("skc_eval", { skills: ["ghost"] })
    expect(bad.isError).toBe(true)
  })

  it("skc_budget returns the CLI's JSON document", async () => {
    const r = await mcp.call("skc_budget", { context_tokens: 50000 })
    expect(r.isError).toBeFalsy()
    const cli = await sb.runAsync(["budget", "--context-tokens", "50000", "--format", "json"])
    expect(r.structuredContent).toEqual(JSON.parse(cli.stdout))
    expect(textOf(r)).toContain("listed by name only")
  })
})
