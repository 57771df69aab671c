/**
 * `skc_lint`'s result budget (docs/mcp.md "Payload budgets"): at most `limit` findings, errors first, the
 * rest counted in `not_shown` and in the summary line. A 3,000-file skill's 6,001 findings were one 1.4 MB
 * answer over MCP, over stdio and on a team server, with no way to ask for less (an MCP probe, seventy-fourth pass).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { lintSkills, reportJson } from "../../src/app/lint/lint.js"
import { lintCommand, MCP_LINT_LIMIT } from "../../src/commands/lint.js"
import { renderLintText } from "../../src/render/lint.js"
import { ajv, reportSchema } from "../fixtures/lintSchemas.js"
import { memoryLayer } from "../helpers/worlds.js"

// 12 broken links (SKL301, errors) after 30 files no one links (SKL401, warnings, reported first by file order).
const files: Record<string, string> = {
  "/proj/x/big/SKILL.md": `---\nname: big\ndescription: A big skill. Use when testing limits.\n---\n# Big\n\n${Array.from({ length: 12 }, (_, i) => `[gone ${i}](missing-${i}.md)`).join("\n\n")}\n`
}
for (let i = 0; i < 30; i++) files[`/proj/x/big/ref/f${i}.md`] = `# F${i}\n\nText.\n`

describe("skc_lint limit (docs/mcp.md Payload budgets)", () => {
  it.effect("at most limit findings, every error kept before a warning, the rest counted; no limit: all", () =>
    Effect.gen(function* () {
      const all = yield* lintSkills({ skill: "x/big" }).pipe(Effect.provide(memoryLayer({ files })))
      const whole = all.reports[0]!
      const errors = whole.diagnostics.filter((d) => d.severity === "error").length
      expect(errors).toBeGreaterThanOrEqual(12)
      expect(whole.diagnostics.length).toBeGreaterThan(errors + 20)
      expect(whole.notShown).toBeUndefined()

      const cut = (yield* lintSkills({ skill: "x/big", limit: 15 }).pipe(Effect.provide(memoryLayer({ files })))).reports[0]!
      expect(cut.diagnostics).toHaveLength(15)
      expect(cut.diagnostics.filter((d) => d.severity === "error")).toHaveLength(errors)
      expect(cut.notShown).toEqual({ errors: 0, warnings: whole.diagnostics.length - 15 })
      // In the report's own order.
      const shown = new Set(cut.diagnostics.map((d) => JSON.stringify(d)))
      expect(cut.diagnostics).toEqual(whole.diagnostics.filter((d) => shown.has(JSON.stringify(d))))
      const json = reportJson(cut)
      expect(json.not_shown).toEqual(cut.notShown)
      expect(ajv.validate(reportSchema, json), ajv.errorsText()).toBe(true)
      const text = renderLintText({ single: true, reports: [cut], agents: ["claude"] })
      // The summary counts every finding; a last line says what was left out and how to see it.
      expect(text.split("\n")[0]).toBe(`big: ${errors} errors, ${whole.diagnostics.length - errors} warnings`)
      expect(text.split("\n").at(-1)).toBe(`… ${whole.diagnostics.length - 15} more findings not shown (0 errors, ${whole.diagnostics.length - 15} warnings; result limit, errors first): pass limit for more`)

      // Fewer than the errors: errors only, the rest of them counted.
      const few = (yield* lintSkills({ skill: "x/big", limit: 5 }).pipe(Effect.provide(memoryLayer({ files })))).reports[0]!
      expect(few.diagnostics.map((d) => d.severity)).toEqual(["error", "error", "error", "error", "error"])
      expect(few.notShown).toEqual({ errors: errors - 5, warnings: whole.diagnostics.length - errors })
    }))

  it.effect("an MCP call without limit gets 100", () =>
    Effect.gen(function* () {
      const spec = yield* Effect.promise(() => lintCommand.load())
      expect(MCP_LINT_LIMIT).toBe(100)
      expect(spec.mcp?.defaults?.({ skill: "x" })).toEqual({ skill: "x", limit: 100 })
      expect(spec.mcp?.defaults?.({ skill: "x", limit: 3 })).toEqual({ skill: "x", limit: 3 })
    }))
})
