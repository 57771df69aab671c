// RFC-0005:C-CODES — every template rendered exactly.
import { describe, expect, it } from "vitest"
import * as E from "../../src/domain/errors.js"

describe("RFC-0005:C-CODES error templates", () => {
  const cases: Array<[E.SkcError, string]> = [
    [new E.SkillNotFound({ skill: "rust" }), "error[E001]: skill 'rust' not found"],
    [new E.IndexUnusable({ skill: "rust", reason: "missing" }), "error[E002]: search index unusable; run 'skc build rust' to rebuild"],
    [new E.IndexCollision({ hash16: "0123456789abcdef" }), "error[E003]: index hash collision; delete .skillc-meta/search-0123456789abcdef.db and rebuild"],
    [new E.EmptyQuery(), "error[E004]: empty query"],
    [new E.EmptyQuery({ holdsNul: true }), "error[E004]: empty query: a query cannot hold a NUL character (U+0000)"],
    [new E.NotASkill({ path: "some/dir" }), "error[E010]: not a valid skill: 'some/dir' (missing SKILL.md)"],
    [new E.MissingFrontmatterField({ field: "name" }), "error[E011]: missing frontmatter field 'name' in SKILL.md"],
    [new E.PathEscapes({ path: "../x" }), "error[E012]: path escapes skill root: '../x'"],
    [new E.SectionNotFound({ section: "Nope", suggestions: [] }), "error[E020]: section not found: 'Nope'"],
    [new E.FileNotFound({ path: "a.md" }), "error[E021]: file not found: 'a.md'"],
    [new E.DirectoryNotFound({ path: "refs" }), "error[E022]: directory not found: 'refs'"],
    [new E.InvalidQueryType({ type: "bogus" }), "error[E030]: invalid query type: 'bogus'"],
    [new E.InvalidFilter({ message: "bad date" }), "error[E031]: invalid filter: 'bad date'"],
    [new E.NoLocalLogs(), "error[E040]: no local logs found"],
    [new E.SyncDestinationNotWritable({ path: "/r" }), "error[E041]: sync destination not writable: '/r'"],
    [new E.SyncSourceNotReadable({ path: "/l" }), "error[E042]: sync source not readable: '/l'"],
    [new E.SkillExists({ skill: "rust" }), "error[E050]: skill 'rust' already exists"],
    [new E.InvalidOption({ message: "unknown flag" }), "error[E100]: invalid option: 'unknown flag'"],
    [new E.LintFailed({ ruleId: "SKL102", ruleName: "name-format", message: "name contains invalid characters" }), "error[E300]: SKL102 name-format: name contains invalid characters"],
    [new E.InternalError({ message: "disk on fire" }), "error[E999]: disk on fire"],
    [new E.UsageError({ message: "no such target" }), "error: no such target"]
  ]
  for (const [error, line] of cases) {
    it(`${error.code ?? "plain"} renders its template`, () => {
      expect(E.errorHeadline(error)).toBe(line)
      expect(E.renderError(error).split("\n")[0]).toBe(line)
      expect(E.isSkcError(error)).toBe(true)
    })
  }

  it("E020 lists suggestions below the template line", () => {
    const e = new E.SectionNotFound({ section: "Instal", suggestions: [{ text: "Installation", file: "SKILL.md" }] })
    expect(E.renderError(e)).toBe(
      "error[E020]: section not found: 'Instal'\n  Did you mean one of these?\n  - Installation (SKILL.md)"
    )
  })

  it("E020 offers the search of the skill's text after suggestions that do not hold what was asked (a subject asked as a heading)", () => {
    const weak = new E.SectionNotFound({
      section: "speaker notes",
      suggestions: [
        { text: "Smart Quotes", file: "editing.md" },
        { text: "Image Sizing Modes", file: "pptxgenjs.md" }
      ],
      lookup: { skill: "pptx", query: "speaker notes" }
    })
    expect(E.renderError(weak).split("\n").at(-1)).toBe("  or search the skill's text: skc search pptx 'speaker notes'")
    // A suggestion that holds the words asked is the answer: no search line.
    const close = new E.SectionNotFound({ section: "notes", suggestions: [{ text: "Speaker Notes", file: "SKILL.md" }], lookup: { skill: "pptx", query: "notes" } })
    expect(E.renderError(close)).not.toContain("search")
  })

  it("E050 import hint is a second line", () => {
    const e = new E.SkillExists({ skill: "x", hint: "use --force to overwrite" })
    expect(E.renderError(e)).toBe("error[E050]: skill 'x' already exists\n  use --force to overwrite")
  })
})

describe("E020 for show --line that no section of the heading holds", () => {
  it("names where the heading is, at most six places, instead of suggestions", () => {
    const places = Array.from({ length: 8 }, (_, i) => ({ file: "SKILL.md", line: 10 * (i + 1) }))
    const e = new E.SectionNotFound({ section: "Images", suggestions: [], notAt: { line: 5, places } })
    expect(E.renderError(e)).toBe(
      "error[E020]: section not found: 'Images'\n  no section of that heading holds line 5; it is at SKILL.md (line 10), SKILL.md (line 20), " +
        "SKILL.md (line 30), SKILL.md (line 40), SKILL.md (line 50), SKILL.md (line 60) and 2 more"
    )
  })
})

describe("RFC-0005:C-CODES W001 names the show of the next match, as a command or as a tool call", () => {
  // An agent's walk: "give the file to show another" left the flags to guess; the first line is the RFC's.
  const two = [
    { file: "SKILL.md", line: 9 },
    { file: "references/media.md", line: 3 }
  ]
  it("cli: a command line, the section and file quoted as a shell needs", () => {
    expect(E.renderWarning(E.Warning.multipleMatches("Color Palette", two, "theme-factory"))).toBe(
      "warning[W001]: multiple matches for 'Color Palette'; showing first\n  shown: SKILL.md (line 9); also in references/media.md (line 3); " +
        "the next: skc show theme-factory --section 'Color Palette' --file references/media.md"
    )
  })
  it("tools: the skc_show call, and --line when the file alone cannot tell the matches apart", () => {
    const sameFile = [
      { file: "SKILL.md", line: 223 },
      { file: "SKILL.md", line: 556 }
    ]
    expect(E.renderWarningAs("tools")(E.Warning.multipleMatches("Images", sameFile, "docs"))).toBe(
      "warning[W001]: multiple matches for 'Images'; showing first\n  shown: SKILL.md (line 223); also in SKILL.md (line 556); " +
        'the next: skc_show skill="docs" section="Images" file="SKILL.md" line=556'
    )
  })
})

describe("RFC-0005:C-CODES warning templates", () => {
  it.each([
    [E.Warning.multipleMatches("Setup"), "warning[W001]: multiple matches for 'Setup'; showing first"],
    [
      E.Warning.multipleMatches("Setup", [
        { file: "SKILL.md", line: 3 },
        ...Array.from({ length: 7 }, (_, i) => ({ file: `refs/r${i}.md`, line: i + 1 }))
      ]),
      "warning[W001]: multiple matches for 'Setup'; showing first\n  shown: SKILL.md (line 3); also in refs/r0.md (line 1), refs/r1.md (line 2), " +
        "refs/r2.md (line 3), refs/r3.md (line 4), refs/r4.md (line 5) and 2 more; give the file to show another"
    ],
    // Two matches in one file: the file alone cannot name the other, its line can (`show --line`).
    [
      E.Warning.multipleMatches("Images", [
        { file: "SKILL.md", line: 223 },
        { file: "SKILL.md", line: 556 }
      ]),
      "warning[W001]: multiple matches for 'Images'; showing first\n  shown: SKILL.md (line 223); also in SKILL.md (line 556); give the file and line to show another"
    ],
    [E.Warning.loggingDisabled(), "warning[W002]: logging disabled; run 'skc sync' after session to merge logs"],
    [E.Warning.staleLocalLogs("rust"), "warning[W003]: stale local logs for 'rust'; run 'skc sync' to upload"],
    [E.Warning.lint("SKL108", "description-triggers", "missing activation trigger"), "warning[W300]: SKL108 description-triggers: missing activation trigger"],
    [E.Warning.notice("unknown key 'x' ignored"), "warning: unknown key 'x' ignored"],
    [E.Warning.nonFatalError("invalid version; file ignored"), "warning: invalid version; file ignored"]
  ])("%o", (w, line) => {
    expect(E.renderWarning(w)).toBe(line)
  })
})

describe("issue 44 item 7: one Cause -> SkcError for the CLI and the MCP server", () => {
  it("a typed error as it is; another failure or a defect as E999 with its message and the raw value", async () => {
    const { Cause } = await import("effect")
    const { skcErrorOfCause, SkillNotFound, renderError } = await import("../../src/domain/errors.js")
    const typed = new SkillNotFound({ skill: "pdf" })
    expect(skcErrorOfCause(Cause.fail(typed))).toEqual({ error: typed })
    const failed = skcErrorOfCause(Cause.fail(new Error("disk on fire")))
    expect(renderError(failed.error)).toBe("error[E999]: disk on fire")
    expect(failed.defect).toBeInstanceOf(Error)
    const died = skcErrorOfCause(Cause.die("boom"))
    expect(renderError(died.error)).toBe("error[E999]: boom")
    expect(died.defect).toBe("boom")
  })
})

describe("a did-you-mean hint quotes names as every message does", () => {
  it("a newline or tab in a suggested file name is escaped, never a second line", () => {
    const e = new E.FileNotFound({ path: "new\nline.mdx", suggestions: ["new\nline.md", "tab\there.md"] })
    const text = E.renderError(e)
    expect(text.split("\n")).toHaveLength(2)
    expect(text).toBe("error[E021]: file not found: 'new\\nline.mdx'\n  did you mean 'new\\nline.md' or 'tab\\there.md'?")
  })
})
