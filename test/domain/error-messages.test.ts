// An embedder's view of skc's errors (docs/library.md, "Errors"): every error class `skillc`
// exports (one per RFC-0005:C-CODES code) has a `message` worth logging. It was "" (Error's own)
// for every error without a `message` field, so `console.error(err.message)`, `String(err)` and the
// rejection of `Effect.runPromise` said nothing but the class name. Now `message` is the text
// `renderError` prints, prefix included (`error[E001]: skill 'x' not found`, then the detail lines);
// the five errors whose template takes a `message` field keep that field, which `renderError`'s
// text holds.
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as Library from "../../src/index.js"
import { renderError, type SkcError } from "../../src/domain/errors.js"

/** One of each error class, with representative fields (detail lines included where a class has them). */
const samples: Record<string, SkcError> = {
  SkillNotFound: new Library.SkillNotFound({ skill: "pdf", suggestions: ["pdfs"] }),
  IndexUnusable: new Library.IndexUnusable({ skill: "pdf", reason: "missing", hint: "the index was deleted" }),
  IndexCollision: new Library.IndexCollision({ hash16: "0123456789abcdef" }),
  EmptyQuery: new Library.EmptyQuery({ holdsNul: true }),
  NotASkill: new Library.NotASkill({ path: "docs" }),
  MissingFrontmatterField: new Library.MissingFrontmatterField({ field: "description" }),
  InvalidFrontmatter: new Library.InvalidFrontmatter({ problem: "bad indentation at line 2, column 3" }),
  PathEscapes: new Library.PathEscapes({ path: "../etc/passwd" }),
  SectionNotFound: new Library.SectionNotFound({ section: "Instal", suggestions: [{ text: "Install", file: "SKILL.md", line: 4 }] }),
  FileNotFound: new Library.FileNotFound({ path: "guide.md", suggestions: ["guides.md"] }),
  DirectoryNotFound: new Library.DirectoryNotFound({ path: "refs" }),
  InvalidQueryType: new Library.InvalidQueryType({ type: "section", valid: ["summary", "sections"] }),
  InvalidFilter: new Library.InvalidFilter({ message: "--since 2026-13-01" }),
  NoLocalLogs: new Library.NoLocalLogs({}),
  SyncDestinationNotWritable: new Library.SyncDestinationNotWritable({ path: "/logs/pdf.db" }),
  SyncSourceNotReadable: new Library.SyncSourceNotReadable({ path: "/fallback/pdf.db" }),
  SkillExists: new Library.SkillExists({ skill: "pdf", hint: "pass --force to replace it" }),
  InvalidOption: new Library.InvalidOption({ message: "limit: Expected number, actual \"5\"" }),
  LintFailed: new Library.LintFailed({ ruleId: "SKL101", ruleName: "name-format", message: "name must be lowercase" }),
  InternalError: new Library.InternalError({ message: "cannot create '.gitignore': EACCES" }),
  UsageError: new Library.UsageError({ message: "--global needs a skill name", detail: ["skc init <name> --global"] })
}

/** The errors whose RFC-0005 template takes a `message` field: that field is their `message` (their constructor's argument and encoded form). */
const MESSAGE_FIELD = ["InvalidFilter", "InvalidOption", "LintFailed", "InternalError", "UsageError"]

describe("error messages for embedders (RFC-0005:C-CODES; docs/library.md)", () => {
  it("the samples cover every error class `skillc` exports", () => {
    const exported = Object.entries(Library as Record<string, unknown>)
      .filter(([, v]) => typeof v === "function" && (v as { prototype?: unknown }).prototype instanceof Error)
      .map(([k]) => k)
      .sort()
    expect(Object.keys(samples).sort()).toEqual(exported)
    for (const [name, e] of Object.entries(samples)) expect(e.constructor.name === name || e._tag === name, name).toBe(true)
  })

  for (const [name, e] of Object.entries(samples)) {
    it(`${name} (${e.code ?? "no code"}): message is renderError's text, or holds its message field`, () => {
      expect(e.message, name).not.toBe("")
      if (MESSAGE_FIELD.includes(name)) {
        expect(renderError(e)).toContain(e.message)
      } else {
        expect(e.message).toBe(renderError(e))
        expect(e.message.startsWith(`error[${e.code}]: `)).toBe(true)
      }
      // What Node prints for it (an uncaught rejection, `console.error(String(err))`) says it too.
      expect(String(e)).toBe(`${e.name}: ${e.message}`)
    })
  }

  it("renderError's text is unchanged (the CLI's golden output)", () => {
    expect(renderError(samples.SkillNotFound!)).toBe("error[E001]: skill 'pdf' not found\n  did you mean 'pdfs'?")
    expect(renderError(samples.SectionNotFound!)).toBe("error[E020]: section not found: 'Instal'\n  Did you mean one of these?\n  - Install (SKILL.md)")
    expect(renderError(samples.InvalidOption!)).toBe("error[E100]: invalid option: 'limit: Expected number, actual \"5\"'")
  })

  it("the message follows the fields and is not an own (encoded, enumerable) property", () => {
    const e = new Library.NotASkill({ path: "docs" })
    expect(Object.keys(e)).not.toContain("message")
    expect(JSON.parse(JSON.stringify(e))).toEqual({ _tag: "NotASkill", code: "E010", path: "docs" })
  })

  it("Effect.runPromise rejects with the error, whose message says what failed", async () => {
    const rejected = await Effect.runPromise(Effect.fail(new Library.SkillNotFound({ skill: "pdf" }))).then(
      () => undefined,
      (e: unknown) => e
    )
    expect((rejected as Error).message).toBe("error[E001]: skill 'pdf' not found")
  })
})
