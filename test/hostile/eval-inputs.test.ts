/**
 * Issue 45 item 2 (high, medium, low): `skc eval` read its inputs as if they
 * were trusted. `evals/triggers.json -> ~/secret/creds.json` was evaluated
 * and its queries printed; a link to a non-JSON file printed its first
 * characters in the parse error; a symlinked `evals/` directory was
 * followed and lint said nothing; `--repeat` and eval files had no bound;
 * NUL in a query gave `E999 Cannot access 'm' before initialization`;
 * `--timeout` above 2^31 ms fired at once; a 200,000-query file gave
 * `Maximum call stack size exceeded`; `--extract-regex '^(a+)+$'` hung past
 * `--timeout`. Each reproduction, through bin/skc.mjs.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectMcp, textOf, type McpSession } from "../helpers/mcpClient.js"

const SECRET_QUERY = "SECRET-QUERY-7f3a"
const SKILL = "---\nname: demo\ndescription: Fill in PDF forms. Use when filling PDF forms.\n---\n# demo\n\nBody.\n"

describe("issue 45 item 2: eval inputs are skill files", () => {
  const sb = sandbox()
  const skills = join(sb.work, ".skillc", "skills")
  const dir = (name: string) => join(skills, name)
  const outside = join(sb.root, "secret")
  mkdirSync(outside, { recursive: true })
  writeFileSync(join(outside, "creds.json"), JSON.stringify([{ query: SECRET_QUERY, should_trigger: true }]))
  writeFileSync(join(outside, "triggers.json"), JSON.stringify([{ query: SECRET_QUERY, should_trigger: true }]))
  writeFileSync(join(outside, "token.txt"), "ghp_SECRETTOKEN\n")
  const skill = (name: string, evals?: (evalsDir: string) => void) => {
    mkdirSync(dir(name), { recursive: true })
    writeFileSync(join(dir(name), "SKILL.md"), SKILL.replace("name: demo", `name: ${name}`))
    if (evals !== undefined) evals(join(dir(name), "evals"))
  }
  skill("linked", (e) => {
    mkdirSync(e)
    symlinkSync(join(outside, "creds.json"), join(e, "triggers.json"))
  })
  skill("linkeddir", (e) => symlinkSync(outside, e))
  skill("notjson", (e) => {
    mkdirSync(e)
    writeFileSync(join(e, "triggers.json"), "ghp_SECRETTOKEN\n")
  })
  skill("nul", (e) => {
    mkdirSync(e)
    writeFileSync(join(e, "triggers.json"), JSON.stringify([{ query: "fill a\u0000form", should_trigger: true }]))
  })
  skill("latin1", (e) => {
    mkdirSync(e)
    writeFileSync(join(e, "triggers.json"), Buffer.concat([Buffer.from('[{"query": "fill the caf'), Buffer.from([0xe9]), Buffer.from(' PDF form", "should_trigger": true}]')]))
  })
  skill("big", (e) => {
    mkdirSync(e)
    const queries = Array.from({ length: 200_000 }, (_, i) => ({ query: `fill pdf form ${i}`, should_trigger: true }))
    writeFileSync(join(e, "triggers.json"), JSON.stringify(queries))
  })
  skill("ok", (e) => {
    mkdirSync(e)
    writeFileSync(join(e, "triggers.json"), JSON.stringify([{ query: "fill a pdf form", should_trigger: true }]))
  })
  const agent = join(sb.root, "agent.mjs")
  writeFileSync(agent, `process.stdout.write("a".repeat(40) + "b\\n")\n`)

  it("issue 45 item 2: a triggers.json symlinked outside the skill is E012, and its queries are never printed", async () => {
    const r = await sb.runAsync(["eval", "linked", "--format", "json"])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain("error[E012]: path escapes skill root: 'evals/triggers.json'")
    expect(r.stdout + r.stderr).not.toContain(SECRET_QUERY)
  })

  it("issue 45 item 2: a symlinked evals/ directory leaving the skill is E012 too", async () => {
    const r = await sb.runAsync(["eval", "linkeddir"])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain("error[E012]: path escapes skill root")
    expect(r.stdout + r.stderr).not.toContain(SECRET_QUERY)
  })

  it("issue 45 item 2: lint reports both links (SKL701)", async () => {
    for (const [name, path] of [["linked", "evals/triggers.json"], ["linkeddir", "evals"]] as const) {
      const r = await sb.runAsync(["lint", name])
      expect(r.code, name).toBe(1)
      expect(r.stderr, name).toContain(`SKL701 eval-files-valid: '${path}' is a symlink that leads outside the skill`)
    }
  })

  it("issue 45 item 2: a parse error never echoes the file's content", async () => {
    const r = await sb.runAsync(["eval", "notjson"])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain("evals/triggers.json is not valid JSON")
    expect(r.stderr).not.toContain("ghp_")
    const lint = await sb.runAsync(["lint", "notjson"])
    expect(lint.stderr).toContain("SKL701")
    expect(lint.stderr).not.toContain("ghp_")
  })

  it("issue 45 item 2: NUL in a trigger query is a clear error, not E999", async () => {
    const r = await sb.runAsync(["eval", "nul", "--judge", "command", "--extract-regex", "x", "--", process.execPath, agent, "{{query}}"])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/evals\/triggers\.json does not have the shape of a trigger set\n {2}\[0\]\.query: contains a NUL byte/)
    expect(r.stderr).not.toContain("E999")
  })

  it("an eval file that is not UTF-8 is refused by eval and SKL701 alike, never judged as U+FFFD", async () => {
    const r = await sb.runAsync(["eval", "latin1"])
    expect(r.code).toBe(1)
    expect(r.stdout).toBe("")
    expect(r.stderr).toMatch(/evals\/triggers\.json is not valid UTF-8 \(byte 0xE9 on line 1\)/)
    const lint = await sb.runAsync(["lint", "latin1"])
    expect(lint.stderr).toMatch(/evals\/triggers\.json:1:1 error\[E300\]: SKL701 eval-files-valid: not valid UTF-8 \(byte 0xE9 on line 1\)/)
  })

  it("issue 45 item 2: a 200,000-query file is refused by the size cap (E100); with a larger cap it is evaluated without a stack overflow", async () => {
    const capped = await sb.runAsync(["eval", "big"])
    expect(capped.code).toBe(1)
    expect(capped.stderr).toMatch(/^error\[E100\]: invalid option: '.*triggers\.json is \d+ bytes, over the 1048576-byte cap on eval files/)
    // Lint says so too, so CI's lint step fails where its eval step would (a judge probe: lint passed the file).
    const lint = await sb.runAsync(["lint", "big"])
    expect(lint.stdout + lint.stderr).toMatch(/evals\/triggers\.json:1:1 error\[E300\]: SKL701 eval-files-valid: [\d,]+ bytes, over the 1,048,576-byte cap skc eval reads unless --max-file-bytes raises it/)
    const raised = await sb.runAsync(["eval", "big", "--max-file-bytes", String(64 * 1024 * 1024), "--format", "json"])
    expect(raised.stderr).not.toContain("Maximum call stack")
    expect(raised.code, raised.stderr).toBe(0)
    expect(JSON.parse(raised.stdout).skills[0].queries).toBe(200_000)
  }, 120_000)

  it("issue 45 item 2: --repeat, --timeout, --jobs and --max-file-bytes have caps (E100 beyond)", async () => {
    const cases: Array<[string, string, string]> = [
      ["--repeat", "1000000000", "--repeat 1000000000 is over the cap of 100"],
      ["--timeout", "3000000", "--timeout 3000000 is over the cap of 3600"],
      ["--jobs", "100000", "--jobs 100000 is over the cap of 64"],
      ["--max-file-bytes", "1000000000", "--max-file-bytes 1000000000 is over the cap of 67108864"]
    ]
    for (const [flag, value, message] of cases) {
      const r = await sb.runAsync(["eval", "ok", "--judge", "command", "--extract-regex", "x", flag, value, "--", process.execPath, agent, "{{query}}"])
      expect(r.code, flag).toBe(1)
      expect(r.stderr, flag).toContain(`error[E100]: invalid option: '${message}`)
      expect(r.stdout, flag).toBe("")
    }
  })

  it("issue 45 item 2: --extract-regex '^(a+)+$' ends at --timeout: the run is reported as such", async () => {
    const r = await sb.runAsync(["eval", "ok", "--judge", "command", "--extract-regex", "^(a+)+$", "--timeout", "1", "--format", "json", "--", process.execPath, agent, "{{query}}"])
    expect(r.code, r.stderr).toBe(1)
    const doc = JSON.parse(r.stdout)
    expect(doc.skills[0].misses[0].errors).toEqual(["--extract-regex did not finish within 1 s"])
  }, 180_000)

  describe("over MCP (skc_eval)", () => {
    let mcp: McpSession
    beforeAll(async () => {
      mcp = await connectMcp({ cwd: sb.work, home: sb.home })
    })
    afterAll(async () => {
      await mcp?.close()
    })

    it("issue 45 item 2: the linked file is E012 in text and structured content, its queries never shown", async () => {
      const r = await mcp.call("skc_eval", { skills: ["linked"] })
      expect(r.isError).toBe(true)
      expect(textOf(r)).toContain("E012")
      expect(JSON.stringify(r)).not.toContain(SECRET_QUERY)
    })
  })

  afterAll(() => rmSync(outside, { recursive: true, force: true }))
})
