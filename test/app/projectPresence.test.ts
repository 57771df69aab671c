// inNoProject (issue 46 item 3): a directory is in no project only when neither .skillc/ nor an agent's
// project skills directory is there or above it; a repository holding only .claude/skills is a project.
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { inNoProject } from "../../src/app/skills/index.js"
import { memoryWorld } from "../../src/testing.js"

const SKILL = "---\nname: notes\ndescription: d\n---\n# notes\n"

const noProjectFrom = async (cwd: string, files: Record<string, string>) =>
  Result.getOrThrow(await memoryWorld({ cwd, files }).run(inNoProject))

describe("inNoProject", () => {
  it("a .skillc/ project, a .claude/skills or .agents/skills repository (from a subdirectory too) is a project", async () => {
    expect(await noProjectFrom("/proj/src", { "/proj/.skillc/skills/notes/SKILL.md": SKILL })).toBe(false)
    expect(await noProjectFrom("/repo/src/deep", { "/repo/.claude/skills/notes/SKILL.md": SKILL })).toBe(false)
    expect(await noProjectFrom("/repo", { "/repo/.agents/skills/notes/SKILL.md": SKILL })).toBe(false)
  })

  it("a directory with neither, or only user-level skills under home, is in no project", async () => {
    expect(await noProjectFrom("/elsewhere", { "/repo/.claude/skills/notes/SKILL.md": SKILL })).toBe(true)
    // The home directory's .claude/skills holds user-level skills (agent-user), not a project's.
    expect(await noProjectFrom("/home/u", { "/home/u/.claude/skills/notes/SKILL.md": SKILL })).toBe(true)
    // A file where the directory would be is not one.
    expect(await noProjectFrom("/repo", { "/repo/.claude/skills": "not a directory" })).toBe(true)
  })
})
