/**
 * `skc lint --agent` end to end through bin/skc.mjs (issue 43; DECISIONS #51):
 * the strict profile fails an unknown field and says which profiles it used,
 * a Claude Code skill passes the default profile, an unknown profile is E100.
 */
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { writeTree } from "../helpers/tree.js"
import { base } from "../fixtures/lintRules.js"
import { ajv, reportSchema, sarifSchema } from "../fixtures/lintSchemas.js"

const sb = sandbox()
const CLAUDE_FIXTURE = join(__dirname, "..", "fixtures", "claude-code", "deep-research")

describe("skc lint --agent (issue 43, DECISIONS #51)", () => {
  it("DECISIONS #51 --agent agentskills --format json exits 1 on an unknown field and carries \"agents\"", async () => {
    writeTree(join(sb.work, "s", "demo"), { "SKILL.md": base("effort: high") })
    const r = await sb.runAsync(["lint", "s/demo", "--agent", "agentskills", "--format", "json"])
    expect(r.code).toBe(1)
    const doc = JSON.parse(r.stdout)
    expect(ajv.validate(reportSchema, doc), ajv.errorsText()).toBe(true)
    expect(doc.agents).toEqual(["agentskills"])
    expect(doc.diagnostics).toEqual([
      { rule: "SKL109", name: "frontmatter-known", severity: "error", file: "SKILL.md", line: 4, column: 1, message: "unknown frontmatter field 'effort' for agentskills (known to claude) (an error for agentskills: skills-ref: fields outside the specification's six fail)" }
    ])
  })

  it("DECISIONS #51 --agent agentskills refuses the YAML skills-ref (strictyaml) cannot read: flow lists and maps, anchors, aliases, tags (SKL118); claude does not", async () => {
    writeTree(join(sb.work, "s", "yamlish"), {
      "SKILL.md": "---\nname: yamlish\ndescription: &d Formats demo files. Use when the user asks for a demo.\nlicense: *d\ncompatibility: !!str needs git\nmetadata: {author: me}\n---\n\n# Yamlish\n\nBody.\n"
    })
    const strict = await sb.runAsync(["lint", "s/yamlish", "--agent", "agentskills", "--format", "json"])
    expect(strict.code).toBe(1)
    const found = (JSON.parse(strict.stdout).diagnostics as Array<{ rule: string; line: number; message: string }>).filter((d) => d.rule === "SKL118")
    expect(found.map((d) => [d.line, d.message.replace(/, which.*/, "")])).toEqual([
      [3, "frontmatter uses an anchor (&d)"],
      [4, "frontmatter uses an alias (*d)"],
      [5, "frontmatter uses an explicit tag (!!str)"],
      [6, "frontmatter uses a flow mapping ({…})"]
    ])
    const claude = await sb.runAsync(["lint", "s/yamlish", "--format", "json"])
    expect((JSON.parse(claude.stdout).diagnostics as Array<{ rule: string }>).filter((d) => d.rule === "SKL118")).toEqual([])
  })

  it("DECISIONS #51 --agent agentskills also refuses what skills-ref failed on beside those: a merge key, tabs outside quotes; a tab inside quotes passes", async () => {
    writeTree(join(sb.work, "s", "tabbed"), {
      "SKILL.md": "---\nname:\ttabbed\ndescription: Formats\tdemo files. Use when the user asks for a demo.\ncompatibility: \"needs\tgit\"\nmetadata:\n  <<: {}\n  author: me\n---\n\n# Tabbed\n\nBody.\n"
    })
    const strict = await sb.runAsync(["lint", "s/tabbed", "--agent", "agentskills", "--format", "json"])
    expect(strict.code).toBe(1)
    const found = (JSON.parse(strict.stdout).diagnostics as Array<{ rule: string; line: number; message: string }>).filter((d) => d.rule === "SKL118")
    expect(found.map((d) => [d.line, d.message.replace(/, which.*/, "")])).toEqual([
      [2, "frontmatter uses a tab character outside quotes"],
      [3, "frontmatter uses a tab character outside quotes"],
      [6, "frontmatter uses a merge key (<<)"],
      [6, "frontmatter uses a flow mapping ({…})"]
    ])
    const claude = await sb.runAsync(["lint", "s/tabbed", "--format", "json"])
    expect((JSON.parse(claude.stdout).diagnostics as Array<{ rule: string }>).filter((d) => d.rule === "SKL118")).toEqual([])
  })

  it("DECISIONS #51 the default profile (claude) passes a Claude Code skill: exit 0, agents [\"claude\"]", async () => {
    const text = await sb.runAsync(["lint", CLAUDE_FIXTURE])
    expect(text.code).toBe(0)
    expect(text.stdout.trim()).toBe("deep-research: 0 errors, 0 warnings")
    const json = await sb.runAsync(["lint", CLAUDE_FIXTURE, "--format", "json"])
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout)).toMatchObject({ skill: "deep-research", diagnostics: [], agents: ["claude"] })
  })

  it("DECISIONS #12, #51 SARIF carries the profiles in runs[0].properties.agents; text names them", async () => {
    const sarif = await sb.runAsync(["lint", CLAUDE_FIXTURE, "--agent", "claude,cursor", "--format", "sarif"])
    expect(sarif.code).toBe(0)
    const doc = JSON.parse(sarif.stdout)
    expect(ajv.validate(sarifSchema, doc), ajv.errorsText()).toBe(true)
    expect(doc.runs[0].properties).toEqual({ agents: ["claude", "cursor"] })
    const text = await sb.runAsync(["lint", CLAUDE_FIXTURE, "--agent", "claude,cursor"])
    expect(text.stdout.trim()).toBe("deep-research: 0 errors, 0 warnings (for claude, cursor)")
  })

  it("RFC-0005 an unknown --agent is E100 listing the known profiles", async () => {
    const r = await sb.runAsync(["lint", CLAUDE_FIXTURE, "--agent", "vim"])
    expect(r.code).not.toBe(0)
    expect(r.stderr).toContain("E100")
    expect(r.stderr).toContain("unknown agent 'vim' (known: claude, codex, copilot, cursor, gemini, kiro, opencode, trae, amp, agentskills)")
  })

  it("a [build] targets entry skc build refuses (an unknown name) is said, with the agents lint checked instead (sixty-second pass)", async () => {
    // A probe: `skc build` failed on `targets = ["claude", "bogus"]` while `skc lint` exited 0, silently checking claude only.
    const root = join(sb.root, "bogus-target")
    writeTree(root, { ".skillc/config.toml": '[build]\ntargets = ["claude", "bogus"]\n', ".skillc/skills/demo/SKILL.md": base("") })
    const r = await sb.runAsync(["lint", "demo", "--format", "json"], root)
    expect(r.code, r.stderr).toBe(0)
    expect(JSON.parse(r.stdout).agents).toEqual(["claude"])
    expect(r.stderr).toContain("unknown target 'bogus' in [build] targets of the configuration")
    expect(r.stderr).toContain("lint checks for claude")
    const built = await sb.runAsync(["build", "demo"], root)
    expect(built.code).not.toBe(0)
    expect(built.stderr).toContain("unknown target 'bogus'")
  })
})
