// DECISIONS #18: an `open` row's `path` is the file read, from the skill's root, so that `skc stats
// --group-by files` counts one file once: `./forms.md` and `scripts/../forms.md` were three files.
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { recordedBuild, recordedOpenFile } from "../../src/app/recorded.js"
import { memoryWorld } from "../../src/testing.js"

const SKILL = "---\nname: demo\ndescription: A demo skill. Use when testing.\n---\n# Demo\n\nRead forms.md.\n"
const LOG = "/proj/.skillc/runtime/demo/.skillc-meta/logs.db"

describe("DECISIONS #18 open's logged path", () => {
  it.effect("is the file's path from the root, however it was asked; a failed open keeps what was asked", () =>
    Effect.gen(function* () {
      const world = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": SKILL, "/proj/.skillc/skills/demo/forms.md": "# Forms\n" } })
      yield* Effect.provide(recordedBuild({ skill: "demo" }), world.layer)
      for (const path of ["forms.md", "./forms.md", "scripts/../forms.md", "gone.md"]) {
        yield* Effect.provide(Effect.result(recordedOpenFile({ skill: "demo", path })), world.layer)
      }
      const rows = yield* world.accessLog.readAll(LOG)
      expect(rows.filter((r) => r.command === "open").map((r) => JSON.parse(r.args).path)).toEqual(["forms.md", "forms.md", "forms.md", "gone.md"])
    })
  )
})
