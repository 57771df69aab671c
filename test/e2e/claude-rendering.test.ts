// What Claude Code does to the SKILL.md it loads, through the real executable and the SDK's own MCP
// client (src/domain/agents/claudeBody.ts; RFC-0001:C-STUB, RFC-0002:C-SHOW, docs/decisions.md P7): the
// build's warning, the substituted heading `show` finds, and the notes about `!` commands and
// `${CLAUDE_SKILL_DIR}` beside a section read on the CLI and over MCP.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectMcp, textOf, type McpSession } from "../helpers/mcpClient.js"

const SKILL = [
  "---",
  "name: deploy",
  "description: Deploy the application. Use when deploying.",
  "disable-model-invocation: true",
  "argument-hint: '[env]'",
  "---",
  "",
  "# Deploy $0",
  "",
  "Current branch: !`git branch --show-current`",
  "",
  "Then run `${CLAUDE_SKILL_DIR}/scripts/deploy.sh $0`.",
  ""
].join("\n")

describe("a skill written for Claude Code's rendering, read through skc", () => {
  const sb = sandbox()
  const dir = join(sb.work, ".skillc", "skills", "deploy")
  let mcp: McpSession

  beforeAll(async () => {
    mkdirSync(join(dir, "scripts"), { recursive: true })
    writeFileSync(join(dir, "SKILL.md"), SKILL)
    writeFileSync(join(dir, "scripts", "deploy.sh"), "#!/bin/sh\n")
    mcp = await connectMcp({ cwd: sb.work, home: sb.home })
  })
  afterAll(async () => {
    await mcp?.close()
  })

  it("skc build warns about the `!` command; skc show finds the heading as the stub hands it over, with both notes", async () => {
    const built = await sb.runAsync(["build", "deploy"])
    expect(built.code, built.stderr).toBe(0)
    expect(built.stderr).toContain("warning: deploy: SKILL.md has 1 shell command Claude Code runs when it loads the skill: 'git branch --show-current' (line 10)")
    const shown = await sb.runAsync(["show", "deploy", "--section", "Deploy staging"])
    expect(shown.code, shown.stderr).toBe(0)
    expect(shown.stdout).toBe(SKILL.slice(SKILL.indexOf("# Deploy $0")))
    expect(shown.stderr).toContain(`note: the skill's files this section names are in ${dir}: scripts/deploy.sh; call them by their path there (\${CLAUDE_SKILL_DIR} stands for that directory), from the directory you work in`)
    expect(shown.stderr).toContain("note: Claude Code runs the `!` commands of the SKILL.md it loads, and a skill skc built is loaded as its stub: this section's command has not run; run it where the section needs the output ('git branch --show-current')")
  })

  it("skc_show answers the same section and gives both notes as notices", async () => {
    const r = await mcp.call("skc_show", { skill: "deploy", section: "deploy production" })
    expect(r.isError, textOf(r)).toBeFalsy()
    expect(r.structuredContent).toMatchObject({ section: "Deploy $0", files_named: ["scripts/deploy.sh"], base_dir: dir })
    const notices = (r.structuredContent as { notices?: ReadonlyArray<string> }).notices ?? []
    expect(notices.some((n) => n.includes("stands for"))).toBe(true)
    expect(notices.some((n) => n.startsWith("Claude Code runs the `!` commands"))).toBe(true)
  })
})

describe("Markdown links written from ${CLAUDE_SKILL_DIR} (the skill's own directory, from its root)", () => {
  const sb = sandbox()
  const dir = join(sb.work, "skills", "runner")

  beforeAll(() => {
    mkdirSync(join(dir, "scripts"), { recursive: true })
    mkdirSync(join(dir, "references"), { recursive: true })
    writeFileSync(
      join(dir, "SKILL.md"),
      "---\nname: runner\ndescription: Run the checks. Use when checking.\n---\n# Runner\n\nSee [the guide](${CLAUDE_SKILL_DIR}/references/guide.md).\n"
    )
    // From a file under references/, the link is still from the root, not beside the file.
    writeFileSync(join(dir, "references", "guide.md"), "# Guide\n\nRun [the script](${CLAUDE_SKILL_DIR}/scripts/run.sh); never [this](${CLAUDE_SKILL_DIR}/../secret.md).\n")
    writeFileSync(join(dir, "scripts", "run.sh"), "echo checks\n")
    writeFileSync(join(sb.work, "skills", "secret.md"), "SECRET\n")
  })

  it("skc lint finds their files (no SKL301) and reports the one that climbs out once (SKL303)", async () => {
    const r = await sb.runAsync(["lint", dir])
    expect(r.stdout + r.stderr).not.toContain("SKL301")
    expect(r.stdout + r.stderr).not.toContain("SKL304")
    expect(r.stderr).toContain("references/guide.md:3:61 error[E300]: SKL303 link-no-escape: link escapes skill root: '${CLAUDE_SKILL_DIR}/../secret.md'")
    expect(r.code).toBe(1)
  })

  it("skc load follows them from the root, lists none as missing, and refuses the escape without reading it", async () => {
    const r = await sb.runAsync(["load", dir, "--depth", "2", "--format", "json"])
    expect(r.code, r.stderr).toBe(0)
    const doc = JSON.parse(r.stdout) as { parts: Array<{ path: string }>; missing: Array<unknown>; refused: Array<{ target: string; reason: string }> }
    expect(doc.parts.map((p) => p.path)).toEqual(["SKILL.md", "references/guide.md", "scripts/run.sh"])
    expect(doc.missing).toEqual([])
    expect(doc.refused).toEqual([{ target: "${CLAUDE_SKILL_DIR}/../secret.md", kind: "link", referenced_from: "references/guide.md", line: 3, reason: "path escapes the skill root" }])
    expect(r.stdout).not.toContain("SECRET")
  })

  it("skc load gives a SKILL.md reference the file's line, frontmatter counted, as lint does (it gave the body's)", async () => {
    const other = join(sb.work, "skills", "notes")
    mkdirSync(other, { recursive: true })
    writeFileSync(join(other, "SKILL.md"), "---\nname: notes\ndescription: Keep notes. Use when noting.\n---\n# Notes\n\nSee [gone](gone.md).\n")
    const r = await sb.runAsync(["load", other, "--format", "json"])
    expect(r.code, r.stderr).toBe(0)
    expect((JSON.parse(r.stdout) as { missing: Array<unknown> }).missing).toEqual([{ target: "gone.md", kind: "link", referenced_from: "SKILL.md", line: 7, reason: "no such file" }])
    const text = await sb.runAsync(["load", other])
    expect(text.stdout).toContain("missing: gone.md (SKILL.md:7)")
    expect((await sb.runAsync(["lint", other])).stderr).toContain("SKILL.md:7:5 error[E300]: SKL301")
  })

  it("a file named as @path (Claude Code's file reference) is followed by skc load, reached for lint and named by skc show", async () => {
    const at = join(sb.work, "skills", "styled")
    mkdirSync(join(at, "references"), { recursive: true })
    mkdirSync(join(at, "scripts"), { recursive: true })
    writeFileSync(join(at, "SKILL.md"), "---\nname: styled\ndescription: Write in house style. Use when writing.\n---\n# Styled\n\n## Writing\n\nFollow @references/style.md when writing; check with @scripts/check.py.\n")
    writeFileSync(join(at, "references", "style.md"), "# Style\n\nBe brief.\n")
    writeFileSync(join(at, "scripts", "check.py"), "print('ok')\n")
    const loaded = await sb.runAsync(["load", at, "--format", "json"])
    expect(loaded.code, loaded.stderr).toBe(0)
    expect((JSON.parse(loaded.stdout) as { parts: Array<{ path: string }> }).parts.map((p) => p.path)).toEqual(["SKILL.md", "references/style.md", "scripts/check.py"])
    const lint = await sb.runAsync(["lint", at])
    expect(lint.code, lint.stderr).toBe(0)
    expect(lint.stderr).not.toContain("SKL401")
    const shown = await sb.runAsync(["show", at, "--section", "Writing", "--format", "json"])
    expect(shown.code, shown.stderr).toBe(0)
    // The non-Markdown files a section names (docs/decisions.md P7): the script the agent runs.
    expect(JSON.parse(shown.stdout)).toMatchObject({ files_named: ["scripts/check.py"], base_dir: at })
  })
})
