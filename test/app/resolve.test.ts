// RFC-0007:C-RESOLUTION and RFC-0006:C-INIT on the in-memory layer.
import { Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import { resolveSkill } from "../../src/app/skills/resolve.js"
import { init } from "../../src/app/build/init.js"
import { importSkill } from "../../src/app/build/importSkill.js"
import { errorText } from "../helpers/worlds.js"
import { memoryWorld } from "../../src/testing.js"

const SKILL = (name: string) => `---\nname: ${name}\ndescription: d\n---\n# ${name}\n`

describe("RFC-0007:C-RESOLUTION", () => {
  it("a path with SKILL.md wins over the stores", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.skillc/skills/rust/SKILL.md": SKILL("rust"),
        "/proj/rust/SKILL.md": SKILL("rust"),
        "/home/u/.skillc/skills/rust/SKILL.md": SKILL("rust")
      }
    })
    const r = await w.run(resolveSkill("rust"))
    expect(Result.getOrThrow(r).sourceDir).toBe("/proj/rust")
    expect(Result.getOrThrow(r).scope).toBe("path")
    // A path inside a project builds into the project runtime.
    expect(Result.getOrThrow(r).runtimeDir).toBe("/proj/.skillc/runtime/rust")
  })

  it("project store before global store, from a nested directory", async () => {
    const w = memoryWorld({
      cwd: "/proj/a/b",
      files: {
        "/proj/.skillc/skills/rust/SKILL.md": SKILL("rust"),
        "/home/u/.skillc/skills/rust/SKILL.md": SKILL("rust")
      }
    })
    const r = Result.getOrThrow(await w.run(resolveSkill("rust")))
    expect(r.sourceDir).toBe("/proj/.skillc/skills/rust")
    expect(r.scope).toBe("project")
    expect(r.runtimeDir).toBe("/proj/.skillc/runtime/rust")
  })

  it("falls back to the global store with the global runtime", async () => {
    const w = memoryWorld({ files: { "/home/u/.skillc/skills/cuda/SKILL.md": SKILL("cuda") } })
    const r = Result.getOrThrow(await w.run(resolveSkill("cuda")))
    expect(r.scope).toBe("global")
    expect(r.runtimeDir).toBe("/home/u/.skillc/runtime/cuda")
  })

  it("E001 at once for a skill argument longer than any path (a 1 MB name over MCP took 2.4 s of path work and held the server: an MCP probe)", async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/cuda/SKILL.md": SKILL("cuda") } })
    const r = await w.run(resolveSkill("x".repeat(1_000_000)))
    expect(Result.isFailure(r) && r.failure._tag).toBe("SkillNotFound")
    expect(Result.isFailure(r) && r.failure._tag === "SkillNotFound" && r.failure.hint).toBe("no skill name or path is longer than 4096 characters")
    // A path up to the bound still resolves as before.
    const path = "/proj/.skillc/skills/" + "./".repeat(1000) + "cuda"
    expect(Result.getOrThrow(await w.run(resolveSkill(path))).name).toBe("cuda")
  })

  it("E010 when a directory is found without SKILL.md", async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/empty/notes.md": "x" } })
    const r = await w.run(resolveSkill("empty"))
    expect(Result.isFailure(r) && r.failure._tag).toBe("NotASkill")
  })

  it("RFC-0005:C-CODES E010, not E999, when SKILL.md is a symbolic link that loops (ELOOP)", async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/loop/notes.md": "x" } })
    Effect.runSync(w.fs.symlink("SKILL.md", "/proj/.skillc/skills/loop/SKILL.md", "file"))
    const r = await w.run(resolveSkill("loop"))
    expect(Result.isFailure(r) && r.failure._tag).toBe("NotASkill")
  })

  it("RFC-0005:C-CODES E001, not E999, when the skill directory is a symbolic link that loops (ELOOP)", async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/other/SKILL.md": SKILL("other") } })
    Effect.runSync(w.fs.symlink("ring", "/proj/.skillc/skills/ring", "dir"))
    const r = await w.run(resolveSkill("ring"))
    expect(Result.isFailure(r) && r.failure._tag).toBe("SkillNotFound")
  })

  it("E001 when nothing is found", async () => {
    const w = memoryWorld({})
    const r = await w.run(resolveSkill("ghost"))
    expect(Result.isFailure(r) && r.failure._tag).toBe("SkillNotFound")
  })

  it("E001, not a store escape, for names with path segments", async () => {
    const w = memoryWorld({ files: { "/home/u/.skillc/secret/SKILL.md": SKILL("secret") } })
    const r = await w.run(resolveSkill("../secret"))
    expect(Result.isFailure(r) && r.failure._tag).toBe("SkillNotFound")
  })

  it("the home's .skillc is never a project (DECISIONS #14)", async () => {
    const w = memoryWorld({ cwd: "/home/u/code", files: { "/home/u/.skillc/skills/cuda/SKILL.md": SKILL("cuda") } })
    const r = Result.getOrThrow(await w.run(resolveSkill("cuda")))
    expect(r.scope).toBe("global")
  })
})

describe("RFC-0006:C-INIT", () => {
  it("creates the project structure idempotently", async () => {
    const w = memoryWorld({})
    expect(Result.getOrThrow(await w.run(init({})))).toMatchObject({ kind: "project", created: true })
    expect(Result.getOrThrow(await w.run(init({})))).toMatchObject({ kind: "project", created: false })
  })
  it("creates a skill from the exact template and refuses to overwrite (E050)", async () => {
    const w = memoryWorld({})
    await w.run(init({}))
    Result.getOrThrow(await w.run(init({ name: "my-skill" })))
    const text = await w.run(w.fs.readFileString("/proj/.skillc/skills/my-skill/SKILL.md"))
    expect(Result.getOrThrow(text)).toBe('---\nname: my-skill\ndescription: "TODO: Add skill description"\n---\n\n# My Skill\n')
    const again = await w.run(init({ name: "my-skill" }))
    expect(Result.isFailure(again) && again.failure._tag).toBe("SkillExists")
  })
  it("a path holding a quote is quoted paste-safe in the import's E050 hint (a probe)", async () => {
    const w = memoryWorld({
      cwd: "/home/u/it's/proj",
      files: {
        "/home/u/it's/proj/.skillc/config.toml": "",
        "/home/u/it's/proj/.skillc/skills/my-skill/SKILL.md": SKILL("my-skill"),
        "/home/u/it's/proj/src/my-skill/SKILL.md": SKILL("my-skill")
      }
    })
    const r = await w.run(Effect.flatMap(resolveSkill("src/my-skill"), (skill) => importSkill(skill, { global: false, force: false })))
    expect(Result.isFailure(r) && errorText(r.failure)).toContain("use --force to replace the project copy at '/home/u/it'\\''s/proj/.skillc/skills/my-skill'")
  })
  it("--global writes to the global store", async () => {
    const w = memoryWorld({})
    const r = Result.getOrThrow(await w.run(init({ name: "g", global: true })))
    expect(r).toMatchObject({ kind: "skill", scope: "global", path: "/home/u/.skillc/skills/g" })
  })
  it("rejects invalid names with a clear error", async () => {
    const w = memoryWorld({})
    const r = await w.run(init({ name: "Bad Name" }))
    expect(Result.isFailure(r) && r.failure._tag).toBe("UsageError")
  })
  it("reports a directory that cannot be created", async () => {
    const w = memoryWorld({})
    w.fs.setReadOnly("/proj")
    const r = await w.run(init({ name: "x" }))
    // RFC-0005: an IO failure is E999, with the system's reason.
    expect(Result.isFailure(r) && r.failure).toMatchObject({ _tag: "InternalError", message: expect.stringContaining(": EROFS (") })
  })
})
