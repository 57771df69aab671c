/**
 * Issue 19: approval covers every skill file a tool's command names, not only
 * SKILL.md (tool-skills spec §6.3). A script edited after approval used to
 * run without asking.
 */
import { spawnSync } from "node:child_process"
import { appendFileSync, cpSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { namedFileCandidates } from "../../src/domain/tools/approval.js"
import { parseToolSkill } from "../../src/domain/tools/parse.js"
import { ROOT, sandbox } from "../helpers/cli.js"
import { writeScriptTool } from "../helpers/toolSkills.js"

const FIXTURES = join(ROOT, "test", "fixtures", "tool-skills")

describe("issue 19: approval scope", () => {
  it("editing a script the tool runs after approval asks again; re-approving runs it", () => {
    const sb = sandbox()
    const store = join(sb.home, ".skillc", "skills")
    mkdirSync(store, { recursive: true })
    cpSync(join(FIXTURES, "summarize"), join(store, "summarize"), { recursive: true })
    spawnSync("git", ["init", "-q", sb.work])
    expect(sb.run(["approve", "summarize"]).code).toBe(0)
    const args = ["run", "summarize", "summarize_url", "--arg", "url=x"]
    expect(sb.run(args).code).toBe(0)
    appendFileSync(join(store, "summarize", "scripts", "summarize.sh"), "\necho injected\n")
    const again = sb.run(args)
    expect(again.code).toBe(1)
    expect(again.stderr).toContain("changed since it was approved")
    expect(again.stdout).not.toContain("injected")
    expect(sb.run(["approve", "summarize"]).code).toBe(0)
    expect(sb.run(args).code).toBe(0)
  })

  /** A global skill `py` whose one tool runs `/bin/sh scripts/helper.sh` (its own file), in a git project, approved. */
  const approvedHelper = (script: string) => {
    const sb = sandbox()
    const dir = writeScriptTool(sb.home, { skill: "py", tool: "go", description: "Run a helper. Use when testing.", command: "/bin/sh scripts/helper.sh", scripts: { "helper.sh": script } })
    spawnSync("git", ["init", "-q", sb.work])
    expect(sb.run(["approve", "py"]).code).toBe(0)
    return { sb, dir }
  }

  it("a literal argument naming a skill file is covered too", () => {
    const { sb, dir } = approvedHelper("echo one\n")
    writeFileSync(join(dir, "scripts", "helper.sh"), "echo two\n")
    expect(JSON.parse(sb.run(["approve", "py", "--format", "json"]).stdout).previous).toBe("changed")
    expect(JSON.parse(sb.run(["approve", "py", "--format", "json"]).stdout).previous).toBe("approved")
  })

  it("the file that runs is the approved skill file, never the project's file of the same relative name", () => {
    const { sb } = approvedHelper("echo approved-helper\n")
    // The repository the user works in holds its own scripts/helper.sh: it must not run in the approved one's place.
    mkdirSync(join(sb.work, "scripts"), { recursive: true })
    writeFileSync(join(sb.work, "scripts", "helper.sh"), "echo NOT-APPROVED\n")
    const r = sb.run(["run", "py", "go", "--format", "json"])
    expect(r.code, r.stderr).toBe(0)
    const envelope = JSON.parse(r.stdout) as { output: string }
    expect(envelope.output).toContain("approved-helper")
    expect(envelope.output).not.toContain("NOT-APPROVED")
  })

  it("candidates: relative program, whole-literal relative words (bare names too) and an option's value after '='; never flags, absolute paths or interpolated text", () => {
    const parsed = parseToolSkill(
      "---\nname: a\ndescription: d\n---\n\n### t\n\nx\n\n#### Parameters\n\n| Name | Type | Required | Description |\n|---|---|---|---|\n| v | string | yes | v |\n\n#### Command\n\n```bash\n./run.sh lib/x.py --opt=./y /etc/z {{v}}/w plain\n```\n"
    )
    // `plain` may be a skill file (`node main.js`) and `--opt=./y` names one (a tool-skill probe); the caller keeps
    // those that are regular files inside the skill.
    expect(namedFileCandidates(parsed.skill.tools.map((t) => t.command))).toEqual(["./run.sh", "lib/x.py", "./y", "plain"])
  })
})
