// agent-skill-protocol end to end: real processes, real symlinked deployments, a real SQLite access log.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

const SKILL = (name: string, description: string, extra = "", body = `# ${name}\n`) =>
  `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n${extra}---\n${body}`

import { Database } from "../../src/adapters/sqlite/nodeSqlite.js"

const write = (path: string, text: string) => {
  mkdirSync(join(path, ".."), { recursive: true })
  writeFileSync(path, text)
}

describe("agent-skill-protocol CLI", () => {
  const sb = sandbox()
  // Skills compiled into the project runtime and deployed as skc build does (RFC-0001:C-DEPLOYMENT): symlinks in ~/.claude/skills.
  const runtime = join(sb.work, ".skillc", "runtime")
  write(join(runtime, "pdf-forms", "SKILL.md"), SKILL("pdf-forms", "Fills PDF forms and extracts PDF text. Use when the user mentions PDF forms.", "allowed-tools: Bash(python:*) Read Write\n", "# PDF\nSee [API](references/api.md) & `scripts/fill.py`.\n"))
  write(join(runtime, "pdf-forms", "references", "api.md"), "# API\nfill(form)\n")
  write(join(runtime, "pdf-forms", "scripts", "fill.py"), "print('fill')\n")
  write(join(runtime, "pdf-tools", "SKILL.md"), SKILL("pdf-tools", "Extracts PDF text."))
  write(join(runtime, "pdf-kits", "SKILL.md"), SKILL("pdf-kits", "Extracts PDF text."))
  write(join(runtime, "git-helper", "SKILL.md"), SKILL("git-helper", "Writes git commit messages & reviews <diffs>? no: reviews diffs.".replace("<diffs>? no: ", "")))
  mkdirSync(join(sb.home, ".claude", "skills"), { recursive: true })
  for (const n of ["pdf-forms", "pdf-kits", "pdf-tools", "git-helper"]) symlinkSync(join(runtime, n), join(sb.home, ".claude", "skills", n), "dir")
  // A project-level copy of git-helper shadows the deployed one.
  write(join(sb.work, ".claude", "skills", "git-helper", "SKILL.md"), SKILL("git-helper", "Project copy: git commit messages."))
  // No description: agents cannot load it, so discovery excludes it (issue 13 item 2).
  write(join(sb.work, ".claude", "skills", "bad", "SKILL.md"), "---\nname: bad\n---\n# Bad\n")

  it("discover --format json: winners, shadowed, invalid, symlink targets", () => {
    const r = sb.run(["discover", "--format", "json"])
    expect(r.code).toBe(0)
    const j = JSON.parse(r.stdout)
    // Claude Code (the default agent) lets the user's copy win over the project's.
    // Claude Code lists `bad`, which has no description (CHANGELOG 2.1.69), with the first line of its body; the problem is a warning.
    expect(j.skills.map((s: { name: string; scope: string }) => `${s.name}:${s.scope}`)).toEqual(["git-helper:user", "pdf-forms:user", "pdf-kits:user", "pdf-tools:user", "bad:project"])
    expect(j.skills[4]).toMatchObject({ description: "Bad", warnings: [{ rule: "SKL105", message: "missing required frontmatter field: description" }] })
    expect(j.skills[1].link_target).toBe(join(runtime, "pdf-forms"))
    expect(j.skills[1].deployed_by_skc).toBe(true)
    expect(j.shadowed[0]).toMatchObject({ name: "git-helper", scope: "project", winner: { scope: "user" } })
    expect(j.invalid).toEqual([])
    const text = sb.run(["discover"])
    expect(text.stdout).toContain("shadowed by user")
    // The protocol's own order, for an agent that keeps it and reads .claude/skills at both levels
    // (amp; GitHub Copilot CLI no longer reads ~/.claude/skills): the project's copy wins.
    const amp = JSON.parse(sb.run(["discover", "--agent", "amp", "--format", "json"]).stdout)
    expect(amp.shadowed[0]).toMatchObject({ name: "git-helper", scope: "user", winner: { scope: "project" } })
    // An agent that follows the specification cannot load it.
    expect(amp.invalid[0].problems).toEqual(["SKL105 description-required: missing required frontmatter field: description"])
    expect(sb.run(["discover", "--agent", "bogus"]).stderr).toMatch(/^error\[E100\]/)
  })

  it("match: recency from the real access log breaks the tie between two equal skills", () => {
    const before = JSON.parse(sb.run(["match", "extract the text of a PDF", "--format", "json"]).stdout)
    expect(before.results.map((m: { name: string }) => m.name).slice(0, 2)).toEqual(["pdf-kits", "pdf-tools"])
    const dbPath = join(runtime, "pdf-tools", ".skillc-meta", "logs.db")
    mkdirSync(join(dbPath, ".."), { recursive: true })
    const db = new Database(dbPath)
    db.exec("CREATE TABLE access_log (id INTEGER PRIMARY KEY AUTOINCREMENT, timestamp TEXT NOT NULL, run_id TEXT, command TEXT, skill TEXT, skill_path TEXT, cwd TEXT, args TEXT, error TEXT)")
    db.prepare("INSERT INTO access_log (timestamp, run_id, command, skill, skill_path, cwd, args) VALUES (?, 'r', 'show', 'pdf-tools', ?, ?, '{}')").run(
      new Date().toISOString().replace(/\.\d{3}Z$/, "Z"), join(runtime, "pdf-tools"), sb.work
    )
    db.close()
    const after = JSON.parse(sb.run(["match", "extract the text of a PDF", "--format", "json"]).stdout)
    expect(after.results.map((m: { name: string }) => m.name).slice(0, 2)).toEqual(["pdf-tools", "pdf-kits"])
    expect(after.results[0].reason).toMatch(/used \d+ min ago/)
    expect(sb.run(["match", "what's the weather in Paris"]).stdout).toContain("No skill matches")
    expect(sb.run(["match", "  "]).stderr).toBe("error[E004]: empty query\n")
  })

  // Claude Code 2.1.332 lists the user's copy of a name, not the project's (test/fixtures/claude-listing).
  it("prompt: Claude Code's lines for the skills named, the user's copy of git-helper as Claude Code lists it", () => {
    const r = sb.run(["prompt", "git-helper", "pdf-forms"])
    expect(r.stdout).toBe("- git-helper: Writes git commit messages & reviews reviews diffs.\n- pdf-forms: Fills PDF forms and extracts PDF text. Use when the user mentions PDF forms.\n")
    const json = JSON.parse(sb.run(["prompt", "git-helper", "--format", "json"]).stdout)
    expect(json.skills[0].location).toBe(join(sb.home, ".claude", "skills", "git-helper", "SKILL.md"))
    expect(sb.run(["prompt", "ghost"]).stderr).toMatch(/^error\[E001\]:\ skill\ 'ghost'\ not\ found(\n  .*)*\n/)
  })

  it("permissions --check: allow, deny (the protocol's restricted mode; Claude Code asks, CHANGELOG 2.1.69, 2.1.74), and the dangerous combination", () => {
    const checks = ["--check", "Bash(python fill.py)", "--check", "Bash(rm -rf /)", "--check", "Edit", "--format", "json"]
    const r = JSON.parse(sb.run(["permissions", "pdf-forms", ...checks]).stdout)
    expect(r).toMatchObject({ mode: "restricted", unlisted: "ask" })
    expect(r.checks.map((c: { decision: string }) => c.decision)).toEqual(["allow", "ask", "ask"])
    const amp = JSON.parse(sb.run(["permissions", "pdf-forms", "--agent", "amp", ...checks]).stdout)
    expect(amp.checks.map((c: { decision: string }) => c.decision)).toEqual(["allow", "deny", "deny"])
    const std = JSON.parse(sb.run(["permissions", "git-helper", "--check", "Bash(rm -rf /)", "--format", "json"]).stdout)
    expect(std.checks[0].decision).toBe("ask")
  })

  it("load: body and references through the deployed symlink, wrapped; budget warning on stderr", () => {
    const r = sb.run(["load", "pdf-forms"])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain("--- Content from references/api.md ---\n\n# API\nfill(form)\n\n--- End of references/api.md ---")
    expect(r.stdout).toContain("--- Content from scripts/fill.py ---")
    const tight = sb.run(["load", "pdf-forms", "--budget", "20", "--format", "json"])
    const j = JSON.parse(tight.stdout)
    expect(j.left_out.map((p: { path: string }) => p.path)).toEqual(["references/api.md", "scripts/fill.py"])
    expect(tight.stderr).toContain("over the budget of 20")
    expect(sb.run(["load", "pdf-forms", "--budget", "0"]).stderr).toMatch(/^error\[E100\]/)
  })

  it("outline --tokens: every section's estimate (subsections included) and each file's total", () => {
    const src = "---\nname: tok\ndescription: d\n---\n# Top\n" + "x".repeat(40) + "\n## Sub\n" + "y".repeat(80) + "\n"
    write(join(sb.work, "tok", "SKILL.md"), src)
    const j = JSON.parse(sb.run(["outline", "tok", "--tokens", "--format", "json"]).stdout)
    const lines = src.split("\n")
    const est = (from: number, to: number) => Math.ceil(lines.slice(from - 1, to - 1).join("\n").length / 4)
    expect(j.headings.map((h: { text: string; tokens: number }) => [h.text, h.tokens])).toEqual([["Top", est(5, 10)], ["Sub", est(7, 10)]])
    expect(j.total_tokens).toBe(Math.ceil(src.length / 4))
    expect(sb.run(["outline", "tok"]).stdout).not.toContain("tokens")
    expect(sb.run(["outline", "tok", "--tokens"]).stdout).toContain("## Sub  (~")
  })
})

describe("a description with an unquoted ': ' (the specification's client guide, 'Handling malformed YAML')", () => {
  const sb = sandbox()
  write(join(sb.work, ".claude", "skills", "pdf", "SKILL.md"), "---\nname: pdf\ndescription: Use this skill when: the user asks about PDFs\n---\n# PDF\n")

  it("discover lists it with an SKL100 warning and prompt lists its description; lint still refuses the YAML", () => {
    const found = JSON.parse(sb.run(["discover", "--format", "json"]).stdout)
    expect(found.invalid).toEqual([])
    const pdf = found.skills.find((s: { name: string }) => s.name === "pdf")
    expect(pdf.description).toBe("Use this skill when: the user asks about PDFs")
    // Claude Code (the default agent) reads it after quoting the value (claudeFrontmatter.ts); others after the client guide's quoting.
    expect(JSON.stringify(pdf.warnings)).toMatch(/SKL100.*Claude Code quotes it and reads/)
    const codex = JSON.parse(sb.run(["discover", "--agent", "cursor", "--format", "json"]).stdout)
    expect(JSON.stringify(codex.skills.find((s: { name: string }) => s.name === "pdf").warnings)).toMatch(/SKL100.*unquoted ': '/)
    expect(sb.run(["prompt", "pdf"]).stdout).toBe("- pdf: Use this skill when: the user asks about PDFs\n")
    const lint = sb.run(["lint", join(sb.work, ".claude", "skills", "pdf")])
    expect(lint.code).toBe(1)
    expect(lint.stdout + lint.stderr).toMatch(/SKL100/)
  })

  it("list shows it, as outline resolves it (README: list shows every skill that resolves by name)", () => {
    const listed = JSON.parse(sb.run(["list", "--format", "json"]).stdout)
    expect(listed.skills.map((s: { name: string; status: string }) => [s.name, s.status])).toContainEqual(["pdf", "foreign"])
    expect(sb.run(["outline", "pdf"]).code).toBe(0)
  })
})

describe("prompt with no skill listed", () => {
  it("prints no <available_skills> block at all (the client guide: never an empty one) and says why on stderr", () => {
    const sb = sandbox()
    const r = sb.run(["prompt"])
    expect(r.code).toBe(0)
    expect(r.stdout).toBe("")
    expect(r.stderr).toContain("no skill is listed to Claude Code's model, so there is no block of skills")
    const json = JSON.parse(sb.run(["prompt", "--format", "json"]).stdout)
    expect([json.skills, json.xml, json.tokens]).toEqual([[], "", 0])
  })
})

describe("a directory of an agent's skills without SKILL.md", () => {
  const sb = sandbox()
  mkdirSync(join(sb.work, ".claude", "skills", "empty-dir"), { recursive: true })

  it("prompt, load and permissions say E010 (not a valid skill), as outline does, not E001", () => {
    for (const command of ["prompt", "load", "permissions", "outline"]) {
      const r = sb.run([command, "empty-dir"])
      expect(r.code, command).toBe(1)
      expect(r.stderr, command).toContain("error[E010]: not a valid skill: '.claude/skills/empty-dir' (missing SKILL.md)")
    }
  })
})

describe("a skill in a directory the agent does not read (.agents/skills under Claude Code)", () => {
  const sb = sandbox()
  write(join(sb.work, ".agents", "skills", "pdf", "SKILL.md"), SKILL("pdf", "PDF work. Use when filling forms."))

  it("load and permissions say where it is and that another agent's view finds it, not 'run skc list' (which lists it)", () => {
    expect(sb.run(["list"]).stdout).toContain("pdf")
    for (const command of ["load", "permissions"]) {
      const r = sb.run([command, "pdf"])
      expect(r.code, command).toBe(1)
      expect(r.stderr, command).toBe(
        "error[E001]: skill 'pdf' not found\n  .agents/skills/pdf holds it, but Claude Code does not read that directory; name an agent that does (skc discover --agent <agent> lists what each one finds)\n"
      )
    }
    expect(sb.run(["load", "pdf", "--agent", "codex"]).code).toBe(0)
  })
})

describe("a skill in a directory the agent reads, under another name or skipped: E001 says what the agent makes of it", () => {
  const sb = sandbox()
  write(join(sb.work, ".agents", "skills", "mism", "SKILL.md"), SKILL("codexname", "Named otherwise than its directory. Use when testing."))
  write(join(sb.work, "shared", "real", "SKILL.md"), SKILL("real", "Linked as a file. Use when testing."))
  mkdirSync(join(sb.work, ".agents", "skills", "fl"), { recursive: true })
  symlinkSync(join(sb.work, "shared", "real", "SKILL.md"), join(sb.work, ".agents", "skills", "fl", "SKILL.md"))

  it("Codex reads .agents/skills: the name it knows the skill by, or why it skips it, not 'does not read that directory'", () => {
    const mism = sb.run(["load", "mism", "--agent", "codex"])
    expect(mism.code).toBe(1)
    expect(mism.stderr).toBe("error[E001]: skill 'mism' not found\n  .agents/skills/mism holds it, and OpenAI Codex knows the skill there as 'codexname': name it so\n")
    expect(sb.run(["load", "codexname", "--agent", "codex"]).code).toBe(0)
    const fl = sb.run(["load", "fl", "--agent", "codex"])
    expect(fl.code).toBe(1)
    expect(fl.stderr).toContain("error[E001]: skill 'fl' not found\n  .agents/skills/fl holds it, but OpenAI Codex skips it: SKILL.md is a symbolic link")
    // Claude Code reads no .agents/skills: that is still what it says.
    expect(sb.run(["load", "mism"]).stderr).toContain(".agents/skills/mism holds it, but Claude Code does not read that directory")
  })
})

describe("Codex skips a SKILL.md that is itself a symbolic link (openai/codex#31592, #15756)", () => {
  const sb = sandbox()
  write(join(sb.work, "shared", "filelink", "SKILL.md"), SKILL("filelink", "Shared by a dotfiles manager. Use when testing links."))
  mkdirSync(join(sb.work, ".agents", "skills", "filelink"), { recursive: true })
  symlinkSync(join(sb.work, "shared", "filelink", "SKILL.md"), join(sb.work, ".agents", "skills", "filelink", "SKILL.md"))
  // A linked directory is followed: listed.
  write(join(sb.work, "shared", "dirlink", "SKILL.md"), SKILL("dirlink", "A linked directory. Use when testing links."))
  symlinkSync(join(sb.work, "shared", "dirlink"), join(sb.work, ".agents", "skills", "dirlink"), "dir")

  it("discover --agent codex lists it as invalid, saying why; a linked directory is listed; OpenCode lists both", () => {
    const codex = JSON.parse(sb.run(["discover", "--agent", "codex", "--format", "json"]).stdout)
    expect(codex.skills.map((s: { name: string }) => s.name)).toEqual(["dirlink"])
    expect(codex.invalid).toContainEqual(
      expect.objectContaining({
        // Named by its frontmatter, which reads: it was "(no name)" (a probe).
        name: "filelink",
        problems: [
          "SKILL.md is a symbolic link, which OpenAI Codex does not load (it follows a linked skill directory): make it a regular file, or link the directory instead"
        ]
      })
    )
    const opencode = JSON.parse(sb.run(["discover", "--agent", "opencode", "--format", "json"]).stdout)
    expect(opencode.skills.map((s: { name: string }) => s.name).sort()).toEqual(["dirlink", "filelink"])
  })
})

describe("Claude Code invokes a skill by its directory's name (CHANGELOG 2.1.94, 2.1.149; its listing `- dir (name)`)", () => {
  const sb = sandbox()
  write(join(sb.work, ".claude", "skills", "dirname", "SKILL.md"), SKILL("other-name", "Charts CSV files. Use when asked for a chart.", "", "# Charts\n\nDraw it.\n"))
  // A directory named as the first skill's frontmatter name: `/y` is this one for Claude Code.
  write(join(sb.work, ".claude", "skills", "x", "SKILL.md"), SKILL("y", "Does x things. Use when asked for x.", "", "# X body\n"))
  write(join(sb.work, ".claude", "skills", "y", "SKILL.md"), SKILL("z", "Does y things. Use when asked for y.", "", "# Y body\n"))

  it("load finds a skill by its directory under Claude Code, where the frontmatter name differs", () => {
    const r = sb.run(["load", "dirname", "--agent", "claude"])
    expect(r.stderr).toBe("")
    expect(r.code).toBe(0)
    expect(r.stdout).toContain("Draw it.")
  })

  it("a directory's name wins over another skill's frontmatter name of the same text, as `/y` does", () => {
    const r = sb.run(["load", "y", "--agent", "claude"])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain("# Y body")
    expect(r.stdout).not.toContain("# X body")
  })

  it("an agent that names skills by their frontmatter keeps doing so", () => {
    const r = sb.run(["load", "y", "--agent", "opencode"])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain("# X body")
  })
})

describe("DECISIONS #51: a built skill keeps the frontmatter agents read (the deployed stub is what they load)", () => {
  const sb = sandbox()
  write(
    join(sb.work, ".skillc", "skills", "git-ops", "SKILL.md"),
    "---\nname: git-ops\ndescription: Runs git chores. Use when the user asks for git housekeeping.\nallowed-tools: Bash(git:*) Read\nwhen_to_use: After a merge.\n---\n# Git ops\n\n## Prune\n\nPrune branches.\n"
  )
  write(
    join(sb.work, ".skillc", "skills", "deploy", "SKILL.md"),
    "---\nname: deploy\ndescription: Deploys the app. Use when the user asks to deploy.\ndisable-model-invocation: true\n---\n# Deploy\n\n## Steps\n\nShip it.\n"
  )

  it("permissions, prompt and budget read the built skill as they read its source", async () => {
    for (const s of ["git-ops", "deploy"]) expect((await sb.runAsync(["build", s])).code).toBe(0)
    const checked = JSON.parse(sb.run(["permissions", "git-ops", "--check", "Bash(git status)", "--check", "Write", "--format", "json"]).stdout)
    expect(JSON.stringify(checked)).toMatch(/"allow"/)
    // Claude Code pre-approves what allowed-tools lists; Write, unlisted, takes its normal approval.
    expect(JSON.stringify(checked)).toMatch(/"ask"/)
    const prompt = sb.run(["prompt"]).stdout
    expect(prompt).toContain("- git-ops: ")
    expect(prompt).not.toContain("deploy")
    const budget = JSON.parse(sb.run(["budget", "--format", "json"]).stdout)
    expect(budget.manual_only).toEqual(["deploy"])
  })
})
