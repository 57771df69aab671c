/**
 * Issue 43 item 3 / DECISIONS #51 end to end through bin/skc.mjs: `skc budget
 * --agent codex --format json` models Codex's listing (2 % of the window or
 * its 8,000-character fallback, .agents/skills), and `skc prompt` leaves a
 * manual-only Claude Code skill out of <available_skills>, as `skc budget`
 * does of its cost.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs"
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
    expect(doc).toMatchObject({ agent: "codex", title: "OpenAI Codex", limits: { budget_chars: 8000, context_tokens: null, max_description_chars: 1024 }, manual_only: [], names_only: [] })
    expect(doc.limits.basis).toContain("documented fallback")
    expect(doc.skills.map((s: { name: string }) => s.name)).toEqual(["shared"])
    const sized = JSON.parse((await sb.runAsync(["budget", "--agent", "codex", "--context-tokens", "100000", "--format", "json"])).stdout)
    expect(sized.limits).toMatchObject({
      budget_tokens: 2000,
      budget_chars: 8000,
      context_tokens: 100000,
      basis: "2 % of a 100,000-token context window (--context-tokens), in tokens (each entry's UTF-8 bytes ÷ 4, rounded up)"
    })
    const kiro = await sb.runAsync(["budget", "--agent", "kiro"])
    expect(kiro.stdout).toContain("Kiro documents no listing budget")
  })

  it("skc prompt leaves a manual-only skill out; skc budget counts the same entries; prompt of it says why", async () => {
    const p = await sb.runAsync(["prompt"])
    expect(p.code).toBe(0)
    expect(p.stdout).toBe("- pdf: Fill PDF forms. - Use for invoices.\n")
    expect(p.stdout).not.toContain("deploy")
    const b = JSON.parse((await sb.runAsync(["budget", "--format", "json"])).stdout)
    expect(b).toMatchObject({ agent: "claude", manual_only: ["deploy"], limits: { budget_chars: 30000 } })
    expect(b.skills.map((s: { name: string }) => s.name)).toEqual(["pdf"])
    const text = await sb.runAsync(["budget"])
    expect(text.stdout).toContain("manual only (not listed): deploy")
    const named = await sb.runAsync(["prompt", "deploy"])
    expect(named.code).not.toBe(0)
    expect(named.stderr).toContain("skill 'deploy' is manual only (disable-model-invocation: true): Claude Code never lists it to the model")
  })

  it("skc budget/prompt --agent codex: Codex's order and lines, its agents/openai.yaml policy, descriptions shortened then skills left out past a budget in tokens", async () => {
    const home = sandbox()
    for (const [name, text] of [
      ["zulu", "Zulu handles the last case of the alphabet when asked about it."],
      ["bravo", "Bravo handles the second case of the alphabet when asked about it."],
      ["hidden", "Only a person calls this one."]
    ]) put(join(home.work, `.agents/skills/${name}/SKILL.md`), SKILL(name!, text!))
    put(join(home.work, ".agents/skills/hidden/agents/openai.yaml"), "policy:\n  allow_implicit_invocation: false\n")
    const whole = JSON.parse((await home.runAsync(["budget", "--agent", "codex", "--format", "json"])).stdout)
    expect(whole).toMatchObject({ layout: "codex", manual_only: ["hidden"], truncated: [], omitted: [], used_tokens: null })
    expect(whole.skills.map((s: { name: string }) => s.name)).toEqual(["bravo", "zulu"])
    // Each entry costs its line, the SKILL.md's path below its skills directory (r0, in Codex's table of roots) included.
    expect(whole.skills[0].entry_chars).toBe("- bravo: Bravo handles the second case of the alphabet when asked about it. (file: r0/bravo/SKILL.md)\n".length)
    // The sandbox's paths vary in length, so the budgets are set from the lines: each whole line's tokens
    // (ASCII: its characters ÷ 4, rounded up), and the bare line (without the description and its space).
    const tokensOf = (s: { entry_chars: number }) => Math.ceil(s.entry_chars / 4)
    const bareTokens = (s: { entry_chars: number; text_chars: number }) => Math.ceil((s.entry_chars - s.text_chars - 1) / 4)
    const wholeTokens = tokensOf(whole.skills[0]) + tokensOf(whole.skills[1])
    // Five tokens short of the whole lines, far above the bare ones: every description is shortened.
    const shortBy5 = String((wholeTokens - 5) * 50)
    const cut = JSON.parse((await home.runAsync(["budget", "--agent", "codex", "--context-tokens", shortBy5, "--format", "json"])).stdout)
    expect(cut.limits).toMatchObject({ budget_tokens: wholeTokens - 5 })
    expect(cut.truncated).toEqual(["bravo", "zulu"])
    expect(cut).toMatchObject({ names_only: [], omitted: [] })
    expect(cut.used_tokens).toBeLessThanOrEqual(wholeTokens - 5)
    expect(cut.used_tokens).toBeGreaterThan(wholeTokens - 10)
    const text = await home.runAsync(["budget", "--agent", "codex", "--context-tokens", shortBy5])
    expect(text.stdout).toContain(`budget: ${wholeTokens - 5} tokens`)
    expect(text.stdout).toContain("shortened to fit the budget: bravo, zulu")
    const prompt = await home.runAsync(["prompt", "--agent", "codex", "--context-tokens", shortBy5])
    expect(prompt.code).toBe(0)
    // Codex's own lines (codexPrompt.ts), each description cut alike.
    expect(prompt.stdout).toMatch(/^- bravo: Bravo handles[^\n(]* \(file: r0\/bravo\/SKILL\.md\)$/m)
    expect(prompt.stdout).not.toContain("the second case of the alphabet when asked about it.")
    expect(prompt.stdout).not.toContain("hidden")
    // Room for the first bare line only: the other skill is left out, and the model never sees it.
    const oneBare = String(bareTokens(whole.skills[0]) * 50)
    const tight = JSON.parse((await home.runAsync(["budget", "--agent", "codex", "--context-tokens", oneBare, "--format", "json"])).stdout)
    expect(tight).toMatchObject({ names_only: ["bravo"], omitted: ["zulu"] })
    expect(tight.skills.map((s: { listed: string }) => s.listed)).toEqual(["name-only", "omitted"])
    const seen = await home.runAsync(["prompt", "--agent", "codex", "--context-tokens", oneBare])
    expect(seen.stdout).toContain("- bravo: (file: r0/bravo/SKILL.md)")
    expect(seen.stdout).not.toContain("zulu")
    const manual = await home.runAsync(["prompt", "--agent", "codex", "hidden"])
    expect(manual.code).not.toBe(0)
    expect(manual.stderr).toContain("skill 'hidden' is manual only (policy.allow_implicit_invocation: false in agents/openai.yaml)")
  })

  it("skc discover --agent codex walks grouping folders on a real tree: links back up and to themselves are read once, a broken one reported, never a hang", async () => {
    const home = sandbox()
    const skills = join(home.work, ".agents/skills")
    put(join(skills, "team/deploy/SKILL.md"), SKILL("deploy", "Deploy the service."))
    mkdirSync(join(home.work, ".git"))
    symlinkSync("..", join(skills, "team/up"))
    symlinkSync(".", join(skills, "self"))
    symlinkSync(join(home.work, "nowhere"), join(skills, "broken"))
    const r = await home.runAsync(["discover", "--agent", "codex", "--format", "json"])
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.stdout)
    expect(doc.skills.map((s: { name: string; path: string }) => [s.name, s.path])).toEqual([["deploy", join(skills, "team/deploy/SKILL.md")]])
    expect(doc.invalid.map((s: { problems: Array<string> }) => s.problems[0])).toEqual([expect.stringContaining("broken symlink")])
    expect(doc.project_root).toEqual({ path: home.work, marker: ".git", found: true })
  })

  it("skc build for Codex warns that agents/openai.yaml is not deployed (RFC-0001:C-OUTPUT: the runtime holds only the stub); for Claude Code it says nothing", async () => {
    const home = sandbox()
    put(join(home.work, ".skillc/skills/notes/SKILL.md"), SKILL("notes", "Writes release notes. Use when the user asks for release notes."))
    put(join(home.work, ".skillc/skills/notes/agents/openai.yaml"), "policy:\n  allow_implicit_invocation: false\n")
    const codex = await home.runAsync(["build", "notes", "--target", "codex"])
    expect(codex.code, codex.stderr).toBe(0)
    expect(codex.stderr).toContain("warning: notes: agents/openai.yaml is not deployed (the runtime holds only the stub, RFC-0001:C-OUTPUT): Codex reads the deployed skill, so its policy and interface do not apply there")
    // What Codex then sees, and skc reports: the skill listed to the model.
    const found = JSON.parse((await home.runAsync(["discover", "--agent", "codex", "--format", "json"])).stdout)
    expect(found.skills.find((s: { name: string }) => s.name === "notes").listing.model).toBe(true)
    const claude = await home.runAsync(["build", "notes", "--target", "claude"])
    expect(claude.code).toBe(0)
    expect(claude.stderr).not.toContain("openai.yaml")
  })
})
