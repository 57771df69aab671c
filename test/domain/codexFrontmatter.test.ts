// OpenAI Codex's frontmatter repair (openai/codex PR #28628): `repair_frontmatter_scalar_fields` in
// codex-rs/skills/src/parser.rs and its cases in parser_tests.rs, read in the fork Jeremy-Hibiki/codex
// (parser.rs at commit 5fce6796f3ef267b7c8262fd6969949a80c10c38, parser_tests.rs at 11c75bd753e69aef13ff68d38ca4af35b57c9eed).
// The expected values are what Codex's code produces for each line.
import { describe, expect, it } from "vitest"
import { codexFrontmatter, codexRepairLines } from "../../src/domain/agents/codexFrontmatter.js"
import { validateSkillSource } from "../../src/domain/protocol/metadata.js"

const skill = (description: string) => `---\nname: demo\ndescription: ${description}\n---\nBody.\n`
const descriptionOf = (source: string) => {
  const r = codexFrontmatter(source)
  return r.frontmatter._tag === "Parsed" ? r.frontmatter.data.description : r.frontmatter._tag
}

describe("Codex's repair of frontmatter its YAML parser refuses (parser.rs repair_frontmatter_scalar_fields)", () => {
  it("a value starting with `[`, a backtick or `@` that is no YAML is read as its text, quoted", () => {
    expect(descriptionOf(skill("[WIP] Does things fast"))).toBe("[WIP] Does things fast")
    expect(descriptionOf(skill("`tool` does x"))).toBe("`tool` does x")
    expect(descriptionOf(skill("@scope/pkg helper"))).toBe("@scope/pkg helper")
    // The skill itself stays invalid for the specification's reader: these are YAML errors.
    expect(validateSkillSource(skill("[WIP] Does things fast"))._tag).toBe("Invalid")
    expect(validateSkillSource(skill("`tool` does x"))._tag).toBe("Invalid")
  })

  it("a value holding `:` and white space is quoted whole; a ` #` comment stays a comment, a tab counts as white space", () => {
    expect(descriptionOf(skill("Build for AWS: ECS deploys."))).toBe("Build for AWS: ECS deploys.")
    // The client guide's fallback (frontmatter.ts) would keep `# note` in the value; Codex splits it off first.
    expect(descriptionOf(skill("Use when: x # note"))).toBe("Use when: x")
    expect(descriptionOf(skill("a:\tb"))).toBe("a:\tb")
    // A single quote inside is doubled, so the text comes back as written.
    expect(descriptionOf(skill("It's here: now"))).toBe("It's here: now")
  })

  it("names the lines it re-quotes, with their file lines and the value read", () => {
    const r = codexFrontmatter(skill("[WIP] Does things fast"))
    expect(r.repaired).toEqual([{ key: "description", line: 3, value: "[WIP] Does things fast", why: "flow" }])
    expect(codexFrontmatter(skill("Build for AWS: ECS")).repaired).toEqual([{ key: "description", line: 3, value: "Build for AWS: ECS", why: "colon" }])
  })

  it("parser_tests.rs's cases: nested keys, unknown fields, block scalar bodies kept", () => {
    const lines = [
      "name: block",
      "description: |-",
      "  Build for AWS: ECS",
      "argument-hint: <duration: e.g. 7d>",
      "tags: [next,@supabase/ssr]",
      "metadata:",
      "  short-description: What's included: builds and tests"
    ]
    expect(codexRepairLines(lines)?.lines).toEqual([
      "name: block",
      "description: |-",
      "  Build for AWS: ECS",
      "argument-hint: '<duration: e.g. 7d>'",
      "tags: '[next,@supabase/ssr]'",
      "metadata:",
      "  short-description: 'What''s included: builds and tests'"
    ])
  })

  it("leaves alone what Codex leaves alone, and valid YAML is never repaired", () => {
    expect(codexRepairLines(["description: 'quoted: yes'", "url: http://x", "list: [a, b]", "key:value", "empty:", "note: # comment"])).toBeUndefined()
    // A flow map holds `: `, so its line is rewritten, but only when the whole frontmatter failed to parse.
    expect(codexRepairLines(["map: {a: 1}"])?.lines).toEqual(["map: '{a: 1}'"])
    expect(codexFrontmatter(skill("[a, b]")).repaired).toEqual([])
    expect(codexFrontmatter(skill("plain words")).repaired).toEqual([])
    expect(codexFrontmatter("---\nname: demo\ndescription: ok\nmap: {a: 1}\n---\n").repaired).toEqual([])
  })

  it("a flow map as description (which Codex's `Option<String>` refuses) is read as its text", () => {
    expect(descriptionOf(skill("{a: b}"))).toBe("{a: b}")
  })

  it("when the repaired YAML still fails, the original error stands", () => {
    const r = codexFrontmatter("---\nname: demo\ndescription: ok\n  bad: [\n---\n")
    expect(r.frontmatter._tag).toBe("Invalid")
    expect(r.repaired).toEqual([])
  })
})
