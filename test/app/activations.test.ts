// Issue 49 item 4 in process, on the memory world (skillc/testing): Claude
// Code's activations recorded by `importOtelFile` into the memory access
// log, and the funnel the memory adapter computes from them (the SQLite and
// PostgreSQL adapters are held to the same rows by test/e2e/activations.test.ts
// and test/adapters/teamLogPg.test.ts).
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import { memoryWorld } from "../../src/testing.js"
import { importOtelFile } from "../../src/app/usage/activations.js"
import { stats } from "../../src/app/usage/stats.js"

const FIXTURE = readFileSync(join(__dirname, "..", "fixtures", "otel", "claude-code-logs.json"), "utf8")
const skill = (name: string) => `---\nname: ${name}\ndescription: ${name} notes. Use when ${name}.\n---\n# ${name}\n\n## Notes\n\nText.\n`

describe("activations on the memory world (issue 49 item 4)", () => {
  it.effect("import, then the funnel: activated by trigger, no read, the signal", () =>
    Effect.gen(function* () {
      const w = memoryWorld({
        files: {
          "/proj/.skillc/skills/frontend/SKILL.md": skill("frontend"),
          "/proj/.skillc/skills/runbook/SKILL.md": skill("runbook"),
          "/proj/otel.json": FIXTURE
        }
      })
      const imported = yield* Effect.promise(() => w.run(importOtelFile("otel.json")))
      expect(Result.getOrThrow(imported)).toEqual({ recorded: 3, skills: { frontend: 2, runbook: 1 }, unknown_skills: { "ghost-skill": 1 }, ignored: 3, rejected: 0 })
      const funnel = yield* Effect.promise(() => w.run(stats({ skill: "frontend", group_by: "funnel" })))
      expect(Result.getOrThrow(funnel).report.data).toEqual({
        activated: 2,
        sessions: 2,
        by_trigger: { "claude-proactive": 1, "user-slash": 1 },
        reads: 0,
        sections_read: 0,
        signals: ["activated_but_nothing_read"]
      })
      const missing = yield* Effect.promise(() => w.run(importOtelFile("nope.json")))
      expect(Result.isFailure(missing)).toBe(true)
    }))
})
