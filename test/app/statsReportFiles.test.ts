// The HTML report's files (docs/stats.md "The HTML usage report"), in process on the in-memory adapters.
// Found reading a real report as an author: agents opened `forms.md` whole (skc open, an MCP resources/read)
// and the report showed every heading of it at 0 reads, with no word of the file being read: the outline
// counts `show`s only, and the report carried nothing of `--group-by files` (RFC-0003:C-QUERIES "files").
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { logDbIn } from "../../src/app/usage/accessLog.js"
import { resolveSkill } from "../../src/app/skills/resolve.js"
import { stats } from "../../src/app/usage/stats.js"
import { statsReport } from "../../src/app/usage/statsReport.js"
import { makeMemoryAccessLog } from "../../src/adapters/memory/MemoryAccessLog.js"
import { memoryLayer } from "../helpers/worlds.js"

const files = {
  "/proj/.claude/skills/pdf/SKILL.md": `---\nname: pdf\ndescription: "Fill PDF forms. Use when the user mentions a PDF."\n---\n# PDF\n## Usage\n`,
  "/proj/.claude/skills/pdf/forms.md": "# Forms\n## Step 1\n",
  "/proj/.claude/skills/pdf/scripts/fill.py": "print('fill')\n"
}

describe("skc stats --format html: the files agents read", () => {
  const log = makeMemoryAccessLog()
  const layer = memoryLayer({ files, accessLog: log })
  const row = (command: string, args: Record<string, unknown>, error: string | null = null) =>
    Effect.gen(function* () {
      const s = yield* resolveSkill("pdf")
      const db = logDbIn(s.runtimeDir, { join: (...p: Array<string>) => join(...p) })
      yield* log.append(db, {
        timestamp: "2026-03-01T10:00:00Z",
        run_id: "r1",
        command,
        skill: "pdf",
        skill_path: s.sourceDir,
        cwd: "/proj",
        args: JSON.stringify({ ...args, role: "agent" }),
        error
      })
    })

  it.effect("the report carries the files view's counts: whole-file opens included, failed ones not", () =>
    Effect.gen(function* () {
      yield* row("open", { path: "forms.md" })
      yield* row("open", { path: "forms.md", method: "resources/read", via: "mcp" })
      yield* row("open", { path: "scripts/fill.py" })
      yield* row("show", { section: "Usage", file: "SKILL.md" })
      yield* row("open", { path: "missing.md" }, "error[E021]: file not found: 'missing.md'")
      const report = yield* statsReport({ skill: "pdf" })
      const view = yield* stats({ skill: "pdf", group_by: "files" })
      expect(report.files).toEqual([
        { file: "forms.md", count: 2 },
        { file: "SKILL.md", count: 1 },
        { file: "scripts/fill.py", count: 1 }
      ])
      // The same numbers as `skc stats pdf --group-by files`.
      expect(view.report.query === "files" ? view.report.data : undefined).toEqual(report.files)
    }).pipe(Effect.provide(layer))
  )
})
