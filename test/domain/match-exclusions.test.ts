// The match judge sets aside what a description says its skill is not for (src/domain/protocol/exclusions.ts;
// issue 47 item 4: a judge that fires on keyword accidents pushes authors to strip useful words).
import { describe, expect, it } from "@effect/vitest"
import { withoutExclusions } from "../../src/domain/protocol/exclusions.js"
import { scoreSkills, type MatchCandidate } from "../../src/domain/protocol/match.js"

const XLSX =
  "Use this skill any time a spreadsheet file is the primary input or output: open, read, edit or create .xlsx, .csv or .tsv files. " +
  "Do NOT trigger when the primary deliverable is a Word document, HTML report, standalone Python script, database pipeline, or Google Sheets API integration, even if tabular data is involved."
const MIGRATIONS = "Write, review and run PostgreSQL schema migrations; rolling back database migrations (not git commits) and zero-downtime column changes."

const candidate = (name: string, description: string): MatchCandidate => ({ name, description, scope: "project", path: `/p/${name}/SKILL.md` })
const others = [
  candidate("docx", "Create, edit and review Word documents (.docx) with tracked changes and comments."),
  candidate("pdf", "Read, merge, split and fill PDF forms.")
]
const top = (request: string, skills: ReadonlyArray<MatchCandidate>) => scoreSkills(request, skills, { nowMs: 0 })

describe("withoutExclusions", () => {
  it("blanks a sentence that says what the skill is not for, keeping every offset", () => {
    const out = withoutExclusions(XLSX)
    expect(out).toHaveLength(XLSX.length)
    expect(out).toContain("open, read, edit or create .xlsx")
    expect(out).not.toMatch(/Google|Sheets|deliverable/)
  })

  it("knows the usual ways to say it, and a parenthesis opening with not / except", () => {
    for (const said of [
      "Do not use for PDFs.",
      "Don't use it for slides; ",
      "Never invoke this for git history.",
      "Not for git commits.",
      "Not intended for spreadsheets.",
      "Should not be used for invoices.",
      "Mustn't be triggered by emails."
    ]) {
      expect(withoutExclusions(`Edit documents. ${said} Keep styles.`).trim().replace(/\s+/g, " "), said).toBe("Edit documents. Keep styles.")
    }
    expect(withoutExclusions(MIGRATIONS)).not.toContain("git")
    expect(withoutExclusions("Edit tables (except pivot tables) safely.")).not.toContain("pivot")
  })

  it("reads nothing else as negative", () => {
    for (const kept of ["Not only PDFs but also scans.", "Cannot run without Python; no network needed.", "Handles (nested) lists.", "Use when the file does not open."]) {
      expect(withoutExclusions(kept)).toBe(kept)
    }
  })
})

describe("issue 47 item 4: the judge and 'not for' clauses", () => {
  it("a request made of what xlsx says it is not for does not activate it", () => {
    const ranked = top("build a Google Sheets API integration", [candidate("xlsx", XLSX), ...others])
    const xlsx = ranked.find((r) => r.name === "xlsx")!
    expect(xlsx.activated).toBe(false)
    expect(xlsx.decided_by).not.toContain("google")
    // Its subject still does.
    expect(top("open this .xlsx file and edit the spreadsheet", [candidate("xlsx", XLSX), ...others])[0]).toMatchObject({ name: "xlsx", activated: true })
  })

  it("saying what a skill is not for never raises a request about that thing", () => {
    const said = top("roll back my git commit", [candidate("pg-migrations", MIGRATIONS), ...others]).find((r) => r.name === "pg-migrations")!
    const unsaid = top("roll back my git commit", [candidate("pg-migrations", MIGRATIONS.replace(" (not git commits)", "")), ...others]).find((r) => r.name === "pg-migrations")!
    expect(said.relevance).toBeLessThanOrEqual(unsaid.relevance)
    expect(said.decided_by).not.toContain("git")
  })
})

describe("a 'not for' clause ends where the skill turns back to its subject", () => {
  const SCHEMA = "Manages database schemas. Not for git commits"
  const WHEN = " - Use when rolling back flyway scripts."

  it("an unended clause in the description does not take the when_to_use listed after it", () => {
    // As Claude Code lists it: the description, then ` - ` and when_to_use (descriptionEnd marks the seam).
    const withWhen: MatchCandidate = { ...candidate("schema-tool", SCHEMA + WHEN), descriptionEnd: SCHEMA.length }
    const [first] = top("rolling back flyway scripts", [withWhen, ...others])
    expect(first).toMatchObject({ name: "schema-tool", activated: true })
    expect(first!.decided_by).toContain("flyway")
    // The clause itself is still set aside.
    expect(top("git commits", [withWhen, ...others]).find((r) => r.name === "schema-tool")!.decided_by).not.toContain("git")
  })

  it("a 'but' after the clause gives the words after it back to the skill", () => {
    const text = "Manages database schemas. Not for git commits, but ideal for rolling back schema changes and flyway scripts."
    const out = withoutExclusions(text)
    expect(out).toHaveLength(text.length)
    expect(out).not.toContain("git")
    expect(out).toContain("but ideal for rolling back schema changes and flyway scripts.")
    expect(top("rolling back flyway scripts", [candidate("schema-tool", text), ...others])[0]).toMatchObject({ name: "schema-tool", activated: true })
  })
})
