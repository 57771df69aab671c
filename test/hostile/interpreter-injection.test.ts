/**
 * Issue 29 item 2 (high): a tool template that hands a value to an
 * interpreter's code argument ran the value as code. After `skc approve`,
 * `--arg "v=hi; touch PWNED"` ran the injected command from `skc run` and
 * from MCP. Now lint reports SKL515 and `run` refuses the tool, approved or
 * not; the safe form (the value as its own argument after literal code)
 * runs and prints the value as text.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectMcp, textOf, type McpSession } from "../helpers/mcpClient.js"

const toolSkill = (name: string, command: string) => `---
name: ${name}
description: Echo a value. Use when echoing.
version: 1.0.0
read_only: true
---

# ${name}

## Tools

### say

Say a value.

#### Parameters

| Name | Type | Required | Description |
|------|------|----------|-------------|
| v | string | yes | The text |

#### Command

\`\`\`sh
${command}
\`\`\`
`

const ATTACK = "hi; touch PWNED"

describe("issue 29 item 2: placeholders passed to an interpreter as code", () => {
  const sb = sandbox()
  const skills = join(sb.work, ".skillc", "skills")
  // The last two ran the value through a shell past lint until a new-user pass (thirty-second): `--` after `-c`.
  const unsafe = ['sh -c "echo {{v}}"', "bash -c {{v}}", 'python3 -c "print({{v}})"', 'node -e "{{v}}"', "env sh -c {{v}}", "xargs sh -c {{v}}", "sh -c -- {{v}}", "bash -c -- {{v}}"]
  unsafe.forEach((command, i) => {
    mkdirSync(join(skills, `bad${i}`), { recursive: true })
    writeFileSync(join(skills, `bad${i}`, "SKILL.md"), toolSkill(`bad${i}`, command))
  })
  mkdirSync(join(skills, "good"), { recursive: true })
  writeFileSync(join(skills, "good", "SKILL.md"), toolSkill("good", `sh -c 'echo "$1"' -- {{v}}`))
  const pwned = join(sb.work, "PWNED")

  const approvals: Record<string, string> = {}
  beforeAll(async () => {
    for (const name of [...unsafe.map((_, i) => `bad${i}`), "good"]) {
      // Approved as an author would have before the rule existed.
      const r = await sb.runAsync(["approve", name])
      expect(r.code).toBe(0)
      approvals[name] = r.stderr
    }
  })

  it("approve says the tool still cannot run: an approval lifts no lint error", () => {
    expect(approvals.bad0).toMatch(/^warning: tool 'say' still cannot run: the skill has errors that stop it \(SKILL\.md:\d+\); run 'skc lint bad0'/m)
    expect(approvals.good).toBe("")
  })

  it("lint reports SKL515 for each form", async () => {
    for (let i = 0; i < unsafe.length; i++) {
      const r = await sb.runAsync(["lint", `bad${i}`])
      expect(r.code, unsafe[i]).toBe(1)
      expect(r.stderr, unsafe[i]).toMatch(/SKL515 tool-interpreter-code: tool 'say': '\{\{v\}\}'/)
    }
    const good = await sb.runAsync(["lint", "good"])
    expect(good.stderr).not.toContain("SKL515")
  })

  it("skc run refuses each approved tool and runs nothing", async () => {
    for (let i = 0; i < unsafe.length; i++) {
      const r = await sb.runAsync(["run", `bad${i}`, "say", "--arg", `v=${ATTACK}`])
      expect(r.code, unsafe[i]).toBe(1)
      expect(r.stderr, unsafe[i]).toMatch(/has errors that stop tool 'say'/)
      expect(existsSync(pwned), unsafe[i]).toBe(false)
    }
  })

  it("the safe form prints the value as text", async () => {
    const r = await sb.runAsync(["run", "good", "say", "--arg", `v=${ATTACK}`])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toBe(`${ATTACK}\n`)
    expect(existsSync(pwned)).toBe(false)
  })

  describe("over MCP (--tools)", () => {
    let mcp: McpSession
    beforeAll(async () => {
      mcp = await connectMcp({ cwd: sb.work, home: sb.home, flags: ["--tools"] })
    })
    afterAll(async () => {
      await mcp?.close()
    })

    it("tools/list says a tool lint errors stop cannot run, where the agent reads it", async () => {
      const tools = new Map((await mcp.client.listTools()).tools.map((t) => [t.name, t.description ?? ""]))
      expect(tools.get("bad0__say")).toContain("[not runnable: the skill has errors that stop this tool; run 'skc lint bad0']")
      expect(tools.get("good__say")).not.toContain("not runnable")
    })

    it("the tool call is refused and runs nothing; the safe tool runs", async () => {
      const bad = await mcp.call("bad0__say", { v: ATTACK })
      expect(bad.isError).toBe(true)
      expect(existsSync(pwned)).toBe(false)
      const good = await mcp.call("good__say", { v: ATTACK })
      expect(good.isError ?? false, textOf(good)).toBe(false)
      expect(textOf(good)).toContain(ATTACK)
      expect(existsSync(pwned)).toBe(false)
    })
  })
})
