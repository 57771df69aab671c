// Adopting a skill kept in an agent directory: `skc build .claude/skills/<name>` imports it into the store,
// builds it and links the build where it was. Without --force the build is refused (the directory is not
// skc's link) and nothing is written: before, the skill was imported anyway and left unbuilt, so its name
// resolved to a store copy without an index and agents that had read it a moment before got E002.
// bin/skc.mjs as a child process, temp dirs, isolated SKILLC_HOME.
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

const SKILL = "---\nname: notes\ndescription: Team notes. Use when asked for notes.\n---\n# Notes\n\n## Release Checklist\n\nTag, then announce.\n"

describe("skc build of a skill kept in an agent directory", () => {
  const s = sandbox()
  const agentCopy = join(s.work, ".claude", "skills", "notes")
  beforeAll(() => {
    expect(s.run(["init"]).code).toBe(0)
    mkdirSync(join(agentCopy, "refs"), { recursive: true })
    writeFileSync(join(agentCopy, "SKILL.md"), SKILL)
    writeFileSync(join(agentCopy, "refs", "tips.md"), "# Tips\n\nKeep it short.\n")
  })

  it("by name: E001 says how to adopt it (build takes the stores only, DECISIONS #38), not to look at skc list where it is listed", async () => {
    const r = await s.runAsync(["build", "notes"])
    expect(r.code).toBe(1)
    expect(r.stderr).toBe(
      "error[E001]: skill 'notes' not found\n" +
        "  'notes' is a skill in an agent directory that skc did not build (.claude/skills/notes); adopt it with: skc build .claude/skills/notes --force\n"
    )
  })

  it("without --force: refused with a message that names the import, nothing imported, the skill still answers", async () => {
    const r = await s.runAsync(["build", ".claude/skills/notes"])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(`error: '${agentCopy}' is the skill this build imports, and skc's link to the build would take its place`)
    expect(r.stderr).toContain("run it again with --force: its files are copied into the project store first")
    expect(existsSync(join(s.work, ".skillc", "skills", "notes"))).toBe(false)
    const found = await s.runAsync(["search", "notes", "release checklist", "--format", "json"])
    expect(found.code).toBe(0)
    expect(JSON.parse(found.stdout).results[0].section).toBe("Release Checklist")
  })

  it("with --force: the files are in the store, the agent directory holds skc's link, the skill answers", async () => {
    const r = await s.runAsync(["build", ".claude/skills/notes", "--force"])
    expect(r.code, r.stderr).toBe(0)
    expect(lstatSync(agentCopy).isSymbolicLink()).toBe(true)
    const store = join(s.work, ".skillc", "skills", "notes")
    expect(readFileSync(join(store, "SKILL.md"), "utf8")).toBe(SKILL)
    expect(readFileSync(join(store, "refs", "tips.md"), "utf8")).toBe("# Tips\n\nKeep it short.\n")
    const found = await s.runAsync(["search", "notes", "release checklist", "--format", "json"])
    expect(JSON.parse(found.stdout).results[0].section).toBe("Release Checklist")
    // The search made while it was foreign (its log was in the cache, DECISIONS #38) came along: two searches.
    const stats = await s.runAsync(["stats", "notes", "--group-by", "commands", "--format", "json"])
    expect(stats.code, stats.stderr).toBe(0)
    expect(JSON.parse(stats.stdout).data.search).toBe(2)
  })

  it("the same adoption run again: skc's link is a compiled stub, never imported over the source (exit 1, source unchanged)", async () => {
    // Before, this replaced the store's SKILL.md with the stub, and its files with the runtime's .skillc-meta.
    const r = await s.runAsync(["build", ".claude/skills/notes", "--force"])
    expect(r.code).toBe(1)
    expect(r.stdout).toBe("")
    expect(r.stderr).toBe(
      "error: '.claude/skills/notes' is a skill skc compiled (a stub beside .skillc-meta/manifest.json), not a source to import\n" +
        "  build its source instead: skc build .skillc/skills/notes\n"
    )
    const store = join(s.work, ".skillc", "skills", "notes")
    expect(readFileSync(join(store, "SKILL.md"), "utf8")).toBe(SKILL)
    expect(existsSync(join(store, ".skillc-meta"))).toBe(false)
    const hinted = await s.runAsync(["build", ".skillc/skills/notes"])
    expect(hinted.code, hinted.stderr).toBe(0)
  })

  it("another skill's directory in the way: the usual refusal, and nothing imported", async () => {
    const elsewhere = join(s.root, "elsewhere", "tips")
    mkdirSync(elsewhere, { recursive: true })
    writeFileSync(join(elsewhere, "SKILL.md"), SKILL.replace("name: notes", "name: tips"))
    const taken = join(s.work, ".claude", "skills", "tips")
    mkdirSync(taken, { recursive: true })
    writeFileSync(join(taken, "SKILL.md"), SKILL.replace("name: notes", "name: tips"))
    const r = await s.runAsync(["build", elsewhere])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(`error: '${taken}' already exists and is not a link made by skc\n  use --force`)
    expect(existsSync(join(s.work, ".skillc", "skills", "tips"))).toBe(false)
  })
  it("the store already holds a skill of that name: E050 names the copy --force would replace, before anything else (a deployment probe)", async () => {
    const committed = join(s.work, ".skillc", "skills", "gamma")
    mkdirSync(committed, { recursive: true })
    writeFileSync(join(committed, "SKILL.md"), SKILL.replace("name: notes", "name: gamma").replace("# Notes", "# Team gamma"))
    const handWritten = join(s.work, ".agents", "skills", "gamma")
    mkdirSync(handWritten, { recursive: true })
    writeFileSync(join(handWritten, "SKILL.md"), SKILL.replace("name: notes", "name: gamma"))
    // Deployed to .agents/skills too, the agent directory's copy is also a destination: the first refusal spoke of it alone.
    const r = await s.runAsync(["build", ".agents/skills/gamma", "--target", "claude,agents"])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain("error[E050]: skill 'gamma' already exists")
    expect(r.stderr).toContain(`use --force to replace the project copy at '${committed}'`)
    // Nothing replaced, nothing deployed.
    expect(readFileSync(join(committed, "SKILL.md"), "utf8")).toContain("# Team gamma")
    expect(existsSync(join(s.work, ".claude", "skills", "gamma"))).toBe(false)
  })
})

// A hostile probe: the import copies the skill's files only, and the directory --force replaced went with what it
// did not copy (a clone's .git, a name that is not UTF-8; a FIFO too): deleted for good, said of the bad name alone.
describe("skc build --force of an agent directory holding what an import does not copy", () => {
  it("is refused naming each of them, nothing deleted; once they are moved out, the adoption goes through", async () => {
    const s = sandbox()
    expect(s.run(["init"]).code).toBe(0)
    const dir = join(s.work, ".claude", "skills", "ad")
    mkdirSync(join(dir, ".git"), { recursive: true })
    writeFileSync(join(dir, "SKILL.md"), "---\nname: ad\ndescription: Use this skill when the user asks about adoption.\n---\n\n# Ad\n")
    writeFileSync(join(dir, ".git", "config"), "precious\n")
    // An editor's swap file is no part of the skill (isEditorArtifact): never a reason to refuse.
    writeFileSync(join(dir, ".SKILL.md.swp"), "vim")
    writeFileSync(Buffer.concat([Buffer.from(`${dir}/bad`), Buffer.from([0xff]), Buffer.from(".md")]), "precious too\n")
    const r = await s.runAsync(["build", ".claude/skills/ad", "--force"])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(`error: '${dir}' holds what an import does not copy into the project store (.git, bad\uFFFD.md), which --force would delete with the directory`)
    expect(r.stderr).toContain(`move them out of '${dir}', then run the build again (or copy the skill into the store yourself and run: skc build ad)`)
    expect(readFileSync(join(dir, ".git", "config"), "utf8")).toBe("precious\n")
    expect(readdirSync(dir, { encoding: "buffer" }).some((n) => n.includes(0xff))).toBe(true)
    expect(existsSync(join(s.work, ".skillc", "skills", "ad"))).toBe(false)
    // Moved out, the adoption goes through.
    rmSync(join(dir, ".git"), { recursive: true })
    for (const n of readdirSync(dir, { encoding: "buffer" })) if (n.includes(0xff)) rmSync(Buffer.concat([Buffer.from(`${dir}/`), n]))
    const again = await s.runAsync(["build", ".claude/skills/ad", "--force"])
    expect(again.code, again.stderr).toBe(0)
    expect(lstatSync(dir).isSymbolicLink()).toBe(true)
  })
})
