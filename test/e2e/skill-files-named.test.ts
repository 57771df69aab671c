// Where a built skill's scripts are (docs/decisions.md P7). The published
// pdf skill says "Run this script from this file's directory: `python
// scripts/extract_form_field_info.py …`"; a skill skc built is deployed as a
// stub alone (RFC-0001:C-OUTPUT forbids copying sources there), so an agent
// that read the section with `skc show` had no directory where the command
// works. `show` now names the skill's files the section mentions and the
// source directory they are in: on stderr after the section (stdout stays
// the section, RFC-0002:C-SHOW), in `--format json`, and over MCP as a block
// after the section and in the structured content; a team server (HTTP)
// names the skc_open call instead of a directory of the server.
import { mkdirSync, readdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectHttp, startHttpServer, type HttpServer } from "../helpers/httpServer.js"
import { connectMcp, textOf } from "../helpers/mcpClient.js"

const FORMS = [
  "# Forms",
  "",
  "## Fillable fields",
  "",
  "- Run this script from this file's directory: `python scripts/extract_fields.py <input.pdf> <fields.json>`.",
  "- Then fill them: `python scripts/fill_fields.py <input.pdf> <values.json> <output.pdf>`.",
  "- The layout rules are in [reference.md](reference.md); a missing helper: scripts/nowhere.py.",
  "",
  "## Checking",
  "",
  "Look at every page before sending it.",
  ""
].join("\n")

/** The forms skill: SKILL.md, forms.md (FORMS), reference.md and the two scripts forms.md names. */
const writeFormsSkill = (dir: string) => {
  mkdirSync(join(dir, "scripts"), { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), "---\nname: forms\ndescription: Fill PDF forms. Use when a PDF form must be filled.\n---\n# PDF forms\n\nRead forms.md.\n")
  writeFileSync(join(dir, "forms.md"), FORMS)
  writeFileSync(join(dir, "reference.md"), "# Reference\n\nRules.\n")
  writeFileSync(join(dir, "scripts", "extract_fields.py"), "print('fields')\n")
  writeFileSync(join(dir, "scripts", "fill_fields.py"), "print('filled')\n")
}

describe("show names the skill's files a section mentions (P7)", () => {
  const sb = sandbox()
  const source = join(sb.work, ".skillc", "skills", "forms")
  let http: HttpServer | undefined
  beforeAll(async () => {
    writeFormsSkill(source)
    const built = await sb.runAsync(["build", "forms"])
    expect(built.code, built.stderr).toBe(0)
  }, 60_000)
  afterAll(async () => {
    await http?.stop()
  })

  it("the deployed folder holds the stub alone: the scripts are only in the source directory", () => {
    expect(readdirSync(join(sb.work, ".skillc", "runtime", "forms")).sort()).toEqual([".skillc-meta", "SKILL.md"])
  })

  it("CLI text: stdout is the section as in the file; stderr says where its scripts are, Markdown and missing files left out", async () => {
    const r = await sb.runAsync(["show", "forms", "--section", "Fillable fields"])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toBe(FORMS.split("\n").slice(2, 8).join("\n") + "\n")
    expect(r.stderr).toBe(
      `note: the skill's files this section names are in ${source}: scripts/extract_fields.py, scripts/fill_fields.py; call them by their path there, from the directory you work in (the deployed skill's folder holds its stub alone)\n`
    )
    // A section that names no file of the skill: nothing on stderr.
    const plain = await sb.runAsync(["show", "forms", "--section", "Checking"])
    expect(plain.code).toBe(0)
    expect(plain.stderr).toBe("")
  })

  it("CLI JSON: files_named and base_dir beside DECISIONS #36's fields, only when the section names a file", async () => {
    const r = await sb.runAsync(["show", "forms", "--section", "Fillable fields", "--format", "json"])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).toBe("")
    expect(JSON.parse(r.stdout)).toMatchObject({
      skill: "forms",
      file: "forms.md",
      files_named: ["scripts/extract_fields.py", "scripts/fill_fields.py"],
      base_dir: source
    })
    const plain = JSON.parse((await sb.runAsync(["show", "forms", "--section", "Checking", "--format", "json"])).stdout) as Record<string, unknown>
    expect(Object.keys(plain).sort()).toEqual(["content", "end_line", "file", "section", "skill", "start_line", "truncated"])
  })

  it("a section naming a script through `skill_dir=\"<path-to-skill>\"` then `$skill_dir/…`, or claude.ai's /mnt/skills/… path, names it too (an agent's probe of vercel's deploy skill)", async () => {
    const dir = join(sb.work, ".skillc", "skills", "ship")
    mkdirSync(join(dir, "resources"), { recursive: true })
    writeFileSync(join(dir, "resources", "run.sh"), "echo deploy\n")
    writeFileSync(
      join(dir, "SKILL.md"),
      "---\nname: ship\ndescription: Ships apps. Use when shipping.\n---\n# Ship\n\n## Fallback\n\n```bash\nskill_dir=\"<path-to-skill>\"\nbash \"$skill_dir/resources/run.sh\"\n```\n\n## Hosted\n\nRun `bash /mnt/skills/user/ship/resources/run.sh`.\n\n## Dir only\n\nSet `skill_dir=\"<path-to-skill>\"` first.\n"
    )
    expect((await sb.runAsync(["build", "ship"])).code).toBe(0)
    for (const section of ["Fallback", "Hosted"]) {
      const doc = JSON.parse((await sb.runAsync(["show", "ship", "--section", section, "--format", "json"])).stdout) as Record<string, unknown>
      expect(doc, section).toMatchObject({ files_named: ["resources/run.sh"], base_dir: dir })
    }
    // `<path-to-skill>` alone stands for the directory: base_dir, as ${CLAUDE_SKILL_DIR} gets.
    const only = JSON.parse((await sb.runAsync(["show", "ship", "--section", "Dir only", "--format", "json"])).stdout) as Record<string, unknown>
    expect(only.base_dir).toBe(dir)
  })

  it("open of a Markdown file says the same on stderr and in JSON; stdout stays the file's bytes; other files get no note", async () => {
    const r = await sb.runAsync(["open", "forms", "forms.md"])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toBe(FORMS)
    expect(r.stderr).toBe(
      `note: the skill's files this file names are in ${source}: scripts/extract_fields.py, scripts/fill_fields.py; call them by their path there, from the directory you work in (the deployed skill's folder holds its stub alone)\n`
    )
    const json = JSON.parse((await sb.runAsync(["open", "forms", "forms.md", "--format", "json"])).stdout) as Record<string, unknown>
    expect(json).toMatchObject({ path: "forms.md", files_named: ["scripts/extract_fields.py", "scripts/fill_fields.py"], base_dir: source })
    const script = await sb.runAsync(["open", "forms", "scripts/fill_fields.py"])
    expect(script.stdout).toBe("print('filled')\n")
    expect(script.stderr).toBe("")
    const skillMd = await sb.runAsync(["open", "forms", "SKILL.md", "--format", "json"])
    expect(Object.keys(JSON.parse(skillMd.stdout) as object).sort()).toEqual(["content", "path", "skill", "truncated"])
  })

  it("MCP over stdio: the section, then a block naming the directory; the structured content has both", async () => {
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home })
    try {
      const r = await mcp.call("skc_show", { skill: "forms", section: "Fillable fields" })
      expect(r.isError, JSON.stringify(r)).toBeFalsy()
      expect(textOf(r)).toBe(FORMS.split("\n").slice(2, 8).join("\n") + "\n")
      const note = `the skill's files this section names are in ${source} (base_dir): scripts/extract_fields.py, scripts/fill_fields.py; call them by their path there, from the directory you work in (the deployed skill's folder holds its stub alone)`
      expect(r.content[1]).toEqual({ type: "text", text: note })
      expect(r.structuredContent).toMatchObject({ files_named: ["scripts/extract_fields.py", "scripts/fill_fields.py"], base_dir: source, notices: [note] })
      const plain = await mcp.call("skc_show", { skill: "forms", section: "Checking" })
      expect(plain.content).toHaveLength(1)
      expect(plain.structuredContent).not.toHaveProperty("base_dir")
      const opened = await mcp.call("skc_open", { skill: "forms", path: "forms.md" })
      expect(textOf(opened)).toBe(FORMS)
      expect(opened.content[1]).toEqual({ type: "text", text: note.replace("this section names", "this file names") })
      expect(opened.structuredContent).toMatchObject({ files_named: ["scripts/extract_fields.py", "scripts/fill_fields.py"], base_dir: source })
    } finally {
      await mcp.close()
    }
  }, 60_000)

  it("MCP over HTTP (a team server): no path of the server; the skc_open that reads the script instead", async () => {
    http = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", sb.work] })
    const client = await connectHttp(`${http.base}/mcp`)
    try {
      const r = (await client.callTool({ name: "skc_show", arguments: { skill: "forms", section: "Fillable fields" } })) as {
        content: Array<{ type: string; text?: string }>
        structuredContent?: Record<string, unknown>
      }
      const note = `the skill's files this section names (scripts/extract_fields.py, scripts/fill_fields.py) are on the team server, not this machine; read one with: skc_open skill="forms" path="scripts/extract_fields.py"`
      expect(r.content[1]).toEqual({ type: "text", text: note })
      expect(r.structuredContent).toMatchObject({ files_named: ["scripts/extract_fields.py", "scripts/fill_fields.py"], notices: [note] })
      expect(r.structuredContent).not.toHaveProperty("base_dir")
      expect(JSON.stringify(r)).not.toContain(sb.work)
    } finally {
      await client.close()
    }
  }, 60_000)
})

// A skill installed in an agent directory and not built by skc (DECISIONS #38) is read where it is: its
// folder is the one the agent loaded, scripts included, so the note must not say it holds a stub alone.
describe("a skill read where it is (.claude/skills, not built by skc): the note names its folder, no stub", () => {
  const sb = sandbox()
  const installed = join(sb.work, ".claude", "skills", "forms")
  beforeAll(() => writeFormsSkill(installed))

  it("CLI show and open: the folder and its files, without the stub's words; JSON carries no more keys", async () => {
    const note = `note: the skill's files this section names are in ${installed}: scripts/extract_fields.py, scripts/fill_fields.py; call them by their path there, from the directory you work in\n`
    const r = await sb.runAsync(["show", "forms", "--section", "Fillable fields"])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).toBe(note)
    const opened = await sb.runAsync(["open", "forms", "forms.md"])
    expect(opened.stderr).toBe(note.replace("this section names", "this file names"))
    const json = JSON.parse((await sb.runAsync(["show", "forms", "--section", "Fillable fields", "--format", "json"])).stdout) as Record<string, unknown>
    expect(Object.keys(json).sort()).toEqual(["base_dir", "content", "end_line", "file", "files_named", "section", "skill", "start_line", "truncated"])
    expect(json["base_dir"]).toBe(installed)
  }, 60_000)

  it("MCP: the block after the section says the same", async () => {
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home })
    try {
      const r = await mcp.call("skc_show", { skill: "forms", section: "Fillable fields" })
      expect(r.isError, JSON.stringify(r)).toBeFalsy()
      const note = `the skill's files this section names are in ${installed} (base_dir): scripts/extract_fields.py, scripts/fill_fields.py; call them by their path there, from the directory you work in`
      expect(r.content[1]).toEqual({ type: "text", text: note })
      expect(r.structuredContent).toMatchObject({ base_dir: installed, notices: [note] })
    } finally {
      await mcp.close()
    }
  }, 60_000)
})
