// Issue 46 item 5: the small things a new user notices, each fixed and
// pinned here: plurals, the stub's reference label, help text without
// internal references, E100 quoting, README's MCP tool list, lint on the
// `skc init` template (SKL106), one SKL402 line per fact, and a warning
// for SKILLC_HOME naming a `.skillc` directory.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { commandSpecs, mcpCommandSpecs } from "../../src/commands/index.js"
import { ROOT, sandbox, skcAsync } from "../helpers/cli.js"

const skill = (dir: string, md: string, files: Record<string, string> = {}) => {
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), md)
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, ".."), { recursive: true })
    writeFileSync(join(dir, rel), text)
  }
}
const GOOD = "---\nname: one\ndescription: Fills PDF forms. Use when asked to fill a PDF form.\n---\n# One\n\nSee [the guide](references/guide.md).\n"

describe("issue 46 item 5: the small things", () => {
  it("plurals: '1 skill listed' (budget) and 'evals/ (1 file)' (sources)", async () => {
    const sb = sandbox()
    skill(join(sb.work, ".claude", "skills", "one"), GOOD, { "references/guide.md": "# Guide\n", "evals/deep/triggers.json": "[]" })
    const budget = await sb.runAsync(["budget"])
    expect(budget.stdout).toMatch(/^1 skill listed to claude/)
    const sources = await sb.runAsync(["sources", "one", "--depth", "1"])
    expect(sources.stdout).toContain("evals/ (1 file)")
    expect(sources.stdout).not.toContain("(1 files)")
  })

  it("the stub's reference label is RFC-0001:C-SECTIONS' fixed label, each reference by its title", async () => {
    const sb = sandbox()
    skill(join(sb.work, ".skillc", "skills", "one"), GOOD, { "references/guide.md": "---\ndescription: How to fill\n---\n# Guide\n" })
    expect((await sb.runAsync(["build", "one"])).code).toBe(0)
    const stub = readFileSync(join(sb.work, ".skillc", "runtime", "one", "SKILL.md"), "utf8")
    expect(stub).toContain("- References (query by title only)\n  - Guide — How to fill")
  })

  it("help names no internal decision or issue; skc mcp --help names --project <dir> and the add-json form", async () => {
    const sb = sandbox()
    for (const spec of commandSpecs) {
      const help = await sb.runAsync([spec.name, "--help"])
      expect(help.stdout, spec.name).not.toMatch(/DECISIONS #|\(issue \d+\)/)
    }
    const mcp = (await sb.runAsync(["mcp", "--help"])).stdout
    expect(mcp).toContain("--project <dir>")
    expect(mcp).not.toContain("--project <text>")
    expect(mcp).toContain(`claude mcp add-json skillc '{"command":"skc","args":["mcp","--project","/path/to/project"]}'`)
  })

  it("E100 quotes a message once: no nested quotes", async () => {
    const sb = sandbox()
    const r = await sb.runAsync(["list", "--format", "xml"])
    expect(r.stderr).toBe("error[E100]: invalid option: unknown format 'xml' (expected text, json)\n")
    const typo = await sb.runAsync(["list", "--limt", "3"])
    expect(typo.stderr.split("\n")[0]).not.toMatch(/'[^']*'[^']*'[^']*'$/)
    expect(typo.code).toBe(1)
  })

  it("README's MCP tool list names exactly the commands served as tools", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8")
    const line = /\*\*Tools\*\*: `skc_<command>` for (\w+) commands — ([^(]+)\(not ([^)]+)\)/.exec(readme.replace(/\s+/g, " "))
    expect(line).not.toBeNull()
    const listed = [...line![2]!.matchAll(/`(\w+)`/g)].map((m) => m[1]).sort()
    const notListed = [...line![3]!.matchAll(/`(\w+)`/g)].map((m) => m[1]).sort()
    expect(listed).toEqual(mcpCommandSpecs.map((s) => s.name).sort())
    expect(notListed).toEqual([...commandSpecs.map((s) => s.name).filter((n) => !listed.includes(n)), "mcp"].sort())
  })

  it("lint flags the `skc init` template's TODO description (SKL106), exit 1", async () => {
    const sb = sandbox()
    expect((await sb.runAsync(["init", "fresh"])).code).toBe(0)
    const lint = await sb.runAsync(["lint", "fresh"])
    expect(lint.code).toBe(1)
    expect(lint.stderr).toContain("SKILL.md:3:1 error[E300]: SKL106 description-nonempty: description is a placeholder ('TODO: Add skill description')")
  })

  it("one SKL402 line per fact: a wrong-case mention repeated is one line naming its other lines", async () => {
    const sb = sandbox()
    const md = "---\nname: two\ndescription: Two facts. Use when testing.\n---\n# Two\n\nRead `refs/FORMS.md`, refs/FORMS.md and refs/FORMS.md.\n\nAgain refs/FORMS.md.\n\nThen `refs/Guide.md` and refs/Guide.md.\n"
    skill(join(sb.work, "two"), md, { "refs/forms.md": "# Forms\n", "refs/guide.md": "# Guide\n" })
    const lint = await sb.runAsync(["lint", "./two"])
    const lines = lint.stderr.split("\n").filter((l) => l.includes("SKL402"))
    expect(lines).toEqual([
      "two/SKILL.md:7:7 error[E300]: SKL402 mention-case: 'refs/FORMS.md' matches 'refs/forms.md' only ignoring case; it breaks on case-sensitive file systems (also on line 9)",
      "two/SKILL.md:11:7 error[E300]: SKL402 mention-case: 'refs/Guide.md' matches 'refs/guide.md' only ignoring case; it breaks on case-sensitive file systems"
    ])
  })

  it("SKILLC_HOME naming a .skillc directory gets a warning saying what it means", async () => {
    const sb = sandbox()
    const dotSkillc = join(sb.home, ".skillc")
    mkdirSync(dotSkillc, { recursive: true })
    const r = await skcAsync(["list"], { cwd: sb.work, home: sb.home, env: { SKILLC_HOME: dotSkillc } })
    expect(r.stderr).toContain(`warning: SKILLC_HOME=${dotSkillc} stands for the home directory, so skc uses ${join(dotSkillc, ".skillc")}; to use ${dotSkillc} itself, set SKILLC_HOME=${sb.home}\n`)
    expect((await sb.runAsync(["list"])).stderr).toBe("")
  })
})

// An agent's probe over MCP: a page cut inside a ```tsx block, its marker read as code.
describe("a show page cut inside a fenced code block", () => {
  it("its note names the line that opened the block", async () => {
    const sb = sandbox()
    const md = "---\nname: fences\ndescription: Fenced code. Use when testing.\n---\n# Fences\n\n## Example\n\nBefore.\n\n```tsx\nfunction f() {\n  return 1\n}\n```\n\nAfter.\n"
    skill(join(sb.work, ".skillc", "skills", "fences"), md)
    expect((await sb.runAsync(["build", "fences"])).code).toBe(0)
    const r = await sb.runAsync(["show", "fences", "--section", "Example", "--max-lines", "6"])
    expect(r.code).toBe(0)
    expect(r.stderr).toContain("the section goes on: --from-line 13 shows its next lines (this page ends inside the code block opened at line 11: the next page goes on inside it)")
  })
})
