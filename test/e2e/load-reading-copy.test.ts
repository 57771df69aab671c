// One name in both the user's and the project's `.claude/skills`: Claude Code (and so `skc load`) takes the
// user's copy; `show`, `outline`, `search` and `open` resolve a name from the working directory up before the
// home (RFC-0007:C-RESOLUTION, DECISIONS #38) and read the project's. An agent loaded one copy and read the
// sections of the other (a probe as a Claude Code user). `load` says so, with the path that reads the copy it
// loaded, and `discover` says it beside the shadowed copy; one copy alone, or the same copy, says nothing.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

const skill = (dir: string, description: string, body: string) => {
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), `---\nname: dup\ndescription: ${description} Use when testing.\n---\n# dup\n\n## Steps\n\n${body}\n`)
}

describe("load and the copy the reading commands read", () => {
  it("load names the other copy show reads and the path of the one it loaded", async () => {
    const s = sandbox()
    mkdirSync(join(s.work, ".git"))
    const user = join(s.home, ".claude", "skills", "dup")
    const project = join(s.work, ".claude", "skills", "dup")
    skill(user, "User copy.", "USERBODY")
    skill(project, "Project copy.", "PROJBODY")
    const loaded = await s.runAsync(["load", "dup"])
    expect(loaded.code, loaded.stderr).toBe(0)
    expect(loaded.stdout).toContain("USERBODY")
    expect(loaded.stderr).toContain(
      `show, outline, search and open read 'dup' as the project's copy, ${project} (skc resolves a name from the working directory up before the home); the copy loaded here is the user's: give its path, ${user}, as the skill to read it`
    )
    // What the note says holds: the name reads the project's copy, the path the user's.
    expect((await s.runAsync(["show", "dup", "--section", "Steps"])).stdout).toContain("PROJBODY")
    expect((await s.runAsync(["show", user, "--section", "Steps"])).stdout).toContain("USERBODY")
    const discovered = await s.runAsync(["discover"])
    expect(discovered.stdout).toContain("give the winner's path to read the copy the agent loads")
  })

  it("one copy, or a project-only name, says nothing", async () => {
    const s = sandbox()
    mkdirSync(join(s.work, ".git"))
    skill(join(s.home, ".claude", "skills", "dup"), "User copy.", "USERBODY")
    const alone = await s.runAsync(["load", "dup"])
    expect(alone.code, alone.stderr).toBe(0)
    expect(alone.stderr).not.toContain("show, outline, search and open read")
    expect((await s.runAsync(["discover"])).stdout).not.toContain("give the winner's path")
    const t = sandbox()
    mkdirSync(join(t.work, ".git"))
    skill(join(t.work, ".claude", "skills", "dup"), "Project copy.", "PROJBODY")
    expect((await t.runAsync(["load", "dup"])).stderr).not.toContain("show, outline, search and open read")
  })
})
