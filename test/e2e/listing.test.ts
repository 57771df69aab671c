/**
 * Issue 43 item 3 / DECISIONS #51 end to end through bin/skc.mjs: `skc budget
 * --agent codex --format json` models Codex's listing (2 % of the window or
 * its 8,000-character fallback, .agents/skills), and `skc prompt` leaves a
 * manual-only Claude Code skill out of <available_skills>, as `skc budget`
 * does of its cost.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

const SKILL = (name: string, description: string, extra = "") => `---\nname: ${name}\ndescription: ${description}\n${extra}---\n\n# ${name}\n`

const put = (file: string, text: string) => {
  mkdirSync(join(file, ".."), { recursive: true })
  writeFileSync(file, text)
}

describe("the agent's listing from its profile (issue 43, DECISIONS #51)", () => {
  const sb = sandbox()
  beforeAll(() => {
    put(join(sb.work, ".agents/skills/shared/SKILL.md"), SKILL("shared", "Shared things for every agent."))
    put(join(sb.work, ".claude/skills/pdf/SKILL.md"), SKILL("pdf", "Fill PDF forms.", "when_to_use: Use for invoices.\n"))
    put(join(sb.work, ".claude/skills/deploy/SKILL.md"), SKILL("deploy", "Deploy to production.", "disable-model-invocation: true\n"))
  })

  it("skc budget --agent codex --format json: 8,000 characters without --context-tokens, 2 % x tokens x 4 with it", async () => {
    const r = await sb.runAsync(["budget", "--agent", "codex", "--format", "json"])
    expect(r.stderr).toBe("")
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.stdout)
    expect(doc).toMatchObject({ agent: "codex", title: "OpenAI Codex", limits: { budget_chars: 8000, context_tokens: null, max_description_chars: null }, manual_only: [], names_only: [] })
    expect(doc.limits.basis).toContain("documented fallback")
    expect(doc.skills.map((s: { name: string }) => s.name)).toEqual(["shared"])
    const sized = JSON.parse((await sb.runAsync(["budget", "--agent", "codex", "--context-tokens", "100000", "--format", "json"])).stdout)
    expect(sized.limits).toMatchObject({ budget_chars: 8000, context_tokens: 100000, basis: "2 % of a 100,000-token context window (--context-tokens) at 4 characters per token" })
    const kiro = await sb.runAsync(["budget", "--agent", "kiro"])
    expect(kiro.stdout).toContain("Kiro documents no listing budget")
  })

  it("skc prompt leaves a manual-only skill out; skc budget counts the same entries; prompt of it says why", async () => {
    const p = await sb.runAsync(["prompt"])
    expect(p.code).toBe(0)
    expect(p.stdout).toContain("<name>pdf</name>\n<description>Fill PDF forms. Use for invoices.</description>")
    expect(p.stdout).not.toContain("deploy")
    const b = JSON.parse((await sb.runAsync(["budget", "--format", "json"])).stdout)
    expect(b).toMatchObject({ agent: "claude", manual_only: ["deploy"], limits: { budget_chars: 8000 } })
    expect(b.skills.map((s: { name: string }) => s.name)).toEqual(["pdf"])
    const text = await sb.runAsync(["budget"])
    expect(text.stdout).toContain("manual only (not listed): deploy")
    const named = await sb.runAsync(["prompt", "deploy"])
    expect(named.code).not.toBe(0)
    expect(named.stderr).toContain("skill 'deploy' is manual only (disable-model-invocation: true): Claude Code never lists it to the model")
  })
})
