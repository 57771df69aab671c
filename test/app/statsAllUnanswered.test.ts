// `skc stats --all --limit N`: the questions no skill answered (DECISIONS #44) were cut to N with nothing
// saying so — the text's "Questions no skill answered (search --all): 1" counted the cut list, not the
// questions (found with two unanswered questions and --limit 1). The list says how many it left out, as the
// skills' list does with `more` (docs/stats.md "Caps: --limit"; JSON additive, DECISIONS: additive fields).
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { logDbIn } from "../../src/app/usage/accessLog.js"
import { Settings } from "../../src/app/shared/index.js"
import { statsAll } from "../../src/app/usage/statsAll.js"
import { makeMemoryAccessLog } from "../../src/adapters/memory/MemoryAccessLog.js"
import { renderStatsAll } from "../../src/render/stats.js"
import { memoryLayer } from "../helpers/worlds.js"

describe("skc stats --all --limit: the questions no skill answered that the cap left out", () => {
  const log = makeMemoryAccessLog()
  const layer = memoryLayer({ files: { "/proj/.skillc/skills/pdf/SKILL.md": "---\nname: pdf\ndescription: d\n---\n# pdf\n## Usage\n" }, accessLog: log })
  const asked = (query: string, timestamp: string) =>
    Effect.gen(function* () {
      const { stores } = yield* Settings
      yield* log.append(logDbIn(stores.globalDir, { join: (...p: Array<string>) => join(...p) }), {
        timestamp, run_id: "r", command: "search", skill: "*", skill_path: "*", cwd: "/proj",
        args: JSON.stringify({ query, result_count: 0, scope: "all", role: "agent" }), error: null
      })
    })

  it.effect("JSON: unanswered_all_more counts them; the text counts every question and says '… and N more'", () =>
    Effect.gen(function* () {
      yield* asked("quantum entanglement", "2026-03-01T00:00:00Z")
      yield* asked("quantum entanglement", "2026-03-02T00:00:00Z")
      yield* asked("xyzzy plover", "2026-03-03T00:00:00Z")
      const all = yield* statsAll({})
      expect(all.unanswered_all.map((q) => [q.query, q.count])).toEqual([["quantum entanglement", 2], ["xyzzy plover", 1]])
      expect("unanswered_all_more" in all).toBe(false)
      const capped = yield* statsAll({ limit: 1 })
      expect(capped.unanswered_all.map((q) => q.query)).toEqual(["quantum entanglement"])
      expect(capped.unanswered_all_more).toBe(1)
      const text = renderStatsAll(capped, Date.parse("2026-03-04T00:00:00Z"))
      expect(text).toContain("Questions no skill answered (search --all): 2\n")
      expect(text.slice(text.indexOf("Questions no skill answered"))).toContain("… and 1 more")
    }).pipe(Effect.provide(layer))
  )
})

describe("skc stats --all with filters that keep only questions no skill answered", () => {
  it("does not warn that no access passes the filters above the questions that do (a statistics probe)", async () => {
    const { memoryWorld } = await import("../../src/testing.js")
    const { renderWarning } = await import("../../src/domain/errors.js")
    const log = makeMemoryAccessLog()
    const w = memoryWorld({ files: { "/proj/.skillc/skills/pdf/SKILL.md": "---\nname: pdf\ndescription: d\n---\n# pdf\n## Usage\n" }, accessLog: log })
    const row = (dir: string, skill: string, timestamp: string, args: Record<string, unknown>) =>
      Effect.gen(function* () {
        yield* log.append(logDbIn(dir, { join: (...p: Array<string>) => join(...p) }), {
          timestamp, run_id: "r", command: skill === "*" ? "search" : "show", skill, skill_path: skill === "*" ? "*" : "/proj/.skillc/skills/pdf", cwd: "/proj",
          args: JSON.stringify({ ...args, role: "agent" }), error: null
        })
      })
    const seeded = Effect.gen(function* () {
      const { stores } = yield* Settings
      yield* row(join(stores.projectRuntime!, "pdf"), "pdf", "2026-03-01T00:00:00Z", { section: "Usage" })
      yield* row(stores.globalDir, "*", "2026-03-05T12:00:05Z", { query: "xyzzy plugh", result_count: 0, scope: "all" })
      return yield* statsAll({ since: "2026-03-05T12:00:00Z" })
    })
    const report = await w.run(seeded)
    expect(report._tag === "Success" && report.success.unanswered_all.map((q) => q.query)).toEqual(["xyzzy plugh"])
    expect(w.diagnostics.warnings.map(renderWarning).join("\n")).not.toContain("passes the filters")
  })
})

describe("skc stats --all: a top section no longer in its file is said so (a stats probe: shown as a current section)", () => {
  it("marks it gone (JSON additive, the text's marker) while the current heading is not", async () => {
    const { memoryWorld } = await import("../../src/testing.js")
    const log = makeMemoryAccessLog()
    const w = memoryWorld({
      files: {
        "/proj/.skillc/skills/pdf/SKILL.md": "---\nname: pdf\ndescription: d\n---\n# pdf\n## Renamed Section\n",
        "/proj/.skillc/skills/xlsx/SKILL.md": "---\nname: xlsx\ndescription: d\n---\n# xlsx\n## Usage\n"
      },
      accessLog: log
    })
    const shown = (skill: string, section: string) =>
      Effect.gen(function* () {
        const { stores } = yield* Settings
        yield* log.append(logDbIn(join(stores.projectRuntime!, skill), { join: (...p: Array<string>) => join(...p) }), {
          timestamp: "2026-03-01T00:00:00Z", run_id: "r", command: "show", skill, skill_path: `/proj/.skillc/skills/${skill}`, cwd: "/proj",
          args: JSON.stringify({ section, file: "SKILL.md", role: "agent" }), error: null
        })
      })
    const all = await Effect.runPromise(
      Effect.gen(function* () {
        yield* shown("pdf", "Rename Me")
        yield* shown("xlsx", "Usage")
        return yield* statsAll({})
      }).pipe(Effect.provide(w.layer))
    )
    const top = Object.fromEntries(all.skills.map((s) => [s.skill, s.top_section]))
    expect(top.pdf).toMatchObject({ section: "Rename Me", gone: true })
    expect(top.xlsx).toMatchObject({ section: "Usage" })
    expect(top.xlsx && "gone" in top.xlsx).toBe(false)
    expect(renderStatsAll(all, Date.parse("2026-03-04T00:00:00Z"))).toContain("Rename Me (1) (no longer in the outline)")
  })
})
