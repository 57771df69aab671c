// A store or SKILL.md skc cannot read (EACCES: a checkout made by another user with umask 077, CI running as
// someone else) is said, never counted as empty: `build --all` printed "0 skills: 0 built, 0 failed" and `lint
// --all` "skipping 'demo': no SKILL.md", both exit 0, and `list` "No skills found" (fifty-eighth pass probe).
import { describe, expect, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import { buildMany } from "../../src/app/build/buildMany.js"
import { hasErrors, lintSkills } from "../../src/app/lint/lint.js"
import { list } from "../../src/app/skills/list.js"
import { FsError } from "../../src/ports/FileSystem.js"
import { renderError, renderWarning } from "../../src/domain/errors.js"
import { makeMemoryFileSystem, memoryWorld, type MemoryFileSystem } from "../../src/testing.js"

const SKILL = "---\nname: demo\ndescription: Demo. Use when testing.\n---\n# Demo\n\n## Usage\n\nhello\n"
const STORE = "/proj/.skillc/skills"

/** A memory disk on which `denied` cannot be listed or looked at (EACCES). */
const denying = (denied: string): MemoryFileSystem => {
  const inner = makeMemoryFileSystem()
  const refuse = (op: string, p: string) => Effect.fail(new FsError({ op, path: p, code: "EACCES", message: `EACCES: ${op} '${p}'` }))
  return {
    ...inner,
    readDir: (p) => (p === denied ? refuse("readdir", p) : inner.readDir(p)),
    statOption: (p) => (p.startsWith(`${denied}/`) ? refuse("stat", p) : inner.statOption(p))
  }
}

describe("an unreadable store or skill is said, not counted as empty", () => {
  it("build --all fails naming the store; list warns that its skills are not listed", async () => {
    const w = memoryWorld({ fs: denying(STORE), files: { [`${STORE}/demo/SKILL.md`]: SKILL } })
    const built = await w.run(buildMany({ all: true, skills: [] }))
    expect(Result.isFailure(built)).toBe(true)
    expect(Result.isFailure(built) ? renderError(built.failure) : "").toContain(`cannot read directory '${STORE}': permission denied`)
    const listed = Result.getOrThrow(await w.run(list({})))
    expect(listed.skills).toEqual([])
    expect(w.diagnostics.warnings.map(renderWarning).join("\n")).toContain(`cannot read the project store '${STORE}' (EACCES): its skills are not listed`)
  })

  it("lint --all fails on a skill whose SKILL.md cannot be looked at, not 'no SKILL.md', and lints the others (README skc lint)", async () => {
    const w = memoryWorld({ fs: denying(`${STORE}/demo`), files: { [`${STORE}/demo/SKILL.md`]: SKILL, [`${STORE}/ok/SKILL.md`]: SKILL.replace("name: demo", "name: ok") } })
    const linted = Result.getOrThrow(await w.run(lintSkills({})))
    // A failed target (the run exits 1), the other skill linted all the same.
    expect(hasErrors(linted)).toBe(true)
    expect(linted.failures?.map((f) => [f.target, f.error.message])).toEqual([["demo", expect.stringContaining("permission denied")]])
    expect(linted.reports.map((r) => r.skill)).toEqual(["ok"])
    expect(w.diagnostics.warnings.map(renderWarning).join("\n")).not.toContain("no SKILL.md")
  })
})
