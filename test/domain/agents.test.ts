/**
 * The agent profiles (DECISIONS #51, #53; issue 43): data that other modules
 * read, so their invariants are tested here, and docs/agents.md is their
 * generated rendering.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { renderAgentsDoc } from "../../src/domain/agents/docs.js"
import { fieldValueProblem, booleanValue } from "../../src/domain/agents/fieldValue.js"
import { fieldKeys, PROFILE_NAMES, PROFILES, profilesForTargets, sharedDirReaders } from "../../src/domain/agents/index.js"
import type { AgentProfile } from "../../src/domain/agents/profile.js"
import { fieldValueProblems } from "../../src/domain/lint/rules/skl115-field-value.js"
import { listingFacts } from "../../src/domain/agents/listing.js"
import { claude } from "../../src/domain/agents/claude.js"
import { cursor } from "../../src/domain/agents/cursor.js"
import { copilot } from "../../src/domain/agents/copilot.js"
import { AGENT_SKILL_DIRS, parseTargets } from "../../src/domain/targets.js"

describe("DECISIONS #51 agent profiles", () => {
  it("one profile per --agent word, in PROFILE_NAMES order, each fact with a source", () => {
    expect(PROFILES.map((p) => p.name)).toEqual([...PROFILE_NAMES])
    for (const p of PROFILES) {
      expect(p.dirs.project.length, p.name).toBeGreaterThan(0)
      expect(p.dirs.user.length, p.name).toBeGreaterThan(0)
      expect(p.dirs.source.length, p.name).toBeGreaterThan(0)
      expect(p.listing.source.length, p.name).toBeGreaterThan(0)
      for (const f of p.fields) expect(f.source.length, `${p.name}.${f.name}`).toBeGreaterThan(0)
      expect(new Set(p.fields.map((f) => f.name)).size, p.name).toBe(p.fields.length)
    }
  })

  it("docs/agents.md is the generated rendering (run `npm run docs:agents`)", () => {
    const committed = readFileSync(join(__dirname, "..", "..", "docs", "agents.md"), "utf8")
    expect(committed).toBe(renderAgentsDoc(PROFILES))
  })

  it("Claude's documented fields and values (code.claude.com/docs/en/skills)", () => {
    const names = claude.fields.map((f) => f.name)
    for (const f of ["when_to_use", "argument-hint", "arguments", "disable-model-invocation", "user-invocable", "disallowed-tools", "model", "effort", "context", "agent", "background", "hooks", "paths", "shell"]) {
      expect(names).toContain(f)
    }
    const kind = (n: string) => claude.fields.find((f) => f.name === n)!.value
    expect(fieldValueProblem(kind("context"), "fork")).toBeUndefined()
    expect(fieldValueProblem(kind("context"), "forked")).toMatch(/must be one of fork/)
    expect(fieldValueProblem(kind("effort"), "extreme")).toMatch(/low, medium, high, xhigh, max/)
    expect(fieldValueProblem(kind("shell"), "zsh")).toMatch(/bash, powershell/)
    expect(fieldValueProblem(kind("disable-model-invocation"), "yes")).toBeUndefined()
    expect(fieldValueProblem(kind("disable-model-invocation"), "maybe")).toMatch(/true or false/)
    // CHANGELOG 2.1.47: `argument-hint: [topic: foo | bar]` parses as a list holding a map; Claude Code coerces it to a string.
    expect(fieldValueProblem(kind("argument-hint"), [{ topic: "foo | bar" }])).toBeUndefined()
    expect(fieldValueProblem(kind("argument-hint"), ["issue-number"])).toBeUndefined()
    // A list holding a non-string names the item, not "not a list" of a list.
    expect(fieldValueProblem(kind("allowed-tools"), ["Read", 1, null])).toBe("must be a string or a list of strings: item 2 is 1")
    expect(fieldValueProblem(kind("paths"), ["src/**", null])).toMatch(/: item 2 is null$/)
    expect(fieldValueProblem(kind("hooks"), { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./check.sh" }] }] })).toBeUndefined()
    expect(fieldValueProblem(kind("hooks"), { PreToolUse: { command: "x" } })).toMatch(/list of matchers/)
    expect(fieldValueProblem(kind("hooks"), { BeforeTool: [] })).toMatch(/unknown hook event 'BeforeTool'/)
    expect(fieldValueProblem(kind("hooks"), { Stop: [{ hooks: [{ type: "command" }] }] })).toMatch(/non-empty 'command'/)
    // CHANGELOG 2.1.118: hooks that call an MCP tool; 2.1.139: the exec form's `args`.
    expect(fieldValueProblem(kind("hooks"), { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "mcp_tool", server: "guard", tool: "check" }] }] })).toBeUndefined()
    expect(fieldValueProblem(kind("hooks"), { Stop: [{ hooks: [{ type: "command", command: "./lint", args: ["--fix", "${file}"] }] }] })).toBeUndefined()
    expect(fieldValueProblem(kind("hooks"), { Stop: [{ hooks: [{ type: "command", command: "./lint", args: "--fix" }] }] })).toMatch(/'args' must be a list of strings/)
    expect(fieldValueProblem(kind("hooks"), { Stop: [{ hooks: [{ type: "webhook" }] }] })).toMatch(/one of command, prompt, agent, http, mcp_tool, not 'webhook'/)
  })

  it("Claude's keys read in kebab-case, snake_case and camelCase (CHANGELOG 2.1.186)", () => {
    const keys = (n: string) => fieldKeys(claude.fields.find((f) => f.name === n)!)
    expect(keys("display-name")).toEqual(["display-name", "display_name", "displayName"])
    expect(keys("default-enabled")).toEqual(["default-enabled", "default_enabled", "defaultEnabled"])
    expect(keys("fallback")).toEqual(["fallback"])
    // Every other field is read under its one name.
    expect(claude.fields.filter((f) => f.spellings !== undefined).map((f) => f.name)).toEqual(["display-name", "default-enabled"])
  })

  it("a value is checked under every spelling of its key and reported under the key written (SKL115)", () => {
    const spelled: AgentProfile = { ...claude, name: "claude", fields: [{ name: "go-fast", spellings: ["go_fast", "goFast"], value: { kind: "boolean" }, summary: "s", source: "t" }] }
    expect(fieldValueProblems({ goFast: "maybe", "go-fast": true }, [spelled])).toEqual([{ field: "goFast", path: [], atKey: false, message: "goFast: must be true or false, not 'maybe' (claude)" }])
  })

  it("booleans as Claude Code reads them: true/false, yes/no, on/off, 1/0 in any case (CHANGELOG 2.1.218)", () => {
    expect([true, "yes", "On", "TRUE", 1, "1"].map((v) => booleanValue(v))).toEqual([true, true, true, true, true, true])
    expect([false, "no", "off", 0, "0"].map((v) => booleanValue(v))).toEqual([false, false, false, false, false])
    expect(booleanValue("sometimes")).toBeUndefined()
  })

  it("Claude's listing: manual only, command menu, when_to_use joined by ` - ` (Claude Code 2.1.332), paths conditional", () => {
    const f = listingFacts(claude, { "disable-model-invocation": true, "user-invocable": "no", when_to_use: "Use when deploying.", paths: "src/**/*.ts, lib/**" }, "Deploys.")
    expect(f).toEqual({ model: false, command: false, text: "Deploys. - Use when deploying.", when_to_use: "Use when deploying.", paths: ["src/**/*.ts", "lib/**"] })
    expect(listingFacts(claude, {}, "Plain.")).toEqual({ model: true, command: true, text: "Plain.", when_to_use: null, paths: null })
    // Cursor reads only true/false: `yes` is no boolean there, so the skill stays listed (and lint says SKL115).
    expect(listingFacts(cursor, { "disable-model-invocation": "yes" }, "C.").model).toBe(true)
    expect(listingFacts(cursor, { "disable-model-invocation": true }, "C.").model).toBe(false)
  })

  // A profile probe against VS Code's documentation ("Use skills as slash commands"): Copilot honours
  // `disable-model-invocation`; skc listed such a skill to Copilot's model and called the field unknown.
  it("GitHub Copilot: disable-model-invocation makes a skill manual-only; its documented fields are known", () => {
    expect(listingFacts(copilot, { "disable-model-invocation": true }, "C.").model).toBe(false)
    expect(listingFacts(copilot, {}, "C.").model).toBe(true)
    expect(copilot.fields.map((f) => f.name)).toEqual(["disable-model-invocation", "user-invocable", "argument-hint", "context"])
  })
})

describe("DECISIONS #53 the shared .agents/skills directory", () => {
  it("is read by codex, copilot, gemini, opencode and amp; not by claude; the strict profile is never implied", () => {
    expect(sharedDirReaders().map((p) => p.name)).toEqual(["codex", "copilot", "gemini", "opencode", "amp"])
  })
  it("is the build target `agents`, at both levels", () => {
    expect(AGENT_SKILL_DIRS.agents).toEqual({ user: ".agents/skills", project: ".agents/skills" })
    const parsed = parseTargets("agents,claude", {})
    expect("targets" in parsed && parsed.targets.map((t) => [t.label, t.agent])).toEqual([["agents", "agents"], ["claude", "claude"]])
    expect(AGENT_SKILL_DIRS.agentskills).toBeUndefined()
  })
  it("lint profiles of build targets: `agents` stands for its readers, paths for none, nothing for claude", () => {
    expect(profilesForTargets([]).map((p) => p.name)).toEqual(["claude"])
    expect(profilesForTargets(["./dir"]).map((p) => p.name)).toEqual(["claude"])
    expect(profilesForTargets(["claude", "agents"]).map((p) => p.name)).toEqual(["claude", "codex", "copilot", "gemini", "opencode", "amp"])
  })
})
