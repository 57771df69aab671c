/**
 * OpenAI Codex repairs frontmatter YAML refuses before giving up (openai/codex PR #28628, first in
 * Codex 0.142.0; repair_frontmatter_scalar_fields in codex-rs/skills/src/parser.rs): `skc discover`,
 * `budget` and `prompt --agent codex` list such a skill with the value Codex reads and a warning naming
 * the repair, and `skc lint --agent codex` makes it a warning; other profiles keep the YAML error.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

const DESCRIPTIONS = {
  wip: "[WIP] Does things fast",
  tool: "`tool` does x",
  aws: "Build for AWS: ECS deploys."
} as const

describe("Codex's frontmatter repair (openai/codex PR #28628)", () => {
  const sb = sandbox()
  for (const [name, description] of Object.entries(DESCRIPTIONS)) {
    const dir = join(sb.work, ".agents", "skills", name)
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "SKILL.md"), `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n\nBody.\n`)
  }

  it("discover --agent codex lists each skill with the value Codex reads, warning about the repair", async () => {
    const r = await sb.runAsync(["discover", "--agent", "codex", "--format", "json"])
    expect(r.code, r.stderr).toBe(0)
    const doc = JSON.parse(r.stdout) as {
      skills: ReadonlyArray<{ name: string; description: string; warnings: ReadonlyArray<{ rule: string; message: string }> }>
      invalid: ReadonlyArray<unknown>
    }
    expect(doc.invalid).toEqual([])
    expect(doc.skills.map((s) => [s.name, s.description])).toEqual([
      ["aws", DESCRIPTIONS.aws],
      ["tool", DESCRIPTIONS.tool],
      ["wip", DESCRIPTIONS.wip]
    ])
    for (const s of doc.skills) {
      expect(s.warnings.map((w) => w.rule)).toEqual(["SKL100"])
      expect(s.warnings[0]!.message).toContain("OpenAI Codex re-quotes it before giving up (openai/codex PR #28628")
    }
  })

  it("budget and prompt --agent codex count and list them as Codex does", async () => {
    const budget = JSON.parse((await sb.runAsync(["budget", "--agent", "codex", "--format", "json"])).stdout) as { skills: ReadonlyArray<{ name: string; description_chars: number }> }
    expect(budget.skills.map((s) => [s.name, s.description_chars])).toEqual([
      ["aws", DESCRIPTIONS.aws.length],
      ["tool", DESCRIPTIONS.tool.length],
      ["wip", DESCRIPTIONS.wip.length]
    ])
    const prompt = JSON.parse((await sb.runAsync(["prompt", "--agent", "codex", "--format", "json"])).stdout) as { skills: ReadonlyArray<{ name: string; description: string }> }
    expect(prompt.skills.map((s) => s.description)).toEqual([DESCRIPTIONS.aws, DESCRIPTIONS.tool, DESCRIPTIONS.wip])
  })

  it("the specification's profile keeps the YAML errors: `[WIP] …` and a backtick are invalid", async () => {
    const doc = JSON.parse((await sb.runAsync(["discover", "--agent", "agentskills", "--format", "json"])).stdout) as {
      skills: ReadonlyArray<{ name: string }>
      invalid: ReadonlyArray<{ path: string; problems: ReadonlyArray<string> }>
    }
    expect(doc.skills.map((s) => s.name)).toEqual(["aws"])
    expect(doc.invalid.map((s) => s.problems[0])).toEqual([expect.stringContaining("invalid frontmatter YAML"), expect.stringContaining("invalid frontmatter YAML")])
  })

  it("lint --agent codex warns, naming Codex's repair; --agent claude and codex,claude keep the error", async () => {
    const wip = join(".agents", "skills", "wip")
    const codex = await sb.runAsync(["lint", wip, "--agent", "codex"])
    expect(codex.code, codex.stdout + codex.stderr).toBe(0)
    const out = codex.stdout + codex.stderr
    expect(out).toMatch(/warning\[W300\]: SKL100 frontmatter-valid: the value of 'description' \(line 3\) starts with '\[' and is not valid YAML: OpenAI Codex re-quotes it/)
    expect(out).toContain('reads "[WIP] Does things fast"')
    for (const agents of ["claude", "codex,claude"]) {
      const other = await sb.runAsync(["lint", wip, "--agent", agents])
      expect(other.code).toBe(1)
      expect(other.stdout + other.stderr).toContain("error[E300]: SKL100 frontmatter-valid: invalid frontmatter YAML")
    }
  })
})
