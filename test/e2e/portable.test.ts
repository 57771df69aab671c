// DECISIONS #46 (issue 26 item 1): skills that travel with the repository.
// A project's deployment links are relative, its stubs' manifests carry
// `source_rel`, and a stub whose source is on another machine says so
// instead of silently serving its own headings.
import { cpSync, existsSync, mkdirSync, readFileSync, readlinkSync, realpathSync, renameSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

const SKILL = "---\nname: deploy-notes\ndescription: How we deploy the web app. Use when deploying.\n---\n# Deploy notes\n\n## Hotfixes\n\nShip it from the release branch.\n\n## Rolling back\n\nRedeploy the previous tag.\n"

/** Project A with deploy-notes built and deployed for Claude Code. */
const deployedProject = () => {
  const sb = sandbox()
  const a = join(sb.root, "webapp")
  mkdirSync(join(a, ".skillc", "skills", "deploy-notes"), { recursive: true })
  writeFileSync(join(a, ".skillc", "skills", "deploy-notes", "SKILL.md"), SKILL)
  const built = sb.run(["build", "deploy-notes", "--target", "claude"], a)
  expect(built.code, built.stderr).toBe(0)
  return { sb, a }
}

describe("DECISIONS #46: deployed skills on a teammate's machine", () => {
  it("the link is relative and the manifest names the source relative to the project", () => {
    const { a } = deployedProject()
    expect(readlinkSync(join(a, ".claude", "skills", "deploy-notes"))).toBe("../../.skillc/runtime/deploy-notes")
    const manifest = JSON.parse(readFileSync(join(a, ".skillc", "runtime", "deploy-notes", ".skillc-meta", "manifest.json"), "utf8"))
    expect(manifest.source_rel).toBe(".skillc/skills/deploy-notes")
    expect(manifest.source_path).toBe(realpathSync(join(a, ".skillc", "skills", "deploy-notes")))
  })

  it("a clone (sources and .claude/skills committed, no runtime): search says what to run, then everything works after skc build --all", async () => {
    const { sb, a } = deployedProject()
    const clone = join(sb.root, "clone")
    mkdirSync(join(clone, ".skillc"), { recursive: true })
    cpSync(join(a, ".skillc", "skills"), join(clone, ".skillc", "skills"), { recursive: true })
    cpSync(join(a, ".claude"), join(clone, ".claude"), { recursive: true, verbatimSymlinks: true })
    // The committed link points into the clone's own runtime, not back at the original project.
    expect(readlinkSync(join(clone, ".claude", "skills", "deploy-notes"))).toBe("../../.skillc/runtime/deploy-notes")
    // Before the build: the outline is read from the source; what needs the index names the command to run.
    expect((await sb.runAsync(["outline", "deploy-notes"], clone)).stdout).toContain("Rolling back")
    const before = await sb.runAsync(["search", "deploy-notes", "rollback"], clone)
    expect(before.code).toBe(1)
    expect(before.stderr).toContain("run 'skc build deploy-notes'")
    const built = await sb.runAsync(["build", "--all"], clone)
    expect(built.code, built.stderr).toBe(0)
    expect(realpathSync(join(clone, ".claude", "skills", "deploy-notes"))).toBe(realpathSync(join(clone, ".skillc", "runtime", "deploy-notes")))
    const outline = await sb.runAsync(["outline", "deploy-notes"], clone)
    expect(outline.code, outline.stderr).toBe(0)
    expect(outline.stdout).toContain("Rolling back")
    const show = await sb.runAsync(["show", "deploy-notes", "--section", "Hotfixes"], clone)
    expect(show.stdout).toContain("Ship it from the release branch.")
  })

  it("a stub copied without its source (cp -rL), the source's machine gone: outline warns, show of a source section says why it is missing", async () => {
    const { sb, a } = deployedProject()
    const other = join(sb.root, "other")
    mkdirSync(join(other, ".claude", "skills"), { recursive: true })
    cpSync(join(a, ".claude", "skills", "deploy-notes"), join(other, ".claude", "skills", "deploy-notes"), { recursive: true, dereference: true })
    // Another machine: the project the stub was built in is not here.
    renameSync(a, join(sb.root, "elsewhere"))
    expect(existsSync(join(other, ".claude", "skills", "deploy-notes", ".skillc-meta", "manifest.json"))).toBe(true)
    const outline = await sb.runAsync(["outline", "deploy-notes"], other)
    expect(outline.code, outline.stderr).toBe(0)
    expect(outline.stderr).toMatch(/^warning: 'deploy-notes' is a stub deployed by skc whose source \(.*webapp.*\) is not here: .*run 'skc build deploy-notes'/m)
    const show = await sb.runAsync(["show", "deploy-notes", "--section", "Rolling back"], other)
    expect(show.code).toBe(1)
    expect(show.stderr).toMatch(/^error\[E020\]: section not found: 'Rolling back'\n {2}only the stub's headings are here: its source \(.*webapp.*\) is not; where it is, run 'skc build'/m)
  })
})

describe("issue 45 item 6: a committed stub's manifest cannot point outside the project", () => {
  it("issue 45 item 6: open and outline of a stub whose source_path names another directory read only the stub, and warn", async () => {
    const sb = sandbox()
    const repo = join(sb.root, "cloned")
    mkdirSync(join(repo, ".skillc"), { recursive: true })
    const outside = join(sb.root, "private", "notes")
    mkdirSync(outside, { recursive: true })
    writeFileSync(join(outside, "SKILL.md"), "---\nname: notes\ndescription: Private notes. Use never.\n---\n# Private\n\n## Secret heading\n")
    writeFileSync(join(outside, "creds.txt"), "ghp_SECRET\n")
    // What a hostile repository commits: a stub whose manifest names that directory.
    const stub = join(repo, ".claude", "skills", "notes")
    mkdirSync(join(stub, ".skillc-meta"), { recursive: true })
    writeFileSync(join(stub, "SKILL.md"), "---\nname: notes\ndescription: Notes. Use when noting.\n---\n# Notes\n")
    writeFileSync(
      join(stub, ".skillc-meta", "manifest.json"),
      JSON.stringify({ skill: "notes", version: 1, built_at: "2026-11-26T00:00:00.000Z", source_hash: "x", scope: "project", source_path: outside })
    )
    const open = await sb.runAsync(["open", "notes", "creds.txt"], repo)
    expect(open.stdout).not.toContain("ghp_SECRET")
    expect(open.code).toBe(1)
    expect(open.stderr).toContain("outside the project holding the stub")
    const outline = await sb.runAsync(["outline", "notes"], repo)
    expect(outline.code).toBe(0)
    expect(outline.stdout).not.toContain("Secret heading")
    expect(outline.stdout).toContain("Notes")
    expect(outline.stderr).toContain("outside the project holding the stub")
  })
})
