// `skc show --line` / `skc_show` `line` (an extension of RFC-0002:C-SHOW):
// of several headings with one text, the one whose section holds the line a
// search result gave. Two headings of one file cannot be told apart by
// `--file` (the published docx skill has "Images" under both "Creating" and
// "Editing"), so without it an agent that took the second as a search answer
// could only ever read the first. On the live adapters: real SQLite files in
// a temp directory.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { indexSkill } from "../../src/app/build/indexing.js"
import { resolveSkill } from "../../src/app/skills/resolve.js"
import { search } from "../../src/app/search/search.js"
import { show, showLogArgs } from "../../src/app/search/show.js"
import { diskWorld, failureText } from "../helpers/worlds.js"

const SKILL_MD = [
  "---",
  "name: docs",
  "description: Create and edit documents with images and tables.",
  "---",
  "# Docs", //                                       line 5
  "",
  "## Creating",
  "",
  "### Images", //                                   line 9
  "",
  "Insert a picture with ImageRun.",
  "",
  "## Editing", //                                   line 13
  "",
  "### Images", //                                   line 15
  "",
  "Add the media file and its relationship.",
  "",
  "#### Images", //                                  line 19: a subsection of the same name
  "",
  "Nested detail about media relationships.",
  ""
].join("\n")

const setup = () => {
  const w = diskWorld("skc-show-line-")
  const dir = join(w.work, ".skillc", "skills", "docs")
  mkdirSync(join(dir, "references"), { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), SKILL_MD)
  // "Images" from line 3 to the end (line 14): line numbers are per file, so lines 9 to 12 are in both files' "Images".
  const media = ["# Media", "", "## Images", "", ...Array.from({ length: 10 }, (_, i) => `Formats the media folder takes, line ${i + 5}.`)]
  writeFileSync(join(dir, "references", "media.md"), media.join("\n") + "\n")
  const index = () => w.run(Effect.flatMap(resolveSkill("docs"), indexSkill))
  const section = (name: string, extra: { file?: string; line?: number } = {}) => w.run(show({ skill: "docs", section: name, ...extra }))
  return { ...w, index, section }
}

describe("show --line (RFC-0002:C-SHOW extension, DECISIONS #23)", () => {
  const s = setup()

  it.live("without a line: the first in outline order, and W001 says the line tells same-file matches apart", () =>
    Effect.gen(function* () {
      yield* s.index()
      s.takeWarnings()
      expect(yield* s.section("Images")).toMatchObject({ file: "SKILL.md", start_line: 9 })
      expect(s.takeWarnings()).toEqual([
        "warning[W001]: multiple matches for 'Images'; showing first\n" +
          "  shown: SKILL.md (line 9); also in SKILL.md (line 15), SKILL.md (line 19), references/media.md (line 3); the next: skc show docs --section Images --file SKILL.md --line 15"
      ])
    }))

  it.live("a line picks the matching section that holds it, without a warning", () =>
    Effect.gen(function* () {
      s.takeWarnings()
      // The heading's own line, and a line of its text.
      expect(yield* s.section("Images", { line: 15 })).toMatchObject({ file: "SKILL.md", start_line: 15, end_line: 22 })
      expect(yield* s.section("images", { line: 17 })).toMatchObject({ file: "SKILL.md", start_line: 15 })
      // Inside the nested "Images", that one (the innermost section holding the line).
      expect(yield* s.section("Images", { line: 21 })).toMatchObject({ file: "SKILL.md", start_line: 19 })
      expect(yield* s.section("Images", { file: "SKILL.md", line: 11 })).toMatchObject({ file: "SKILL.md", start_line: 9, end_line: 13 })
      // With the file: its line numbers.
      expect(yield* s.section("Images", { file: "references/media.md", line: 3 })).toMatchObject({ file: "references/media.md", start_line: 3 })
      expect(s.takeWarnings()).toEqual([])
    }))

  it.live("without the file, a line two files' sections hold: the first file's, with W001 naming the other", () =>
    Effect.gen(function* () {
      s.takeWarnings()
      expect(yield* s.section("Images", { line: 11 })).toMatchObject({ file: "SKILL.md", start_line: 9 })
      expect(s.takeWarnings()).toEqual([
        "warning[W001]: multiple matches for 'Images'; showing first\n  shown: SKILL.md (line 9); also in references/media.md (line 3); the next: skc show docs --section Images --file references/media.md"
      ])
      expect(yield* s.section("Images", { line: 11, file: "references/media.md" })).toMatchObject({ file: "references/media.md", start_line: 3 })
      expect(s.takeWarnings()).toEqual([])
    }))

  it.live("a search result's line shows that result's section", () =>
    Effect.gen(function* () {
      const doc = yield* s.run(search({ skill: "docs", query: "relationship" }))
      const hit = doc.results.find((r) => r.section === "Images")
      expect(hit).toMatchObject({ file: "SKILL.md", line: 15 })
      const shown = yield* s.section(hit!.section, { file: hit!.file, line: hit!.line })
      expect(shown.content).toContain("Add the media file and its relationship.")
    }))

  it.live("a line no section of that heading holds: E020 naming where the heading is", () =>
    Effect.gen(function* () {
      expect(yield* failureText(s.section("Images", { line: 2 }))).toBe(
        [
          "error[E020]: section not found: 'Images'",
          "  no section of that heading holds line 2; it is at SKILL.md (line 9), SKILL.md (line 15), SKILL.md (line 19), references/media.md (line 3)"
        ].join("\n")
      )
      expect(yield* failureText(s.section("Images", { file: "references/media.md", line: 20 }))).toBe(
        ["error[E020]: section not found: 'Images'", "  no section of that heading holds line 20; it is at references/media.md (line 3)"].join("\n")
      )
      // A heading that does not exist still gets the RFC's suggestions.
      expect(yield* failureText(s.section("Imag", { line: 9 }))).toContain("Did you mean one of these?")
    }))

  it.live("suggestions of one text in one file are told apart by their line (which --line takes); others stay as the RFC shows them", () =>
    Effect.gen(function* () {
      const text = yield* failureText(s.section("Imagez"))
      expect(text).toContain("  - Images (SKILL.md line 9)")
      expect(text).toContain("  - Images (SKILL.md line 15)")
      expect(text).toContain("  - Images (references/media.md)")
    }))

  it.live("DECISIONS #18: the log row names the line of the heading shown when a line was given, and only then", () =>
    Effect.gen(function* () {
      const input = { skill: "docs", section: "images", line: 17 }
      const shown = yield* s.section(input.section, { line: input.line })
      expect(showLogArgs(input, shown)).toEqual({ section: "Images", file: "SKILL.md", line: 15 })
      expect(showLogArgs({ ...input, line: 2 }, undefined)).toEqual({ section: "images", file: null, line: 2 })
      expect(showLogArgs({ skill: "docs", section: "Images" }, yield* s.section("Images"))).toEqual({ section: "Images", file: "SKILL.md" })
      // A read cut to a few lines says so, as open's row does (sixty-sixth pass probe).
      expect(showLogArgs({ skill: "docs", section: "Images", max_lines: 5 }, undefined)).toEqual({ section: "Images", file: null, max_lines: 5 })
    }))
})
