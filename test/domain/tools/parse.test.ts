import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { parseMarkdownAst } from "../../../src/domain/markdown/ast.js"
import { splitLines } from "../../../src/domain/markdown/lines.js"
import type { Heading, MarkdownAst } from "../../../src/domain/markdown/model.js"
import { parseToolSkill, parseToolSkillFrom } from "../../../src/domain/tools/parse.js"

const FIXTURES = join(__dirname, "..", "..", "fixtures", "tool-skills")
const fixture = (name: string) => readFileSync(join(FIXTURES, name, "SKILL.md"), "utf8")

const skill = (frontmatter: string, body: string) => `---\n${frontmatter}\n---\n\n${body}`
const tool = (name: string, table: string, command: string) =>
  `### ${name}\n\nDoes things.\n\n#### Parameters\n\n${table}\n\n#### Command\n\n\`\`\`bash\n${command}\n\`\`\`\n`

describe("tool-skills spec §8 examples parse", () => {
  it("spec §8.1 git: three tools, default from a (default: X) note, boolean modifier", () => {
    const { skill: s, problems, declaresTools } = parseToolSkill(fixture("git"))
    expect(problems).toEqual([])
    expect(declaresTools).toBe(true)
    expect(s).toMatchObject({ name: "git", version: "1.0.0", author: "gibb.eri.sh", modes: ["Dev", "Global"], readOnly: false, alwaysAsk: false, timeoutSecs: 30, network: false })
    expect(s.tools.map((t) => t.name)).toEqual(["git_status", "git_log", "git_diff"])
    const [status, log, diff] = s.tools
    expect(status.parameters).toEqual([])
    expect(status.description).toBe("Show the current git status with short format.")
    expect(status.command).toMatchObject({ program: "git", args: [[{ _tag: "Literal", text: "status" }], [{ _tag: "Literal", text: "--short" }], [{ _tag: "Literal", text: "--branch" }]] })
    expect(log.parameters).toEqual([{ name: "count", type: "integer", typeText: "integer", required: false, description: "Number of commits (default: 10)", default: 10, line: 31 }])
    expect(log.command?.args[3]).toEqual([{ _tag: "Variable", name: "count", modifier: undefined }])
    expect(diff.command?.args[1]).toEqual([{ _tag: "Variable", name: "staged", modifier: "--staged" }])
  })

  it("spec §8.2 summarize and §8.3 deploy: flags and timeout from frontmatter", () => {
    const sum = parseToolSkill(fixture("summarize"))
    expect(sum.problems).toEqual([])
    expect(sum.skill).toMatchObject({ readOnly: true, network: true, timeoutSecs: 60, modes: ["Global"] })
    expect(sum.skill.tools[0].parameters[0]).toMatchObject({ name: "url", type: "string", required: true })
    const dep = parseToolSkill(fixture("deploy"))
    expect(dep.problems).toEqual([])
    expect(dep.skill).toMatchObject({ readOnly: false, alwaysAsk: true, timeoutSecs: 120, modes: ["Dev"] })
    expect(dep.skill.tools[0].command?.program).toBe("./scripts/deploy.sh")
  })
})

describe("tool-skills spec §2-3 parser details", () => {
  it("a Default column wins over a (default: X) note; types are coerced", () => {
    const src = skill(
      "name: t\nversion: 1.0.0\ndescription: d",
      tool("x", "| Name | Type | Required | Description | Default |\n|---|---|---|---|---|\n| n | integer | no | count (default: 3) | 7 |\n| tags | array | no | tags | a, b |\n| f | `boolean` | **no** | flag | true |", "echo {{n}} {{f:--f}} -- {{tags}}")
    )
    const { skill: s, problems } = parseToolSkill(src)
    expect(problems).toEqual([])
    expect(s.tools[0].parameters.map((p) => p.default)).toEqual([7, ["a", "b"], true])
  })

  it("defaults: frontmatter modes default to [Global], timeout to 30", () => {
    const { skill: s } = parseToolSkill(skill("name: t\nversion: 1.0.0\ndescription: d", tool("x", "None.", "true")))
    expect(s.modes).toEqual(["Global"])
    expect(s.timeoutSecs).toBe(30)
  })

  it("H3 sections without Command/Parameters are documentation, not tools", () => {
    const src = skill("name: t\nversion: 1.0.0\ndescription: d", "# T\n\n## About\n\n### Background\n\ntext\n\n" + tool("x", "None.", "true"))
    expect(parseToolSkill(src).skill.tools.map((t) => t.name)).toEqual(["x"])
  })

  it("a table inside a code block in the Parameters section is not read", () => {
    const src = skill("name: t\nversion: 1.0.0\ndescription: d", tool("x", "```\n| Name | Type |\n|---|---|\n| a | string |\n```", "true"))
    const r = parseToolSkill(src)
    expect(r.skill.tools[0].parameters).toEqual([])
  })

  it("collects every problem with its line (spec §9)", () => {
    const src = skill(
      "name: t\nversion: one\ndescription: d\ntimeout: 900\nmodes: [Dev, Office]\nread_only: yes-please",
      tool("Bad-Name", "| Name | Type | Required | Description |\n|---|---|---|---|\n| a | text | maybe | x |\n| b | string | yes | never used |", "run {{nope}} {{a:--x}}") +
        "\n" + tool("dup", "None.", "true") + "\n" + tool("dup", "None.", "echo a | wc")
    )
    const kinds = parseToolSkill(src).problems.map((p) => p.kind)
    expect(kinds).toEqual(expect.arrayContaining([
      "version-semver", "timeout-range", "modes", "field-type", "tool-name-format", "parameter-type",
      "parameter-table", "required-unused", "unknown-variable", "tool-name-duplicate", "command"
    ]))
  })

  it("a modifier on a non-boolean parameter is a problem", () => {
    const src = skill("name: t\nversion: 1.0.0\ndescription: d", tool("x", "| Name | Type | Required | Description |\n|---|---|---|---|\n| a | string | no | x |", "echo {{a:--a}}"))
    expect(parseToolSkill(src).problems.map((p) => p.kind)).toEqual(["modifier"])
  })

  it("no tools and no version are problems; a plain skill does not declare tools", () => {
    const r = parseToolSkill("---\nname: t\ndescription: d\n---\n\n# T\n\nText.\n")
    expect(r.declaresTools).toBe(false)
    expect(r.problems.map((p) => p.kind)).toEqual(["version-missing", "no-tools"])
    expect(parseToolSkill("---\nname: t\ndescription: d\ntimeout: 5\n---\n# T\n").declaresTools).toBe(true)
  })

  it("commands: continuation lines join, comments skip, two commands are refused", () => {
    const ok = parseToolSkill(skill("name: t\nversion: 1.0.0\ndescription: d", tool("x", "None.", "# a comment\ngit log \\\n  --oneline")))
    expect(ok.skill.tools[0].command?.args.length).toBe(2)
    const two = parseToolSkill(skill("name: t\nversion: 1.0.0\ndescription: d", tool("x", "None.", "git status\ngit log")))
    expect(two.problems[0]).toMatchObject({ kind: "command" })
    expect(two.problems[0].message).toContain("exactly one command")
  })

  it("description longer than 256 code points is a problem", () => {
    const r = parseToolSkill(skill(`name: t\nversion: 1.0.0\ndescription: ${"é".repeat(257)}`, tool("x", "None.", "true")))
    expect(r.problems.map((p) => p.kind)).toEqual(["description-length"])
    const ok = parseToolSkill(skill(`name: t\nversion: 1.0.0\ndescription: ${"é".repeat(256)}`, tool("x", "None.", "true")))
    expect(ok.problems).toEqual([])
  })
})

describe("hostile input: tool blocks are found in linear work", () => {
  /** parseToolSkillFrom on `count` H3s (every tenth a tool), counting the reads of the headings array. */
  const headingReads = (count: number) => {
    let body = "# T\n\n"
    for (let i = 0; i < count; i++) body += i % 10 === 0 ? tool(`t${i}`, "| Name | Type | Required | Description |\n|---|---|---|---|\n| a | string | no | x |", "echo {{a}}") : `### h${i}\n\ntext\n\n`
    const source = skill("name: many\ndescription: d\nversion: 1.0.0", body)
    const doc = parseMarkdownAst(source)
    let reads = 0
    const headings = new Proxy(doc.headings as Array<Heading>, {
      get: (target, key, receiver) => {
        if (typeof key === "string" && /^\d+$/.test(key)) reads++
        return Reflect.get(target, key, receiver)
      }
    })
    const parsed = parseToolSkillFrom({ ...doc, headings } as MarkdownAst, splitLines(source))
    expect(parsed.skill.tools).toHaveLength(count / 10)
    return reads
  }

  it("4× the H3 headings read the heading list at most 6× as often (each H3 once looked through every heading: 16×)", () => {
    const small = headingReads(500)
    const large = headingReads(2_000)
    expect(large / small).toBeLessThanOrEqual(6)
  })

  it("parseToolSkill reads the model lint reads: equal to remark's on the spec's examples", () => {
    for (const name of ["git", "summarize", "deploy"]) {
      const source = fixture(name)
      expect(parseToolSkill(source)).toEqual(parseToolSkillFrom(parseMarkdownAst(source), splitLines(source)))
    }
  })
})

describe("a tool skill whose frontmatter YAML does not parse", () => {
  // Found walking skc as a tool-skill author: with `version: [1.0.0` (a YAML
  // syntax error) `skc run` and MCP refused the tool for "missing 'version'",
  // a field that is there. The problem that stops the tools is the YAML error,
  // with the parser's line and column, as lint's SKL100 says it (DECISIONS #48).
  it("DECISIONS #48: the YAML error stops the tools, and 'version' is not said to be missing", () => {
    const r = parseToolSkill(skill("name: t\ndescription: d\nversion: [1.0.0", tool("x", "None.", "echo hi")))
    expect(r.problems.map((p) => p.kind)).toEqual(["frontmatter-invalid"])
    expect(r.problems[0]).toMatchObject({ line: 4, message: expect.stringMatching(/^invalid frontmatter YAML: .+ \(line 4, column \d+\)$/) })
  })
})
