// RFC-0006:C-INIT and RFC-0009 configuration problems in process on the
// in-memory file system. Moved here from test/e2e/foundation.test.ts, which
// keeps the printed confirmation, E050/verbose output and the config
// messages on stderr.
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { makeMemoryFileSystem, type MemoryFileSystem } from "../../src/adapters/memory/MemoryFileSystem.js"
import { init } from "../../src/app/build/init.js"
import { extendGitignore, SKC_IGNORES } from "../../src/domain/gitignore.js"
import { renderWarning, type SkcWarning } from "../../src/domain/errors.js"
import { FileSystem } from "../../src/ports/FileSystem.js"
import { failureText, memoryLayer } from "../helpers/worlds.js"

describe("RFC-0006:C-INIT", () => {
  it.effect("project init is idempotent", () =>
    Effect.gen(function* () {
      expect(yield* init({})).toMatchObject({ kind: "project", created: true })
      expect(yield* init({})).toMatchObject({ kind: "project", created: false })
      expect((yield* (yield* FileSystem).stat("/proj/.skillc/skills")).type).toBe("directory")
    }).pipe(Effect.provide(memoryLayer())))

  it.effect("issue 46 item 2: project init writes .gitignore once, and keeps a project's own lines", () => {
    const fs = makeMemoryFileSystem()
    fs.seed({ "/proj/.gitignore": "dist" })
    return Effect.gen(function* () {
      const first = yield* init({})
      expect(first).toMatchObject({ gitignore: { path: "/proj/.gitignore", added: ["/.skillc/runtime/", "**/.skillc/logs/", "**/.skillc-meta/logs.db*", "/.skillc/skills/.*.import-*", "/.skillc/skills/.*.old-*"] } })
      const text = yield* (yield* FileSystem).readFileString("/proj/.gitignore")
      expect(text.startsWith("dist\n\n# skc:")).toBe(true)
      expect(yield* init({})).toEqual({ kind: "project", path: "/proj/.skillc", created: false })
      expect(yield* (yield* FileSystem).readFileString("/proj/.gitignore")).toBe(text)
    }).pipe(Effect.provide(memoryLayer({ fs })))
  })

  it.effect("issue 46 item 2: extendGitignore adds only the missing lines", () =>
    Effect.sync(() => {
      expect(extendGitignore(undefined).text).toBe(`# skc: runtimes, indexes and access logs are built on each machine (skc build --all)\n${SKC_IGNORES.join("\n")}\n`)
      expect(extendGitignore("/.skillc/runtime/\n**/.skillc/logs/\n").added).toEqual(["**/.skillc-meta/logs.db*", "/.skillc/skills/.*.import-*", "/.skillc/skills/.*.old-*"])
      expect(extendGitignore(SKC_IGNORES.join("\r\n"))).toEqual({ text: undefined, added: [] })
    }))

  it.effect("creates a skill from the exact template, then E050 on the second attempt", () =>
    Effect.gen(function* () {
      yield* init({})
      expect(yield* init({ name: "my-skill" })).toMatchObject({ kind: "skill", name: "my-skill", scope: "project" })
      expect(yield* (yield* FileSystem).readFileString("/proj/.skillc/skills/my-skill/SKILL.md")).toBe(
        '---\nname: my-skill\ndescription: "TODO: Add skill description"\n---\n\n# My Skill\n'
      )
      // The way on (issue 25 item 3): the skill there, to edit, or another name.
      expect(yield* failureText(init({ name: "my-skill" }))).toBe(
        "error[E050]: skill 'my-skill' already exists\n  edit it at '.skillc/skills/my-skill/SKILL.md', or choose another name"
      )
    }).pipe(Effect.provide(memoryLayer())))

  it.effect("a name YAML would read as a number, a boolean or null is written quoted, so the skill init made can be built (a probe)", () =>
    Effect.gen(function* () {
      yield* init({})
      const fs = yield* FileSystem
      for (const name of ["123", "1e5", "0x10", "08", "true", "null", "1e-5"]) {
        yield* init({ name })
        expect(yield* fs.readFileString(`/proj/.skillc/skills/${name}/SKILL.md`), name).toMatch(new RegExp(`^---\\nname: "${name}"\\ndescription: `))
      }
      // A name YAML reads as text is written as the template has it, plain.
      yield* init({ name: "v2-notes" })
      expect(yield* fs.readFileString("/proj/.skillc/skills/v2-notes/SKILL.md")).toMatch(/^---\nname: v2-notes\n/)
    }).pipe(Effect.provide(memoryLayer())))

  it.effect("on a full disk no empty SKILL.md (nor its new folder) is left, so the retry after freeing space creates it", () =>
    Effect.gen(function* () {
      yield* init({})
      const fs = (yield* FileSystem) as MemoryFileSystem
      fs.setFull("/proj/.skillc", true)
      expect(yield* failureText(init({ name: "my-skill" }))).toBe(
        "error[E999]: cannot create '/proj/.skillc/skills/my-skill/SKILL.md': no space left on device (ENOSPC) (/proj/.skillc/skills/my-skill/SKILL.md)"
      )
      expect(yield* fs.lstatOption("/proj/.skillc/skills/my-skill")).toBeUndefined()
      fs.setFull("/proj/.skillc", false)
      expect(yield* init({ name: "my-skill" })).toMatchObject({ kind: "skill", name: "my-skill", scope: "project" })
      expect(yield* fs.readFileString("/proj/.skillc/skills/my-skill/SKILL.md")).toContain("name: my-skill")
    }).pipe(Effect.provide(memoryLayer())))

  it.effect("a directory that cannot be written: E999 with the system's reason, after a notice naming the way on", () => {
    const fs = makeMemoryFileSystem()
    fs.seed({ "/proj/.keep": "" })
    fs.setReadOnly("/proj")
    const warnings: Array<SkcWarning> = []
    return Effect.gen(function* () {
      expect(yield* failureText(init({ name: "my-skill" }))).toMatch(/^error\[E999\]: cannot create skill directory '\/proj\/\.skillc\/skills\/my-skill': .*EROFS/)
      expect(warnings.map(renderWarning)).toEqual([
        "warning: this user cannot create /proj/.skillc (EROFS): create it in the global store with 'skc init my-skill --global', or run skc init in a directory you can write"
      ])
      warnings.length = 0
      expect(yield* failureText(init({}))).toMatch(/^error\[E999\]: cannot create \.skillc\/skills: .*EROFS/)
      expect(warnings.map(renderWarning)).toEqual([
        "warning: this user cannot create /proj/.skillc (EROFS): run skc init in a directory you can write, or create a global skill with 'skc init <name> --global'"
      ])
      // The way on works: the global store is elsewhere.
      expect(yield* init({ name: "my-skill", global: true })).toMatchObject({ scope: "global", path: "/home/u/.skillc/skills/my-skill" })
    }).pipe(Effect.provide(memoryLayer({ fs, warnings })))
  })

  it.effect("global goes under the home (SKILLC_HOME), never the real home", () =>
    Effect.gen(function* () {
      expect(yield* init({ name: "glob", global: true })).toEqual({ kind: "skill", name: "glob", scope: "global", path: "/home/u/.skillc/skills/glob" })
    }).pipe(Effect.provide(memoryLayer())))

  it.effect("an invalid name is a clear error", () =>
    Effect.gen(function* () {
      expect(yield* failureText(init({ name: "Not_Valid" }))).toMatch(/^error: invalid skill name 'Not_Valid'/)
    }).pipe(Effect.provide(memoryLayer())))

  it.effect("a name valid only after NFKC is refused with its NFKC form, not scaffolded for SKL113 to flag", () =>
    Effect.gen(function* () {
      expect(yield* failureText(init({ name: "\uff46\uff55\uff4c\uff4c" }))).toBe(
        "error: invalid skill name '\uff46\uff55\uff4c\uff4c': not in Unicode NFKC form (SKL113): U+FF46 U+FF55 U+FF4C U+FF4C\n  e.g. 'full' (f u l l)"
      )
      // The forms look alike: the code points tell them apart (an author's probe read "e.g. 'éx'" for its own 'éx').
      expect(yield* failureText(init({ name: "u\u0308ber" }))).toBe("error: invalid skill name 'u\u0308ber': not in Unicode NFKC form (SKL113): u U+0308 b e r\n  e.g. '\u00fcber' (U+00FC b e r)")
      expect(yield* (yield* FileSystem).statOption("/proj/.skillc/skills/\uff46\uff55\uff4c\uff4c")).toBeUndefined()
      // The NFKC form itself, any script, is created as before (DECISIONS #52).
      expect(yield* init({ name: "\u00fcber" })).toMatchObject({ kind: "skill", name: "\u00fcber" })
    }).pipe(Effect.provide(memoryLayer())))

  it.effect("init in a nested directory uses the project root found by walking up", () => {
    const fs = makeMemoryFileSystem()
    fs.seed({ "/proj/.skillc/skills/.keep": "", "/proj/deep/er/.keep": "" })
    return Effect.gen(function* () {
      expect((yield* init({ name: "nested-skill" })).path).toBe("/proj/.skillc/skills/nested-skill")
    }).pipe(Effect.provide(memoryLayer({ fs, cwd: "/proj/deep/er" })))
  })

  it.effect("project init inside another project says so (a project of its own now), and only when it makes one", () => {
    const fs = makeMemoryFileSystem()
    fs.seed({ "/proj/.skillc/skills/.keep": "", "/proj/src/api/.keep": "" })
    const warnings: Array<SkcWarning> = []
    return Effect.gen(function* () {
      expect(yield* init({})).toMatchObject({ kind: "project", path: "/proj/src/api/.skillc", created: true })
      expect(warnings.map(renderWarning)).toEqual([
        "warning: /proj/src/api is inside the project at /proj: this makes a project of its own, whose skills are its .skillc/skills; to add a skill to /proj, run 'skc init <name>' instead"
      ])
    }).pipe(Effect.provide(memoryLayer({ fs, cwd: "/proj/src/api", warnings })))
  })

  it.effect("project init inside the project's own .skillc/ is refused, naming the way on (a paths probe: a project made in the store hid the project's skills)", () => {
    const fs = makeMemoryFileSystem()
    fs.seed({ "/proj/.skillc/skills/a/SKILL.md": "x", "/proj/.skillc/runtime/.keep": "" })
    return Effect.gen(function* () {
      for (const cwd of ["/proj/.skillc", "/proj/.skillc/skills", "/proj/.skillc/runtime"]) {
        expect(yield* failureText(init({}).pipe(Effect.provide(memoryLayer({ fs, cwd }))))).toBe(
          `error: ${cwd} is inside the project's .skillc directory: no project is made there\n  run 'skc init' in /proj (it has one already), or 'skc init <name>' to add a skill to it`
        )
      }
      expect(yield* fs.statOption("/proj/.skillc/.skillc")).toBeUndefined()
      expect(yield* fs.statOption("/proj/.skillc/skills/.skillc")).toBeUndefined()
    })
  })

  it.effect("project init at the project's own root says nothing more", () => {
    const warnings: Array<SkcWarning> = []
    return Effect.gen(function* () {
      yield* init({})
      yield* init({})
      expect(warnings).toEqual([])
    }).pipe(Effect.provide(memoryLayer({ warnings })))
  })

  it.effect("the home's own .skillc is not taken as a project (DECISIONS #14)", () => {
    const fs = makeMemoryFileSystem()
    fs.seed({ "/home/u/.skillc/skills/.keep": "" })
    return Effect.gen(function* () {
      expect((yield* init({ name: "from-home" })).path).toBe("/home/u/code/.skillc/skills/from-home")
    }).pipe(Effect.provide(memoryLayer({ fs, cwd: "/home/u/code" })))
  })
})

describe("RFC-0009 configuration problems are reported and never fatal", () => {
  it.effect("an invalid version, an unknown key and an invalid SKILLC_TOKENIZER each give one message; init still works", () => {
    const warnings: Array<SkcWarning> = []
    const layer = memoryLayer({
      warnings,
      vars: { SKILLC_TOKENIZER: "klingon" },
      files: { "/proj/.skillc/config.toml": "version = 0\n", "/home/u/.skillc/config.toml": "mystery = 1\n" }
    })
    return Effect.gen(function* () {
      expect((yield* init({ name: "cfg-skill" })).path).toBe("/proj/.skillc/skills/cfg-skill")
      const text = warnings.map(renderWarning).join("\n")
      expect(text).toContain("warning: invalid version in .skillc/config.toml")
      expect(text).toContain("warning: unknown key 'mystery'")
      expect(text).toContain("warning: invalid SKILLC_TOKENIZER value 'klingon'")
    }).pipe(Effect.provide(layer))
  })

  it.effect("a file of many unknown keys prints the first 20 and counts the rest (sixty-third pass: a 56 MB file printed a line per key)", () => {
    const warnings: Array<SkcWarning> = []
    const keys = Array.from({ length: 35 }, (_, i) => `mystery${i} = 1`).join("\n")
    const layer = memoryLayer({ warnings, files: { "/home/u/.skillc/config.toml": `${keys}\n` } })
    return Effect.gen(function* () {
      yield* init({ name: "cfg-skill" })
      const lines = warnings.map(renderWarning)
      expect(lines.filter((l) => l.includes("unknown key 'mystery"))).toHaveLength(20)
      expect(lines).toContain("warning: 15 more problems in ~/.skillc/config.toml not shown (the first 20 are above)")
    }).pipe(Effect.provide(layer))
  })

  it.effect("a config file over 1 MiB is refused unread, with one warning, and its settings do not apply", () => {
    const warnings: Array<SkcWarning> = []
    // A valid file whose padding is a comment: read, it would set the project's skills' tokenizer.
    const text = `[search]\ntokenizer = "klingon"\n# ${"x".repeat(1024 * 1024)}\n`
    const layer = memoryLayer({ warnings, files: { "/proj/.skillc/config.toml": text } })
    return Effect.gen(function* () {
      yield* init({ name: "cfg-skill" })
      const lines = warnings.map(renderWarning)
      expect(lines).toEqual([`warning: cannot read .skillc/config.toml: ${Buffer.byteLength(text)} bytes, more than a config file may hold (1048576); file ignored`])
    }).pipe(Effect.provide(layer))
  })
})
