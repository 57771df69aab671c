/**
 * `skc prompt --agent gemini|opencode|codex` prints the block of skills in
 * the agent's own layout (src/domain/agents/geminiPrompt.ts,
 * opencodePrompt.ts, codexPrompt.ts), and `--format json`'s `xml` is that
 * block as the model receives it: a description's `&` and `<b>` as written
 * where Gemini CLI and OpenCode write them so, a `'` in the path escaped by
 * OpenCode alone; Codex's lines name the SKILL.md by its root's alias.
 * Claude Code's are its `- dir: text` lines (test/e2e/claude-real-listing.test.ts
 * holds them against its recorded listing); the specification's profile
 * keeps the client guide's `<available_skills>` XML.
 */
import { cpSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

describe("skc prompt in each agent's own layout", () => {
  const sb = sandbox()
  // A working directory whose path holds a `'`, which OpenCode escapes in a location.
  const cwd = join(sb.work, "it's")
  const skills = join(cwd, ".agents", "skills")
  const pdf = join(skills, "pdf", "SKILL.md")
  beforeAll(() => {
    mkdirSync(join(skills, "pdf"), { recursive: true })
    writeFileSync(pdf, `---\nname: pdf\ndescription: "Fill <b>forms</b> & sign them."\n---\n\n# PDF\n`)
  })

  it("gemini: # Available Agent Skills, indented elements, nothing escaped; JSON's xml the same block", async () => {
    const r = await sb.runAsync(["prompt", "--agent", "gemini"], cwd)
    expect(r.code, r.stderr).toBe(0)
    const block =
      "# Available Agent Skills\n\n" +
      "You have access to the following specialized skills. To activate a skill and receive its detailed instructions, call the `activate_skill` tool with the skill's name.\n\n" +
      `<available_skills>\n  <skill>\n    <name>pdf</name>\n    <description>Fill <b>forms</b> & sign them.</description>\n    <location>${pdf}</location>\n  </skill>\n</available_skills>`
    expect(r.stdout).toBe(`${block}\n`)
    const json = JSON.parse((await sb.runAsync(["prompt", "--agent", "gemini", "--format", "json"], cwd)).stdout)
    expect(json.xml).toBe(block)
  })

  it("opencode: its two sentences, indented elements, the location alone escaped", async () => {
    const r = await sb.runAsync(["prompt", "--agent", "opencode"], cwd)
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toBe(
      "Skills provide specialized instructions and workflows for specific tasks.\n" +
        "Use the skill tool to load a skill when a task matches its description.\n" +
        `<available_skills>\n  <skill>\n    <name>pdf</name>\n    <description>Fill <b>forms</b> & sign them.</description>\n    <location>${pdf.replaceAll("'", "&#39;")}</location>\n  </skill>\n</available_skills>\n`
    )
  })

  it("codex: ## Skills, the root r0, the line skc budget counts", async () => {
    const r = await sb.runAsync(["prompt", "--agent", "codex"], cwd)
    expect(r.code, r.stderr).toBe(0)
    const line = "- pdf: Fill <b>forms</b> & sign them. (file: r0/pdf/SKILL.md)"
    expect(r.stdout).toBe(`## Skills\n### Skill roots\n- \`r0\` = \`${skills}\`\n### Available skills\n${line}\n`)
    const json = JSON.parse((await sb.runAsync(["prompt", "--agent", "codex", "--format", "json"], cwd)).stdout)
    expect(json.roots).toEqual([skills])
    expect(json.skills).toEqual([{ name: "pdf", description: "Fill <b>forms</b> & sign them.", location: pdf, file: "r0/pdf/SKILL.md" }])
    const budget = JSON.parse((await sb.runAsync(["budget", "--agent", "codex", "--format", "json"], cwd)).stdout)
    expect(budget.skills[0].entry_chars).toBe(line.length + 1)
  })

  it("claude: Claude Code's own lines (`- dir: text`, values as they are); the specification's profile keeps the escaped XML", async () => {
    mkdirSync(join(cwd, ".claude", "skills", "pdf"), { recursive: true })
    writeFileSync(join(cwd, ".claude", "skills", "pdf", "SKILL.md"), `---\nname: pdf\ndescription: "Fill <b>forms</b> & sign them."\n---\n\n# PDF\n`)
    const r = await sb.runAsync(["prompt", "--agent", "claude"], cwd)
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toBe("- pdf: Fill <b>forms</b> & sign them.\n")
    mkdirSync(join(cwd, ".agents", "skills"), { recursive: true })
    cpSync(join(cwd, ".claude", "skills", "pdf"), join(cwd, ".agents", "skills", "pdf"), { recursive: true })
    const spec = await sb.runAsync(["prompt", "--agent", "agentskills"], cwd)
    expect(spec.stdout).toContain("<available_skills>\n<skill>\n<name>pdf</name>\n<description>Fill &lt;b&gt;forms&lt;/b&gt; &amp; sign them.</description>\n")
  })
})
