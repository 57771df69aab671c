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
