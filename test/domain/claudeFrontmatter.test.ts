// Claude Code's second reading of a frontmatter its YAML parser refuses (src/domain/agents/claudeFrontmatter.ts,
// observed with Claude Code 2.1.332: test/fixtures/claude-listing/frontmatter-repair) and its `paths` patterns
// (src/domain/agents/claudePaths.ts). DECISIONS #51: a profile reads what its agent reads.
import { describe, expect, it } from "vitest"
import { claudeFrontmatter, claudeReading } from "../../src/domain/agents/claudeFrontmatter.js"
import { claudePaths, narrowsFiles } from "../../src/domain/agents/claudePaths.js"

const skill = (...lines: ReadonlyArray<string>) => ["---", ...lines, "---", "# Body", ""].join("\n")
const dataOf = (source: string) => {
  const fm = claudeFrontmatter(source).frontmatter
  return fm._tag === "Parsed" ? fm.data : undefined
}

describe("claudeFrontmatter", () => {
  it("quotes the values its documentation writes and reads them as text", () => {
    expect(dataOf(skill("name: ship", "description: Ship it.", "argument-hint: [env] [version]", "disable-model-invocation: true"))).toEqual({
      name: "ship",
      description: "Ship it.",
      "argument-hint": "[env] [version]",
      "disable-model-invocation": true
    })
    expect(dataOf(skill("name: w", "description: [WIP] Generate charts"))?.description).toBe("[WIP] Generate charts")
    expect(dataOf(skill("name: a", "description: @team helper"))?.description).toBe("@team helper")
    expect(dataOf(skill("name: c", "description: Triggers include: X, Y"))?.description).toBe("Triggers include: X, Y")
    // Starts with a quote but does not end with one: not "already quoted"; the quotes are escaped.
    expect(dataOf(skill('name: q', 'description: "[WIP]" and more words'))?.description).toBe('"[WIP]" and more words')
  })

  it("the retry quotes every such line: a valid flow list beside a broken line becomes text, and is reported", () => {
    const source = skill("name: t", "description: Tools.", "allowed-tools: [Read, Write]", "argument-hint: [a] [b]", "model: sonnet")
    expect(dataOf(source)?.["allowed-tools"]).toBe("[Read, Write]")
    expect(claudeReading(source).issues.map((i) => [i.line, i.blocking])).toEqual([
      [4, false],
      [5, false]
    ])
  })

  it("a line the quotes do not change is not reported; parsed YAML is read as written", () => {
    const source = skill("name: t", "description: [x] y", "allowed-tools: Bash(git:*)")
    expect(claudeReading(source).issues.map((i) => i.line)).toEqual([3])
    const valid = skill("name: v", "description: Fine.", "allowed-tools: [Read]")
    expect(claudeFrontmatter(valid).repaired).toEqual([])
    expect(dataOf(valid)?.["allowed-tools"]).toEqual(["Read"])
  })

  it("a line ending in \\r is not quoted (Claude Code's pattern stops there); a key written twice: the last value", () => {
    const crlf = ["---", "name: c", "description: [WIP] x", "---", "# Body", ""].join("\r\n")
    expect(claudeFrontmatter(crlf).frontmatter._tag).toBe("Invalid")
    const twice = skill("name: d", "description: First.", "description: Second.")
    expect(dataOf(twice)?.description).toBe("Second.")
    expect(claudeReading(twice).issues.map((i) => [i.line, i.blocking, i.message.includes("Claude Code reads the last value")])).toEqual([[4, false, true]])
  })

  it("what the retry cannot fix stays refused (Claude Code then loads empty metadata); indented lines are left alone", () => {
    const broken = skill("name: b", "description: ok", "metadata:", "  x: [a] [b]")
    expect(claudeFrontmatter(broken).frontmatter._tag).toBe("Invalid")
    expect(claudeFrontmatter(["---", "name: u", "description: [x] y", "# no closing line"].join("\n")).frontmatter._tag).toBe("Invalid")
  })
})

describe("claudePaths", () => {
  it("splits at commas outside braces and expands each brace group; white space stays in a pattern", () => {
    expect(claudePaths("docs/My Notes/**, src/**/*.{ts, tsx}")).toEqual(["docs/My Notes/**", "src/**/*.ts", "src/**/*.tsx"])
    expect(claudePaths("{a,b}/{c,d}")).toEqual(["a/c", "a/d", "b/c", "b/d"])
    expect(claudePaths(["lib/**", "src/*.{js,mjs}", 3])).toEqual(["lib/**", "src/*.js", "src/*.mjs"])
    expect(claudePaths(true)).toEqual([])
  })

  it("stops expanding past 65,536 patterns and keeps the value's parts as written", () => {
    const groups = Array.from({ length: 17 }, () => "{a,b}").join("")
    expect(claudePaths(groups)).toEqual([groups])
  })

  it("a value of thousands of one-word groups is expanded or kept as written, never overflowing the stack (Claude Code 2.1.217)", () => {
    // 6,000 groups (18 KB) threw "Maximum call stack size exceeded": E999 from discover, budget, match and lint.
    for (const n of [6_000, 21_000]) {
      const bomb = "{a}".repeat(n)
      expect(claudePaths(bomb)).toEqual([bomb])
    }
    expect(claudePaths(`src/${"{a}".repeat(2_000)}.ts`)).toEqual([`src/${"a".repeat(2_000)}.ts`])
    expect(claudePaths("{a,b}{c}{d,e}")).toEqual(["acd", "ace", "bcd", "bce"])
  })

  it("every pattern '**' applies everywhere: not conditional", () => {
    expect(narrowsFiles(claudePaths("**"))).toBe(false)
    expect(narrowsFiles(claudePaths("**, src/**"))).toBe(true)
    expect(narrowsFiles([])).toBe(false)
  })
})
