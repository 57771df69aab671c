/**
 * The editor server lints a skill with the open buffers in place of the
 * files on disk (`lintBuffers`, issue 50), and must say what `skc lint` says
 * (docs/editors.md). A buffer whose path is a symlink leading out of the
 * skill (RFC-0008: never followed, SKL303) joined the snapshot as a new
 * markdown file: opening it added a false SKL401 "orphaned file" that `skc
 * lint` never reports (sixty-second pass's probe).
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { lintBuffers } from "../../src/app/lint/lintBuffers.js"
import { diskWorld } from "../helpers/worlds.js"

const codes = (ds: ReadonlyArray<{ readonly rule: string; readonly file: string }>) => ds.map((d) => `${d.file} ${d.rule}`).sort()

describe("lintBuffers: an open buffer at an escaping symlink (RFC-0008 SKL303, SKL401)", () => {
  it.live("opening the file changes no finding, as `skc lint` has none for it", () => {
    const w = diskWorld("skc-lint-buffers-")
    const root = join(w.work, ".skillc", "skills", "t")
    mkdirSync(join(root, "references"), { recursive: true })
    mkdirSync(join(w.root, "outside"), { recursive: true })
    writeFileSync(join(w.root, "outside", "secret.md"), "# Secret\n\nText.\n")
    writeFileSync(join(root, "SKILL.md"), "---\nname: t\ndescription: Tests escaping links. Use when testing.\n---\n\n# T\n\nRead [out](references/out.md).\n")
    symlinkSync(join(w.root, "outside", "secret.md"), join(root, "references", "out.md"))
    return Effect.gen(function* () {
      const closed = yield* lintBuffers(root, new Map())
      const opened = yield* lintBuffers(root, new Map([["references/out.md", "# Secret\n\nText.\n"]]))
      expect(codes(closed.diagnostics)).toContain("SKILL.md SKL303")
      expect(codes(opened.diagnostics)).toEqual(codes(closed.diagnostics))
      expect(opened.diagnostics.some((d) => d.rule === "SKL401")).toBe(false)
    }).pipe(w.run)
  })
})
