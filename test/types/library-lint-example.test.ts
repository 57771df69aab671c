// docs/library.md's `skillc/lint` example, type-checked as an embedder's TypeScript is (`tsc -p tsconfig.json`
// runs over test/): one skill named gives one report, told from the array of several by `in`. The example
// used `Array.isArray`, which does not narrow a readonly array away, and failed to compile (a probe as an
// embedder: TS2339 on `report.diagnostics`).
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { lint } from "../../src/index.js"
import type { LintFailureJson } from "../../src/entries/lint.js"
import { memoryWorld } from "../../src/testing.js"

describe("docs/library.md: the skillc/lint example compiles and runs as written", () => {
  it("narrows the report with `in` and reads its diagnostics", async () => {
    const world = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": "---\nname: demo\ndescription: Demo.\n---\n# Demo\n\nSee [the guide](guide.md).\n" } })
    const report = await Effect.runPromise(lint({ skill: "demo" }).pipe(Effect.provide(world.layer)))
    if (!("diagnostics" in report)) throw new Error("expected one skill's report")
    const lines = report.diagnostics.map((d) => `${d.rule} ${d.name} (${d.severity}) ${d.file}:${d.line}: ${d.message}`)
    expect(lines.some((l) => l.startsWith("SKL301"))).toBe(true)
    // The type a failed skill's entry of a several-skill report has is one an embedder can name.
    const failed: Pick<LintFailureJson, "skill"> = { skill: "demo" }
    expect(failed.skill).toBe("demo")
  })
})
