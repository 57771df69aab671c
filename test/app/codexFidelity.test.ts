// OpenAI Codex as its loader reads a skill (docs/agents.md, "OpenAI Codex"; DECISIONS #51, #53), checked
// against openai/codex codex-rs/core-skills/src/loader.rs and manager.rs:
// - Codex reads no `allowed-tools` and reserves no word in a name: lint for codex alone does not run SKL601,
//   SKL602 or SKL604 (they said "grants Bash and Write" and "unknown tool 'shell'", Codex's own tool), and
//   `skc permissions --agent codex` decides tools as without the field;
// - `policy.products` without codex keeps the skill out of a Codex session (it was listed);
// - `metadata.short-description` over 1,024 characters: Codex refuses the skill (it was listed, lint silent).
import { Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import { lintSkills } from "../../src/app/lint/lint.js"
import { discoverCommand } from "../../src/app/skills/discover.js"
import { permissions } from "../../src/app/skills/permissions.js"
import { renderWarning } from "../../src/domain/errors.js"
import { renderPermissions } from "../../src/render/protocol.js"
import { memoryWorld } from "../../src/testing.js"
import { memoryLayer } from "../helpers/worlds.js"

const SKILL = (name: string, extra = "") => `---\nname: ${name}\ndescription: "Does ${name} things. Use when asked."\n${extra}---\n# ${name}\n`
const ok = <A, E>(r: Result.Result<A, E>): A => Result.getOrThrow(r)

const lintRules = async (skillMd: string, agent: string) => {
  const o = await Effect.runPromise(
    lintSkills({ skill: "x/claude-helper", agent }).pipe(Effect.provide(memoryLayer({ files: { "/proj/x/claude-helper/SKILL.md": skillMd } })))
  )
  return o.reports[0]!.diagnostics.map((d) => `${d.severity} ${d.rule}`)
}

describe("Codex reads no allowed-tools and reserves no words (loader.rs SkillFrontmatter)", () => {
  const md = SKILL("claude-helper", "allowed-tools: Bash Write shell\n")

  it("lint for codex alone runs none of SKL601, SKL602, SKL604; for claude, or claude and codex, they stand", async () => {
    const codex = await lintRules(md, "codex")
    expect(codex.filter((r) => /SKL60[124]/.test(r))).toEqual([])
    const claude = await lintRules(md, "claude")
    expect(claude).toEqual(expect.arrayContaining(["warning SKL601", "warning SKL602", "warning SKL604"]))
    const both = await lintRules(md, "claude,codex")
    expect(both).toEqual(expect.arrayContaining(["warning SKL601", "warning SKL602", "warning SKL604"]))
  })

  it("discover --agent codex lists the skill without the reserved-word warning; claude keeps it", async () => {
    const files = { "/proj/.agents/skills/claude-helper/SKILL.md": md, "/proj/.claude/skills/claude-helper/SKILL.md": md }
    const codex = ok(await memoryWorld({ files }).run(discoverCommand({ agent: "codex" })))
    expect(codex.skills.map((s) => s.name)).toEqual(["claude-helper"])
    expect(codex.skills[0]!.warnings.map((x) => x.rule)).not.toContain("SKL604")
    const claude = ok(await memoryWorld({ files }).run(discoverCommand({ agent: "claude" })))
    expect(claude.skills[0]!.warnings.map((x) => x.rule)).toContain("SKL604")
  })

  it("permissions --agent codex: allowed-tools changes nothing (standard), said once; amp keeps the restricted mode", async () => {
    const files = { "/proj/.agents/skills/docs/SKILL.md": SKILL("docs", "allowed-tools: Read\n") }
    const w = memoryWorld({ files })
    const codex = ok(await w.run(permissions({ skill: "docs", check: ["Write", "Read"], agent: "codex" })))
    expect(codex).toMatchObject({ mode: "standard", unlisted: null, dangerous_combinations: [], unknown_tools: [] })
    expect(codex.allowed_tools?.map((t) => t.entry)).toEqual(["Read"])
    expect(codex.checks[0]!.decision).not.toBe("deny")
    expect(w.diagnostics.warnings.map(renderWarning)).toEqual([expect.stringContaining("OpenAI Codex reads no allowed-tools")])
    // The text names the field's entries as not read, not "(none)" as if the skill declared nothing (sixty-sixth pass probe).
    expect(renderPermissions(codex).split("\n")[1]).toBe("allowed-tools: Read (not read by codex) — the agent's standard approval applies to every tool")
    const amp = ok(await memoryWorld({ files }).run(permissions({ skill: "docs", check: ["Write"], agent: "amp" })))
    expect(amp).toMatchObject({ mode: "restricted", unlisted: "deny" })
  })
})

describe("Codex's agents/openai.yaml policy.products (manager.rs filter_skill_load_outcome_for_product)", () => {
  const files = (products: string) => ({
    "/proj/.git/HEAD": "ref: refs/heads/main\n",
    "/proj/.agents/skills/chat-only/SKILL.md": SKILL("chat-only"),
    "/proj/.agents/skills/chat-only/agents/openai.yaml": `policy:\n  products: ${products}\n`
  })

  it("a list without codex: not loaded, and said why", async () => {
    const r = ok(await memoryWorld({ files: files("[chatgpt]") }).run(discoverCommand({ agent: "codex" })))
    expect(r.skills).toEqual([])
    expect(r.invalid.map((s) => s.problems.join())).toEqual([expect.stringContaining("restricts it to chatgpt (policy.products): OpenAI Codex does not load it")])
  })

  it("a list with codex (any case), or an empty one: loaded", async () => {
    for (const products of ["[chatgpt, CODEX]", "[]"]) {
      const r = ok(await memoryWorld({ files: files(products) }).run(discoverCommand({ agent: "codex" })))
      expect(r.skills.map((s) => s.name)).toEqual(["chat-only"])
    }
  })
})

describe("Codex's metadata.short-description over 1,024 characters (loader.rs validate_len)", () => {
  const long = (n: number) => SKILL("shortdesc", `metadata:\n  short-description: "${"x".repeat(n)}"\n`)

  it("discover --agent codex: not loaded; at 1,024 it is", async () => {
    const over = ok(await memoryWorld({ files: { "/proj/.agents/skills/shortdesc/SKILL.md": long(1025) } }).run(discoverCommand({ agent: "codex" })))
    expect(over.skills).toEqual([])
    expect(over.invalid[0]!.problems).toEqual([
      "metadata.short-description is 1025 characters: OpenAI Codex refuses one over 1,024 and does not load the skill"
    ])
    const at = ok(await memoryWorld({ files: { "/proj/.agents/skills/shortdesc/SKILL.md": long(1024) } }).run(discoverCommand({ agent: "codex" })))
    expect(at.skills.map((s) => s.name)).toEqual(["shortdesc"])
  })

  it("lint --agent codex: an SKL107 error; for claude, nothing", async () => {
    const run = async (agent: string) => {
      const o = await Effect.runPromise(
        lintSkills({ skill: "x/shortdesc", agent }).pipe(Effect.provide(memoryLayer({ files: { "/proj/x/shortdesc/SKILL.md": long(1100) } })))
      )
      return o.reports[0]!.diagnostics.filter((d) => d.rule === "SKL107").map((d) => `${d.severity} ${d.line} ${d.message}`)
    }
    expect(await run("codex")).toEqual(["error 4 metadata.short-description is 1100 characters: OpenAI Codex refuses one over 1,024 and does not load the skill (codex)"])
    expect(await run("claude")).toEqual([])
  })
})

describe("skc permissions reads a skill as the agent does (Claude Code)", () => {
  it("a value Claude Code quotes (argument-hint: [env] [version]) is read, not refused; a frontmatter no agent reads is E011", async () => {
    const md = "---\nname: deploy\ndescription: Deploys. Use when asked.\nargument-hint: [env] [version]\nallowed-tools: Bash(git status)\n---\n# deploy\n"
    const w = memoryWorld({ files: { "/proj/.claude/skills/deploy/SKILL.md": md } })
    const r = ok(await w.run(permissions({ skill: "deploy", check: ["Bash(git status)"] })))
    expect(r.checks.map((c) => c.decision)).toEqual(["allow"])
    const broken = memoryWorld({ files: { "/proj/.claude/skills/bad/SKILL.md": "---\nname: bad\ndescription: ok\nfoo:\n\t- bar\n---\n# bad\n" } })
    const failed = await broken.run(permissions({ skill: "bad" }))
    expect(Result.isFailure(failed) && (failed.failure as { code?: string }).code).toBe("E011")
  })

  it("${CLAUDE_PLUGIN_ROOT} in a plugin skill's allowed-tools is the plugin's root (CHANGELOG 2.1.0)", async () => {
    const w = memoryWorld({
      files: {
        "/plug/acme/.claude-plugin/plugin.json": JSON.stringify({ name: "acme" }),
        "/plug/acme/skills/lint-fix/SKILL.md":
          "---\nname: lint-fix\ndescription: Fixes lint. Use when asked.\nallowed-tools: Bash(${CLAUDE_PLUGIN_ROOT}/skills/lint-fix/scripts/run.sh *)\n---\n# lint-fix\n"
      }
    })
    const r = ok(await w.run(permissions({ skill: "acme:lint-fix", plugin_dirs: ["/plug/acme"], check: ["Bash(/plug/acme/skills/lint-fix/scripts/run.sh src/a.ts)"] })))
    expect(r.checks.map((c) => c.decision)).toEqual(["allow"])
  })
})

describe("skc discover names a plugin's skill as Claude Code lists it", () => {
  it("text: acme:lint-fix (as prompt, budget and match name it); JSON keeps name and plugin apart", async () => {
    const { renderDiscover } = await import("../../src/render/protocol.js")
    const w = memoryWorld({
      files: {
        "/plug/acme/.claude-plugin/plugin.json": JSON.stringify({ name: "acme" }),
        "/plug/acme/skills/lint-fix/SKILL.md": "---\nname: lint-fix\ndescription: Fixes lint. Use when asked.\n---\n# lint-fix\n"
      }
    })
    const r = ok(await w.run(discoverCommand({ agent: "claude", plugin_dirs: ["/plug/acme"] })))
    expect(r.skills.map((s) => [s.name, s.plugin])).toEqual([["lint-fix", "acme"]])
    expect(renderDiscover(r)).toMatch(/^acme:lint-fix +plugin /m)
  })
})

describe("Codex's home is $CODEX_HOME when set (openai/skills skill-installer: `$CODEX_HOME/skills`, default ~/.codex)", () => {
  const files = {
    "/ch/skills/mine/SKILL.md": SKILL("mine"),
    "/ch/skills/.system/helper/SKILL.md": SKILL("helper"),
    "/home/u/.codex/skills/old/SKILL.md": SKILL("old"),
    "/home/u/.agents/skills/shared/SKILL.md": SKILL("shared")
  }

  it("discover --agent codex reads $CODEX_HOME/skills and its .system instead of ~/.codex, says why, and keeps ~/.agents/skills", async () => {
    const found = ok(await memoryWorld({ files, vars: { CODEX_HOME: "/ch" } }).run(discoverCommand({ agent: "codex" })))
    expect(found.skills.map((s) => s.name).sort()).toEqual(["helper", "mine", "shared"])
    const user = found.searched.filter((d) => d.scope === "user")
    expect(user).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: "/ch/skills", via: "CODEX_HOME" }),
        expect.objectContaining({ path: "/ch/skills/.system", via: "CODEX_HOME" }),
        expect.objectContaining({ path: "/home/u/.agents/skills" })
      ])
    )
    expect(user.map((d) => d.path)).not.toContain("/home/u/.codex/skills")
  })

  it("unset or empty, ~/.codex is read as before", async () => {
    for (const vars of [{}, { CODEX_HOME: "" }] as ReadonlyArray<Record<string, string>>) {
      const found = ok(await memoryWorld({ files, vars }).run(discoverCommand({ agent: "codex" })))
      expect(found.skills.map((s) => s.name).sort()).toEqual(["old", "shared"])
    }
  })
})
