// `skc tools` text: a parameter's Values and Pattern columns (docs/tool-skills.md, issue 45 item 1) are
// listed with its type, as the JSON definitions carry them as `enum` and `pattern`.
import { describe, expect, it } from "vitest"
import { parseToolSkill } from "../../src/domain/tools/parse.js"
import { toolListing } from "../../src/domain/tools/manifest.js"
import { renderTools } from "../../src/render/tools.js"
import type { ToolsResult } from "../../src/app/tools/tools.js"

const SKILL = `---
name: git-tags
version: 1.0.0
description: Lists git tags. Use when asked about tags.
read_only: true
---

# Git Tags

### show_tag

Show one tag.

#### Parameters

| Name | Type | Required | Description | Values | Pattern |
|------|------|----------|-------------|--------|---------|
| tag | string | yes | The tag | | v[0-9][0-9.]* |
| style | string | no | Output style | oneline, short, full | |
| paths | array | no | Paths to show | | [a-z/]+ |

#### Command

\`\`\`bash
git show --format={{style}} {{tag}} -- {{paths}}
\`\`\`
`

describe("skc tools text (renderTools)", () => {
  it("lists each parameter's allowed values and pattern, which skc run checks before anything runs", () => {
    const { skill, problems } = parseToolSkill(SKILL)
    expect(problems).toEqual([])
    const result = {
      skill: "git-tags", version: "1.0.0", description: "Lists git tags.", mode: "Global", modes: ["Global"], available: true,
      trust: "user", approval: "approved", timeout: 30, network: false,
      tools: skill.tools.map((t) => ({ ...toolListing(skill, t), errors: [] }))
    } as unknown as ToolsResult
    const text = renderTools(result)
    expect(text).toContain("    tag (string, required, pattern: v[0-9][0-9.]*): The tag\n")
    expect(text).toContain("    style (string, optional, values: oneline, short, full): Output style\n")
    expect(text).toContain("    paths (array, optional, pattern: [a-z/]+): Paths to show\n")
  })
})

describe("skc approve text (renderApprove)", () => {
  // Found walking skc as a tool-skill author: approving again after editing only a script said "changed since
  // the last approval", but approving twice said "(SKILL.md unchanged)", as if the scripts were not covered.
  // The approval hashes SKILL.md and every file its tools run (docs/tool-skills.md, "Trust and approval").
  it("an approval that changed nothing names everything it covers", async () => {
    const { renderApprove } = await import("../../src/render/tools.js")
    const text = renderApprove({
      skill: "s", path: "/s", sha256: "0".repeat(64), previous: "approved", approved_at: "", tools: ["t"], store: "/a.json", declarations: [],
      commands: [{ tool: "t", command: "./scripts/t.sh" }]
    })
    expect(text.split("\n")[0]).toBe("Skill 's' was already approved (neither SKILL.md nor a file its tools run changed).")
  })
})
