// Issue 43 item 3 / DECISIONS #51: discover, prompt, match, budget and eval model the
// chosen agent's listing from its profile, in process on the memory world.
import { Effect, Layer, Result } from "effect"
import { resolveSkill } from "../../src/app/skills/resolve.js"
import { describe, expect, it } from "vitest"
import { budget } from "../../src/app/eval/budget.js"
import { discover } from "../../src/app/skills/discover.js"
import { evaluate } from "../../src/app/eval/eval.js"
import { match } from "../../src/app/skills/match.js"
import { prompt } from "../../src/app/skills/prompt.js"
import { renderBudget } from "../../src/render/budget.js"
import { renderEval } from "../../src/render/eval.js"
import { renderDiscover } from "../../src/render/protocol.js"
import { ProcessRunner } from "../../src/ports/ProcessRunner.js"
import { memoryWorld } from "../../src/testing.js"
import { agentSkillRoots } from "../../src/app/skills/agentDirs.js"
import { errorText } from "../helpers/worlds.js"

const SKILL = (name: string, description: string, extra = "") => `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n${extra}---\n# ${name}\n`

const claudeFiles = {
  "/proj/.claude/skills/deploy/SKILL.md": SKILL("deploy", "Deploy the service to production with the release pipeline.", "disable-model-invocation: true\n"),
  "/proj/.claude/skills/pdf/SKILL.md": SKILL("pdf", "Fill PDF forms and extract PDF text.", 'when_to_use: "Use when the user mentions invoices or scanned receipts."\n'),
  "/proj/.claude/skills/lint-ts/SKILL.md": SKILL("lint-ts", "Fix TypeScript lint errors.", "user-invocable: false\npaths: src/**/*.ts\n")
}

const ok = <A, E>(r: Result.Result<A, E>): A => Result.getOrThrow(r)

describe("Claude Code's listing (issue 43, DECISIONS #51)", () => {
  it("Claude Code knows skills by directory name: a copy of a name in another directory is also listed, as prompt lists it; a copy in a directory of the same name is hidden", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.claude/skills/tf/SKILL.md": SKILL("tf", "Themes for artifacts. Use when styling."),
        "/proj/.claude/skills/tf-copy/SKILL.md": SKILL("tf", "Themes for artifacts. Use when styling."),
        "/proj/.claude/skills/pdf/SKILL.md": SKILL("pdf", "Project copy. Use when testing."),
        "/home/u/.claude/skills/pdf/SKILL.md": SKILL("pdf", "User copy. Use when testing.")
      }
    })
    const r = ok(await w.run(discover({})))
    expect(r.shadowed.map((s) => [s.path, s.also_listed === true])).toEqual([
      ["/proj/.claude/skills/pdf/SKILL.md", false],
      ["/proj/.claude/skills/tf-copy/SKILL.md", true]
    ])
    const text = renderDiscover(r)
    expect(text).toContain("Also listed (Claude Code knows skills by their directory's name")
    // What the note says of the reading commands is what they do: the directory of the name.
    expect(text).toContain("show, outline, search and open the one whose directory has the name, else the first")
    expect(ok(await w.run(resolveSkill("tf"))).sourceDir).toBe("/proj/.claude/skills/tf")
    expect(text).toMatch(/Shadowed:\n  pdf \(project\) \/proj\/\.claude\/skills\/pdf\/SKILL\.md/)
    // The listing the model gets agrees: both directories of `tf`, one `pdf` (the user's).
    expect(ok(await w.run(prompt({}))).xml.split("\n")).toEqual(["- pdf: User copy. Use when testing.", "- tf: Themes for artifacts. Use when styling.", "- tf-copy (tf): Themes for artifacts. Use when styling."])
  })

  it("discover carries each skill's listing facts, in JSON and in the text table", async () => {
    const w = memoryWorld({ files: claudeFiles })
    const r = ok(await w.run(discover({})))
    expect(Object.fromEntries(r.skills.map((s) => [s.name, s.listing]))).toEqual({
      deploy: { model: false, command: true, when_to_use: null, paths: null },
      "lint-ts": { model: true, command: false, when_to_use: null, paths: ["src/**/*.ts"] },
      pdf: { model: true, command: true, when_to_use: "Use when the user mentions invoices or scanned receipts.", paths: null }
    })
    const text = renderDiscover(r)
    expect(text).toMatch(/deploy .*manual only/)
    expect(text).toMatch(/lint-ts .*not in \/ menu; conditional: src\/\*\*\/\*\.ts/)
    // One table row per line (the rows used to be joined by an escaped "\n").
    expect(text.split("\n").filter((l) => /^(NAME|deploy|lint-ts|pdf) /.test(l))).toHaveLength(4)
    expect(text).not.toContain("\\n")
    // Codex reads neither field: every skill is plainly listed.
    const codex = memoryWorld({ files: { "/proj/.agents/skills/deploy/SKILL.md": claudeFiles["/proj/.claude/skills/deploy/SKILL.md"] } })
    expect(ok(await codex.run(discover({ agent: "codex" }))).skills[0]!.listing).toEqual({ model: true, command: true, when_to_use: null, paths: null })
  })

  it("a manual-only skill is absent from prompt, match and the budget's cost; user-invocable: false stays listed; when_to_use is joined", async () => {
    const w = memoryWorld({ files: claudeFiles })
    const p = ok(await w.run(prompt({})))
    // lint-ts is conditional (paths:): Claude Code 2.1.332 lists it only once a matching file is touched.
    expect(p.skills.map((s) => s.name)).toEqual(["pdf"])
    expect(p.manual_only).toEqual(["deploy"])
    expect(p.xml).not.toContain("deploy")
    expect(p.xml).toBe("- pdf: Fill PDF forms and extract PDF text. - Use when the user mentions invoices or scanned receipts.")

    const m = ok(await w.run(match({ query: "deploy the service to production" })))
    expect(m.results.map((x) => x.name)).not.toContain("deploy")
    // A person invokes a manual-only skill as /deploy (Claude Code 2.1.110, 2.1.222); stacked ones load too, up to 5
    // (2.1.199), and a /command later in the request invokes its skill too (2.1.110: "invoked via `/<skill>`
    // mid-message"). A skill hidden from the / menu (user-invocable: false) is no command; a path is none.
    const invoked = ok(await w.run(match({ query: "/deploy /pdf ship it" })))
    expect(invoked.results.map((x) => [x.name, x.mentioned])).toEqual([
      ["deploy", true],
      ["pdf", true]
    ])
    expect(invoked.results[0]!.reason).toContain("invoked as /deploy")
    expect(invoked.results[1]!.reason).toContain("invoked as /pdf")
    expect(ok(await w.run(match({ query: "/lint-ts fix it" }))).results.map((x) => x.name)).not.toContain("lint-ts")
    const mid = ok(await w.run(match({ query: "please run /deploy now" })))
    expect(mid.results.map((x) => x.name)).toContain("deploy")
    expect(mid.results.find((x) => x.name === "deploy")!.reason).toContain("invoked as /deploy")
    for (const query of ["look in /deploy/logs", "ship it and/deploy", "copy to /srv/deploy now"]) {
      expect(ok(await w.run(match({ query }))).results.map((x) => x.name)).not.toContain("deploy")
    }
    expect(ok(await w.run(match({ query: "/deployx now" }))).results.map((x) => x.name)).not.toContain("deploy")
    // The request is scored against when_to_use too: it is part of the entry.
    const invoices = ok(await w.run(match({ query: "scanned receipts and invoices" })))
    expect(invoices.results[0]?.name).toBe("pdf")

    const b = ok(await w.run(budget({})))
    expect(b).toMatchObject({ agent: "claude", title: "Claude Code", manual_only: ["deploy"], limits: { budget_chars: 30000, context_tokens: 750000, max_description_chars: 1536 } })
    expect(b.skills.map((s) => s.name)).toEqual(["pdf"])
    expect(b.conditional).toEqual(["lint-ts"])
    expect(b.skills.find((s) => s.name === "pdf")!.text_chars).toBe(36 + 3 + 56)
    const text = renderBudget(b)
    expect(text).toContain("manual only (not listed): deploy")
    expect(text).toContain(
      "budget: 30,000 characters (1 % of a 750,000-token context window at 4 characters per token; the window: three quarters of Claude Code's default model's 1M context)"
    )
    // Claude Code's own skills share that budget (measured on 2.1.332); skc says so rather than counting them.
    expect(text).toContain("not counted: Claude Code's own 13 skills take about 6,211 characters of this budget in 2.1.332")
    expect(text).toContain("conditional (listed once a file matching their paths: is touched): lint-ts")
    expect(text).toContain("limits: https://code.claude.com/docs/en/skills")

    const named = await w.run(prompt({ skills: ["deploy"] }))
    expect(Result.isFailure(named) && errorText(named.failure)).toMatch(/^error: skill 'deploy' is manual only \(disable-model-invocation: true\): Claude Code never lists it to the model/)
  })

  it("a 1,259-character description with a 1,200-character when_to_use is cut at 1,536: truncated, not full", async () => {
    const w = memoryWorld({ files: { "/proj/.claude/skills/long/SKILL.md": SKILL("long", "d".repeat(1259), `when_to_use: ${"w".repeat(1200)}\n`) } })
    const b = ok(await w.run(budget({})))
    expect(b.skills[0]).toMatchObject({ name: "long", text_chars: 2462, truncated: true, listed: "full", entry_chars: 4 + 5 + 1536 })
    expect(b.truncated).toEqual(["long"])
    // The LISTED column says what the JSON says (listed full, truncated) in words that do not contradict
    // each other: "full; truncated" read as both; `full` is the entry's form, name and description.
    expect(renderBudget(b)).toMatch(/long +2,462 \(cut\) +1,545 +name \+ cut description\n/)
    expect(renderBudget(b)).not.toContain("full; truncated")
    const p = ok(await w.run(prompt({})))
    expect([...p.skills[0]!.description!].length).toBe(1536)
  })

  it("SLASH_COMMAND_TOOL_CHAR_BUDGET replaces the budget; [agents.claude] listing_fraction overrides the 1 %; --context-tokens beats the configured window", async () => {
    const env = memoryWorld({ files: claudeFiles, vars: { SLASH_COMMAND_TOOL_CHAR_BUDGET: "30" } })
    const e = ok(await env.run(budget({})))
    expect(e.limits).toMatchObject({ budget_chars: 30, basis: "SLASH_COMMAND_TOOL_CHAR_BUDGET" })
    expect(e.names_only).toEqual(["pdf"])
    // The first line gives what the model is sent (the name only here) before what every text whole takes.
    expect(renderBudget(e).split("\n")[0]).toBe(`1 skill listed to claude (Claude Code): ${e.used_chars} characters as listed, ${e.total_chars} characters (~${e.estimated_tokens} tokens) with every text whole`)
    expect(e.used_chars).toBeLessThan(e.total_chars)
    const config = memoryWorld({
      files: { ...claudeFiles, "/proj/.skillc/config.toml": "[agents.claude]\nlisting_fraction = 0.05\ncontext_tokens = 100000\n" }
    })
    const c = ok(await config.run(budget({})))
    expect(c.limits).toMatchObject({ budget_chars: 20000, basis: "5 % ([agents.claude] listing_fraction) of a 100,000-token context window ([agents.claude] context_tokens) at 4 characters per token" })
    expect(ok(await config.run(budget({ context_tokens: 10_000 }))).limits).toMatchObject({ budget_chars: 2000, context_tokens: 10000 })
  })

  it("eval: a trigger query expecting a manual-only skill reports that it is not invoked; one that invokes it by its /command passes, as `skc match` says", async () => {
    const w = memoryWorld({
      files: {
        ...claudeFiles,
        "/proj/.claude/skills/deploy/evals/triggers.json": JSON.stringify([
          { query: "deploy the service to production", should_trigger: true },
          { query: "/deploy now please", should_trigger: true },
          { query: "ship it with /deploy", should_trigger: true }
        ])
      }
    })
    /** The match judge never starts a process. */
    const noRunner = Layer.succeed(ProcessRunner, { run: () => Effect.die("the match judge ran a process") })
    const r = ok(await w.run(evaluate({ skills: ["deploy"] }).pipe(Effect.provide(noRunner))))
    expect(r.skills[0]).toMatchObject({ skill: "deploy", manual_only: true, passed: 2, misses: [{ query: "deploy the service to production", winner: null }] })
    const text = renderEval(r)
    expect(r.skills[0]!.command).toBe("deploy")
    expect(text).toContain("deploy is manual only: claude never lists it to the model, so only a request that invokes it (/deploy) triggers it")
    expect(text).toContain('"deploy the service to production": should fire; manual only, not invoked')
    const m = ok(await w.run(match({ query: "/deploy now please" })))
    expect(m.results[0]).toMatchObject({ name: "deploy" })
  })

  it("eval: a manual-only skill that user-invocable: false also keeps off the / menu is said to be invocable by nothing, as `skc match` says; Codex's by naming it", async () => {
    // It said "only a request that invokes it (its /command) triggers it" while no command exists.
    const w = memoryWorld({
      files: {
        "/proj/.claude/skills/hidden/SKILL.md": SKILL("hidden", "Rotate the staging credentials.", "disable-model-invocation: true\nuser-invocable: false\n"),
        "/proj/.claude/skills/hidden/evals/triggers.json": JSON.stringify([{ query: "rotate the staging credentials", should_trigger: true }])
      }
    })
    const noRunner = Layer.succeed(ProcessRunner, { run: () => Effect.die("the match judge ran a process") })
    const r = ok(await w.run(evaluate({ skills: ["hidden"] }).pipe(Effect.provide(noRunner))))
    expect(r.skills[0]).toMatchObject({ skill: "hidden", manual_only: true, command: null, passed: 0 })
    expect(renderEval(r)).toContain("hidden is manual only: claude never lists it to the model, and user-invocable: false keeps it off the / menu too: nothing can invoke it")
    const codex = memoryWorld({
      files: {
        "/proj/.agents/skills/hidden/SKILL.md": SKILL("hidden", "Rotate the staging credentials."),
        "/proj/.agents/skills/hidden/agents/openai.yaml": "policy:\n  allow_implicit_invocation: false\n",
        "/proj/.agents/skills/hidden/evals/triggers.json": JSON.stringify([{ query: "rotate the staging credentials", should_trigger: true }])
      }
    })
    const c = ok(await codex.run(evaluate({ skills: ["hidden"], agent: "codex" }).pipe(Effect.provide(noRunner))))
    expect(c.skills[0]).toMatchObject({ skill: "hidden", manual_only: true })
    expect(c.skills[0]!.command).toBeUndefined()
    expect(renderEval(c)).toContain("hidden is manual only: codex never lists it to the model, so only a request that names it triggers it")
  })

  it("eval: a conditional skill (paths:) is not manual only: it is matched as listed once a file matching its paths is touched, and said so", async () => {
    // lint-ts has `paths: src/**/*.ts` and no disable-model-invocation: eval said "manual only
    // (disable-model-invocation: true)", `manual_only: true`, and every should-fire query missed.
    const w = memoryWorld({
      files: {
        ...claudeFiles,
        "/proj/.claude/skills/lint-ts/evals/triggers.json": JSON.stringify([
          { query: "fix the typescript lint errors in this file", should_trigger: true },
          { query: "fill the pdf form", should_trigger: false }
        ])
      }
    })
    const noRunner = Layer.succeed(ProcessRunner, { run: () => Effect.die("the match judge ran a process") })
    const r = ok(await w.run(evaluate({ skills: ["lint-ts"] }).pipe(Effect.provide(noRunner))))
    expect(r.skills[0]).toMatchObject({ skill: "lint-ts", manual_only: false, conditional: true, passed: 2, misses: [] })
    const text = renderEval(r)
    expect(text).not.toContain("manual only")
    // Said without a miss too: its 100 % holds once its paths match (a probe: the note came only with a miss).
    expect(text).toContain("lint-ts: no misses\n  lint-ts is conditional (paths:): claude lists it only once a file matching its paths is touched; evaluated as listed then")
    // A miss says why it was evaluated as listed.
    const missing = ok(
      await memoryWorld({
        files: { ...claudeFiles, "/proj/.claude/skills/lint-ts/evals/triggers.json": JSON.stringify([{ query: "bake a chocolate cake", should_trigger: true }]) }
      }).run(evaluate({ skills: ["lint-ts"] }).pipe(Effect.provide(noRunner)))
    )
    expect(renderEval(missing)).toContain("lint-ts is conditional (paths:): claude lists it only once a file matching its paths is touched; evaluated as listed then")
  })
})

describe("Codex's listing (issue 43, DECISIONS #51, #53)", () => {
  const files = {
    "/proj/.agents/skills/alpha/SKILL.md": SKILL("alpha", "Alpha things."),
    "/proj/.codex/skills/beta/SKILL.md": SKILL("beta", "Beta things.", "disable-model-invocation: true\n")
  }
  it("reads .agents/skills; 8,000 characters without --context-tokens, 2 % of the window in tokens with it; no frontmatter field leaves a skill out", async () => {
    const w = memoryWorld({ files })
    const b = ok(await w.run(budget({ agent: "codex" })))
    expect(b.skills.map((s) => s.name)).toEqual(["alpha", "beta"])
    expect(b.manual_only).toEqual([])
    expect(b.limits).toMatchObject({ budget_chars: 8000, context_tokens: null, max_description_chars: 1024 })
    expect(b.limits.source).toContain("developers.openai.com/codex/skills")
    expect(renderBudget(b)).toContain("budget: 8,000 characters (OpenAI Codex's documented fallback when the context window is unknown; give --context-tokens for 2 % of it)")
    const big = ok(await w.run(budget({ agent: "codex", context_tokens: 272_000 })))
    expect(big.limits).toMatchObject({
      budget_tokens: 5440,
      budget_chars: 21760,
      context_tokens: 272000,
      basis: "2 % of a 272,000-token context window (--context-tokens), in tokens (each entry's UTF-8 bytes ÷ 4, rounded up)"
    })
    expect(renderBudget(big)).toContain("budget: 5,440 tokens (2 % of a 272,000-token context window")
  })

  it("a skill Codex lists by name only is matched on its name alone (match and eval's judge share matchedTexts), as budget says", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.agents/skills/pdf/SKILL.md": SKILL("pdf", "Extract text and tables from scanned documents and merge files."),
        "/proj/.agents/skills/docx/SKILL.md": SKILL("docx", "Create and edit Word documents with tracked changes and comments."),
        "/proj/.skillc/config.toml": "[agents.codex]\nbudget_chars = 64\n"
      }
    })
    const b = ok(await w.run(budget({ agent: "codex" })))
    expect(b.skills.map((s) => [s.name, s.listed])).toEqual([["docx", "name-only"], ["pdf", "name-only"]])
    // Its description's words no longer pick it, at any threshold; its name still does (a bare "pdf" is its name as
    // a word of the request, no mention: activated, in its place by relevance).
    expect(ok(await w.run(match({ query: "extract the tables from these scanned documents", agent: "codex", threshold: 0 }))).results).toEqual([])
    const named = ok(await w.run(match({ query: "merge this pdf", agent: "codex" }))).results
    expect(named.map((r) => [r.name, r.mentioned, r.decided_by, r.reason.split("; ")[0]])).toEqual([["pdf", false, ["pdf"], "its name is a word of the request (no mention: activated, placed by relevance)"]])
    expect(ok(await w.run(match({ query: "merge this with the pdf skill", agent: "codex" }))).results.map((r) => [r.name, r.mentioned])).toEqual([["pdf", true]])
    // With room for descriptions, the description picks it again.
    const roomy = memoryWorld({ files: { ...Object.fromEntries(Object.entries({ pdf: "Extract text and tables from scanned documents and merge files." }).map(([n, d]) => [`/proj/.agents/skills/${n}/SKILL.md`, SKILL(n, d)])) } })
    expect(ok(await roomy.run(match({ query: "extract the tables from these scanned documents", agent: "codex" }))).results.map((r) => r.name)).toEqual(["pdf"])
    expect(renderBudget(b)).toContain("listed by name only (no description, so never matched on it): docx, pdf")
  })

  it("Claude Code past its budget: budget says a name-only skill is still matched on its description, as match does (Claude Code gives the recently used theirs back)", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.claude/skills/murals/SKILL.md": SKILL("murals", "Paint pink flamingo murals on warehouse walls. ".repeat(20)),
        "/proj/.claude/skills/zz-last/SKILL.md": SKILL("zz-last", "Paint pink flamingo murals on warehouse walls, the second. ".repeat(20))
      }
    })
    const b = ok(await w.run(budget({ context_tokens: 20_000 })))
    const nameOnly = b.skills.filter((s) => s.listed === "name-only").map((s) => s.name)
    expect(nameOnly.length).toBeGreaterThan(0)
    expect(renderBudget(b)).toContain(`listed by name only unless used recently (Claude Code gives the most recently used their description back, which skc cannot know: match and eval still match them on it): ${nameOnly.join(", ")}`)
    expect(ok(await w.run(match({ query: "paint murals on the warehouse walls" }))).results.map((r) => r.name)).toContain(nameOnly[0])
  })

  it("agents/openai.yaml with policy.allow_implicit_invocation: false makes a skill manual only; a malformed one is ignored (Codex reads it fail-open)", async () => {
    const w = memoryWorld({
      files: {
        ...files,
        "/proj/.agents/skills/alpha/agents/openai.yaml": "policy:\n  allow_implicit_invocation: false\n",
        "/proj/.agents/skills/gamma/SKILL.md": SKILL("gamma", "Gamma things."),
        "/proj/.agents/skills/gamma/agents/openai.yaml": "policy: [not, a, map\n"
      }
    })
    const b = ok(await w.run(budget({ agent: "codex" })))
    expect(b.manual_only).toEqual(["alpha"])
    expect(b.skills.map((s) => s.name)).toEqual(["beta", "gamma"])
    const found = ok(await w.run(discover({ agent: "codex" })))
    expect(found.skills.find((s) => s.name === "alpha")!.listing.model).toBe(false)
    // Claude Code does not read the file.
    const claudeBudget = ok(await w.run(budget({ agent: "claude", plugin_dirs: [] })))
    expect(claudeBudget.manual_only).toEqual([])
  })

  it("discover --agent codex warns (SKL606) when agents/openai.yaml is ignored, so the author learns the policy does not apply", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.agents/skills/team/gamma/SKILL.md": SKILL("gamma", "Gamma things."),
        "/proj/.agents/skills/team/gamma/agents/openai.yaml": 'policy:\n  allow_implicit_invocation: "nope"\n',
        "/proj/.agents/skills/delta/SKILL.md": SKILL("delta", "Delta things."),
        "/proj/.agents/skills/delta/agents/openai.yaml": "policy:\n  allow_implicit_invocation: false\n"
      }
    })
    const found = ok(await w.run(discover({ agent: "codex" })))
    const gamma = found.skills.find((s) => s.name === "gamma")!
    // Codex ignores the file, so the skill stays in the model's listing; discover says why, as lint does.
    expect(gamma.listing.model).toBe(true)
    expect(gamma.warnings).toEqual([
      {
        rule: "SKL606",
        name: "codex-metadata-valid",
        message: 'agents/openai.yaml:2:30: policy.allow_implicit_invocation: expected true or false, got the string "nope"; Codex ignores the whole file, its policy included'
      }
    ])
    expect(renderDiscover(found)).toContain("SKL606 codex-metadata-valid: agents/openai.yaml:2:30")
    // A file Codex reads gives no warning.
    expect(found.skills.find((s) => s.name === "delta")!.warnings).toEqual([])
  })
})

describe("an agent that documents no listing budget (Kiro)", () => {
  it("budget null, said plainly", async () => {
    const w = memoryWorld({ files: { "/proj/.kiro/skills/k/SKILL.md": SKILL("k", "Kiro things.") } })
    const b = ok(await w.run(budget({ agent: "kiro" })))
    expect(b.limits).toEqual({ budget_chars: null, budget_tokens: null, context_tokens: null, max_description_chars: null, basis: "Kiro documents no listing budget", source: null })
    expect(b.skills[0]!.listed).toBe("full")
    expect(renderBudget(b)).toContain("Kiro documents no listing budget; entries not cut; the cost above is what the listing takes.")
  })
})

describe("budget and prompt print the same listing (issue 43, DECISIONS #51)", () => {
  it("on a set that overflows the budget: same names, same name-only set, same texts", async () => {
    const files: Record<string, string> = {}
    // Past the default model's 30,000 characters.
    for (let i = 0; i < 40; i++) {
      const name = `skill-${String(i).padStart(2, "0")}`
      files[`/proj/.claude/skills/${name}/SKILL.md`] = SKILL(name, `${name} does things. ${"x".repeat(700)}`, i % 3 === 0 ? `when_to_use: ${"y".repeat(900 + i)}\n` : "")
    }
    files["/proj/.claude/skills/zz-manual/SKILL.md"] = SKILL("zz-manual", "Manual.", "disable-model-invocation: true\n")
    const w = memoryWorld({ files })
    const b = ok(await w.run(budget({})))
    const p = ok(await w.run(prompt({})))
    expect(b.names_only.length).toBeGreaterThan(0)
    expect(p.skills.map((s) => s.name)).toEqual(b.skills.map((s) => s.name))
    expect(p.skills.filter((s) => s.description === null).map((s) => s.name)).toEqual(b.names_only)
    for (const s of p.skills) {
      const entry = b.skills.find((x) => x.name === s.name)!
      if (s.description !== null) expect(s.name.length + 3 + 2 + [...s.description].length).toBe(entry.entry_chars)
    }
    const nameOnly = b.names_only[0]!
    expect(p.xml.split("\n")).toContain(`- ${nameOnly}`)
    expect(b.manual_only).toEqual(["zz-manual"])
    expect(p.manual_only).toEqual(["zz-manual"])
    // The same cut with a window given to both.
    const b2 = ok(await w.run(budget({ context_tokens: 500_000 })))
    const p2 = ok(await w.run(prompt({ context_tokens: 500_000 })))
    expect(p2.skills.filter((s) => s.description === null).map((s) => s.name)).toEqual(b2.names_only)
  })
})

describe("where Codex looks for skills (DECISIONS #51, #53; docs/agents.md)", () => {
  it("one skill directory reached through a link from a second root is one skill to Codex (it knows a skill by its real path): listed and budgeted once", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.codex/skills/tool/SKILL.md": SKILL("tool", "The tool skill."),
        "/proj/.agents/skills/other-copy/SKILL.md": SKILL("pdf", "A second pdf, its own directory."),
        "/proj/.codex/skills/pdf/SKILL.md": SKILL("pdf", "The first pdf.")
      }
    })
    Effect.runSync(w.fs.symlink("../../.codex/skills/tool", "/proj/.agents/skills/tool", "dir"))
    const found = ok(await w.run(discover({ agent: "codex" })))
    // The link is the same skill: not "also listed"; a copy of a name in another directory still is.
    expect(found.shadowed.map((s) => [s.name, s.also_listed === true])).toEqual(expect.arrayContaining([["tool", false], ["pdf", true]]))
    const p = ok(await w.run(prompt({ agent: "codex" })))
    expect(p.skills.map((s) => s.name).sort()).toEqual(["pdf", "pdf", "tool"])
    expect(p.xml.split("\n").filter((l) => l.startsWith("- tool:"))).toHaveLength(1)
    const b = ok(await w.run(budget({ agent: "codex" })))
    expect(b.skills.filter((s) => s.name === "tool")).toHaveLength(1)
  })

  it("a SKILL.md in a grouping folder is a skill to Codex (up to 6 directories down), not to Claude Code", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.agents/skills/team/deploy/SKILL.md": SKILL("deploy", "Deploy things."),
        "/proj/.agents/skills/a/b/c/d/e/six/SKILL.md": SKILL("six", "Six down."),
        "/proj/.agents/skills/a/b/c/d/e/f/seven/SKILL.md": SKILL("seven", "Seven down."),
        "/proj/.agents/skills/.hidden/secret/SKILL.md": SKILL("secret", "In a dot folder."),
        "/proj/.agents/skills/pdf/SKILL.md": SKILL("pdf", "Fill forms."),
        "/proj/.claude/skills/team/lint/SKILL.md": SKILL("lint", "Lint things.")
      }
    })
    const codex = ok(await w.run(discover({ agent: "codex" })))
    expect(codex.skills.map((s) => [s.name, s.path])).toEqual([
      ["pdf", "/proj/.agents/skills/pdf/SKILL.md"],
      ["deploy", "/proj/.agents/skills/team/deploy/SKILL.md"],
      ["six", "/proj/.agents/skills/a/b/c/d/e/six/SKILL.md"]
    ])
    const claude = ok(await w.run(discover({ agent: "claude" })))
    expect(claude.skills).toEqual([])
  })

  it("project directories from the cwd up to the repository root (.git), not above it; the cwd alone outside a repository", async () => {
    const files = {
      "/proj/.agents/skills/outer/SKILL.md": SKILL("outer", "Above the repository."),
      "/proj/repo/.agents/skills/at-root/SKILL.md": SKILL("at-root", "At the repository root."),
      "/proj/repo/pkg/.agents/skills/inner/SKILL.md": SKILL("inner", "In a package."),
      "/proj/repo/pkg/.codex/skills/config/SKILL.md": SKILL("config", "In the project config layer.")
    }
    const inRepo = memoryWorld({ cwd: "/proj/repo/pkg", files: { ...files, "/proj/repo/.git/HEAD": "ref: refs/heads/main\n" } })
    const r = ok(await inRepo.run(discover({ agent: "codex" })))
    expect(r.skills.map((s) => s.name).sort()).toEqual(["at-root", "config", "inner"])
    expect(r.project_root).toEqual({ path: "/proj/repo", marker: ".git", found: true })
    expect(renderDiscover(r)).toContain("Project directories read up to the repository root /proj/repo (codex stops at the directory holding .git).")
    // Claude Code 2.1.332 stops at the repository root too (test/fixtures/claude-listing), but outside a
    // repository it reads every ancestor's directories, not the working directory's alone.
    const claudeFiles = { "/proj/.claude/skills/outer/SKILL.md": SKILL("outer", "Above."), "/proj/repo/.claude/skills/mid/SKILL.md": SKILL("mid", "Mid.") }
    const claudeInRepo = memoryWorld({ cwd: "/proj/repo/pkg", files: { ...claudeFiles, "/proj/repo/.git/HEAD": "x" } })
    const claudeIn = ok(await claudeInRepo.run(discover({ agent: "claude" })))
    expect(claudeIn.skills.map((s) => s.name)).toEqual(["mid"])
    expect(claudeIn.project_root).toEqual({ path: "/proj/repo", marker: ".git", found: true })
    const claudeOutside = ok(await memoryWorld({ cwd: "/proj/repo/pkg", files: claudeFiles }).run(discover({ agent: "claude" })))
    expect(claudeOutside.skills.map((s) => s.name)).toEqual(["mid", "outer"])
    expect(claudeOutside.project_root).toBeNull()
    // ... but never at or above the home directory (Claude Code 2.1.332's getProjectDirsUpToHome).
    const underHome = memoryWorld({
      cwd: "/proj/home/proj",
      home: "/proj/home",
      files: { "/proj/home/proj/.claude/skills/own/SKILL.md": SKILL("own", "Own."), "/proj/.claude/skills/outer/SKILL.md": SKILL("outer", "Above home.") }
    })
    expect(ok(await underHome.run(discover({ agent: "claude" }))).skills.map((s) => s.name)).toEqual(["own"])
    // Other agents read past it (the home's own directory is the user level, DECISIONS #14).
    expect(ok(await underHome.run(discover({ agent: "copilot" }))).skills.map((s) => s.name)).toEqual(["own", "outer"])
    // A `.git` file (a worktree) marks the root too.
    const worktree = memoryWorld({ cwd: "/proj/repo/pkg", files: { ...files, "/proj/repo/.git": "gitdir: /elsewhere\n" } })
    expect(ok(await worktree.run(discover({ agent: "codex" }))).skills.map((s) => s.name).sort()).toEqual(["at-root", "config", "inner"])
    const noRepo = memoryWorld({ cwd: "/proj/repo/pkg", files })
    const outside = ok(await noRepo.run(discover({ agent: "codex" })))
    expect(outside.skills.map((s) => s.name).sort()).toEqual(["config", "inner"])
    expect(renderDiscover(outside)).toContain("No .git above the working directory: codex reads the working directory's project directories only.")
    expect(ok(await noRepo.run(discover({ agent: "claude" }))).project_root).toBeNull()
  })
})

describe("Codex's own bundled skills (docs/agents.md, checked against Codex 0.171.0)", () => {
  it("~/.codex/skills/.system is part of Codex's listing, first; not a place names resolve from", async () => {
    const w = memoryWorld({
      files: {
        "/home/u/.codex/skills/.system/skill-creator/SKILL.md": SKILL("skill-creator", "Create or update a skill."),
        "/proj/.agents/skills/alpha/SKILL.md": SKILL("alpha", "Alpha things.")
      }
    })
    const b = ok(await w.run(budget({ agent: "codex" })))
    expect(b.skills.map((s) => s.name)).toEqual(["skill-creator", "alpha"])
    const roots = ok(await w.run(agentSkillRoots))
    expect(roots.some((r) => r.dir.endsWith(".system"))).toBe(false)
  })
})

describe("Gemini CLI: two copies of a name in one directory (skillManager.ts: the copy loaded last replaces the earlier)", () => {
  it("discover names the copy prompt and budget list, the other shadowed by it", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.agents/skills/dup-a/SKILL.md": SKILL("dup", "First copy."),
        "/proj/.agents/skills/dup-b/SKILL.md": SKILL("dup", "Second copy."),
        "/proj/.agents/skills/solo/SKILL.md": SKILL("solo", "Only one.")
      }
    })
    const listed = ok(await w.run(prompt({ agent: "gemini" }))).skills.find((s) => s.name === "dup")!
    expect(listed.description).toBe("Second copy.")
    const d = ok(await w.run(discover({ agent: "gemini" })))
    expect(d.skills.map((s) => [s.name, s.description])).toEqual([["dup", "Second copy."], ["solo", "Only one."]])
    expect(d.shadowed.map((s) => [s.path, s.winner.path])).toEqual([["/proj/.agents/skills/dup-a/SKILL.md", "/proj/.agents/skills/dup-b/SKILL.md"]])
    // An agent whose first copy wins keeps the first.
    expect(ok(await w.run(discover({ agent: "copilot" }))).skills.find((s) => s.name === "dup")!.description).toBe("First copy.")
  })
})

describe("what Gemini CLI reads of a SKILL.md (skillLoader.ts, Gemini CLI 0.61.0)", () => {
  it("a SKILL.md starting with a UTF-8 byte order mark is skipped: invalid in discover, out of budget and prompt", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.agents/skills/bommed/SKILL.md": `\uFEFF${SKILL("bommed", "Saved by an editor that writes a BOM.")}`,
        "/proj/.gemini/skills/plain/SKILL.md": SKILL("plain", "Saved without one.")
      }
    })
    const d = ok(await w.run(discover({ agent: "gemini" })))
    expect(d.skills.map((s) => s.name)).toEqual(["plain"])
    expect(d.invalid.map((s) => [s.name, s.problems[0]])).toEqual([
      ["bommed", "SKILL.md starts with a UTF-8 byte order mark: Gemini CLI looks for `---` at the file's first byte, finds no frontmatter and skips the skill"]
    ])
    expect(ok(await w.run(budget({ agent: "gemini" }))).skills.map((s) => s.name)).toEqual(["plain"])
    expect(ok(await w.run(prompt({ agent: "gemini" }))).skills.map((s) => s.name)).toEqual(["plain"])
    // An agent that does not refuse it reads past the mark; skills-ref (agentskills) refuses it, as lint's SKL100 says.
    expect(ok(await w.run(discover({ agent: "copilot" }))).skills.map((s) => s.name)).toContain("bommed")
    expect(ok(await w.run(discover({ agent: "agentskills" }))).invalid.map((s) => s.name)).toEqual(["bommed"])
  })

  it("a name or description that is no string is read from its line's text (parseSimpleFrontmatter), and listed", async () => {
    const md = (front: string) => `---\n${front}\n---\n# body\n`
    const w = memoryWorld({
      files: {
        "/proj/.gemini/skills/num/SKILL.md": md("name: 123\ndescription: Numbers as names."),
        "/proj/.gemini/skills/d42/SKILL.md": md("name: d42\ndescription: 42"),
        "/proj/.gemini/skills/dtrue/SKILL.md": md("name: dtrue\ndescription: true"),
        "/proj/.gemini/skills/empty/SKILL.md": md('name: empty\ndescription: ""'),
        // Quotes are kept by the line reader, then `"` and `:` made `-`.
        "/proj/.gemini/skills/quoted/SKILL.md": md('name: "q:x"\ndescription: 42'),
        // Every `name:` line counts, indented ones too; the last one read wins (the loop keeps overwriting).
        "/proj/.gemini/skills/nested/SKILL.md": md("name: 5\ndescription: Nested.\nmetadata:\n  name: inner"),
        "/proj/.gemini/skills/none/SKILL.md": md("description: 42")
      }
    })
    const d = ok(await w.run(discover({ agent: "gemini" })))
    const listed = { "123": "Numbers as names.", d42: "42", dtrue: "true", empty: "", "-q-x-": "42", inner: "Nested." }
    expect(Object.fromEntries(d.skills.map((s) => [s.name, s.description]))).toEqual(listed)
    // No name line at all: skipped.
    expect(d.invalid.map((s) => s.dir)).toEqual(["/proj/.gemini/skills/none"])
    // The specification's problems stay as warnings on the skill.
    expect(d.skills.find((s) => s.name === "empty")!.warnings.map((x) => x.rule)).toContain("SKL106")
    expect(ok(await w.run(budget({ agent: "gemini" }))).skills.map((s) => s.name).sort()).toEqual(Object.keys(listed).sort())
    expect(Object.fromEntries(ok(await w.run(prompt({ agent: "gemini" }))).skills.map((s) => [s.name, s.description]))).toEqual(listed)
  })
})

describe("the name OpenAI Codex gives a skill (codex-rs/core-skills/src/loader.rs parse_skill_file)", () => {
  it("no or an empty name: its directory's name; over 64 characters: refused, as Codex refuses it", async () => {
    const long = "a".repeat(65)
    const longest = "b".repeat(64)
    const w = memoryWorld({
      files: {
        "/proj/.agents/skills/noname/SKILL.md": "---\ndescription: No name here.\n---\n# x\n",
        "/proj/.agents/skills/emptyname/SKILL.md": '---\nname: ""\ndescription: An empty name.\n---\n# x\n',
        "/proj/.agents/skills/long/SKILL.md": SKILL(long, "A name one character too long."),
        "/proj/.agents/skills/longest/SKILL.md": SKILL(longest, "A name as long as Codex takes.")
      }
    })
    const d = ok(await w.run(discover({ agent: "codex" })))
    expect(d.skills.map((s) => s.name).sort()).toEqual([longest, "emptyname", "noname"])
    expect(d.invalid.map((s) => [s.dir, s.problems])).toEqual([
      ["/proj/.agents/skills/long", ["OpenAI Codex refuses a name over 64 characters (this one has 65) and does not load the skill"]]
    ])
    expect(ok(await w.run(budget({ agent: "codex" }))).skills.map((s) => s.name).sort()).toEqual([longest, "emptyname", "noname"])
    expect(ok(await w.run(prompt({ agent: "codex" }))).skills.map((s) => s.name).sort()).toEqual([longest, "emptyname", "noname"])
    // The specification's own reading is unchanged: no name is no skill, a long name a warning.
    const spec = ok(await w.run(discover({ agent: "agentskills" })))
    expect(spec.skills.map((s) => s.name).sort()).toEqual([long, longest])
  })
})

describe("Codex's per-entry cap (core-skills/src/model_visible.rs: MAX_DEFAULT_CONTEXT_SKILL_DESCRIPTION_CHARS, TRUNCATED_SKILL_DESCRIPTION_SUFFIX)", () => {
  it("a description over 1,024 characters is listed as its first 1,021 and `...`; one of 1,024 whole", async () => {
    const long = `${"é".repeat(1_000)}${"x".repeat(100)}`
    const exact = "y".repeat(1_024)
    const w = memoryWorld({
      files: { "/proj/.agents/skills/long/SKILL.md": SKILL("long", long), "/proj/.agents/skills/exact/SKILL.md": SKILL("exact", exact) }
    })
    const b = ok(await w.run(budget({ agent: "codex", context_tokens: 1_000_000 })))
    const byName = Object.fromEntries(b.skills.map((s) => [s.name, s]))
    // Both lines carry 1,024 characters of description: the capped one ends in `...`; "long" (in the name and the path) is two shorter than "exact".
    expect([byName.long!.text_chars, byName.long!.truncated, byName.exact!.text_chars, byName.exact!.truncated]).toEqual([1_100, true, 1_024, false])
    expect(byName.long!.entry_chars).toBe(byName.exact!.entry_chars - 2)
    expect(b.truncated).toEqual(["long"])
    // Cut at the cap is not shortened for the budget: the budget has room, and the text says which is which.
    expect(b.shortened).toEqual([])
    expect(b.one_more.fits).toBe(true)
    expect(renderBudget(b)).toContain("cut at 1,024 characters: long")
    expect(renderBudget(b)).not.toContain("shortened to fit the budget")
    const p = ok(await w.run(prompt({ agent: "codex", context_tokens: 1_000_000 })))
    expect(p.skills.find((s) => s.name === "long")!.description).toBe(`${"é".repeat(1_000)}${"x".repeat(21)}...`)
  })
})

describe("Codex's explicit `$name` mentions (core-skills/src/injection.rs collect_explicit_skill_mentions)", () => {
  const hidden = "policy:\n  allow_implicit_invocation: false\n"
  const filesOf = {
      "/proj/.agents/skills/alpha/SKILL.md": SKILL("alpha", "Formats release notes."),
      "/proj/.agents/skills/alpha/agents/openai.yaml": hidden,
      "/proj/.agents/skills/path/SKILL.md": SKILL("path", "Draws paths."),
      "/proj/.agents/skills/path/agents/openai.yaml": hidden,
      "/proj/.agents/skills/twin/SKILL.md": SKILL("twin", "One of two."),
      "/proj/.agents/skills/twin/agents/openai.yaml": hidden,
      "/home/u/.agents/skills/twin/SKILL.md": SKILL("twin", "The other of two."),
      "/home/u/.agents/skills/twin/agents/openai.yaml": hidden
  }
  const w = memoryWorld({ files: filesOf })
  it("`$alpha` selects alpha though allow_implicit_invocation: false keeps it out of the listing", async () => {
    const m = ok(await w.run(match({ query: "please use $alpha now", agent: "codex" })))
    expect(m.results.map((r) => [r.name, r.mentioned, r.reason.split("; ")[0]])).toEqual([["alpha", true, "mentioned as $alpha"]])
    // Without the sigil it is not listed, so not matched.
    expect(ok(await w.run(match({ query: "please use alpha now", agent: "codex" }))).results).toEqual([])
  })
  it("a name two skills share selects neither; $PATH is an environment variable, not a mention", async () => {
    expect(ok(await w.run(match({ query: "run $twin", agent: "codex" }))).results).toEqual([])
    expect(ok(await w.run(match({ query: "echo $PATH", agent: "codex" }))).results).toEqual([])
  })
  it("a `$name` two listed skills share is no mention of either: Codex selects neither (the notice said so, the result said 'mentioned by name')", async () => {
    const two = memoryWorld({
      files: {
        "/proj/.agents/skills/dup/SKILL.md": "---\nname: dup\ndescription: copy in agents\n---\n# dup\n",
        "/proj/.codex/skills/dup/SKILL.md": "---\nname: dup\ndescription: copy in codex\n---\n# dup\n"
      }
    })
    const r = ok(await two.run(match({ query: "use $dup", agent: "codex" })))
    expect(r.results.length).toBeGreaterThan(0)
    for (const m of r.results) {
      expect(m.mentioned).toBe(false)
      expect(m.reason).not.toContain("mentioned")
    }
    expect(two.warnings().join("\n")).toContain("OpenAI Codex selects neither")
    // Another agent reads `$dup` as marking the name, as before.
    const claude = memoryWorld({ files: { "/proj/.claude/skills/dup/SKILL.md": "---\nname: dup\ndescription: copy\n---\n# dup\n" } })
    expect(ok(await claude.run(match({ query: "use $dup", agent: "claude" }))).results.map((m) => m.mentioned)).toEqual([true])
  })
  it("a `$name` that selects nothing is said: no such skill (with a did-you-mean), or a name two skills share; results unchanged", async () => {
    const fresh = () => memoryWorld({ files: filesOf })
    const a = fresh()
    expect(ok(await a.run(match({ query: "use $alpah and $nosuch, not $HOME, for $100", agent: "codex" }))).results).toEqual([])
    expect(a.warnings()).toEqual([
      "warning: '$alpah' names no skill OpenAI Codex sees, so it selects none; did you mean '$alpha'?",
      "warning: '$nosuch' names no skill OpenAI Codex sees, so it selects none"
    ])
    const b = fresh()
    expect(ok(await b.run(match({ query: "run $twin", agent: "codex" }))).results).toEqual([])
    expect(b.warnings()).toEqual([
      "warning: '$twin' names 2 skills (/proj/.agents/skills/twin/SKILL.md, /home/u/.agents/skills/twin/SKILL.md): OpenAI Codex selects neither; rename one, or mention it by path as [$twin](<path>)"
    ])
    // A selected name, and an agent that reads no `$` mentions, say nothing.
    const c = fresh()
    ok(await c.run(match({ query: "please use $alpha now", agent: "codex" })))
    ok(await c.run(match({ query: "use $nosuch", agent: "claude" })))
    // Claude Code reads none of these skills: the one notice is that (DECISIONS #53), none of `$`.
    expect(c.warnings()).toEqual([
      "warning: 3 skills in the shared .agents/skills (alpha (project), path (project), twin (project)) are nowhere claude reads: Claude Code does not read that directory (codex, copilot, gemini, opencode, amp do: skc discover --agent codex)"
    ])
  })
})

describe("what OpenCode parses (OpenCode 1.18.33 ConfigMarkdown: parse, then sanitize and parse again)", () => {
  it("an unquoted ': ' is quoted for `description`, not for a hyphenated key such as `argument-hint`: that skill is skipped", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.opencode/skills/colon/SKILL.md": "---\nname: colon\ndescription: Use when: deploying\n---\n# x\n",
        "/proj/.opencode/skills/hint/SKILL.md": "---\nname: hint\ndescription: Gives hints.\nargument-hint: usage: foo\n---\n# x\n"
      }
    })
    const d = ok(await w.run(discover({ agent: "opencode" })))
    expect(d.skills.map((s) => s.name)).toEqual(["colon"])
    expect(d.invalid.map((s) => [s.name, s.problems])).toEqual([
      ["hint", ["OpenCode cannot parse the frontmatter: the value of 'argument-hint' holds an unquoted ': ', which OpenCode quotes only for keys of letters, digits and '_', so it skips the skill"]]
    ])
    expect(ok(await w.run(prompt({ agent: "opencode" }))).skills.map((s) => s.name)).toEqual(["colon"])
  })

  it("a name or description js-yaml 3 reads as a date or a base-60 number is no text: the skill is skipped (gray-matter's YAML 1.1 types)", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.opencode/skills/2024-01-01/SKILL.md": "---\nname: 2024-01-01\ndescription: Use when dating things.\n---\n# x\n",
        "/proj/.opencode/skills/clock/SKILL.md": "---\nname: clock\ndescription: 12:30\n---\n# x\n",
        "/proj/.opencode/skills/quoted/SKILL.md": "---\nname: quoted\ndescription: \"2024-01-01\"\n---\n# x\n"
      }
    })
    const d = ok(await w.run(discover({ agent: "opencode" })))
    expect(d.skills.map((s) => s.name)).toEqual(["quoted"])
    expect(d.invalid.map((s) => s.problems[0])).toEqual([
      "OpenCode reads 'name: 2024-01-01' as a date (gray-matter's js-yaml 3, YAML 1.1 types), not text, and skips the skill; quote it",
      "OpenCode reads 'description: 12:30' as a base-60 number (gray-matter's js-yaml 3, YAML 1.1 types), not text, and skips the skill; quote it"
    ])
  })
})

describe("where OpenCode finds dot-directories (OpenCode 1.18.33: externals globbed with {dot:true})", () => {
  it("a skill in a dot-directory under .claude/skills or .agents/skills is found; under .opencode/skills it is not", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.claude/skills/.hidden/SKILL.md": SKILL("hidden", "In a dot-directory."),
        "/proj/.agents/skills/group/.inner/SKILL.md": SKILL("inner", "Deeper, in a dot-directory."),
        "/proj/.opencode/skills/.secret/SKILL.md": SKILL("secret", "Not globbed with dot files.")
      }
    })
    expect(ok(await w.run(discover({ agent: "opencode" }))).skills.map((s) => s.name).sort()).toEqual(["hidden", "inner"])
    // Claude Code reads no dot-directory.
    expect(ok(await w.run(discover({ agent: "claude" }))).skills).toEqual([])
  })
})

describe("budget's text agrees with its JSON", () => {
  const many = Object.fromEntries(
    Array.from({ length: 150 }, (_, i) => [
      `/proj/.agents/skills/s${i}/SKILL.md`,
      SKILL(`s${i}`, `Skill number ${i} does a great many things with files and repositories, described at some length so that the listing grows.`)
    ])
  )

  it("Codex past its budget: LISTED is the JSON's listed (full) and truncated, as `name + cut description`, and the headline counts the skills listed, not every skill", async () => {
    const w = memoryWorld({ files: many })
    const shortened = ok(await w.run(budget({ agent: "codex", context_tokens: 272_000 })))
    const s0 = shortened.skills.find((s) => s.name === "s0")!
    expect(s0).toMatchObject({ listed: "full", truncated: true })
    const text = renderBudget(shortened)
    expect(text).toMatch(/\ns0 +\d+ \(cut\) +\d+ +name \+ cut description\n/)
    expect(text).toMatch(/^150 skills listed to codex \(OpenAI Codex\): [\d,]+ characters/)

    const tight = ok(await w.run(budget({ agent: "codex", context_tokens: 20_000 })))
    const listed = tight.skills.filter((s) => s.listed !== "omitted").length
    expect(tight.omitted.length).toBeGreaterThan(0)
    expect(listed).toBe(150 - tight.omitted.length)
    // prompt of an omitted skill by name says it is left out, as the whole block leaves it out.
    const left = tight.omitted[0]!
    const refused = await w.run(prompt({ agent: "codex", context_tokens: 20_000, skills: [left] }))
    expect(Result.isFailure(refused)).toBe(true)
    expect(String((refused as { failure: { message: string } }).failure.message)).toContain(`skill '${left}' is left out of OpenAI Codex's listing past its budget`)
    // match and eval take the same window: an omitted skill is matched on nothing (it was, on the default budget).
    const unique = memoryWorld({ files: { ...many, [`/proj/.agents/skills/${left}/SKILL.md`]: SKILL(left, "Paint flamingo murals on warehouse walls, at some length so the listing grows.") } })
    const leftOut = ok(await unique.run(budget({ agent: "codex", context_tokens: 20_000 })))
    expect(leftOut.omitted).toContain(left)
    const asked = { query: "paint flamingo murals on the warehouse walls", agent: "codex" as const }
    expect(ok(await unique.run(match({ ...asked, context_tokens: 20_000 }))).results.map((r) => r.name)).not.toContain(left)
    expect(ok(await unique.run(match(asked))).results.map((r) => r.name)).toContain(left)
    // The characters as listed are the listed skills' (used_chars); "all 150" only the whole texts.
    expect(renderBudget(tight)).toMatch(
      new RegExp(`^${listed} of 150 skills listed to codex \\(OpenAI Codex\\): ${tight.used_chars.toLocaleString("en-US")} characters as listed; all 150 would take [\\d,]+ characters \\(~[\\d,]+ tokens\\) with every text whole`)
    )
  })

  it("Claude Code 2.1.169: with its bundled skills turned off (CLAUDE_CODE_DISABLE_BUNDLED_SKILLS, disableBundledSkills), budget does not say they take part of it", async () => {
    const files = { "/proj/.claude/skills/pdf/SKILL.md": SKILL("pdf", "Fill PDF forms.") }
    const on = ok(await memoryWorld({ files }).run(budget({})))
    expect(on.bundled_skills_off).toBeUndefined()
    expect(renderBudget(on)).toContain("not counted: Claude Code's own 13 skills")

    const byEnv = ok(await memoryWorld({ files, vars: { CLAUDE_CODE_DISABLE_BUNDLED_SKILLS: "1" } }).run(budget({})))
    expect(byEnv.bundled_skills_off).toBe("CLAUDE_CODE_DISABLE_BUNDLED_SKILLS")
    expect(renderBudget(byEnv)).not.toContain("Claude Code's own")

    const bySetting = ok(await memoryWorld({ files: { ...files, "/home/u/.claude/settings.json": '{"disableBundledSkills": true}' } }).run(budget({})))
    expect(bySetting.bundled_skills_off).toBe("~/.claude/settings.json")
    expect(renderBudget(bySetting)).not.toContain("Claude Code's own")

    // A project file turning them back on wins over the user's; "0" in the variable turns nothing off.
    const back = ok(
      await memoryWorld({
        files: { ...files, "/home/u/.claude/settings.json": '{"disableBundledSkills": true}', "/proj/.claude/settings.json": '{"disableBundledSkills": false}' },
        vars: { CLAUDE_CODE_DISABLE_BUNDLED_SKILLS: "0" }
      }).run(budget({}))
    )
    expect(renderBudget(back)).toContain("not counted: Claude Code's own 13 skills")
  })

  it("the room left is said with what Claude Code's own skills take of it too: past it, over, not 'fits' (an author's probe)", async () => {
    // A 200,000-token window: 8,000 characters, about 1,800 once Claude Code's own skills take theirs.
    const long = (i: number) => `Handle task number ${i} ${"with a careful and long explanation of the subject ".repeat(18)}`.slice(0, 900)
    const files = Object.fromEntries([1, 2, 3].map((i) => [`/proj/.claude/skills/s${i}/SKILL.md`, SKILL(`s${i}`, long(i))]))
    const three = ok(await memoryWorld({ files }).run(budget({ context_tokens: 200_000 })))
    expect(three.room_chars).toBeGreaterThan(0)
    expect(three.room_after_bundled_chars).toBe(three.room_chars! - 6211)
    expect(three.room_after_bundled_chars).toBeLessThan(0)
    const text = renderBudget(three)
    expect(text).toContain(`room left: ${three.room_chars!.toLocaleString("en-US")} characters, but Claude Code's own skills take about 6,211: with them the listing is about ${(-three.room_after_bundled_chars!).toLocaleString("en-US")} characters over`)
    expect(text).toMatch(/one more skill \(~[\d,]+ characters\): fits after these, but not after Claude Code's own skills too/)
    // One short skill: room after them too, said with the figure.
    const one = ok(await memoryWorld({ files: { "/proj/.claude/skills/pdf/SKILL.md": SKILL("pdf", "Fill PDF forms.") } }).run(budget({ context_tokens: 200_000 })))
    expect(renderBudget(one)).toContain(`(about ${one.room_after_bundled_chars!.toLocaleString("en-US")} once Claude Code's own skills take theirs)`)
    expect(renderBudget(one)).not.toContain("but not after")
    // Turned off, they take nothing: no such figure.
    const off = ok(await memoryWorld({ files, vars: { CLAUDE_CODE_DISABLE_BUNDLED_SKILLS: "1" } }).run(budget({ context_tokens: 200_000 })))
    expect(off.room_after_bundled_chars).toBeUndefined()
    // Other agents list no bundled skills of Claude Code's.
    expect(ok(await memoryWorld({ files }).run(budget({ agent: "codex" }))).room_after_bundled_chars).toBeUndefined()
  })
})

describe("what Codex reads of a skills directory (loader.rs, an agentskills probe, seventy-seventh pass)", () => {
  it("a SKILL.md saved with a byte order mark is skipped (extract_frontmatter trims no U+FEFF): invalid in discover, out of prompt", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.agents/skills/bommed/SKILL.md": `\uFEFF${SKILL("bommed", "Saved by an editor that writes a BOM.")}`,
        "/proj/.agents/skills/plain/SKILL.md": SKILL("plain", "Saved without one.")
      }
    })
    const d = ok(await w.run(discover({ agent: "codex" })))
    expect(d.skills.map((s) => s.name)).toEqual(["plain"])
    expect(d.invalid.map((s) => s.name)).toEqual(["bommed"])
    expect(d.invalid[0]!.problems[0]).toContain("byte order mark")
    expect(ok(await w.run(prompt({ agent: "codex" }))).skills.map((s) => s.name)).toEqual(["plain"])
  })
  it("a SKILL.md right in a skills directory is a skill, as one in a folder below it is (the scan reads the root's own entries)", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.agents/skills/SKILL.md": SKILL("rootskill", "Right in the directory."),
        "/proj/.agents/skills/inner/SKILL.md": SKILL("inner", "In a folder.")
      }
    })
    expect(ok(await w.run(discover({ agent: "codex" }))).skills.map((s) => s.name).sort()).toEqual(["inner", "rootskill"])
    // Claude Code reads folders only.
    expect(ok(await w.run(discover({ agent: "claude" }))).skills.map((s) => s.name)).not.toContain("rootskill")
  })
})

describe("the client guide's project scope (agentskills: `<project>/.agents/skills`, ancestors up to the git root; an agentskills probe)", () => {
  it("in a repository: up to its root, not above it; outside one: the working directory alone", async () => {
    const files = {
      "/proj/.agents/skills/outer/SKILL.md": SKILL("outer", "Above the repository."),
      "/proj/repo/.agents/skills/at-root/SKILL.md": SKILL("at-root", "At the repository root."),
      "/proj/repo/pkg/.agents/skills/inner/SKILL.md": SKILL("inner", "In a package.")
    }
    const inRepo = ok(await memoryWorld({ cwd: "/proj/repo/pkg", files: { ...files, "/proj/repo/.git/HEAD": "x" } }).run(discover({ agent: "agentskills" })))
    expect(inRepo.skills.map((s) => s.name).sort()).toEqual(["at-root", "inner"])
    const outside = ok(await memoryWorld({ cwd: "/proj/repo/pkg", files }).run(discover({ agent: "agentskills" })))
    expect(outside.skills.map((s) => s.name)).toEqual(["inner"])
  })
})

describe("discover --agent agentskills says the unknown fields lint fails (an agentskills probe: listed clean while lint failed it)", () => {
  it("SKL109 among the warnings, marked an error; a profile for which they are warnings leaves them to lint", async () => {
    const w = memoryWorld({ files: { "/proj/.agents/skills/foo/SKILL.md": `---\nname: foo\ndescription: Foo things. Use when testing.\nfoo: bar\n---\n# foo\n` } })
    const strict = ok(await w.run(discover({ agent: "agentskills" })))
    expect(strict.skills[0]!.warnings.map((x) => [x.rule, x.message])).toEqual([["SKL109", "unknown frontmatter field: 'foo'"]])
    expect(renderDiscover(strict)).toContain("SKL109 frontmatter-known: unknown frontmatter field: 'foo' (an error for agentskills")
    expect(ok(await w.run(discover({ agent: "codex" }))).skills[0]!.warnings).toEqual([])
  })
})

describe("skc's dangling link to a skill whose source is gone too (a deployment probe: discover said 'not built on this machine: run skc build --all')", () => {
  it("is invalid with the rm that mends it, and no 'not built' note; a fresh clone's link (source committed) keeps the note", async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/kept/SKILL.md": SKILL("kept", "Committed.") } })
    await Effect.runPromise(w.fs.makeDirectory("/proj/.agents/skills", { recursive: true }))
    await Effect.runPromise(w.fs.symlink("../../.skillc/runtime/gone", "/proj/.agents/skills/gone", "dir"))
    await Effect.runPromise(w.fs.symlink("../../.skillc/runtime/kept", "/proj/.agents/skills/kept", "dir"))
    const d = ok(await w.run(discover({ agent: "codex" })))
    const gone = d.invalid.find((i) => i.dir.endsWith("/gone"))!
    expect(gone.source_gone).toBe(true)
    expect(gone.problems[0]).toContain("skc's link to a skill whose runtime is gone and whose source is not in that store; remove it (rm /proj/.agents/skills/gone), or build the skill again where its source is")
    expect(renderDiscover(d)).toContain("1 skill deployed here (kept) not built on this machine")
    expect(renderDiscover(d)).not.toContain("(gone) not built")
  })
})
