// `skc lint --fix` in a folder that refuses new files (issue 50; RFC-0008:C-DIAGNOSTICS): the fix is written
// through a temporary file beside the file, so a read-only folder (or mount) refuses it though the file itself
// is writable. A probe (seventy-second pass) got `error[E999]: write '…/SKILL.md': EACCES` and no report; the
// file is now left alone with a warning, as a read-only file is, and the report says what remains.
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { hasErrors, lintSkills } from "../../src/app/lint/lint.js"
import { makeMemoryFileSystem } from "../../src/adapters/memory/MemoryFileSystem.js"
import { renderWarning, type SkcWarning } from "../../src/domain/errors.js"
import { memoryLayer } from "../helpers/worlds.js"

// SKL112: a metadata value that is not a string has a certain fix (quote it).
const SKILL = "---\nname: rs\ndescription: Use when testing a fix in a read-only folder.\nmetadata:\n  v: 1.0\n---\n# Rs\n\nBody.\n"

const run = (readOnlyFolder: boolean) => {
  const fs = makeMemoryFileSystem()
  fs.seed({ "/proj/x/rs/SKILL.md": SKILL })
  if (readOnlyFolder) fs.setReadOnly("/proj/x/rs")
  const warnings: Array<SkcWarning> = []
  return lintSkills({ skill: "x/rs", fix: true }).pipe(
    Effect.provide(memoryLayer({ fs, warnings })),
    Effect.map((outcome) => ({ outcome, warnings: warnings.map(renderWarning), text: Effect.runSync(fs.readFileString("/proj/x/rs/SKILL.md")) }))
  )
}

describe("skc lint --fix in a folder that cannot be written", () => {
  it.effect("the file is left as it is, a warning says why, and the report shows the finding still there", () =>
    Effect.gen(function* () {
      const r = yield* run(true)
      expect(r.text).toBe(SKILL)
      expect(r.warnings).toEqual([expect.stringMatching(/^warning: not fixing 'SKILL\.md': its folder cannot be written \(.*EROFS.*\)$/)])
      const report = r.outcome.reports[0]!
      expect(report.fixed ?? []).toEqual([])
      expect(report.diagnostics.map((d) => d.rule)).toContain("SKL112")
    }))

  it.effect("a writable folder: the fix is written (the same skill, so the test above can fail)", () =>
    Effect.gen(function* () {
      const r = yield* run(false)
      expect(r.text).toContain('v: "1.0"')
      expect(r.warnings).toEqual([])
      expect(r.outcome.reports[0]!.fixed?.map((d) => d.rule)).toEqual(["SKL112"])
      expect(hasErrors(r.outcome)).toBe(r.outcome.reports[0]!.diagnostics.some((d) => d.severity === "error"))
    }))
})
