/**
 * Issue 45 item 1 (high): with SKL515's interpreter list alone, each of these
 * templates linted with 0 errors and, approved and read-only, ran the
 * agent's value as code through `skc run` and MCP (`git -c alias.x={{v}} x`
 * with `!touch P`, `tar --checkpoint-action=exec={{v}}`, `sqlite3 :memory:
 * {{v}}` with `.shell …`, `npx {{v}}` with `--call=…`, `sh -c {{v}}` behind
 * chroot/unshare/setpriv/strace, `vim -es -c {{v}}`). Now lint (SKL516) and
 * `run` refuse each, approved or not; a safe form runs; a declared placement
 * is spelled out by `skc approve`.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectMcp, textOf, type McpSession } from "../helpers/mcpClient.js"
import { ELEVEN } from "../fixtures/tool-skills/attackTemplates.js"

const toolSkill = (name: string, command: string, frontmatter = "") => `---
name: ${name}
description: Pass a value on. Use when testing.
version: 1.0.0
read_only: true
${frontmatter}---

# ${name}

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


describe("issue 45 item 1: free-text values judged by structure, CLI and MCP", () => {
  const sb = sandbox()
  const skills = join(sb.work, ".skillc", "skills")
  const write = (name: string, command: string, frontmatter?: string) => {
    mkdirSync(join(skills, name), { recursive: true })
    writeFileSync(join(skills, name, "SKILL.md"), toolSkill(name, command, frontmatter))
  }
  ELEVEN.forEach((command, i) => write(`bad${i}`, command))
  write("good", `sh -c 'printf "%s\\n" "$1"' -- {{v}}`)
  write("declared", "git commit -m {{v}}", "free_text_anywhere: [say.v]\n")
  const pwned = join(sb.work, "PWNED")
  const attack = `!touch ${pwned}`

  beforeAll(async () => {
    // Approved as an author would have before the rule existed (one at a time: each rewrites approvals.json).
    for (const name of [...ELEVEN.map((_, i) => `bad${i}`), "good"]) {
      const r = await sb.runAsync(["approve", name])
      expect(r.code, r.stderr).toBe(0)
    }
  })

  it("issue 45 item 1: lint reports SKL516 (an error) for each of the eleven templates; the safe form lints clean", async () => {
    const results = await Promise.all(ELEVEN.map((_, i) => sb.runAsync(["lint", `bad${i}`])))
    results.forEach((r, i) => {
      expect(r.code, ELEVEN[i]).toBe(1)
      expect(r.stderr, ELEVEN[i]).toMatch(/SKL516 tool-free-text-placement: tool 'say': free-text '\{\{v\}\}'/)
    })
    const good = await sb.runAsync(["lint", "good"])
    expect(good.stderr).not.toMatch(/SKL51[56]/)
  })

  it("issue 45 item 1: skc run refuses each approved template and runs nothing", async () => {
    const results = await Promise.all(ELEVEN.map((_, i) => sb.runAsync(["run", `bad${i}`, "say", "--arg", `v=${attack}`])))
    results.forEach((r, i) => {
      expect(r.code, ELEVEN[i]).toBe(1)
      expect(r.stderr, ELEVEN[i]).toMatch(/has errors that stop tool 'say'/)
    })
    expect(existsSync(pwned)).toBe(false)
  })

  it("issue 45 item 1: the safe form passes a value starting with '-' as text", async () => {
    const r = await sb.runAsync(["run", "good", "say", "--arg", "v=--call=touch PWNED"])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toBe("--call=touch PWNED\n")
  })

  it("issue 45 item 1: skc approve spells out a free_text_anywhere declaration before approving: asked, or --yes", async () => {
    // Nobody to ask (no terminal): refused, the declaration shown, nothing recorded.
    const refused = await sb.runAsync(["approve", "declared"])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/declares free text where a program may read it as code; read it, then run 'skc approve declared --yes'/)
    expect(refused.stderr).toMatch(/Declared: tool 'say' places the free text of 'v' where the program may read it as an option, a setting or code/)
    expect((await sb.runAsync(["run", "declared", "say", "--arg", "v=x"])).stderr).toMatch(/approve/)
    const r = await sb.runAsync(["approve", "declared", "--yes"])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(/declared: tool 'say' places the free text of 'v' where the program may read it as an option, a setting or code/)
    const json = JSON.parse((await sb.runAsync(["approve", "declared", "--yes", "--format", "json"])).stdout)
    expect(json.declarations).toHaveLength(1)
  })

  describe("over MCP (--tools)", () => {
    let mcp: McpSession
    beforeAll(async () => {
      mcp = await connectMcp({ cwd: sb.work, home: sb.home, flags: ["--tools"] })
    })
    afterAll(async () => {
      await mcp?.close()
    })

    it("issue 45 item 1: every <skill>__say call of the eleven is refused and runs nothing", async () => {
      for (let i = 0; i < ELEVEN.length; i++) {
        const r = await mcp.call(`bad${i}__say`, { v: attack })
        expect(r.isError, ELEVEN[i]).toBe(true)
      }
      expect(existsSync(pwned)).toBe(false)
      const good = await mcp.call("good__say", { v: "-x" })
      expect(good.isError ?? false, textOf(good)).toBe(false)
      expect(textOf(good)).toContain("-x")
    })
  })
})

// A tool-skill probe (sixty-third pass): two lint-clean, approved templates still ran an agent's value as code:
// `env GIT_SSH_COMMAND={{v}} git ls-remote …` ("assignments are data") and `tar -c {{named:-f}} -- {{files}}`,
// whose `-f` took the `--` as its archive name so that `--checkpoint-action=exec=…` after it was tar's option.
describe("sixty-third pass: an env variable run as code, and a '--' an option takes as its value", () => {
  const sb = sandbox()
  const skills = join(sb.work, ".skillc", "skills")
  const pwned = join(sb.work, "PWNED")
  const write = (name: string, text: string) => {
    mkdirSync(join(skills, name), { recursive: true })
    writeFileSync(join(skills, name, "SKILL.md"), text)
  }
  write("envs", toolSkill("envs", "env GIT_SSH_COMMAND={{v}} git ls-remote ssh://example.invalid/x"))
  write(
    "tarball",
    toolSkill("tarball", "tar -c {{named:-f}} -- {{v}}")
      .replace("| v | string | yes | The text |", "| named | boolean | no | Name the archive |\n| v | array | yes | The files |")
  )

  it("lint refuses the env form (SKL515: run as code); skc run refuses both, approved, and runs nothing", async () => {
    const lint = await sb.runAsync(["lint", "envs"])
    expect(lint.code).toBe(1)
    expect(lint.stderr).toMatch(/SKL515 .*'\{\{v\}\}' is the value of GIT_SSH_COMMAND, which is run or loaded as code/)
    expect((await sb.runAsync(["approve", "envs", "--yes"])).code).toBeGreaterThanOrEqual(0)
    const env = await sb.runAsync(["run", "envs", "say", "--arg", `v=sh -c "touch ${pwned}"`, "--yes"])
    expect(env.code).toBe(1)
    const approved = await sb.runAsync(["approve", "tarball", "--yes"])
    expect(approved.code, approved.stderr).toBe(0)
    const tar = await sb.runAsync(["run", "tarball", "say", "--arg", "named=true", "--arg", "v=--checkpoint=1", "--arg", `v=--checkpoint-action=exec=touch ${pwned}`, "--arg", "v=SKILL.md", "--yes"])
    expect(tar.code).toBe(1)
    expect(tar.stderr).toContain("the option '-f' just before the '--' that protects it may take that '--' as its own value")
    expect(existsSync(pwned)).toBe(false)
  })
})
