/**
 * `skc prompt`'s block in each agent's own layout (renderPromptBlock,
 * src/domain/protocol/prompt.ts), byte for byte as the agent's code writes
 * it for the same skills; and `skc budget` counts the very entries the block
 * holds. A description with `&`, `<`, `'` and a line break shows who
 * escapes what.
 */
import { describe, expect, it } from "vitest"
import { profileOf } from "../../src/domain/agents/index.js"
import { listingLimits } from "../../src/domain/protocol/budget.js"
import type { DiscoveredSkill } from "../../src/domain/protocol/discovery.js"
import { modelListing } from "../../src/domain/protocol/listing.js"
import { renderPromptBlock, type PromptSkill } from "../../src/domain/protocol/prompt.js"

const HOSTILE = "Fill <b>forms</b> & sign\nthem, it's quick."
const SKILLS: ReadonlyArray<PromptSkill> = [
  { name: "pdf", description: HOSTILE, location: "/home/u/.agents/skills/pdf/SKILL.md" },
  { name: "git", description: "Git helper.", location: "/w/it's/.agents/skills/git/SKILL.md" }
]

describe("the block each agent puts in its prompt", () => {
  it("Gemini CLI: heading, sentence, indented elements, nothing escaped", () => {
    // google-gemini/gemini-cli packages/core/src/prompts/snippets.ts renderAgentSkills (Gemini 3 models; 0.61.0's bundle alike):
    // `# Available Agent Skills`, the sentence with formatToolName(ACTIVATE_SKILL_TOOL_NAME), `  <skill>` / `    <name>${skill.name}</name>` …, `.trim()`.
    expect(renderPromptBlock("gemini", SKILLS)).toBe(
      "# Available Agent Skills\n" +
        "\n" +
        "You have access to the following specialized skills. To activate a skill and receive its detailed instructions, call the `activate_skill` tool with the skill's name.\n" +
        "\n" +
        "<available_skills>\n" +
        "  <skill>\n    <name>pdf</name>\n    <description>Fill <b>forms</b> & sign\nthem, it's quick.</description>\n    <location>/home/u/.agents/skills/pdf/SKILL.md</location>\n  </skill>\n" +
        "  <skill>\n    <name>git</name>\n    <description>Git helper.</description>\n    <location>/w/it's/.agents/skills/git/SKILL.md</location>\n  </skill>\n" +
        "</available_skills>"
    )
  })

  it("OpenCode 1.18.33: two sentences, indented elements, the location alone escaped with &#39;", () => {
    // OpenCode 1.18.33's binary: SystemPrompt.skills joins "Skills provide …", "Use the skill tool …" and Skill.fmt(list, {verbose: true})
    // with "\n"; fmt writes "<available_skills>", per skill "  <skill>", `    <name>${name}</name>`, `    <description>${description}</description>`,
    // `    <location>${escape(location)}</location>`, "  </skill>", then "</available_skills>"; escape maps ' to &#39;.
    expect(renderPromptBlock("opencode", SKILLS)).toBe(
      "Skills provide specialized instructions and workflows for specific tasks.\n" +
        "Use the skill tool to load a skill when a task matches its description.\n" +
        "<available_skills>\n" +
        "  <skill>\n    <name>pdf</name>\n    <description>Fill <b>forms</b> & sign\nthem, it's quick.</description>\n    <location>/home/u/.agents/skills/pdf/SKILL.md</location>\n  </skill>\n" +
        "  <skill>\n    <name>git</name>\n    <description>Git helper.</description>\n    <location>/w/it&#39;s/.agents/skills/git/SKILL.md</location>\n  </skill>\n" +
        "</available_skills>"
    )
  })

  it("Codex: ## Skills, the table of roots, the lines; a name-only entry bare", () => {
    // openai/codex codex-rs/core-skills/src/render.rs: render_available_skills_body pushes "## Skills", "### Skill roots" and
    // build_skill_root_lines' "- `r{index}` = `{root}`", "### Available skills" and the skill lines ("- {name}: {description} (file: {path})",
    // "- {name}: (file: {path})" without a description).
    const codex: ReadonlyArray<PromptSkill> = [
      { name: "pdf", description: "Fill <b>forms</b> & sign them.", location: "/p/.agents/skills/pdf/SKILL.md", file: "r0/pdf/SKILL.md" },
      { name: "zed", description: null, location: "/home/u/.agents/skills/zed/SKILL.md", file: "r1/zed/SKILL.md" }
    ]
    expect(renderPromptBlock("codex", codex, ["/p/.agents/skills", "/home/u/.agents/skills"])).toBe(
      "## Skills\n" +
        "### Skill roots\n" +
        "- `r0` = `/p/.agents/skills`\n" +
        "- `r1` = `/home/u/.agents/skills`\n" +
        "### Available skills\n" +
        "- pdf: Fill <b>forms</b> & sign them. (file: r0/pdf/SKILL.md)\n" +
        "- zed: (file: r1/zed/SKILL.md)"
    )
  })

  it("Claude Code: its own lines, values as they are; a name-only entry its name alone", () => {
    expect(renderPromptBlock("claude", SKILLS.slice(1))).toBe("- git: Git helper.")
    expect(renderPromptBlock("claude", [{ ...SKILLS[1]!, description: null }, { ...SKILLS[1]!, name: "x", line: "- x (y): As listed." }])).toBe("- git\n- x (y): As listed.")
  })

  it("the agents without a documented layout: <available_skills> XML, values escaped", () => {
    for (const layout of [undefined, "copilot"] as const) {
      expect(renderPromptBlock(layout, SKILLS.slice(1))).toBe(
        "<available_skills>\n<skill>\n<name>git</name>\n<description>Git helper.</description>\n<location>/w/it&apos;s/.agents/skills/git/SKILL.md</location>\n</skill>\n</available_skills>\n"
      )
    }
  })

  it("no skill: no block, whatever the agent", () => {
    for (const layout of ["gemini", "opencode", "codex", "claude", undefined] as const) expect(renderPromptBlock(layout, [], ["/r"])).toBe("")
  })
})

const discovered = (root: string, name: string, description: string): DiscoveredSkill =>
  ({
    name,
    description,
    dir: `${root}/${name}`,
    path: `${root}/${name}/SKILL.md`,
    root,
    scope: "project",
    listing: { model: true, command: true, text: description, when_to_use: null, paths: null },
    allowed_tools: null,
    warnings: []
  }) as unknown as DiscoveredSkill

describe("skc budget counts what skc prompt prints (raw values where the agent writes them raw)", () => {
  for (const agent of ["gemini", "opencode", "codex"] as const) {
    it(agent, () => {
      const profile = profileOf(agent)
      const listing = modelListing(profile, listingLimits(profile, {}), [discovered("/w/it's/.agents/skills", "pdf", "Fill <b>forms</b> & sign them, it's quick.")])
      const e = listing.entries[0]!
      const block = renderPromptBlock(
        profile.listing.layout,
        [{ name: e.name, description: e.text, location: e.location, ...(e.file === undefined ? {} : { file: e.file }) }],
        listing.roots
      )
      // The entry the budget counts, with its newline, is in the block as it stands.
      const counted = block.split("\n").filter((l) => l.includes("pdf") || l.startsWith("  <") || l.startsWith("    <"))
      expect(counted.join("\n").length + 1).toBe(e.entry_chars)
      expect(block).toContain("Fill <b>forms</b> & sign them, it's quick.")
    })
  }
})
