/**
 * `skc discover` names the skills directories Claude Code also loads below the
 * working directory once it works on files there (nested `.claude/skills`,
 * CHANGELOG 2.1.6, 2.1.178), which skc does not list as discovered: from a
 * monorepo's root an author saw nothing of their package's skills.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { discoverCommand } from "../../src/app/skills/discover.js"
import { resolveSkill } from "../../src/app/skills/resolve.js"
import { MAX_NESTED_DEPTH } from "../../src/app/skills/nestedSkillDirs.js"
import { renderDiscover } from "../../src/render/protocol.js"
import { memoryWorld } from "../../src/testing.js"

const SKILL = (name: string) => `---\nname: ${name}\ndescription: "Does ${name} things. Use when asked."\n---\n# ${name}\n`
const ok = <A, E>(r: Result.Result<A, E>): A => Result.getOrThrow(r)

describe("discover: skills directories below the working directory (Claude Code's nested .claude/skills)", () => {
  const files = {
    "/proj/.claude/skills/dup/SKILL.md": SKILL("dup"),
    "/proj/pkg/.claude/skills/dup/SKILL.md": SKILL("dup"),
    "/proj/pkg/.claude/skills/only-nested/SKILL.md": SKILL("only-nested"),
    "/proj/pkg/.claude/skills/no-skill-md/notes.md": "# notes\n",
    "/proj/apps/web/.claude/skills/web-tests/SKILL.md": SKILL("web-tests"),
    // Never entered: dependencies and dot-directories (Claude Code skips gitignored ones, node_modules first).
    "/proj/node_modules/lib/.claude/skills/from-dep/SKILL.md": SKILL("from-dep"),
    "/proj/.venv/x/.claude/skills/from-venv/SKILL.md": SKILL("from-venv")
  }

  it("names each nested directory with its skills, not among the discovered ones; a clashing name as <dir>:<name>", async () => {
    const w = memoryWorld({ files })
    const r = ok(await w.run(discoverCommand({ agent: "claude" })))
    expect(r.skills.map((s) => s.name)).toEqual(["dup"])
    expect(r.below).toEqual({
      dirs: [
        { path: "pkg/.claude/skills", under: "pkg", skills: ["dup", "only-nested"] },
        { path: "apps/web/.claude/skills", under: "apps/web", skills: ["web-tests"] }
      ],
      truncated: false
    })
    const text = renderDiscover(r)
    expect(text).toContain("Below the working directory (claude loads these once it works on files there")
    // CHANGELOG 2.1.69: Claude Code skips gitignored directories, which skc does not read: said, not listed as loaded.
    expect(text).toContain("(skc does not read .gitignore: a directory git ignores, such as build output, is skipped by the agent)")
    expect(text).toContain("  pkg/.claude/skills: dup (pkg:dup), only-nested\n")
    expect(text).toContain("  apps/web/.claude/skills: web-tests\n")
  })

  // A probe of the agents' view (sixty-third pass): with a plugin holding `writing-plans`, a nested `writing-plans`
  // read as a clash (`pkg:writing-plans`), but Claude Code names the plugin's `acme:writing-plans`.
  it("a plugin's skill of the same name is no clash: Claude Code names it <plugin>:<name>", async () => {
    const w = memoryWorld({
      files: {
        ...files,
        "/plug/acme/.claude-plugin/plugin.json": JSON.stringify({ name: "acme" }),
        "/plug/acme/skills/only-nested/SKILL.md": SKILL("only-nested")
      }
    })
    const r = ok(await w.run(discoverCommand({ agent: "claude", plugin_dirs: ["/plug/acme"] })))
    expect(r.skills.map((s) => `${s.scope} ${s.name}`)).toContain("plugin only-nested")
    expect(renderDiscover(r)).toContain("  pkg/.claude/skills: dup (pkg:dup), only-nested\n")
  })

  it("an agent that loads nothing below the working directory has no `below`", async () => {
    const w = memoryWorld({ files })
    const r = ok(await w.run(discoverCommand({ agent: "codex" })))
    expect(r.below).toBeUndefined()
  })

  it("a tree deeper than the bound is said to be read in part", async () => {
    const deep = `/proj/${Array.from({ length: MAX_NESTED_DEPTH + 2 }, (_, i) => `d${i}`).join("/")}`
    const w = memoryWorld({ files: { ...files, [`${deep}/.claude/skills/deep/SKILL.md`]: SKILL("deep") } })
    const r = ok(await w.run(discoverCommand({ agent: "claude" })))
    expect(r.below?.truncated).toBe(true)
    expect(r.below?.dirs.some((d) => d.skills.includes("deep"))).toBe(false)
    expect(renderDiscover(r)).toContain("the look below stopped at its bound")
  })

  // A team-layout probe: from a monorepo's root, `skc show api-guide` (what the stub Claude Code loaded from
  // packages/api says) answered E001 although discover named the skill below.
  it("a reading command resolves a name found once in a nested .claude/skills; several of the name are named in the E001; a build does not look", async () => {
    const w = memoryWorld({ files })
    const one = ok(await w.run(resolveSkill("web-tests")))
    expect(one.sourceDir).toBe("/proj/apps/web/.claude/skills/web-tests")
    const nested = ok(await w.run(resolveSkill("only-nested")))
    expect(nested.sourceDir).toBe("/proj/pkg/.claude/skills/only-nested")
    // `dup` is the working directory's own: found first, as before.
    expect(ok(await w.run(resolveSkill("dup"))).sourceDir).toBe("/proj/.claude/skills/dup")
    const twice = memoryWorld({ files: { ...files, "/proj/apps/api/.claude/skills/web-tests/SKILL.md": SKILL("web-tests") } })
    const failed = await twice.run(resolveSkill("web-tests"))
    expect(Result.isFailure(failed)).toBe(true)
    expect(JSON.stringify(failed)).toContain("several skills of that name are below the working directory")
    // A build never reads agent directories (DECISIONS #38), nested ones neither.
    expect(Result.isFailure(await w.run(resolveSkill("web-tests", { agentDirs: false })))).toBe(true)
  })
})

// DECISIONS #47: MCP clients start servers in `/` (Claude Desktop) or the home directory, outside any project. From
// there the walk read the machine's directories and served another project's skill as if in scope (a fresh machine's
// CI: `skc mcp` started in / answered `skc_show deploy-notes` from the test's sandbox, a project far below it).
describe("no walk below the file system's root or a home directory", () => {
  const files = { "/srv/proj/.claude/skills/elsewhere/SKILL.md": SKILL("elsewhere"), "/users/u/code/.claude/skills/mine/SKILL.md": SKILL("mine") }

  it("from / a name found only in some project below is E001, and discover names nothing below", async () => {
    const w = memoryWorld({ files, cwd: "/" })
    expect(Result.isFailure(await w.run(resolveSkill("elsewhere")))).toBe(true)
    expect(ok(await w.run(discoverCommand({ agent: "claude" }))).below).toEqual({ dirs: [], truncated: false })
  })

  it("nor from a directory holding the home (`/users`): every user's projects are below it", async () => {
    const w = memoryWorld({ files, cwd: "/users", home: "/users/u" })
    expect(Result.isFailure(await w.run(resolveSkill("mine")))).toBe(true)
  })

  it("from the home directory neither; from a directory of it, as before", async () => {
    const home = memoryWorld({ files, cwd: "/users/u", home: "/users/u" })
    expect(Result.isFailure(await home.run(resolveSkill("mine")))).toBe(true)
    const below = memoryWorld({ files, cwd: "/users/u/projects", home: "/users/u" })
    const code = memoryWorld({ files: { ...files, "/users/u/projects/code/.claude/skills/mine/SKILL.md": SKILL("mine") }, cwd: "/users/u/projects", home: "/users/u" })
    expect(Result.isFailure(await below.run(resolveSkill("mine")))).toBe(true)
    expect(ok(await code.run(resolveSkill("mine"))).sourceDir).toBe("/users/u/projects/code/.claude/skills/mine")
  })
})
