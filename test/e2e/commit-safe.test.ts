// Issue 46 item 2: a project safe to commit. `skc init` keeps what skc makes
// on this machine (runtimes, indexes, access logs) out of git while the
// sources, the config and the deployment links go in; a copied or cloned
// project says its skills are not built here instead of `normal` and a bare
// E002. Real git, real processes.
import { execFileSync } from "node:child_process"
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectMcp, textOf } from "../helpers/mcpClient.js"

const SKILL = "---\nname: deploy-notes\ndescription: How we deploy the web app. Use when deploying.\n---\n# Deploy notes\n\n## Rolling back\n\nRedeploy the previous tag.\n"
const NOT_HERE = "not built on this machine: run `skc build --all`"

const git = (cwd: string, ...args: ReadonlyArray<string>): string =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "init.defaultBranch=main", ...args], {
    cwd,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: cwd, GIT_CONFIG_NOSYSTEM: "1" }
  })

/** A git repository made a project by `skc init`, with deploy-notes built, shown (logged) and staged. */
const committedProject = async () => {
  const sb = sandbox()
  const a = join(sb.root, "webapp")
  mkdirSync(a)
  git(a, "init", "-q")
  const init = await sb.runAsync(["init"], a)
  expect(init.code, init.stderr).toBe(0)
  expect(init.stdout).toContain(".gitignore")
  mkdirSync(join(a, ".skillc", "skills", "deploy-notes"))
  writeFileSync(join(a, ".skillc", "skills", "deploy-notes", "SKILL.md"), SKILL)
  writeFileSync(join(a, ".skillc", "config.toml"), "version = 1\n")
  expect((await sb.runAsync(["build", "deploy-notes"], a)).code).toBe(0)
  expect((await sb.runAsync(["show", "deploy-notes", "--section", "Rolling back"], a, { SKC_ROLE: "agent" })).code).toBe(0)
  git(a, "add", "-A")
  return { sb, a, staged: git(a, "diff", "--cached", "--name-only").trim().split("\n") }
}

describe("issue 46 item 2: a project safe to commit (RFC-0006:C-INIT)", () => {
  it("init, build, git add -A: sources, config, .gitignore and the deployment link are staged; no runtime, index or log", async () => {
    const { staged } = await committedProject()
    expect(staged.sort()).toEqual([".claude/skills/deploy-notes", ".gitignore", ".skillc/config.toml", ".skillc/skills/deploy-notes/SKILL.md"])
    expect(staged.filter((f) => /runtime|logs\.db|\.skillc-meta|search-/.test(f))).toEqual([])
  })

  it("a second init extends nothing; an existing .gitignore keeps its lines and gains skc's once", async () => {
    const sb = sandbox()
    writeFileSync(join(sb.work, ".gitignore"), "node_modules/\n")
    expect((await sb.runAsync(["init"])).code).toBe(0)
    const once = readFileSync(join(sb.work, ".gitignore"), "utf8")
    expect(once.startsWith("node_modules/\n\n")).toBe(true)
    expect(once).toContain("/.skillc/runtime/\n")
    const again = await sb.runAsync(["init", "--format", "json"])
    expect(JSON.parse(again.stdout)).toEqual({ kind: "project", path: join(sb.work, ".skillc"), created: false })
    expect(readFileSync(join(sb.work, ".gitignore"), "utf8")).toBe(once)
  })

  it("a clone says 'not built on this machine' in list and show (E002 kept) before build --all, and reads after", async () => {
    const { sb, a } = await committedProject()
    git(a, "commit", "-qm", "skills")
    const clone = join(sb.root, "clone")
    git(sb.root, "clone", "-q", a, clone)
    const list = await sb.runAsync(["list"], clone)
    expect(list.stdout).toMatch(/deploy-notes +project +not-built/)
    expect(list.stdout).toContain(`deploy-notes: ${NOT_HERE}`)
    const json = JSON.parse((await sb.runAsync(["list", "--format", "json"], clone)).stdout)
    expect(json.skills[0]).toMatchObject({ status: "not-built", hint: NOT_HERE })
    const show = await sb.runAsync(["show", "deploy-notes", "--section", "Rolling back"], clone)
    expect(show.code).toBe(1)
    expect(show.stderr).toContain("error[E002]")
    expect(show.stderr).toContain(NOT_HERE)
    expect((await sb.runAsync(["build", "--all"], clone)).code).toBe(0)
    const after = await sb.runAsync(["show", "deploy-notes", "--section", "Rolling back"], clone)
    expect(after.code, after.stderr).toBe(0)
    expect(after.stdout).toContain("Redeploy the previous tag.")
    expect((await sb.runAsync(["list"], clone)).stdout).toMatch(/deploy-notes +project +normal\n?$/)
    expect(git(clone, "status", "--porcelain")).toBe("")
  })

  it("a clone's budget and eval name the deployed skills not built here instead of passing on an empty listing", async () => {
    const { sb, a } = await committedProject()
    git(a, "commit", "-qm", "skills")
    const clone = join(sb.root, "clone")
    git(sb.root, "clone", "-q", a, clone)
    const budget = await sb.runAsync(["budget"], clone)
    expect(budget.stdout).toContain("1 skill deployed here (deploy-notes) not built on this machine: run `skc build --all`")
    expect(JSON.parse((await sb.runAsync(["budget", "--format", "json"], clone)).stdout).not_built).toEqual(["deploy-notes"])
    const evaluated = await sb.runAsync(["eval"], clone)
    expect(evaluated.code).toBe(1)
    expect(evaluated.stderr).toContain("1 skill deployed here (deploy-notes) not built on this machine: run `skc build --all`")
    expect((await sb.runAsync(["build", "--all"], clone)).code).toBe(0)
    const built = await sb.runAsync(["budget", "--format", "json"], clone)
    expect(JSON.parse(built.stdout).not_built).toBeUndefined()
    expect(JSON.parse(built.stdout).skills.map((s: { name: string }) => s.name)).toEqual(["deploy-notes"])
  })

  it("a clone's eval of a named skill says which deployed skills it judged without (neither the agent nor the judge sees them)", async () => {
    const { sb, a } = await committedProject()
    const other = join(a, ".skillc", "skills", "release-notes")
    mkdirSync(join(other, "evals"), { recursive: true })
    writeFileSync(join(other, "SKILL.md"), "---\nname: release-notes\ndescription: Write release notes for the web app. Use when deploying a release.\n---\n# Release notes\n")
    mkdirSync(join(a, ".skillc", "skills", "deploy-notes", "evals"))
    const triggers = JSON.stringify([{ query: "deploying the web app", should_trigger: true }, { query: "write release notes", should_trigger: false }])
    writeFileSync(join(a, ".skillc", "skills", "deploy-notes", "evals", "triggers.json"), triggers)
    expect((await sb.runAsync(["build", "--all"], a)).code).toBe(0)
    // Built, every skill competes and nothing is said.
    const here = await sb.runAsync(["eval", "deploy-notes"], a)
    expect(here.stderr).toBe("")
    git(a, "add", "-A")
    git(a, "commit", "-qm", "skills")
    const clone = join(sb.root, "clone")
    git(sb.root, "clone", "-q", a, clone)
    const evaluated = await sb.runAsync(["eval", "deploy-notes"], clone)
    // deploy-notes, evaluated, is read from its source: only the other is unseen (a probe: the note named the
    // skill whose figures followed it).
    expect(evaluated.stderr).toBe(
      "warning: 1 skill deployed here (release-notes) not built on this machine: run `skc build --all`; until then neither claude nor this eval sees them\n"
    )
    expect((await sb.runAsync(["build", "--all"], clone)).code).toBe(0)
    expect((await sb.runAsync(["eval", "deploy-notes"], clone)).stderr).toBe("")
  })

  it("a copy (cp -r of a built project) is not-built with the reason, not `normal` with a bare E002", async () => {
    const { sb, a } = await committedProject()
    const copy = join(sb.root, "copy")
    cpSync(a, copy, { recursive: true, verbatimSymlinks: true })
    expect((await sb.runAsync(["list"], copy)).stdout).toContain(`deploy-notes: ${NOT_HERE}`)
    const search = await sb.runAsync(["search", "deploy-notes", "rollback"], copy)
    expect(search.code).toBe(1)
    expect(search.stderr).toContain(`error[E002]: search index unusable; run 'skc build deploy-notes' to rebuild\n  ${NOT_HERE}`)
    // the original is untouched
    expect((await sb.runAsync(["list"], a)).stdout).toMatch(/deploy-notes +project +normal\n?$/)
  })
})

// A team shares its skills through the committed `.agents/skills` links (DECISIONS #46, #53): a teammate's clone,
// before `skc build --all`, is told so by every "as an agent sees it" command, not only by list, budget and eval.
describe("a clone of a project deployed to .agents/skills (DECISIONS #46, #53)", () => {
  const clonedAgentsProject = async () => {
    const sb = sandbox()
    const a = join(sb.root, "webapp")
    mkdirSync(a)
    git(a, "init", "-q")
    expect((await sb.runAsync(["init"], a)).code).toBe(0)
    mkdirSync(join(a, ".skillc", "skills", "deploy-notes"))
    writeFileSync(join(a, ".skillc", "skills", "deploy-notes", "SKILL.md"), SKILL)
    const built = await sb.runAsync(["build", "deploy-notes", "--target", "agents"], a)
    expect(built.code, built.stderr).toBe(0)
    git(a, "add", "-A")
    git(a, "commit", "-qm", "skills")
    const clone = join(sb.root, "clone")
    git(sb.root, "clone", "-q", a, clone)
    return { sb, clone }
  }

  it("a read before the build (its access log makes the runtime directory) does not hide the skill from discover and budget", async () => {
    const { sb, clone } = await clonedAgentsProject()
    // RFC-0007:C-LOGGING creates `.skillc/runtime/deploy-notes/.skillc-meta/logs.db`: the committed link then
    // resolves, to a directory with no SKILL.md, which an agent does not load either.
    expect((await sb.runAsync(["outline", "deploy-notes"], clone)).code).toBe(0)
    const budget = JSON.parse((await sb.runAsync(["budget", "--agent", "codex", "--format", "json"], clone)).stdout)
    expect(budget.not_built).toEqual(["deploy-notes"])
    const discover = JSON.parse((await sb.runAsync(["discover", "--agent", "codex", "--format", "json"], clone)).stdout)
    expect(discover.skills).toEqual([])
    expect(discover.invalid).toMatchObject([{ name: null, deployed_by_skc: true, path: join(clone, ".agents", "skills", "deploy-notes", "SKILL.md") }])
    // Nor does load answer from the store's source what Codex cannot load there.
    const load = await sb.runAsync(["load", "deploy-notes", "--agent", "codex"], clone)
    expect([load.code, load.stdout]).toEqual([1, ""])
    expect(load.stderr).toContain(`which holds no SKILL.md (not built)\n  ${NOT_HERE}\n`)
  })

  it("discover, match and prompt say the deployed skill is not built here, with the command that builds it", async () => {
    const { sb, clone } = await clonedAgentsProject()
    const note = `1 skill deployed here (deploy-notes) ${NOT_HERE}`
    const discover = await sb.runAsync(["discover", "--agent", "codex"], clone)
    expect(discover.code).toBe(0)
    expect(discover.stdout).toContain(note)
    const match = await sb.runAsync(["match", "--agent", "codex", "use $deploy-notes to roll back"], clone)
    expect(match.code).toBe(0)
    expect(match.stderr).toContain(`warning: '$deploy-notes' names a skill deployed here but ${NOT_HERE}`)
    const plain = await sb.runAsync(["match", "--agent", "gemini", "how do we deploy the web app"], clone)
    expect(plain.stderr).toContain(`warning: ${note}`)
    const prompt = await sb.runAsync(["prompt", "--agent", "codex"], clone)
    expect(prompt.stderr).toContain(`warning: ${note}`)
    const named = await sb.runAsync(["prompt", "--agent", "codex", "deploy-notes"], clone)
    expect(named.code).toBe(1)
    expect(named.stderr).toContain(NOT_HERE)
    // After the build every one of them sees the skill, and none says it is not built.
    expect((await sb.runAsync(["build", "--all"], clone)).code).toBe(0)
    const after = await sb.runAsync(["discover", "--agent", "codex"], clone)
    expect(after.stdout).toMatch(/^deploy-notes +project/m)
    expect(after.stdout).not.toContain(NOT_HERE)
    expect((await sb.runAsync(["match", "--agent", "codex", "use $deploy-notes to roll back"], clone)).stderr).toBe("")
  })
  // "See your skills the way an agent runtime does": before `skc build --all` Codex loads nothing at the committed
  // link, so load and permissions by name fail as `prompt <name>` does rather than answer from the store's source.
  it("load and permissions (CLI and skc_load) of a deployed skill not built here fail with the step; a path still reads the source", async () => {
    const { sb, clone } = await clonedAgentsProject()
    // The teammate's own machine: nothing of the author's home.
    const teammate = join(sb.root, "teammate")
    mkdirSync(teammate)
    const as = { HOME: teammate, SKILLC_HOME: teammate }
    const why = `error: skill 'deploy-notes' is excluded by discovery: agents cannot load ${join(clone, ".agents", "skills", "deploy-notes", "SKILL.md")}\n  broken symlink to '../../.skillc/runtime/deploy-notes'\n  ${NOT_HERE}\n`
    const prompt = await sb.runAsync(["prompt", "deploy-notes", "--agent", "codex"], clone, as)
    expect([prompt.code, prompt.stderr]).toEqual([1, why])
    const load = await sb.runAsync(["load", "deploy-notes", "--agent", "codex"], clone, as)
    expect([load.code, load.stdout, load.stderr]).toEqual([1, "", why])
    // The failed load is logged (RFC-0007:C-LOGGING, DECISIONS #17) in the store skill's runtime, which the
    // row creates: the committed link then leads to a directory without a stub, and discovery says so.
    const runtime = join(clone, ".skillc", "runtime", "deploy-notes")
    const whyNow = `error: skill 'deploy-notes' is excluded by discovery: agents cannot load ${join(clone, ".agents", "skills", "deploy-notes", "SKILL.md")}\n  links to skc's runtime ${runtime}, which holds no SKILL.md (not built)\n  ${NOT_HERE}\n`
    const permissions = await sb.runAsync(["permissions", "deploy-notes", "--agent", "codex", "--check", "Write"], clone, as)
    expect([permissions.code, permissions.stdout, permissions.stderr]).toEqual([1, "", whyNow])
    const mcp = await connectMcp({ cwd: clone, home: teammate })
    try {
      const loaded = await mcp.call("skc_load", { skill: "deploy-notes", agent: "codex" })
      expect(loaded.isError).toBe(true)
      expect(textOf(loaded)).toContain(NOT_HERE)
    } finally {
      await mcp.close()
    }
    // A path names the source itself (README: `skc load .skillc/skills/<name>` loads the source as it would).
    const byPath = await sb.runAsync(["load", join(".skillc", "skills", "deploy-notes"), "--agent", "codex"], clone, as)
    expect(byPath.code, byPath.stderr).toBe(0)
    expect(byPath.stdout).toContain("# Deploy notes")
    // Claude Code reads no directory this project deployed to: the store's skill, as an author inspects one before deploying it.
    const claude = await sb.runAsync(["load", "deploy-notes", "--agent", "claude"], clone, as)
    expect(claude.code, claude.stderr).toBe(0)
    expect(claude.stdout).toContain("# Deploy notes")
    // Built here, Codex loads the stub and so does load.
    expect((await sb.runAsync(["build", "--all"], clone, as)).code).toBe(0)
    const built = await sb.runAsync(["load", "deploy-notes", "--agent", "codex"], clone, as)
    expect([built.code, built.stderr]).toEqual([0, ""])
    const allowed = await sb.runAsync(["permissions", "deploy-notes", "--agent", "codex", "--check", "Write"], clone, as)
    expect(allowed.code, allowed.stderr).toBe(0)
    expect(allowed.stdout).toContain(join(clone, ".agents", "skills", "deploy-notes", "SKILL.md"))
  })
})
