// `skc build a b …` (issue 12 item 4) in process on the in-memory adapters:
// its own flag failures are E100 (RFC-0005, DECISIONS #32), and a skill
// named twice — by name, by path, or both — is built once.
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { buildMany } from "../../src/app/build/buildMany.js"
import { failureText, memoryLayer } from "../helpers/worlds.js"

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
