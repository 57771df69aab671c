// An editor's files beside the one being edited are no part of the skill (src/domain/sourcePaths.ts
// `isEditorArtifact`): opening SKILL.md in vim made every `show` and `search` E002 until a build, and each
// swap write under `--watch` rewrote the whole index (a build probe, seventy-ninth pass).
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { isEditorArtifact } from "../../src/domain/sourcePaths.js"
import { sandbox } from "../helpers/cli.js"

describe("editor artifacts", () => {
  it("names vim's swap and write-test files, backups, Emacs's auto-save and lock links, and nothing else", () => {
    for (const name of [".SKILL.md.swp", ".SKILL.md.swo", ".notes.md.swa", ".swp", "4913", "SKILL.md~", "#SKILL.md#", ".#SKILL.md"]) expect(isEditorArtifact(name), name).toBe(true)
    for (const name of ["SKILL.md", "swap.md", ".env.example", "4913.md", "#notes", "notes#", ".swpx", "a.swp", "~notes"]) expect(isEditorArtifact(name), name).toBe(false)
  })

  it("an editor's files make no index stale, and no command lists them", async () => {
    const s = sandbox()
    const dir = join(s.work, ".skillc", "skills", "notes")
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "SKILL.md"), "---\nname: notes\ndescription: Notes. Use when testing.\n---\n\n# Notes\n\n## A\n\nzebra\n")
    expect((await s.runAsync(["build", "notes"])).code).toBe(0)
    // vim opened SKILL.md (nothing saved), Emacs left its auto-save, lock link and backup.
    writeFileSync(join(dir, ".SKILL.md.swp"), "b0VIM 9.0")
    writeFileSync(join(dir, "4913"), "")
    writeFileSync(join(dir, "SKILL.md~"), "old text")
    writeFileSync(join(dir, "#SKILL.md#"), "auto-saved")
    symlinkSync("user@host.1234:1700000000", join(dir, ".#SKILL.md"))
    const found = await s.runAsync(["search", "notes", "zebra"])
    expect(found.code, found.stderr).toBe(0)
    expect(found.stdout).toContain("zebra")
    const sources = await s.runAsync(["sources", "notes"])
    expect(sources.code, sources.stderr).toBe(0)
    for (const name of [".SKILL.md.swp", "4913", "SKILL.md~", "#SKILL.md#", ".#SKILL.md"]) expect(sources.stdout).not.toContain(name)
    // A build finds the index current: nothing of the skill changed.
    const rebuilt = await s.runAsync(["build", "notes", "--format", "json"])
    expect(rebuilt.code, rebuilt.stderr).toBe(0)
    expect(rebuilt.stdout).not.toMatch(/"index":\s*"(updated|rebuilt|written)"/)
  })
})
