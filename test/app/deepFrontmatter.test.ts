// Frontmatter nested deeper than MAX_FRONTMATTER_DEPTH is refused before the
// YAML parser composes it (its recursion overflowed the stack at a depth
// that depended on the caller): build says E011 and lint SKL100, with one
// plain message, whether the skill is named or every skill is taken
// (RFC-0001:C-ERRORS, RFC-0008:C-REGISTRY, RFC-0005).
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { build } from "../../src/app/build/build.js"
import { buildMany } from "../../src/app/build/buildMany.js"
import { lintSkills } from "../../src/app/lint/lint.js"
import type { LintDiagnostic } from "../../src/domain/lint/types.js"
import { failureText, memoryLayer } from "../helpers/worlds.js"

const deep = (name: string, levels: number) =>
  `---\nname: ${name}\ndescription: A skill for tests. Use when testing.\nmetadata: ${"[".repeat(levels)}${"]".repeat(levels)}\n---\n# T\n`

const files = {
  "/proj/.skillc/skills/d785/SKILL.md": deep("d785", 785),
  "/proj/.skillc/skills/d900/SKILL.md": deep("d900", 900)
}

const line = (d: LintDiagnostic) => `${d.file}:${d.line} ${d.rule}: ${d.message}`
const PROBLEM = "frontmatter is nested more than 64 levels (line 4)"

describe("RFC-0008:C-REGISTRY SKL100 and RFC-0001:C-ERRORS E011 for deeply nested frontmatter", () => {
  it.effect("RFC-0001:C-ERRORS build: E011 with a plain message, by name and with --all alike", () =>
    Effect.gen(function* () {
      const layer = memoryLayer({ files })
      const text = yield* failureText(build({ skill: "d900" })).pipe(Effect.provide(layer))
      expect(text).toBe(`error[E011]: invalid frontmatter in SKILL.md: ${PROBLEM}`)
      const all = yield* buildMany({ skills: [], all: true }).pipe(Effect.provide(layer))
      expect(all.results.map((r) => [r.skill, r.ok ? "built" : r.error.code])).toEqual([
        ["d785", "E011"],
        ["d900", "E011"]
      ])
    }))

  it.effect("RFC-0008:C-REGISTRY lint: SKL100 with the same message for the named skill and over the store", () =>
    Effect.gen(function* () {
      const layer = memoryLayer({ files })
      const named = yield* lintSkills({ skill: "d785" }).pipe(Effect.provide(layer))
      const all = yield* lintSkills({}).pipe(Effect.provide(layer))
      const skl100 = (o: typeof named) => o.reports.map((r) => [r.skill, r.diagnostics.filter((d) => d.rule === "SKL100").map(line)])
      expect(skl100(named)).toEqual([["d785", [`SKILL.md:4 SKL100: invalid frontmatter YAML: frontmatter is nested more than 64 levels`]]])
      expect(skl100(all)).toEqual([
        ["d785", [`SKILL.md:4 SKL100: invalid frontmatter YAML: frontmatter is nested more than 64 levels`]],
        ["d900", [`SKILL.md:4 SKL100: invalid frontmatter YAML: frontmatter is nested more than 64 levels`]]
      ])
    }))
})
