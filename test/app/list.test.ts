// The `list` use case in process on the in-memory file system
// (RFC-0007:C-LIST, DECISIONS #1, #14, #32, #33). Moved here from
// test/e2e/list.test.ts, which keeps the smoke test of the text table and
// the CLI's E100 decoding.
import { describe, expect, it, layer } from "@effect/vitest"
import { Effect, Result } from "effect"
import { makeMemoryFileSystem } from "../../src/adapters/memory/MemoryFileSystem.js"
import { decodeInput, flagLabel } from "../../src/app/shared/decodeInput.js"
import { list, ListInput, type ListResult } from "../../src/app/skills/list.js"
import { currentSourceHash } from "../../src/app/shared/sourceTree.js"
import { renderWarning, type SkcWarning } from "../../src/domain/errors.js"
import { errorText, memoryLayer } from "../helpers/worlds.js"
import { memoryWorld } from "../../src/testing.js"

const skillMd = (name: string, description = `Use when testing ${name}.`) => `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n\nBody.\n`

const project = "/proj"
const pSkills = `${project}/.skillc/skills`
const pRuntime = `${project}/.skillc/runtime`
const gSkills = "/home/u/.skillc/skills"
const gRuntime = "/home/u/.skillc/runtime"

const fs = makeMemoryFileSystem()
// Project: zeta (built, up to date), alpha (not built), beta (built, then edited: obsolete).
fs.seed({
  [`${pSkills}/zeta/SKILL.md`]: skillMd("zeta"),
  [`${pSkills}/alpha/SKILL.md`]: skillMd("alpha"),
  [`${pSkills}/beta/SKILL.md`]: skillMd("beta"),
  [`${pSkills}/beta/refs/api.md`]: "# API\n",
  // Broken entries: skipped with a warning, never listed.
  [`${pSkills}/broken/SKILL.md`]: "---\nname: [unclosed\ndescription: x\n---\n# Broken\n",
  [`${pSkills}/nodesc/SKILL.md`]: "---\nname: nodesc\n---\n# No description\n",
  [`${pSkills}/stray-file.md`]: "not a skill\n",
  // A manifest that is not JSON: not-built, not an error.
  [`${pSkills}/gamma/SKILL.md`]: skillMd("gamma"),
  [`${pRuntime}/gamma/.skillc-meta/manifest.json`]: "{ not json",
  // Global: cuda (not built), git-tools (built), and a global 'alpha' beside the project one.
  [`${gSkills}/cuda/SKILL.md`]: skillMd("cuda"),
  [`${gSkills}/git-tools/SKILL.md`]: skillMd("git-tools"),
  [`${gSkills}/alpha/SKILL.md`]: skillMd("alpha"),
  [`${project}/src/deep/.keep`]: ""
})
Effect.runSync(fs.makeDirectory(`${pSkills}/empty-dir`, { recursive: true }))
// A directory named SKILL.md: no SKILL.md, said as E010 and lint say it (it was a raw EISDIR).
Effect.runSync(fs.makeDirectory(`${pSkills}/dir-md/SKILL.md`, { recursive: true }))
const warnings: Array<SkcWarning> = []
const world = memoryLayer({ fs, warnings })

const writeManifest = (runtimeDir: string, name: string, sourceDir: string) =>
  Effect.gen(function* () {
    const { hash } = yield* currentSourceHash(sourceDir)
    yield* Effect.sync(() =>
      fs.seed({
        [`${runtimeDir}/.skillc-meta/manifest.json`]: JSON.stringify({ skill: name, version: 1, built_at: "2026-01-30T00:00:00Z", source_hash: hash })
      })
    )
  })

const rows = (l: ListResult) => l.skills.map((s) => `${s.scope}/${s.name}:${s.status}`)

layer(world)("RFC-0007:C-LIST", (it) => {
  it.effect("setup: build manifests, then edit beta after its build", () =>
    Effect.gen(function* () {
      yield* writeManifest(`${pRuntime}/zeta`, "zeta", `${pSkills}/zeta`)
      yield* writeManifest(`${pRuntime}/beta`, "beta", `${pSkills}/beta`)
      yield* writeManifest(`${gRuntime}/git-tools`, "git-tools", `${gSkills}/git-tools`)
      fs.seed({ [`${pSkills}/beta/refs/api.md`]: "# API\n\nChanged after the build.\n" })
    }))

  it.effect("RFC-0007:C-LIST discovers project then global skills, each by name, with fast status", () =>
    Effect.gen(function* () {
      warnings.length = 0
      const json = yield* list({})
      expect(rows(json)).toEqual([
        "project/alpha:not-built",
        "project/beta:normal",
        "project/gamma:not-built",
        "project/zeta:normal",
        "global/alpha:not-built",
        "global/cuda:not-built",
        "global/git-tools:normal"
      ])
      expect(json.total).toBe(7)
      expect(json.filtered).toBe(7)
      const alpha = json.skills[0]!
      expect(alpha).toEqual({ name: "alpha", scope: "project", status: "not-built", source_path: `${pSkills}/alpha`, runtime_path: `${pRuntime}/alpha` })
      expect(json.skills[4]).toMatchObject({ source_path: `${gSkills}/alpha`, runtime_path: `${gRuntime}/alpha` })
      // docs/resolution.md "Enumeration": the global alpha, named like the project's, is marked shadowed
      // (additive); the project's, which the name resolves to, is not.
      expect(json.skills[4]!.shadowed).toBe(true)
      expect("shadowed" in alpha).toBe(false)
      // Invalid SKILL.md and directories without one are skipped with a warning; stray files silently.
      const text = warnings.map(renderWarning).join("\n")
      expect(text).toMatch(/warning: skipping '.*broken': invalid frontmatter/)
      expect(text).toMatch(/warning: skipping '.*nodesc': missing frontmatter field 'description'/)
      expect(text).toMatch(/warning: skipping '.*empty-dir': missing SKILL.md/)
      expect(text).toMatch(/warning: skipping '.*dir-md': missing SKILL.md \(SKILL.md is a directory\)/)
      expect(text).not.toMatch(/stray-file/)
    }))

  it.effect("RFC-0007:C-LIST check_obsolete compares the source hash with the manifest", () =>
    Effect.gen(function* () {
      const json = yield* list({ check_obsolete: true })
      expect(rows(json)).toContain("project/beta:obsolete")
      expect(rows(json)).toContain("project/zeta:normal")
      expect(rows(json)).toContain("global/git-tools:normal")
      expect(rows(json)).toContain("project/gamma:not-built")
    }))

  it.effect("RFC-0007:C-LIST status filters (obsolete implies the hash check)", () =>
    Effect.gen(function* () {
      expect(rows(yield* list({ status: "normal" }))).toEqual(["project/beta:normal", "project/zeta:normal", "global/git-tools:normal"])
      expect(rows(yield* list({ status: "normal", check_obsolete: true }))).toEqual(["project/zeta:normal", "global/git-tools:normal"])
      const obsolete = yield* list({ status: "obsolete" })
      expect(rows(obsolete)).toEqual(["project/beta:obsolete"])
      expect(obsolete.total).toBe(7)
      expect(obsolete.filtered).toBe(1)
      expect(rows(yield* list({ status: "not-built" }))).toEqual([
        "project/alpha:not-built",
        "project/gamma:not-built",
        "global/alpha:not-built",
        "global/cuda:not-built"
      ])
      expect((yield* list({ status: "all" })).filtered).toBe(7)
    }))

  it.effect("RFC-0007:C-LIST scope, pattern (glob) and limit; DECISIONS #33 counts", () =>
    Effect.gen(function* () {
      expect(rows(yield* list({ scope: "global" }))).toEqual(["global/alpha:not-built", "global/cuda:not-built", "global/git-tools:normal"])
      const projectOnly = yield* list({ scope: "project" })
      expect(projectOnly.skills.every((s) => s.scope === "project")).toBe(true)
      expect(projectOnly.total).toBe(7)
      expect(projectOnly.filtered).toBe(4)
      expect(rows(yield* list({ pattern: "g*" }))).toEqual(["project/gamma:not-built", "global/git-tools:normal"])
      expect(rows(yield* list({ pattern: "{alpha,cuda}" }))).toEqual(["project/alpha:not-built", "global/alpha:not-built", "global/cuda:not-built"])
      const limited = yield* list({ limit: 2 })
      expect(rows(limited)).toEqual(["project/alpha:not-built", "project/beta:normal"])
      expect(limited.total).toBe(7)
      expect(limited.filtered).toBe(7)
      const combined = yield* list({ scope: "global", status: "not-built", pattern: "*a*", limit: 1 })
      expect(rows(combined)).toEqual(["global/alpha:not-built"])
      expect(combined.filtered).toBe(2)
      expect(rows(yield* list({ pattern: "nothing-*" }))).toEqual([])
    }))

  it.effect("RFC-0005 E100 for invalid filter values, naming the flag and the choices (DECISIONS #32)", () =>
    Effect.gen(function* () {
      const decode = decodeInput(ListInput, { label: flagLabel })
      for (const [input, needle] of [
        [{ scope: "local" }, "--scope"],
        [{ status: "stale" }, "--status"],
        [{ limit: 0 }, "--limit"]
      ] as const) {
        const text = errorText(yield* Effect.flip(decode(input)))
        expect(text).toMatch(/^error\[E100\]: invalid option: '/)
        expect(text).toContain(needle)
      }
      expect(errorText(yield* Effect.flip(decode({ scope: "local" })))).toContain(`expected "project" | "global" | "agent" | "all", actual "local"`)
    }))
})

describe("RFC-0007:C-LIST stores", () => {
  it.effect("RFC-0007:C-LIST the project store is found walking up from a subdirectory (DECISIONS #14)", () =>
    Effect.gen(function* () {
      const deep = yield* list({}).pipe(Effect.provide(memoryLayer({ fs, cwd: `${project}/src/deep` })))
      const top = yield* list({}).pipe(Effect.provide(memoryLayer({ fs })))
      expect(rows(deep)).toEqual(rows(top))
      expect(rows(deep)[0]).toMatch(/^project\//)
    }))

  it.effect("RFC-0007:C-LIST no skills is an empty list, not an error", () =>
    Effect.gen(function* () {
      expect(yield* list({}).pipe(Effect.provide(memoryLayer({})))).toEqual({ skills: [], total: 0, filtered: 0 })
    }))
})

describe("list and [discovery] plugin_dirs", () => {
  it("a configured plugin root without skills is a warning, in discover's words; one with skills is listed without one", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.skillc/config.toml": '[discovery]\nplugin_dirs = ["plug", "gone"]\n',
        "/proj/plug/skills/tool/SKILL.md": skillMd("tool")
      }
    })
    const got = Result.getOrThrow(await w.run(list({})))
    expect(got.skills.map((s) => `${s.scope}/${s.name}`)).toEqual(["plugin/tool"])
    expect(w.warnings()).toEqual(["warning: plugin skills directory not found: /proj/gone/skills"])
  })
})

describe("list of a global skill whose runtime another build took", () => {
  it("names that build and the command that builds this one back, not 'run skc build --all' (which builds neither)", async () => {
    const { build } = await import("../../src/app/build/build.js")
    const w = memoryWorld({
      files: {
        "/proj/.skillc/skills/pm/SKILL.md": skillMd("pm", "The project's pm. Use when testing."),
        "/home/u/.skillc/skills/pm/SKILL.md": skillMd("pm", "The global pm. Use when testing.")
      }
    })
    // The project's pm built into the global runtime of the name.
    Result.getOrThrow(await w.run(build({ skill: "pm", global: true })))
    const got = Result.getOrThrow(await w.run(list({})))
    const globalPm = got.skills.find((s) => s.scope === "global" && s.name === "pm")!
    expect(globalPm.status).toBe("not-built")
    expect(globalPm.hint).toBe("its runtime holds the build of /proj/.skillc/skills/pm (a build of that name replaced it): run `skc build /home/u/.skillc/skills/pm` to build this one back")
  })
})

describe("list of one directory two agent-directory links name otherwise", () => {
  it("names both on one row (also_named): the second name was dropped, though `skc load <it> --agent codex` loads it", async () => {
    const { renderList } = await import("../../src/render/list.js")
    const w = memoryWorld({ files: { "/shared/D/SKILL.md": skillMd("realskill") } })
    Effect.runSync(w.fs.makeDirectory("/proj/.claude/skills", { recursive: true }))
    Effect.runSync(w.fs.makeDirectory("/proj/.agents/skills", { recursive: true }))
    Effect.runSync(w.fs.symlink("/shared/D", "/proj/.claude/skills/linked", "dir"))
    Effect.runSync(w.fs.symlink("/shared/D", "/proj/.agents/skills/realskill", "dir"))
    const got = Result.getOrThrow(await w.run(list({})))
    expect(got.skills.map((s) => [s.scope, s.name, s.also_named])).toEqual([["agent-project", "linked", ["realskill"]]])
    expect(renderList(got, { verbose: false, cwd: "/proj", home: "/home/u" })).toContain("linked (also realskill)  agent-project  foreign")
    // The second name is a name of the row: a pattern finds it.
    expect(Result.getOrThrow(await w.run(list({ pattern: "real*" }))).skills.map((s) => s.name)).toEqual(["linked"])
  })

  it("a deployment whose source lost its frontmatter is left out under a second name too, and joins no other row (a review: E999)", async () => {
    const { build } = await import("../../src/app/build/build.js")
    const w = memoryWorld({ files: { "/proj/.skillc/skills/foo/SKILL.md": skillMd("foo"), "/shared/E/SKILL.md": skillMd("between") } })
    Result.getOrThrow(await w.run(build({ skill: "foo" })))
    // A second name for foo's runtime, after a foreign skill in between; then foo's source loses its frontmatter.
    Effect.runSync(w.fs.symlink("/shared/E", "/proj/.claude/skills/goo", "dir"))
    Effect.runSync(w.fs.symlink("/proj/.skillc/runtime/foo", "/proj/.claude/skills/zzz", "dir"))
    Effect.runSync(w.fs.writeFile("/proj/.skillc/skills/foo/SKILL.md", "# no frontmatter\n"))
    const got = await w.run(list({}))
    expect(Result.isSuccess(got), Result.isFailure(got) ? errorText(got.failure) : "").toBe(true)
    expect(Result.getOrThrow(got).skills.find((s) => s.name === "goo")?.also_named).toBeUndefined()
  })
})
