// docs/eval.md "Where skc looks": a skill of skc's stores replaces the discovered one of its name, so an author
// evaluates the working copy. A skill deployed by `skc build` whose source was edited since is evaluated as its
// source lists it now, and the run says agents list the last build until it is built again.
import { Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import { build } from "../../src/app/build/build.js"
import { evaluate } from "../../src/app/eval/eval.js"
import { renderWarning } from "../../src/domain/errors.js"
import { ProcessRunner } from "../../src/ports/ProcessRunner.js"
import { memoryWorld } from "../../src/testing.js"

/** The match judge never starts a process. */
const judged = (input: Parameters<typeof evaluate>[0]) =>
  evaluate(input).pipe(Effect.provideService(ProcessRunner, { run: () => Effect.die("the match judge ran a process") }))

const SKILL = (description: string) => `---\nname: pg-migrations\ndescription: ${JSON.stringify(description)}\n---\n# Migrations\n`
const TRIGGERS = JSON.stringify([
  { query: "write a migration that adds a column to the users table", should_trigger: true },
  { query: "roll back the last schema migration", should_trigger: true },
  { query: "bake a sourdough loaf", should_trigger: false }
])

describe("skc eval of a skill edited since its build", () => {
  it("grades the source's description, and says the agents list the last build", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.skillc/skills/pg-migrations/SKILL.md": SKILL("Bake sourdough bread at home."),
        "/proj/.skillc/skills/pg-migrations/evals/triggers.json": TRIGGERS
      }
    })
    Result.getOrThrow(await w.run(build({ skill: "pg-migrations" })))
    const before = Result.getOrThrow(await w.run(judged({ skills: ["pg-migrations"] })))
    expect(w.diagnostics.warnings).toEqual([])
    // The author rewrites the description and evaluates again before building.
    Effect.runSync(w.fs.writeFile("/proj/.skillc/skills/pg-migrations/SKILL.md", SKILL("Write and roll back PostgreSQL schema migrations: add a column, rename a table. Use when changing the database schema.")))
    const after = Result.getOrThrow(await w.run(judged({ skills: ["pg-migrations"] })))
    expect(JSON.stringify(after)).not.toBe(JSON.stringify(before))
    const summary = (r: typeof after) => r.skills.map((s) => [s.passed, s.queries])
    expect(summary(before)).toEqual([[0, 3]])
    expect(summary(after)).toEqual([[3, 3]])
    expect(after.skills[0]!.path).toBe("/proj/.skillc/skills/pg-migrations/SKILL.md")
    expect(w.diagnostics.warnings.map(renderWarning)).toEqual([
      "warning: 'pg-migrations' is evaluated as its source lists it now (/proj/.skillc/skills/pg-migrations/SKILL.md); agents list the last build until 'skc build pg-migrations'"
    ])
  })

  it("with the command judge, the agent judges the last build, and the note says so (a judge probe)", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.skillc/skills/pg-migrations/SKILL.md": SKILL("Bake sourdough bread at home."),
        "/proj/.skillc/skills/pg-migrations/evals/triggers.json": TRIGGERS
      }
    })
    Result.getOrThrow(await w.run(build({ skill: "pg-migrations" })))
    Effect.runSync(w.fs.writeFile("/proj/.skillc/skills/pg-migrations/SKILL.md", SKILL("Write PostgreSQL schema migrations. Use when changing the database schema.")))
    const agent = { run: () => Effect.succeed({ outcome: { _tag: "Exited" as const, exitCode: 0 }, output: '{"skill":"pg-migrations"}\n', truncated: false, totalBytes: 10, durationMs: 1 }) }
    Result.getOrThrow(
      await w.run(evaluate({ skills: ["pg-migrations"], judge: "command", command: ["agent"], extract_json: "$.skill" }).pipe(Effect.provideService(ProcessRunner, agent)))
    )
    expect(w.diagnostics.warnings.map(renderWarning)).toEqual([
      "warning: 'pg-migrations' was edited since its last build (/proj/.skillc/skills/pg-migrations/SKILL.md); the agent judges the last build until 'skc build pg-migrations'"
    ])
  })
})
