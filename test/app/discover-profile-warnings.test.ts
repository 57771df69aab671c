/**
 * `skc discover` says, beside each listed skill, what the agent's profile says of its fields (DECISIONS #51):
 * a value the agent misreads (SKL115: `context: forked` runs the skill inline) and a field that takes effect
 * only with another (SKL116: Claude's `agent` without `context: fork`). Discover listed such skills with no
 * warning while `skc lint` failed them; its text says "`skc lint` reports the same", so the wording is lint's.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { discoverCommand, discoverDocument } from "../../src/app/skills/discover.js"
import { lintSkills } from "../../src/app/lint/lint.js"
import { renderDiscover } from "../../src/render/protocol.js"
import { memoryWorld } from "../../src/testing.js"

const ok = <A, E>(r: Result.Result<A, E>): A => Result.getOrThrow(r)
const skill = (name: string, extra: string) => `---\nname: ${name}\ndescription: "Does ${name} things. Use when asked."\n${extra}---\n# ${name}\n`

const files = {
  "/proj/.git/HEAD": "ref: refs/heads/main\n",
  "/proj/.claude/skills/forked/SKILL.md": skill("forked", "context: forked\n"),
  "/proj/.claude/skills/lonely-agent/SKILL.md": skill("lonely-agent", "agent: Explore\n"),
  "/proj/.claude/skills/fine/SKILL.md": skill("fine", "context: fork\nagent: Explore\n"),
  "/proj/.agents/skills/forked/SKILL.md": skill("forked", "context: forked\n")
}

const SKL115 = { rule: "SKL115", name: "field-value", message: "context: must be one of fork, not 'forked' (claude)" }
const SKL116 = {
  rule: "SKL116",
  name: "field-combination",
  message: "'agent' has no effect without 'context: fork' (the subagent type of a forked skill); add 'context: fork' or remove 'agent' (claude)"
}

describe("discover --agent claude: SKL115/SKL116 warnings from the agent's profile (DECISIONS #51)", () => {
  it("SKL115 (a value Claude Code misreads) and SKL116 (agent without context: fork) are warnings on the skill, in JSON", async () => {
    const r = ok(await memoryWorld({ files }).run(discoverCommand({ agent: "claude" })))
    const warningsOf = (name: string) => r.skills.find((s) => s.name === name)?.warnings
    expect(warningsOf("forked")).toEqual([SKL115])
    expect(warningsOf("lonely-agent")).toEqual([SKL116])
    expect(warningsOf("fine")).toEqual([])
    const json = JSON.parse(JSON.stringify(discoverDocument(r))) as { skills: ReadonlyArray<{ name: string; warnings: ReadonlyArray<unknown> }> }
    expect(json.skills.find((s) => s.name === "forked")?.warnings).toEqual([SKL115])
  })

  it("the text lists them under Warnings as the others are listed", async () => {
    const text = renderDiscover(ok(await memoryWorld({ files }).run(discoverCommand({ agent: "claude" }))))
    expect(text).toContain("Warnings (loadable; `skc lint` reports the same):")
    expect(text).toContain(`    - SKL115 field-value: ${SKL115.message}`)
    expect(text).toContain(`    - SKL116 field-combination: ${SKL116.message}`)
  })

  it("a finding the agent's profile makes an error is marked as lint marks it (a probe: SKL107 for Codex read as a warning beside lint's error)", async () => {
    const long = `---\nname: longdesc\ndescription: ${"Charts CSV data. ".repeat(70).trim()} Use when asked.\n---\n# longdesc\n`
    const w = memoryWorld({ files: { ...files, "/proj/.agents/skills/longdesc/SKILL.md": long } })
    const text = renderDiscover(ok(await w.run(discoverCommand({ agent: "codex" }))))
    expect(text).toContain("Warnings (loadable; `skc lint` reports the same, as errors where marked):")
    const line = text.split("\n").find((l) => l.startsWith("    - SKL107 "))
    expect(line).toMatch(/ \(an error for codex: [^)]+/)
    // The same words as lint's error.
    const lint = ok(await w.run(lintSkills({ skill: "/proj/.agents/skills/longdesc", agent: "codex" })))
    const error = lint.reports[0]!.diagnostics.find((d) => d.rule === "SKL107")!
    expect(error.severity).toBe("error")
    expect(line!.endsWith(error.message.slice(error.message.indexOf(" (an error for ")))).toBe(true)
  })

  it("says what `skc lint --agent claude` says of the same skill", async () => {
    const w = memoryWorld({ files })
    const lint = ok(await w.run(lintSkills({ skill: "/proj/.claude/skills/lonely-agent", agent: "claude" })))
    const messages = JSON.stringify(lint)
    expect(messages).toContain(SKL116.message)
  })

  it("a skill Claude Code lists though the specification calls it invalid (no description) is warned of too", async () => {
    const r = ok(await memoryWorld({ files: { ...files, "/proj/.claude/skills/bare/SKILL.md": "---\nname: bare\ncontext: forked\n---\n# bare\n" } }).run(discoverCommand({ agent: "claude" })))
    expect(r.skills.find((s) => s.name === "bare")?.warnings).toContainEqual(SKL115)
  })

  it("an agent whose profile reads no such field (agentskills) is told nothing of Claude's", async () => {
    const r = ok(await memoryWorld({ files }).run(discoverCommand({ agent: "agentskills" })))
    const forked = r.skills.find((s) => s.name === "forked")
    expect(forked).toBeDefined()
    expect(forked!.warnings.filter((w) => w.rule === "SKL115" || w.rule === "SKL116")).toEqual([])
  })
})
