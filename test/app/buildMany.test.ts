// `skc build a b …` (issue 12 item 4) in process on the in-memory adapters:
// its own flag failures are E100 (RFC-0005, DECISIONS #32), and a skill
// named twice — by name, by path, or both — is built once.
import { lstatSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { buildMany } from "../../src/app/build/buildMany.js"
import { build } from "../../src/app/build/build.js"
import { list } from "../../src/app/skills/list.js"
import { diskWorld, failureText, memoryLayer } from "../helpers/worlds.js"

const SKILL = (name: string) => `---\nname: ${name}\ndescription: A skill for tests. Use when testing.\n---\n# ${name}\n`
const files = { "/proj/.skillc/skills/pdf/SKILL.md": SKILL("pdf"), "/proj/.skillc/skills/docx/SKILL.md": SKILL("docx") }

describe("RFC-0005 skc build of several skills", () => {
  it.effect("RFC-0005 DECISIONS #32: names with --all, or neither, is E100", () =>
    Effect.gen(function* () {
      const layer = memoryLayer({ files })
      expect(yield* failureText(buildMany({ skills: ["pdf"], all: true })).pipe(Effect.provide(layer))).toBe(
        "error[E100]: invalid option: 'give skill names or --all, not both'"
      )
      expect(yield* failureText(buildMany({ skills: [] })).pipe(Effect.provide(layer))).toBe(
        "error[E100]: invalid option: 'missing argument <skill>: name one or more skills, or use --all'"
      )
    }))

  it.effect("RFC-0005 DECISIONS #32: a bad --target is one E100 before any skill (it was a failure per skill of --all)", () =>
    Effect.gen(function* () {
      const layer = memoryLayer({ files })
      expect((yield* failureText(buildMany({ skills: [], all: true, target: "" })).pipe(Effect.provide(layer))).split("\n")[0]).toBe(
        "error[E100]: invalid option: '--target: empty target (give comma-separated agent names or directory paths)'"
      )
      expect((yield* failureText(buildMany({ skills: ["pdf", "docx"], target: "nosuchagent" })).pipe(Effect.provide(layer))).split("\n")[0]).toBe(
        "error[E100]: invalid option: --target: unknown target 'nosuchagent'"
      )
    }))

  it.effect("RFC-0007:C-COMMANDS a skill named twice, by name or by path, is built once", () =>
    Effect.gen(function* () {
      const layer = memoryLayer({ files })
      const twice = yield* buildMany({ skills: ["pdf", "pdf"] }).pipe(Effect.provide(layer))
      expect(twice).toMatchObject({ total: 1, built: 1, failed: 0 })
      const paths = yield* buildMany({ skills: ["pdf", "docx", ".skillc/skills/pdf", "/proj/.skillc/skills/docx/", "pdf"] }).pipe(Effect.provide(layer))
      expect(paths.results.map((r) => r.skill)).toEqual(["pdf", "docx"])
      expect(paths).toMatchObject({ total: 2, built: 2, failed: 0 })
      // A name that does not resolve fails once too.
      const missing = yield* buildMany({ skills: ["nope", "nope"] }).pipe(Effect.provide(layer))
      expect(missing).toMatchObject({ total: 1, built: 0, failed: 1 })
    }))
})

describe("RFC-0005 a build of several skills names the skill of each warning", () => {
  // `skc init a && skc init b && skc build --all` printed SKL106's "description is a placeholder" once,
  // naming neither skill: the CLI says a warning once per run, and the two lines were the same.
  it.live("two placeholder descriptions: one SKL106 line per skill, each naming it; a single build's line is unchanged", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-build-many-warn-")
      for (const name of ["alpha", "beta"]) {
        const dir = join(w.work, ".skillc", "skills", name)
        mkdirSync(dir, { recursive: true })
        writeFileSync(join(dir, "SKILL.md"), `---\nname: ${name}\ndescription: 'TODO: Add skill description'\n---\n\n# ${name}\n`)
      }
      const all = yield* w.run(buildMany({ skills: [], all: true }))
      expect(all).toMatchObject({ total: 2, built: 2, failed: 0 })
      const rest = ": SKL106 description-nonempty: description is a placeholder ('TODO: Add skill description'): say what the skill does and when to use it; agents read it to decide when to load the skill"
      const said = w.takeWarnings().filter((l) => l.includes("SKL106"))
      expect(said).toEqual([`warning[W300]: alpha${rest}`, `warning[W300]: beta${rest}`])
      // Named by a path, the folder's name.
      yield* w.run(buildMany({ skills: [join(w.work, ".skillc", "skills", "beta") + "/", "alpha"] }))
      expect(w.takeWarnings().filter((l) => l.includes("SKL106"))).toEqual([`warning[W300]: beta${rest}`, `warning[W300]: alpha${rest}`])
      // One skill, one build: its output names it already, and the warning stays as it was.
      yield* w.run(build({ skill: "alpha" }))
      expect(w.takeWarnings().filter((l) => l.includes("SKL106"))).toEqual([`warning[W300]${rest}`])
    }))
})

describe("RFC-0007:C-RESOLUTION a store entry that is a symlink", () => {
  // `.skillc/skills/lnk -> ../../ext/lnk`: `skc build lnk` built it, `skc build --all` took the entry's real
  // path for a path to import, failed E050 against the entry itself, and `--all --force` replaced the link
  // with a copy, so that the author's edits in ext/lnk no longer reached the build.
  it.live("is built in place by --all and by its store path, the link kept", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-build-many-link-")
      const real = join(w.work, "ext", "lnk")
      mkdirSync(real, { recursive: true })
      writeFileSync(join(real, "SKILL.md"), SKILL("lnk"))
      mkdirSync(join(w.work, ".skillc", "skills"), { recursive: true })
      const entry = join(w.work, ".skillc", "skills", "lnk")
      symlinkSync(real, entry)
      const all = yield* w.run(buildMany({ skills: [], all: true }))
      expect(all).toMatchObject({ total: 1, built: 1, failed: 0 })
      expect(all.results[0]).toMatchObject({ ok: true, result: { scope: "project", imported: null } })
      const forced = yield* w.run(buildMany({ skills: [], all: true, force: true }))
      expect(forced).toMatchObject({ total: 1, built: 1, failed: 0 })
      const byPath = yield* w.run(buildMany({ skills: [entry] }))
      expect(byPath).toMatchObject({ total: 1, built: 1, failed: 0 })
      expect(lstatSync(entry).isSymbolicLink()).toBe(true)
    }))
})

describe("a store folder whose name is not valid UTF-8 (a build probe)", () => {
  it.live("list and build --all say the name is the trouble: they said 'missing SKILL.md' and \"did you mean 'tr\uFFFDs'?\"", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-build-utf8-")
      const store = Buffer.from(join(w.work, ".skillc", "skills"))
      const dir = Buffer.concat([store, Buffer.from("/tr"), Buffer.from([0xe9]), Buffer.from("s")])
      mkdirSync(dir, { recursive: true })
      writeFileSync(Buffer.concat([dir, Buffer.from("/SKILL.md")]), SKILL("tres"))
      w.takeWarnings()
      yield* w.run(list({}))
      expect(w.takeWarnings().join("\n")).toContain("its folder's name is not valid UTF-8 (\uFFFD marks the bytes), so skc cannot open it; rename it in UTF-8")
      const r = yield* w.run(buildMany({ skills: [], all: true }))
      expect(r.failed).toBe(1)
      const failure = r.results.find((x) => !x.ok)
      expect(JSON.stringify(failure)).toContain("rename the folder in UTF-8")
      expect(JSON.stringify(failure)).not.toContain("did you mean")
    }))
})
