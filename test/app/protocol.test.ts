// agent-skill-protocol use cases on the in-memory layer: discovery, match, load.
import { Effect, Result, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { discover } from "../../src/app/skills/discover.js"
import { budget } from "../../src/app/eval/budget.js"
import { renderBudget } from "../../src/render/budget.js"
import { load } from "../../src/app/skills/load.js"
import { match } from "../../src/app/skills/match.js"
import { prompt } from "../../src/app/skills/prompt.js"
import { permissions } from "../../src/app/skills/permissions.js"
import { fixedUsageHistory, UsageHistory } from "../../src/ports/UsageHistory.js"
import { memoryWorld } from "../../src/testing.js"
import { renderWarning } from "../../src/domain/errors.js"

const SKILL = (name: string, description = `Does ${name} things.`, extra = "", body = `# ${name}\n`) =>
  `---\nname: ${name}\ndescription: ${description}\n${extra}---\n${body}`

describe("agent-skill-protocol Discovery Mechanism", () => {
  it("Searched lists the project directories that exist; with none, the working directory's, as missing (where to put project skills)", async () => {
    const none = memoryWorld({ cwd: "/repo/sub", files: { "/home/u/.agents/skills/x/SKILL.md": SKILL("x") } })
    const codex = Result.getOrThrow(await none.run(discover({ agent: "codex" })))
    expect(codex.searched).toEqual([
      { scope: "project", path: "/repo/sub/.agents/skills", exists: false },
      { scope: "project", path: "/repo/sub/.codex/skills", exists: false },
      { scope: "user", path: "/home/u/.agents/skills", exists: true },
      { scope: "user", path: "/home/u/.codex/skills", exists: false },
      // The skills Codex installs with itself.
      { scope: "user", path: "/home/u/.codex/skills/.system", exists: false }
    ])
    // One project directory exists (a level up): only it is listed, no missing one beside it.
    const some = memoryWorld({ cwd: "/repo/sub", files: { "/repo/.claude/skills/a/SKILL.md": SKILL("a") } })
    const claude = Result.getOrThrow(await some.run(discover({ agent: "claude" })))
    expect(claude.searched.filter((d) => d.scope === "project")).toEqual([{ scope: "project", path: "/repo/.claude/skills", exists: true }])
  })

  it("project (walking up, nearest first) > user > plugin, shadowed copies listed with the winner; Claude Code: user > project", async () => {
    const w = memoryWorld({
      cwd: "/proj/app/sub",
      files: {
        "/proj/app/sub/.claude/skills/alpha/SKILL.md": SKILL("alpha"),
        "/proj/.claude/skills/alpha/SKILL.md": SKILL("alpha"),
        "/proj/.claude/skills/beta/SKILL.md": SKILL("beta"),
        "/home/u/.claude/skills/beta/SKILL.md": SKILL("beta"),
        "/home/u/.claude/skills/gamma/SKILL.md": SKILL("gamma"),
        "/plug/skills/gamma/SKILL.md": SKILL("gamma"),
        "/plug/skills/delta/SKILL.md": SKILL("delta"),
        "/home/u/.cursor/skills/cursor-only/SKILL.md": SKILL("cursor-only")
      }
    })
    // The protocol's order (amp reads .claude/skills at both levels too; GitHub Copilot CLI no longer
    // reads ~/.claude/skills, as its 1.0.102 showed: test/fixtures/copilot-listing).
    const r = Result.getOrThrow(await w.run(discover({ agent: "amp", plugin_dirs: ["/plug"] })))
    expect(r.skills.map((s) => [s.name, s.scope, s.dir])).toEqual([
      ["alpha", "project", "/proj/app/sub/.claude/skills/alpha"],
      ["beta", "project", "/proj/.claude/skills/beta"],
      ["gamma", "user", "/home/u/.claude/skills/gamma"],
      ["delta", "plugin", "/plug/skills/delta"]
    ])
    expect(r.shadowed.map((s) => [s.name, s.scope, s.dir, s.winner.scope])).toEqual([
      ["alpha", "project", "/proj/.claude/skills/alpha", "project"],
      ["beta", "user", "/home/u/.claude/skills/beta", "project"],
      ["gamma", "plugin", "/plug/skills/gamma", "user"]
    ])
    // Claude Code (the default agent) lets the user's copy win: "enterprise > personal > project"
    // in its documentation, and so Claude Code 2.1.332 lists it (test/fixtures/claude-listing).
    const claudeOrder = Result.getOrThrow(await w.run(discover({ plugin_dirs: ["/plug"] })))
    // Its plugin skills are `<plugin>:<name>` (here `plug:gamma`, the plugin named by its directory): no
    // user or project skill shadows them.
    expect(claudeOrder.skills.map((s) => [s.name, s.scope])).toEqual([
      ["beta", "user"],
      ["gamma", "user"],
      ["alpha", "project"],
      ["delta", "plugin"],
      ["gamma", "plugin"]
    ])
    expect(claudeOrder.shadowed.map((s) => [s.name, s.scope, s.winner.scope])).toEqual([
      ["alpha", "project", "project"],
      ["beta", "project", "user"]
    ])
    // Cursor reads its own directory and, for compatibility, .claude/skills (DECISIONS #51, docs/agents.md).
    const cursor = Result.getOrThrow(await w.run(discover({ agent: "cursor" })))
    expect(cursor.skills.map((s) => s.name)).toEqual(["alpha", "beta", "cursor-only", "gamma"])
    const kiro = Result.getOrThrow(await w.run(discover({ agent: "kiro" })))
    expect(kiro.skills.map((s) => s.name)).toEqual([])
  })

  it.each([
    ["codex", ".codex/skills", ".codex/skills"], ["codex", ".agents/skills", ".agents/skills"], ["copilot", ".github/skills", ".copilot/skills"],
    ["copilot", ".agents/skills", ".agents/skills"], ["gemini", ".gemini/skills", ".gemini/skills"], ["gemini", ".agents/skills", ".agents/skills"],
    ["kiro", ".kiro/skills", ".kiro/skills"], ["trae", ".trae/skills", ".trae/skills"], ["amp", ".agents/skills", ".agents/skills"],
    ["agentskills", ".agents/skills", ".agents/skills"]
  ] as const)("agent %s reads %s at project level and %s at user level (DECISIONS #51, #53)", async (agent, dir, userDir) => {
    const w = memoryWorld({ files: { [`/proj/${dir}/p/SKILL.md`]: SKILL("p"), [`/home/u/${userDir}/p/SKILL.md`]: SKILL("p"), [`/home/u/${userDir}/q/SKILL.md`]: SKILL("q") } })
    const r = Result.getOrThrow(await w.run(discover({ agent })))
    expect(r.skills.map((s) => `${s.name}:${s.scope}`)).toEqual(["p:project", "q:user"])
    expect(r.shadowed.map((s) => `${s.name}:${s.scope}`)).toEqual(["p:user"])
  })

  it("opencode: .opencode/skills in projects, ~/.config/opencode/skills for the user (the build target table)", async () => {
    const w = memoryWorld({ files: { "/proj/.opencode/skills/p/SKILL.md": SKILL("p"), "/home/u/.config/opencode/skills/q/SKILL.md": SKILL("q") } })
    const agent = "opencode" as const
    const r = Result.getOrThrow(await w.run(discover({ agent })))
    expect(r.skills.map((s) => `${s.name}:${s.scope}`)).toEqual(["p:project", "q:user"])
    expect(r.shadowed).toEqual([])
  })

  it("opencode: ~/.opencode/skill(s), $XDG_CONFIG_HOME/opencode and $OPENCODE_CONFIG_DIR are its config directories too (OpenCode 1.18.33 ConfigPaths.directories)", async () => {
    const files = {
      "/home/u/.opencode/skills/a/SKILL.md": SKILL("a"),
      "/home/u/.opencode/skill/b/SKILL.md": SKILL("b"),
      "/xdg/opencode/skills/c/SKILL.md": SKILL("c"),
      "/home/u/.config/opencode/skills/hidden/SKILL.md": SKILL("hidden"),
      "/extra/skill/d/SKILL.md": SKILL("d")
    }
    const w = memoryWorld({ files, vars: { XDG_CONFIG_HOME: "/xdg", OPENCODE_CONFIG_DIR: "/extra" } })
    const r = Result.getOrThrow(await w.run(discover({ agent: "opencode" })))
    // XDG_CONFIG_HOME moves ~/.config: the skill under ~/.config/opencode is not read.
    expect(r.skills.map((s) => `${s.name}:${s.scope}`)).toEqual(["c:user", "a:user", "b:user", "d:user"])
    expect(r.searched.filter((d) => d.scope === "user").map((d) => [d.path, d.via ?? null, d.exists])).toEqual([
      ["/xdg/opencode/skills", "XDG_CONFIG_HOME", true],
      ["/xdg/opencode/skill", "XDG_CONFIG_HOME", false],
      ["/home/u/.opencode/skills", null, true],
      ["/home/u/.opencode/skill", null, true],
      ["/home/u/.claude/skills", null, false],
      ["/home/u/.agents/skills", null, false],
      ["/extra/skills", "OPENCODE_CONFIG_DIR", false],
      ["/extra/skill", "OPENCODE_CONFIG_DIR", true]
    ])
    // Unset (or empty), the usual ~/.config/opencode and nothing more.
    const plain = Result.getOrThrow(await memoryWorld({ files, vars: { XDG_CONFIG_HOME: "", OPENCODE_CONFIG_DIR: "" } }).run(discover({ agent: "opencode" })))
    expect(plain.skills.map((s) => s.name)).toEqual(["hidden", "a", "b"])
  })

  it("follows symlinks skc deployed into a runtime store; broken links and invalid skills are reported, not fatal", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.skillc/runtime/deployed/SKILL.md": SKILL("deployed"),
        "/elsewhere/linked/SKILL.md": SKILL("linked"),
        "/home/u/.claude/skills/reserved/SKILL.md": SKILL("claude-tools"),
        "/home/u/.claude/skills/xml/SKILL.md": SKILL("xml", "Use <b>this</b>"),
        "/home/u/.claude/skills/nofront/SKILL.md": "# no frontmatter\n",
        "/home/u/.claude/skills/notaskill/README.md": "x"
      }
    })
    await Effect.runPromise(w.fs.symlink("/proj/.skillc/runtime/deployed", "/home/u/.claude/skills/deployed", "dir"))
    await Effect.runPromise(w.fs.symlink("/elsewhere/linked", "/home/u/.claude/skills/linked", "dir"))
    await Effect.runPromise(w.fs.symlink("/gone", "/home/u/.claude/skills/broken", "dir"))
    const r = Result.getOrThrow(await w.run(discover()))
    // Issue 13 item 2: reserved words and XML tags are warnings with their lint rule; the skills stay loadable.
    // Claude Code loads a SKILL.md without frontmatter with empty metadata (CHANGELOG 2.1.186): its directory's name, its first line.
    expect(r.skills.map((s) => [s.name, s.link_target, s.deployed_by_skc, s.warnings.map((x) => `${x.rule} ${x.message}`)])).toEqual([
      ["deployed", "/proj/.skillc/runtime/deployed", true, []],
      ["linked", "/elsewhere/linked", false, []],
      ["nofront", null, false, ["SKL100 missing frontmatter: file does not start with ---"]],
      // The client guide: a name other than its directory's is warned about, the skill loaded anyway.
      ["claude-tools", null, false, ["SKL604 name 'claude-tools' contains the reserved word 'claude'", "SKL104 name 'claude-tools' does not match directory 'reserved'"]],
      ["xml", null, false, ["SKL605 description contains an XML tag (<b>)"]]
    ])
    expect(r.skills.find((s) => s.name === "nofront")?.description).toBe("no frontmatter")
    expect(r.invalid.map((s) => [s.dir.split("/").pop(), s.problems.join("; ")])).toEqual([["broken", "broken symlink to '/gone'"]])
    // An agent that follows the specification cannot load it.
    const strict = Result.getOrThrow(await w.run(discover({ agent: "amp" })))
    expect(strict.invalid.map((s) => s.dir.split("/").pop())).toContain("nofront")
  })

  it("prompt and load of an excluded skill say why, not 'not found' (issue 13 item 2)", async () => {
    // Amp follows the specification: a skill without description is excluded (Claude Code would list it, CHANGELOG 2.1.69).
    const w = memoryWorld({ files: { "/home/u/.claude/skills/nodesc/SKILL.md": "---\nname: nodesc\n---\n# x\n" } })
    const p = await w.run(prompt({ skills: ["nodesc"], agent: "amp" }))
    expect(Result.isFailure(p) && p.failure._tag === "UsageError" && [p.failure.message, p.failure.detail]).toEqual([
      "skill 'nodesc' is excluded by discovery: agents cannot load /home/u/.claude/skills/nodesc/SKILL.md",
      ["SKL105 description-required: missing required frontmatter field: description"]
    ])
    const l = await w.run(load({ skill: "nodesc", agent: "amp" }))
    expect(Result.isFailure(l) && l.failure._tag).toBe("UsageError")
  })

  it("prompt lists the winners; named skills must be discovered (E001)", async () => {
    const text = SKILL("a", "A & B <c>".replace("<c>", "'c'"))
    const w = memoryWorld({ files: { "/proj/.claude/skills/a/SKILL.md": text, "/proj/.agents/skills/a/SKILL.md": text } })
    // The client guide's <available_skills> XML, values escaped (the specification's own profile)…
    const r = Result.getOrThrow(await w.run(prompt({ agent: "agentskills" })))
    expect(r.xml).toContain("<description>A &amp; B &apos;c&apos;</description>")
    expect(r.xml).toContain("<location>/proj/.agents/skills/a/SKILL.md</location>")
    // …and Claude Code's own lines, values as they are (its listing is no XML).
    expect(Result.getOrThrow(await w.run(prompt({}))).xml).toBe("- a: A & B 'c'")
    const e = await w.run(prompt({ skills: ["ghost"] }))
    expect(Result.isFailure(e) && e.failure._tag).toBe("SkillNotFound")
    // A next step, as every other command's E001 has: the listed name one typo away, else where the agent's skills are seen.
    const detail = async (skills: Array<string>, agent?: "codex") => {
      const got = await w.run(prompt({ skills, ...(agent === undefined ? {} : { agent }) }))
      return Result.isFailure(got) ? (got.failure as { detail: ReadonlyArray<string> }).detail : undefined
    }
    expect(await detail(["ghost"])).toEqual(["run 'skc discover' to see the skills Claude Code finds here"])
    expect(await detail(["ghost"], "codex")).toEqual(["run 'skc discover --agent codex' to see the skills OpenAI Codex finds here"])
    expect(await detail(["b"])).toEqual(["did you mean 'a'?"])
  })
})

describe("agent-skill-protocol Activation Model (use case)", () => {
  it("recency from the access log reorders equal candidates; empty query is E004", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.claude/skills/pdf-a/SKILL.md": SKILL("pdf-a", "Fill PDF forms and extract PDF text."),
        "/proj/.claude/skills/pdf-b/SKILL.md": SKILL("pdf-b", "Fill PDF forms and extract PDF text."),
        "/proj/.skillc/runtime/pdf-b/.skillc-meta/logs.db": "sqlite"
      }
    })
    const history = Layer.succeed(UsageHistory, fixedUsageHistory({ "/proj/.skillc/runtime/pdf-b/.skillc-meta/logs.db": { "pdf-b": Date.now() - 60_000 } }))
    await Effect.runPromise(w.fs.makeDirectory("/proj/.skillc", { recursive: true }))
    const r = Result.getOrThrow(await w.run(match({ query: "fill in a PDF form" }).pipe(Effect.provide(history))))
    expect(r.results.map((m) => m.name)).toEqual(["pdf-b", "pdf-a"])
    expect(r.results[0]!.last_used).not.toBeNull()
    const e = await w.run(match({ query: "   " }).pipe(Effect.provide(history)))
    expect(Result.isFailure(e) && e.failure._tag).toBe("EmptyQuery")
  })
})

describe("agent-skill-protocol Progressive Disclosure (load)", () => {
  const root = "/proj/.claude/skills/docs"
  const files = (extra: Record<string, string> = {}) => ({
    [`${root}/SKILL.md`]: SKILL(
      "docs",
      "Docs.",
      "",
      "# Docs\nRead [a](references/a.md), [missing](references/nope.md), [up](../../secret.md), `scripts/run.sh`.\n```\ncat references/b.md /etc/passwd\n```\nSee [self](SKILL.md).\n"
    ),
    [`${root}/references/a.md`]: "# A\nBack to [skill](../SKILL.md) and [b](b.md) and [c](c.md).\n",
    [`${root}/references/b.md`]: "# B\nCycle: [a](a.md)\n",
    [`${root}/references/c.md`]: "# C\n",
    [`${root}/scripts/run.sh`]: "echo hi\n",
    "/proj/secret.md": "top secret\n",
    ...extra
  })

  it("body, then each referenced file once, one level deep; missing listed; escapes refused", async () => {
    const w = memoryWorld({ files: files() })
    const r = Result.getOrThrow(await w.run(load({ skill: "docs" })))
    expect(r.parts.map((p) => [p.path, p.depth])).toEqual([
      ["SKILL.md", 0], ["references/a.md", 1], ["scripts/run.sh", 1], ["references/b.md", 1]
    ])
    expect(r.parts[1]!.content).toBe("--- Content from references/a.md ---\n\n# A\nBack to [skill](../SKILL.md) and [b](b.md) and [c](c.md).\n\n--- End of references/a.md ---")
    expect(r.missing.map((m) => m.target)).toEqual(["references/nope.md"])
    expect(r.refused.map((m) => [m.target, m.reason])).toEqual([["../../secret.md", "path escapes the skill root"]])
    expect(JSON.stringify(r)).not.toContain("top secret")
    expect(r.total_tokens).toBe(r.parts.reduce((s, p) => s + p.tokens, 0))
  })

  it("depth 2 follows references of references; cycles load each file once", async () => {
    const w = memoryWorld({ files: files() })
    const r = Result.getOrThrow(await w.run(load({ skill: "docs", depth: 2 })))
    expect(r.parts.map((p) => p.path)).toEqual(["SKILL.md", "references/a.md", "scripts/run.sh", "references/b.md", "references/c.md"])
    expect(r.parts.find((p) => p.path === "references/c.md")!.referenced_from).toBe("references/a.md")
    const d0 = Result.getOrThrow(await w.run(load({ skill: "docs", depth: 0 })))
    expect(d0.parts.map((p) => p.path)).toEqual(["SKILL.md"])
  })

  it("issue 13 item 3: templated paths, globs and directory mentions load every file they match, as SKL401 sees them", async () => {
    const w = memoryWorld({
      files: {
        [`${root}/SKILL.md`]: SKILL("docs", "Docs.", "", "# Docs\nRead `{lang}/api.md` and shared/agents-*.md; themes are in the themes/ directory.\n"),
        [`${root}/python/api.md`]: "py\n",
        [`${root}/go/api.md`]: "go\n",
        [`${root}/shared/agents-core.md`]: "core\n",
        [`${root}/shared/other.md`]: "other\n",
        [`${root}/themes/ocean.md`]: "ocean\n"
      }
    })
    const r = Result.getOrThrow(await w.run(load({ skill: "docs" })))
    expect(r.parts.map((p) => p.path)).toEqual(["SKILL.md", "go/api.md", "python/api.md", "shared/agents-core.md", "themes/ocean.md"])
    expect(r.missing).toEqual([])
  })

  it("DECISIONS #21: a skill saved with CRLF (or a BOM) loads the same parts, text and tokens as its LF copy", async () => {
    const crlf = (t: string) => t.replace(/\n/g, "\r\n")
    const lf = files()
    const windows = Object.fromEntries(Object.entries(lf).map(([p, t]) => [p, p.endsWith("b.md") ? "\uFEFF" + crlf(t) : crlf(t)]))
    const a = Result.getOrThrow(await memoryWorld({ files: lf }).run(load({ skill: "docs", depth: 2 })))
    const b = Result.getOrThrow(await memoryWorld({ files: windows }).run(load({ skill: "docs", depth: 2 })))
    expect(b.parts.map((p) => [p.path, p.content, p.tokens])).toEqual(a.parts.map((p) => [p.path, p.content, p.tokens]))
    expect(JSON.stringify(b)).not.toContain("\\r")
    expect(b.total_tokens).toBe(a.total_tokens)
  })

  it("a symlink inside the skill pointing outside is refused", async () => {
    const w = memoryWorld({ files: files() })
    await Effect.runPromise(w.fs.symlink("/proj/secret.md", `${root}/references/b.md.link`, "file"))
    await Effect.runPromise(w.fs.writeFile(`${root}/SKILL.md`, SKILL("docs", "Docs.", "", "See [x](references/b.md.link)\n")))
    const r = Result.getOrThrow(await w.run(load({ skill: "docs" })))
    expect(r.refused.map((m) => m.reason)).toEqual(["symlink escapes the skill root"])
    expect(r.parts).toHaveLength(1)
  })

  it("budget cut-off: later parts left out and listed, a warning issued", async () => {
    const w = memoryWorld({ files: files({ [`${root}/references/a.md`]: "A".repeat(2000) }) })
    const r = Result.getOrThrow(await w.run(load({ skill: "docs", budget: 200 })))
    expect(r.parts.map((p) => p.path)).toEqual(["SKILL.md"])
    expect(r.left_out.map((p) => p.path)).toEqual(["references/a.md", "scripts/run.sh", "references/b.md"])
    expect(r.over_budget).toBe(true)
    expect(w.diagnostics.warnings.map((x) => (x._tag === "Notice" ? x.message : "")).join()).toContain("over the budget of 200")
  })

  it("Claude Code 2.1.176: file rules are read the gitignore way against the absolute paths its tools ask with (a Claude Code probe)", async () => {
    const w = memoryWorld({
      cwd: "/proj",
      home: "/home/u",
      files: { [`${root}/SKILL.md`]: SKILL("docs", "Docs.", "allowed-tools: [Read(~/.ssh/**), Edit(src/**), Read(.env), Read(//etc/hosts)]\ndisallowed-tools: Edit(src/secret/**)\n") }
    })
    const checks = [
      "Read(/home/u/.ssh/id_rsa)", // ~/ is the home directory
      "Read(~/.ssh/config)",
      "Edit(/proj/src/a/b.ts)", // a relative rule is the working directory's
      "Edit(./src/a.ts)",
      "Edit(/elsewhere/src/a.ts)", // another src is not
      "Read(/proj/pkg/.env)", // a name without a slash, at any depth below it
      "Read(/etc/hosts)", // `//` is the file system's root
      "Edit(/proj/src/secret/k.ts)" // disallowed the same way
    ]
    const r = Result.getOrThrow(await w.run(permissions({ skill: "docs", check: checks })))
    expect(r.checks.map((c) => c.decision)).toEqual(["allow", "allow", "allow", "allow", "ask", "allow", "allow", "deny"])
    // The reviewer's cases: a `..` in a rule is resolved as the request's is; `/x` is the project root's; a rule
    // naming a directory covers what is in it (gitignore); `~` is the real home, whatever SKILLC_HOME says.
    const more = memoryWorld({
      cwd: "/proj/sub",
      home: "/home/u",
      files: {
        "/proj/.skillc/config.toml": "version = 1\n",
        "/proj/.claude/skills/docs/SKILL.md": SKILL("docs", "Docs.", "allowed-tools: Read(secrets)\ndisallowed-tools: Read(../vault/**) Edit(/src/**)\n")
      }
    })
    const checks2 = ["Read(/proj/vault/k)", "Edit(/proj/src/a.ts)", "Edit(/src/a.ts)", "Read(/proj/sub/x/secrets/key)", "Read(/proj/sub/x/other)"]
    const r2 = Result.getOrThrow(await more.run(permissions({ skill: "docs", check: checks2 })))
    expect(r2.checks.map((c) => [c.request, c.decision])).toEqual([
      ["Read(/proj/vault/k)", "deny"],
      ["Edit(/proj/src/a.ts)", "deny"],
      ["Edit(/src/a.ts)", "ask"],
      ["Read(/proj/sub/x/secrets/key)", "allow"],
      ["Read(/proj/sub/x/other)", "ask"]
    ])
    // The protocol's own reading (Amp) compares as written.
    const amp = memoryWorld({ cwd: "/proj", home: "/home/u", files: { "/proj/.agents/skills/docs/SKILL.md": SKILL("docs", "Docs.", "allowed-tools: Read(~/.ssh/**)\n") } })
    expect(Result.getOrThrow(await amp.run(permissions({ skill: "docs", check: ["Read(/home/u/.ssh/id_rsa)", "Read(~/.ssh/id_rsa)"], agent: "amp" }))).checks.map((c) => c.decision)).toEqual(["deny", "allow"])
  })

  it("permissions read the discovered copy's allowed-tools; the protocol's restricted mode denies the rest (Amp)", async () => {
    const w = memoryWorld({ files: { [`${root}/SKILL.md`]: SKILL("docs", "Docs.", "allowed-tools:\n  - Read\n  - Bash(git:*)\n") } })
    const r = Result.getOrThrow(await w.run(permissions({ skill: "docs", check: ["Bash(git diff)", "Write"], agent: "amp" })))
    expect(r).toMatchObject({ mode: "restricted", unlisted: "deny", agent: "amp" })
    expect(r.checks.map((c) => c.decision)).toEqual(["allow", "deny"])
  })

  it("Claude Code 2.1.69, 2.1.74: allowed-tools pre-approves; an unlisted tool asks (the normal permission flow), a listed AskUserQuestion still asks, disallowed-tools still denies", async () => {
    const { renderPermissions } = await import("../../src/render/protocol.js")
    const w = memoryWorld({
      files: { [`${root}/SKILL.md`]: SKILL("docs", "Docs.", "allowed-tools: Bash(git:*) Read AskUserQuestion\ndisallowed-tools: WebFetch\n") }
    })
    const checks = ["Read", "Write", "AskUserQuestion", "Bash(git status)", "Bash(rm -rf x)", "Bash(git log > /x)", "WebFetch(https://x.example)"]
    const r = Result.getOrThrow(await w.run(permissions({ skill: "docs", check: checks })))
    expect(r).toMatchObject({ agent: "claude", mode: "restricted", unlisted: "ask" })
    expect(r.checks.map((c) => c.decision)).toEqual(["allow", "ask", "ask", "allow", "ask", "ask", "deny"])
    expect(r.checks[1]!.reason).toBe("'Write' is not in allowed-tools: not pre-approved, so the agent's standard approval applies")
    expect(r.checks[2]!.reason).toContain("interactive")
    const text = renderPermissions(r)
    expect(text).not.toContain("every other tool is denied")
    expect(text).toContain("every other tool asks as usual")
    // The same skill under the protocol's restricted mode (Amp's profile keeps it; Codex reads no allowed-tools).
    const ampW = memoryWorld({ files: { "/proj/.agents/skills/docs/SKILL.md": SKILL("docs", "Docs.", "allowed-tools: Read AskUserQuestion\n") } })
    const amp = Result.getOrThrow(await ampW.run(permissions({ skill: "docs", check: ["Write", "AskUserQuestion"], agent: "amp" })))
    expect(amp.checks.map((c) => c.decision)).toEqual(["deny", "allow"])
    expect(renderPermissions(amp)).toContain("every other tool is denied")
  })

  it("Claude Code's /<plugin>:<skill>: load, permissions and prompt take a plugin skill as the listing names it, even where a project skill has its plain name", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.claude/skills/alpha/SKILL.md": SKILL("alpha", "Project alpha.", "", "# project alpha\n"),
        "/plug/.claude-plugin/plugin.json": JSON.stringify({ name: "acme" }),
        "/plug/skills/alpha/SKILL.md": SKILL("alpha", "Plugin alpha.", "allowed-tools: Read\n", "# plugin alpha\n"),
        "/plug/skills/foo/SKILL.md": SKILL("foo", "Plugin foo.", "allowed-tools: Write\n", "# plugin foo\n")
      }
    })
    const all = Result.getOrThrow(await w.run(prompt({ plugin_dirs: ["/plug"] })))
    expect(all.xml).toContain("- acme:foo: Plugin foo.")
    const foo = Result.getOrThrow(await w.run(load({ skill: "acme:foo", plugin_dirs: ["/plug"] })))
    expect([foo.skill, foo.path]).toEqual(["acme:foo", "/plug/skills/foo/SKILL.md"])
    // The plain name is still the project's; the qualified one the plugin's.
    expect(Result.getOrThrow(await w.run(load({ skill: "alpha", plugin_dirs: ["/plug"] }))).path).toBe("/proj/.claude/skills/alpha/SKILL.md")
    expect(Result.getOrThrow(await w.run(load({ skill: "acme:alpha", plugin_dirs: ["/plug"] }))).path).toBe("/plug/skills/alpha/SKILL.md")
    const perms = Result.getOrThrow(await w.run(permissions({ skill: "acme:foo", plugin_dirs: ["/plug"], check: ["Write"] })))
    expect(perms.allowed_tools).toEqual([{ entry: "Write", tool: "Write", pattern: null }])
    const one = Result.getOrThrow(await w.run(prompt({ skills: ["acme:alpha"], plugin_dirs: ["/plug"] })))
    expect(one.xml).toBe("- acme:alpha: Plugin alpha.")
    // discover and match see the plugin's alpha beside the project's (it was "shadowed", and match ranked
    // only the project's alpha, found by a published plugin's users).
    const found = Result.getOrThrow(await w.run(discover({ plugin_dirs: ["/plug"] })))
    expect(found.skills.map((s) => [s.name, s.scope])).toEqual([["alpha", "project"], ["alpha", "plugin"], ["foo", "plugin"]])
    expect(found.shadowed).toEqual([])
    const matched = Result.getOrThrow(await w.run(match({ query: "plugin alpha", plugin_dirs: ["/plug"] })))
    expect(matched.results.map((m) => m.name)[0]).toBe("acme:alpha")
    // budget's rows say which alpha is which (two rows named alpha read as one skill counted twice).
    const cost = Result.getOrThrow(await w.run(budget({ plugin_dirs: ["/plug"] })))
    expect(cost.skills.map((s) => [s.name, s.listed_as])).toEqual([["alpha", undefined], ["alpha", "acme:alpha"], ["foo", "acme:foo"]])
    expect(renderBudget(cost)).toMatch(/\nacme:alpha +\d+/)
    // An unknown plugin, or a skill the plugin does not have, is still E001.
    expect(Result.isFailure(await w.run(load({ skill: "other:foo", plugin_dirs: ["/plug"] })))).toBe(true)
    expect(Result.isFailure(await w.run(prompt({ skills: ["acme:ghost"], plugin_dirs: ["/plug"] })))).toBe(true)
  })

  it("Claude Code 2.1.152 disallowed-tools: what it names is deny, over allowed-tools and without it, the reason naming the field", async () => {
    const w = memoryWorld({
      files: {
        [`${root}/SKILL.md`]: SKILL("docs", "Docs.", "allowed-tools: Read Write Bash(git:*)\ndisallowed-tools: [Write, \"Bash(git push:*)\"]\n"),
        "/proj/.claude/skills/open/SKILL.md": SKILL("open", "Open.", "disallowed-tools: WebFetch\n"),
        "/proj/.claude/skills/none/SKILL.md": SKILL("none", "None.", "allowed-tools: Read\n")
      }
    })
    const r = Result.getOrThrow(await w.run(permissions({ skill: "docs", check: ["Read", "Write(a.md)", "Bash(git status)", "Bash(git status && git push origin)", "Bash(git push $(x))"] })))
    expect(r.disallowed_tools).toEqual([
      { entry: "Write", tool: "Write", pattern: null },
      { entry: "Bash(git push:*)", tool: "Bash", pattern: "git push:*" }
    ])
    expect(r.checks.map((c) => c.decision)).toEqual(["allow", "deny", "allow", "deny", "deny"])
    expect(r.checks[1]!.reason).toBe("'Write' is removed by disallowed-tools (Write)")
    expect(r.checks[3]!.reason).toContain("disallowed-tools (Bash(git push:*))")
    // A pattern removes only what it covers: the reason names the request, not all of Bash.
    expect(r.checks[4]!.reason).toBe("'Bash(git push $(x))' is removed (the rest of Bash is not) by disallowed-tools (Bash(git push:*))")
    // Write is removed, so Bash(git:*) beside it is no dangerous pair either way.
    expect(r.dangerous_combinations).toEqual([])
    // No allowed-tools: the standard approval, except for what disallowed-tools removes.
    const open = Result.getOrThrow(await w.run(permissions({ skill: "open", check: ["WebFetch(https://x.example)", "Read"] })))
    expect(open.mode).toBe("standard")
    expect(open.checks.map((c) => c.decision)).toEqual(["deny", "ask"])
    // Additive JSON: without the field it is null, every other field as before.
    const plain = Result.getOrThrow(await w.run(permissions({ skill: "none", check: ["Read"] })))
    expect(plain).toMatchObject({ mode: "restricted", disallowed_tools: null, checks: [{ decision: "allow", matched: ["Read"] }] })
  })

  it("Claude Code 2.1.152 disallowed-tools in the text output: listed with what it means", async () => {
    const { renderPermissions } = await import("../../src/render/protocol.js")
    const w = memoryWorld({ files: { [`${root}/SKILL.md`]: SKILL("docs", "Docs.", "allowed-tools: Write Bash\ndisallowed-tools: Write\n") } })
    const r = Result.getOrThrow(await w.run(permissions({ skill: "docs", check: ["Write"] })))
    const text = renderPermissions(r)
    expect(text).toContain("disallowed-tools: Write")
    expect(text).toMatch(/Write\s+deny\s+'Write' is removed by disallowed-tools \(Write\)/)
    expect(text).not.toContain("dangerous: Bash + Write")
  })
})

describe("load / permissions of a store skill not deployed where the agent reads (an author's probe, seventy-fourth pass)", () => {
  it("reads its source, and says that the agent lists nothing under that name yet and how to deploy it", async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/notbuilt/SKILL.md": SKILL("notbuilt") } })
    const r = Result.getOrThrow(await w.run(load({ skill: "notbuilt" })))
    expect(JSON.stringify(r)).toContain("notbuilt")
    expect(w.diagnostics.warnings.map(renderWarning)).toContain(
      "warning: 'notbuilt' is in skc's project store, not where Claude Code reads skills: this is its source; 'skc build notbuilt' deploys it"
    )
  })
})
