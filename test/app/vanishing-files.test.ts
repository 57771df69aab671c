// A file removed from a skill's folder while a command reads it (an editor's temporary file, `sed -i`, an atomic
// save's `.new`) is no part of the tree: search, show and build went E999 ("read '…/notes.tmp': ENOENT") for one
// call in three while a fleet of agents worked and someone edited the skill (fifty-eighth pass probe).
import { describe, expect, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import { build } from "../../src/app/build/build.js"
import { currentSourceHash } from "../../src/app/shared/index.js"
import { makeMemoryFileSystem, memoryWorld, type MemoryFileSystem } from "../../src/testing.js"

const SKILL = "---\nname: demo\ndescription: Demo. Use when testing.\n---\n# Demo\n\n## Usage\n\nhello table\n"
const DIR = "/proj/.skillc/skills/demo"

/**
 * A memory disk on which `victim` disappears just before skc looks at it: before the `lstat` of a batch holding it
 * (a file listed, then gone), before its own listing (a folder listed, then gone), or before a batch read.
 */
const vanishing = (victim: string, when: "stat" | "list" | "read"): MemoryFileSystem => {
  const inner = makeMemoryFileSystem()
  const gone = () => inner.remove(victim, { recursive: true }).pipe(Effect.ignore)
  return {
    ...inner,
    lstatMany: (paths) => (when === "stat" && paths.includes(victim) ? Effect.flatMap(gone(), () => inner.lstatMany(paths)) : inner.lstatMany(paths)),
    readDir: (p) => (when === "list" && p === victim ? Effect.flatMap(gone(), () => inner.readDir(p)) : inner.readDir(p)),
    readFiles: (paths) => (when === "read" && paths.includes(victim) ? Effect.flatMap(gone(), () => inner.readFiles(paths)) : inner.readFiles(paths))
  }
}

describe("a file removed while a command reads the skill", () => {
  it("the source hash is the tree's without it, not E999", async () => {
    const files = { [`${DIR}/SKILL.md`]: SKILL, [`${DIR}/sub/keep.md`]: "# Keep\n" }
    const expected = Result.getOrThrow(await memoryWorld({ files }).run(currentSourceHash(DIR))).hash
    for (const [victim, when, extra] of [
      [`${DIR}/notes.tmp`, "stat", { [`${DIR}/notes.tmp`]: "x" }],
      [`${DIR}/tmp`, "list", { [`${DIR}/tmp/a.txt`]: "x" }]
    ] as const) {
      const w = memoryWorld({ fs: vanishing(victim, when), files: { ...files, ...extra } })
      const got = await w.run(currentSourceHash(DIR))
      expect(Result.isSuccess(got) ? got.success.hash : String(got.failure), victim).toBe(expected)
    }
  })

  it("a build reads the rest and succeeds", async () => {
    const victim = `${DIR}/references/notes.md`
    const fs = vanishing(victim, "read")
    const w = memoryWorld({ fs, files: { [`${DIR}/SKILL.md`]: SKILL, [victim]: "# Notes\n\nbody\n", [`${DIR}/references/keep.md`]: "# Keep\n" } })
    const r = await w.run(build({ skill: "demo" }))
    expect(Result.isSuccess(r), String(Result.isFailure(r) ? r.failure : "")).toBe(true)
  })
})
