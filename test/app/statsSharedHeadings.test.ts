// `skc stats` and two headings of one text in one file (the published docx skill has "Images" under
// both "Creating" and "Editing" in SKILL.md). `show` without `--line` shows the first in outline order
// (RFC-0002:C-SHOW "return the first match"); with `--line` the one whose section holds the line, and
// its row then carries `args.line` (DECISIONS #18, src/app/search/show.ts `showLogArgs`). Found by an
// earlier walk: stats counted a read of one as a read of both, so the "unused sections" list and the
// HTML report's outline never showed the second "Images" as unread. The sections view keeps its
// RFC-0003:C-QUERIES shape: one entry per section and file.
// On the live adapters (real SQLite search index and access log in a temp directory), the reads made
// by the recorded `show` use case, as a library, the CLI and MCP record theirs.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { indexSkill } from "../../src/app/build/indexing.js"
import { recordedShow } from "../../src/app/recorded.js"
import { resolveSkill } from "../../src/app/skills/resolve.js"
import { stats } from "../../src/app/usage/stats.js"
import { readsOfHeading, sectionReads } from "../../src/app/usage/sectionReads.js"
import { statsReport } from "../../src/app/usage/statsReport.js"
import { makeMemoryAccessLog } from "../../src/adapters/memory/MemoryAccessLog.js"
import { makeSqliteAccessLog } from "../../src/adapters/sqlite/AccessLogSqlite.js"
import { Database } from "../../src/adapters/sqlite/nodeSqlite.js"
import { renderStats } from "../../src/render/stats.js"
import { tempDir } from "../helpers/cli.js"
import { diskWorld } from "../helpers/worlds.js"

const SKILL_MD = [
  "---",
  "name: docs",
  "description: Create and edit documents with images and tables.",
  "---",
  "# Docs", //              line 5
  "",
  "## Creating", //         line 7
  "",
  "### Images", //          line 9
  "",
  "Insert a picture with ImageRun.",
  "",
  "## Editing", //          line 13
  "",
  "### Images", //          line 15
  "",
  "Add the media file and its relationship.",
  ""
].join("\n")

const setup = () => {
  const w = diskWorld("skc-stats-shared-")
  const dir = join(w.work, ".skillc", "skills", "docs")
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), SKILL_MD)
  const index = () => w.run(Effect.flatMap(resolveSkill("docs"), indexSkill))
  const read = (line?: number) => w.run(recordedShow({ skill: "docs", section: "Images", ...(line === undefined ? {} : { line }) }))
  const unused = (group_by?: string) =>
    w.run(stats({ skill: "docs", ...(group_by === undefined ? {} : { group_by }) })).pipe(Effect.map((o) => o.insights.unusedSections))
  const outline = () => w.run(statsReport({ skill: "docs" })).pipe(Effect.map((r) => r.outline.map((o) => [o.section, o.line, o.count])))
  return { ...w, index, read, unused, outline }
}

describe("stats: a read counts for the one heading show showed", () => {
  const s = setup()

  it.live("without a line: the first \"Images\" is read, the second is still unused (summary, sections view, HTML outline)", () =>
    Effect.gen(function* () {
      yield* s.index()
      yield* s.read()
      const second = { file: "SKILL.md", section: "Images", level: 3, line: 15 }
      expect(yield* s.unused()).toEqual([
        { file: "SKILL.md", section: "Docs", level: 1 },
        { file: "SKILL.md", section: "Creating", level: 2 },
        { file: "SKILL.md", section: "Editing", level: 2 },
        second
      ])
      expect(yield* s.unused("sections")).toContainEqual(second)
      expect(yield* s.outline()).toEqual([
        ["Docs", 5, 0],
        ["Creating", 7, 0],
        ["Images", 9, 1],
        ["Editing", 13, 0],
        ["Images", 15, 0]
      ])
      // The text says which "Images" nobody read.
      const outcome = yield* s.run(stats({ skill: "docs" }))
      expect(renderStats(outcome, Date.now())).toContain("  - Images (SKILL.md, line 15)\n")
    }))

  it.live("with --line: the row's line picks the second; each counts its own reads, the sections view still one entry", () =>
    Effect.gen(function* () {
      yield* s.read(17) // a line of the second's text: show logs the heading's start line, 15
      yield* s.read(15)
      expect((yield* s.unused()).map((u) => u.section)).toEqual(["Docs", "Creating", "Editing"])
      expect(yield* s.outline()).toEqual([
        ["Docs", 5, 0],
        ["Creating", 7, 0],
        ["Images", 9, 1],
        ["Editing", 13, 0],
        ["Images", 15, 2]
      ])
      // RFC-0003:C-QUERIES: one entry per section and file, whatever the lines; no new key in it.
      const view = yield* s.run(stats({ skill: "docs", group_by: "sections" }))
      expect(view.report.data).toEqual([{ section: "Images", file: "SKILL.md", count: 3 }])
    }))

  it.live("the editor's hover on a heading (issue 50): each \"Images\" its own reads; lines the disk does not hold, the text's", () =>
    Effect.gen(function* () {
      const { available, reads } = yield* s.run(sectionReads(join(s.work, ".skillc", "skills", "docs"), 30))
      expect(available).toBe(true)
      expect(readsOfHeading(reads, "SKILL.md", 9, "Images")).toBe(1)
      expect(readsOfHeading(reads, "SKILL.md", 15, "Images")).toBe(2)
      expect(readsOfHeading(reads, "SKILL.md", 13, "Editing")).toBe(0)
      // An edited buffer whose heading moved: the count of every heading of that text.
      expect(readsOfHeading(reads, "SKILL.md", 16, "Images")).toBe(3)
    }))
})

describe("the sections rows by logged line: the in-memory log store answers as the SQLite one", () => {
  const rows = [
    { section: "Images", file: "SKILL.md" },
    { section: "Images", file: "SKILL.md", line: 15 },
    { section: "Images", file: "SKILL.md", line: 15 },
    // Not a line another writer may have put there: none.
    { section: "Images", file: "SKILL.md", line: "x" },
    { section: "Usage", file: "SKILL.md", line: 0 }
  ].map((args) => ({
    timestamp: "2026-01-02T00:00:00Z",
    run_id: "r",
    command: "show",
    skill: "s",
    skill_path: "/p/s",
    cwd: "/p",
    args: JSON.stringify(args),
    error: null
  }))
  const file = join(tempDir("skc-sections-line-"), "logs.db")
  const none = { since: null, until: null, projects: [], readers: [], include_author: false }

  it.effect("grouped by line too, a line that is not one as none", () =>
    Effect.gen(function* () {
      const memory = makeMemoryAccessLog()
      const sqlite = makeSqliteAccessLog(Database)
      for (const r of rows) {
        yield* memory.append("/logs.db", r)
        yield* sqlite.append(file, r)
      }
      const m = yield* memory.aggregate("/logs.db", "sections", none)
      const q = yield* sqlite.aggregate(file, "sections", none)
      const lines = (a: typeof m) => (a.groupBy === "sections" ? [...a.rows].sort((x, y) => `${x.section}${x.line}`.localeCompare(`${y.section}${y.line}`)) : [])
      expect(lines(m)).toEqual(lines(q))
      expect(lines(q)).toEqual([
        { section: "Images", file: "SKILL.md", line: 15, count: 2 },
        // "x" is no line: one group with the row that has none.
        { section: "Images", file: "SKILL.md", line: null, count: 2 },
        { section: "Usage", file: "SKILL.md", line: null, count: 1 }
      ])
    }))
})
