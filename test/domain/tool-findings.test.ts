/**
 * Where and how two tool-skill findings speak (issue 50, QA from Neovim):
 * SKL512 is at the line holding the shell operator, not at the opening
 * fence (the editor underlined the fence); SKL502 quotes `version` as the
 * file writes it (YAML reads `1.0` as the number 1, and the message said
 * "version '1'").
 */
import { describe, expect, it } from "vitest"
import { configureRules, runRules } from "../../src/domain/lint/runner.js"
import { RULES } from "../../src/domain/lint/registry.js"
import { makeSnapshot } from "../../src/domain/lint/snapshot.js"

const lint = (source: string) => {
  const entries = [{ path: "SKILL.md", type: "file" as const }]
  const snapshot = makeSnapshot({ dirName: "git", entries, markdownFiles: [{ path: "SKILL.md", source }] })
  return runRules(snapshot, configureRules(RULES, {}).rules)
}

const skill = (version: string, command: ReadonlyArray<string>) =>
  ["---", "name: git", `version: ${version}`, "description: Git history. Use when the user asks about commits.", "---", "", "### git_log", "", "Recent commits.", "", "#### Command", "", "```bash", ...command, "```", ""].join("\n")

describe("SKL512 tool-command-valid: at the offending line", () => {
  it("a pipe in a one-line command is reported on that line, not the fence's", () => {
    const source = skill("1.0.0", ["git log | head"])
    const lines = source.split("\n")
    const [found] = lint(source).filter((d) => d.rule === "SKL512")
    expect(found!.message).toContain("shell operator '|'")
    expect(lines[found!.line - 1]).toBe("git log | head")
  })

  it("in a command continued with \\, the line that holds the pipe", () => {
    const source = skill("1.0.0", ["# the history", "git log \\", "  --oneline \\", "  | head"])
    const lines = source.split("\n")
    const [found] = lint(source).filter((d) => d.rule === "SKL512")
    expect(lines[found!.line - 1]).toBe("  | head")
  })

  it("a problem of no one character (two commands) stays at the block", () => {
    const source = skill("1.0.0", ["git log", "git status"])
    const [found] = lint(source).filter((d) => d.rule === "SKL512")
    expect(source.split("\n")[found!.line - 1]).toBe("```bash")
  })
})

describe("SKL502 tool-version-semver: the version as written", () => {
  it.each([
    ["1.0", "version '1.0' is not a semver version"],
    ["2  # major only", "version '2' is not a semver version"],
    ['"1.0"', "version '1.0' is not a semver version"],
    ["1.0.0", undefined]
  ])("version: %s", (written, message) => {
    const found = lint(skill(written, ["git log"])).filter((d) => d.rule === "SKL502")
    if (message === undefined) expect(found).toEqual([])
    else expect(found.map((d) => d.message)).toEqual([expect.stringContaining(message)])
  })
})

describe("tool-skills spec §Parsing: shell features mean something else without a shell (a hostile tool-skill probe)", () => {
  it("a '#' beginning a word (a comment) and an expansion inside double quotes are SKL512; quoted, or inside a word, they are text", () => {
    const messages = (command: string) => lint(skill("1.0.0", [command])).filter((d) => d.rule === "SKL512").map((d) => d.message)
    expect(messages("./scripts/args.sh -- {{v}} # comment {{w}}")).toEqual([expect.stringContaining("a '#' beginning a word begins a shell comment")])
    expect(messages('./scripts/args.sh -- "$HOME" {{v}}')).toEqual([expect.stringContaining("shell expansion '$H…' inside double quotes is not supported")])
    expect(messages('./scripts/args.sh "`date`"')).toEqual([expect.stringContaining("shell expansion '`' inside double quotes")])
    expect(messages("./scripts/args.sh '#general' 'cost: $5' issue#12 {{v}}")).toEqual([])
  })
})
