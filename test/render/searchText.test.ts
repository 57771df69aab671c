// The text of an empty search answer (RFC-0004:C-SEARCH, text output informative) says where to look next: the
// skill's headings (`skc outline`, or `skc_outline` over MCP) for one skill, the skills whose descriptions fit the question (`skc match`,
// `skc_match`) across skills. The JSON answer is the RFC's empty result, unchanged.
import { describe, expect, it } from "vitest"
import { QUERY_SHOWN_MAX, renderSearchText, searchNotices } from "../../src/render/search.js"
import { headingKey } from "../../src/domain/search/repeatedHeading.js"

const empty = { query: "postmortem writeup", results: [] } as never

describe("an empty search answer names the next step", () => {
  it("in one skill: its headings, as a command of the CLI or a tool of the MCP server", () => {
    expect(renderSearchText(empty, { skill: "internal-comms" })).toBe(
      "No results for 'postmortem writeup'.\n  No section of 'internal-comms' holds these words; its headings: skc outline internal-comms\n"
    )
    expect(renderSearchText(empty, { skill: "my skill", mcp: true })).toBe(
      "No results for 'postmortem writeup'.\n  No section of 'my skill' holds these words; its headings: skc_outline skill=\"my skill\"\n"
    )
    // A name that needs quoting for a shell is quoted.
    expect(renderSearchText(empty, { skill: "my skill" })).toContain("skc outline 'my skill'\n")
  })

  it("a query of punctuation or symbols only says it holds no word, not that no section holds 'these words'", () => {
    for (const query of ["*", "(", '"""', "📄"]) {
      expect(renderSearchText({ query, results: [] } as never, { skill: "pdf" })).toBe(
        `No results for '${query}'.\n  The query holds no word to search (only punctuation or symbols); its headings: skc outline pdf\n`
      )
    }
    expect(renderSearchText({ query: "📄", results: [] } as never, {})).toContain("The query holds no word to search")
    // A word of any script is a word.
    expect(renderSearchText({ query: "変換", results: [] } as never, { skill: "pdf" })).toContain("No section of 'pdf' holds these words")
  })

  it("across skills: the skills whose descriptions fit the question, and the skills that could not be searched after it", () => {
    expect(renderSearchText(empty, {})).toBe(
      "No results for 'postmortem writeup'.\n  No searched skill holds these words; the skills whose descriptions fit it: skc match 'postmortem writeup'\n"
    )
    // A question that starts with "-" goes after -- in the command (sixty-first pass: `skc match -qzxv` was E100).
    // A tab or line break pasted into the question is a space in the command (sixty-second pass: shown as
    // `\t` inside single quotes, it pasted back as a backslash and a "t").
    expect(renderSearchText({ query: "zzqx\tyyqw\n", results: [] } as never, {})).toContain("skc match 'zzqx yyqw'\n")
    expect(renderSearchText({ query: "-qzxv", results: [] } as never, {})).toBe(
      "No results for '-qzxv'.\n  No searched skill holds these words; the skills whose descriptions fit it: skc match -- -qzxv\n"
    )
    expect(renderSearchText({ query: "q", results: [], skipped: [{ skill: "pdf", reason: "not built" }] } as never, { mcp: true })).toBe(
      'No results for \'q\'.\n  No searched skill holds these words; the skills whose descriptions fit it: skc_match query="q"\n(skipped pdf: not built; build it with: skc build pdf)\n'
    )
  })
})

describe("the skills a search across skills left out say how to search them", () => {
  const hit = { file: "SKILL.md", section: "Forms", snippet: "fill [MATCH]forms[/MATCH]", score: 1.5, line: 3, end_line: 9, skill: "pdf" }
  const skipped = [
    { skill: "docx", reason: "not built" },
    { skill: "my xlsx", reason: "not built" },
    { skill: "pptx", reason: "index unusable (corrupt); run 'skc build pptx'" }
  ]
  const answer = { query: "forms", results: [hit], skipped } as never

  it("the unbuilt ones in one line with the command that builds them (quoted for a shell), each unusable index with its own", () => {
    expect(renderSearchText(answer, {}).split("\n").slice(-3)).toEqual([
      "(skipped pptx: index unusable (corrupt); run 'skc build pptx')",
      "(skipped, not built: docx, my xlsx; build them with: skc build docx 'my xlsx')",
      ""
    ])
    // Over MCP the same lines, and in the structured content's notices (the document's `skipped` says which, not how).
    expect(searchNotices(answer, { mcp: true })).toEqual([
      "(skipped pptx: index unusable (corrupt); run 'skc build pptx')",
      "(skipped, not built: docx, my xlsx; build them with: skc build docx 'my xlsx')"
    ])
  })

  it("a team server's clients are told its operator builds, not to run skc build", () => {
    const lines = searchNotices(answer, { mcp: true, remote: true })
    expect(lines).toEqual([
      "(skipped pptx: index unusable (corrupt); its operator rebuilds it on the server)",
      "(skipped, not built: docx, my xlsx; this team server's operator builds them, on the server)"
    ])
    expect(renderSearchText(answer, { mcp: true, remote: true })).not.toContain("skc build")
  })

  it("an answer that searched no skill says so, not that no searched skill holds the words", () => {
    const none = { query: "forms", results: [], skipped: [{ skill: "pdf", reason: "not built" }] } as never
    expect(renderSearchText(none, { searched: 0 })).toBe(
      "No results for 'forms'.\n  No skill was searched: every one in scope was skipped (below).\n(skipped pdf: not built; build it with: skc build pdf)\n"
    )
    expect(searchNotices(none, { mcp: true, searched: 0 })).toEqual([
      "No skill was searched: every one in scope was skipped (below).",
      "(skipped pdf: not built; build it with: skc build pdf)"
    ])
  })

  // A fresh-machine probe: with no skill at all, the answer pointed to a list of skipped skills that was not there.
  it("an answer with no skill in scope at all says none resolves, and where skills are looked for", () => {
    const none = { query: "x", results: [] } as never
    const text = renderSearchText(none, { searched: 0 })
    expect(text).toContain("No skill was searched: none resolves from here")
    expect(text).toContain("skc list")
    expect(text).not.toContain("(below)")
    expect(searchNotices(none, { mcp: true, searched: 0, remote: true })).toEqual(["No skill was searched: this server holds no skill."])
  })
})

describe("a long query is repeated in part (text only; the JSON keeps it whole)", () => {
  it("up to 200 characters whole, beyond them its start, '…' and its word count", () => {
    const exact = "w".repeat(QUERY_SHOWN_MAX)
    expect(renderSearchText({ query: exact, results: [] } as never, {}).split("\n")[0]).toBe(`No results for '${exact}'.`)
    const pasted = Array.from({ length: 3000 }, (_, i) => `word${i}`).join(" ")
    const text = renderSearchText({ query: pasted, results: [] } as never, {})
    const first = text.split("\n")[0]!
    expect(first.startsWith("No results for 'word0 word1 word2 ")).toBe(true)
    expect(first.endsWith("…' (3,000 words).")).toBe(true)
    expect(first.length).toBeLessThan(QUERY_SHOWN_MAX + 60)
    // The partial answer's header repeats it the same way.
    const partial = { query: pasted, partial: true, results: [{ file: "a.md", section: "A", snippet: "x", score: 1, line: 1, end_line: 2 }] } as never
    expect(renderSearchText(partial, { noSectionWhole: true }).split("\n")[0]).toMatch(/^No section holds every word of 'word0 .*…' \(3,000 words\); these hold the most of them\.$/)
  })

  it("cuts between characters, never inside one (astral characters count as one)", () => {
    const text = renderSearchText({ query: "🙂".repeat(QUERY_SHOWN_MAX + 5), results: [] } as never, {})
    expect(text.split("\n")[0]).toBe(`No results for '${"🙂".repeat(QUERY_SHOWN_MAX)}…' (1 word).`)
  })
})

describe("issue 47 item 3: words held only by the skill's description are named", () => {
  const result = (terms: ReadonlyArray<ReadonlyArray<{ word: string; fields: ReadonlyArray<string> }>>) =>
    ({
      query: "add a chart to the sheet",
      results: terms.map((matched_terms, i) => ({ file: "SKILL.md", section: `S${i}`, snippet: "x", score: 2 - i, line: 1 + i, end_line: 2 + i, matched_terms }))
    }) as never

  it("in one skill, a word every result holds only through the description gets a note above the results", () => {
    const both = [
      [{ word: "add", fields: ["section"] }, { word: "chart", fields: ["skill"] }, { word: "sheet", fields: ["section", "skill"] }],
      [{ word: "add", fields: ["skill"] }, { word: "chart", fields: ["skill"] }, { word: "sheet", fields: ["section"] }]
    ]
    expect(renderSearchText(result(both), { skill: "xlsx" }).split("\n")[0]).toBe("Note: 'chart' is in xlsx's description but in none of these sections.")
  })

  it("no note when one result holds the word itself, across skills when a section holds a word, or when nothing is description-only", () => {
    const oneHolds = [
      [{ word: "chart", fields: ["skill"] }],
      [{ word: "chart", fields: ["section", "skill"] }]
    ]
    expect(renderSearchText(result(oneHolds), { skill: "xlsx" })).not.toContain("Note:")
    // Across skills a section of the index's answer holds some word itself: the description is one field among others.
    expect(renderSearchText(result([[{ word: "add", fields: ["section"] }, { word: "chart", fields: ["skill"] }]]), {})).not.toContain("Note:")
    expect(renderSearchText(result([[{ word: "chart", fields: ["section"] }]]), { skill: "xlsx" })).not.toContain("Note:")
  })

  it("across skills, a word the first result holds only through its description, held by a later result's section, is named with that result", () => {
    const across = {
      query: "add a chart to this xlsx",
      results: [
        { skill: "xlsx", file: "SKILL.md", section: "Common Workflow", snippet: "x", score: 57, line: 1, end_line: 9, matched_terms: [{ word: "add", fields: ["section"] }, { word: "chart", fields: ["skill"] }, { word: "xlsx", fields: ["section", "skill"] }] },
        { skill: "pptx", file: "pptxgenjs.md", section: "Charts", snippet: "x", score: 40, line: 1, end_line: 9, matched_terms: [{ word: "add", fields: ["section"] }, { word: "chart", fields: ["section"] }] }
      ]
    } as never
    expect(renderSearchText(across, {}).split("\n")[0]).toBe("Note: 'chart' is in xlsx's description but not in the first result (SKILL.md#Common Workflow); pptx: pptxgenjs.md#Charts holds it.")
    // No later section holding it: no note (the index's answer stands).
    const alone = { ...(across as { results: ReadonlyArray<unknown> }), results: [(across as { results: ReadonlyArray<unknown> }).results[0]] } as never
    expect(renderSearchText(alone, {})).not.toContain("Note:")
  })

  it("across skills, an answer of top sections whose every word only the descriptions hold says so (issue 47 item 3)", () => {
    const across = (skills: ReadonlyArray<string>) =>
      ({
        query: "changelog",
        results: skills.map((skill, i) => ({ skill, file: "SKILL.md", section: skill, snippet: "x", score: 2 - i, line: 1, end_line: 9, matched_terms: [{ word: "changelog", fields: ["skill"] }] }))
      }) as never
    expect(renderSearchText(across(["release-notes"]), {}).split("\n")[0]).toBe(
      "Note: 'changelog' is in the description of release-notes but in no section of any skill searched; its top section answers."
    )
    expect(renderSearchText(across(["release-notes", "versioning"]), {}).split("\n")[0]).toBe(
      "Note: 'changelog' is in the descriptions of release-notes and versioning but in no section of any skill searched; each answers with its top section."
    )
    expect(searchNotices(across(["release-notes"]), { mcp: true })[0]).toContain("in the description of release-notes")
  })
})

// Claude Code 2.1.332 and Codex 0.171.0 give their model only the structured content of a successful
// call: the text's guidance is also the structured content's `notices` (src/commands/search.ts).
describe("searchNotices: the text's guidance, line for line, for MCP clients that read only structured content", () => {
  it("an empty answer: where to look next, as the text says it", () => {
    expect(searchNotices(empty, { skill: "my skill", mcp: true })).toEqual([
      'No section of \'my skill\' holds these words; its headings: skc_outline skill="my skill"'
    ])
    expect(searchNotices(empty, { mcp: true })).toEqual([
      'No searched skill holds these words; the skills whose descriptions fit it: skc_match query="postmortem writeup"'
    ])
    // A corrected typo: the next step asks of the question as probably meant.
    expect(searchNotices({ query: "watermrk", results: [] } as never, { mcp: true, correction: "watermark" })).toEqual([
      "Did you mean 'watermark'?",
      'No searched skill holds these words; the skills whose descriptions fit it: skc_match query="watermark"'
    ])
    // A typo corrected, the narrower question and the files not searched: each its own notice.
    const asked = { query: "deploy rollbak", results: [] } as never
    const said = {
      skill: "ops",
      mcp: true,
      correction: "deploy rollback",
      narrower: { held: ["deploy"], missing: ["rollbak"], answers: true } as never,
      unindexed: [{ skill: "ops", path: "references/huge.md" }]
    }
    const notices = searchNotices(asked, said)
    expect(notices).toEqual([
      'Not searched: references/huge.md (above [search] max_file_bytes, not indexed); read it with: skc_open skill="ops" path="references/huge.md"',
      "Did you mean 'deploy rollback'?",
      'No section of \'ops\' holds \'rollbak\'; \'deploy\' is in its sections: skc_search skill="ops" query="deploy"'
    ])
    // Every notice is a line of the text.
    const text = renderSearchText(asked, said)
    for (const n of notices) expect(text).toContain(n)
  })

  it("results: the correction of a partial answer, and how to read a hit before any heading; none for plain hits", () => {
    const hit = (section: string, line: number) => ({ file: section === "" ? "notes.md" : "SKILL.md", section, snippet: "x", score: 2, line, end_line: line + 4 })
    expect(searchNotices({ query: "q", results: [hit("Usage", 3)] } as never, { skill: "pdf", mcp: true })).toEqual([])
    expect(searchNotices({ query: "q", partial: true, results: [hit("Usage", 3), hit("", 1)] } as never, { skill: "pdf", mcp: true, correction: "qq" })).toEqual([
      "None of these holds every word of 'q'",
      "Did you mean 'qq'?",
      'notes.md, line 1, before any heading; read it with: skc_open skill="pdf" path="notes.md" max_lines=4'
    ])
  })
})

describe("a partial answer says which of its words no result holds", () => {
  const result = (matched: ReadonlyArray<ReadonlyArray<string>>) =>
    ({
      query: "excel chart with formulas, that recalculate",
      partial: true,
      results: matched.map((words, i) => ({
        skill: "xlsx",
        file: "SKILL.md",
        section: `S${i}`,
        snippet: "x",
        score: 10 - i,
        line: 1 + i,
        end_line: 2 + i,
        matched_terms: words.map((word) => ({ word, fields: ["section"] }))
      }))
    }) as never

  it("the content words held by none of the results returned, as asked (its stop words never)", () => {
    const first = renderSearchText(result([["Excel", "formulas"], ["recalculate"]]), { noSectionWhole: true }).split("\n")[0]
    expect(first).toBe("No section holds every word of 'excel chart with formulas, that recalculate'; these hold the most of them (none of these holds 'chart').")
  })

  it("a word of more than 64 characters (a pasted token) is shown by its start, not whole", () => {
    // A probe (sixty-fifth pass): a 114,745-byte first line repeated the whole pasted token.
    const long = "x".repeat(5000)
    const doc = { query: `excel ${long}`, partial: true, results: [{ skill: "xlsx", file: "SKILL.md", section: "S", snippet: "x", score: 1, line: 1, end_line: 2, matched_terms: [{ word: "excel", fields: ["section"] }] }] } as never
    const first = renderSearchText(doc, { noSectionWhole: true }).split("\n")[0]!
    expect(first).toContain(`(none of these holds '${"x".repeat(64)}…')`)
    expect(first.length).toBeLessThan(400)
  })

  it("every word held by some result: the line as before", () => {
    const first = renderSearchText(result([["excel", "chart"], ["formulas", "recalculate"]]), { noSectionWhole: true }).split("\n")[0]
    expect(first).toBe("No section holds every word of 'excel chart with formulas, that recalculate'; these hold the most of them.")
  })

  // A probe as an agent (sixty-third pass): "(none of these holds 'Remcos')" read as "no skill covers it", while a
  // section at rank 5 did. A word some section holds past the results is said to be held there; no search is named
  // (one of the word alone answered another question: a second probe followed `query="hex"` to other skills).
  it("a word sections past the results hold: said so, at a terminal and over MCP, and in the notices", () => {
    const r = result([["Excel", "formulas"], ["recalculate"]])
    expect(renderSearchText(r, { unheld: [] }).split("\n")[0]).toBe(
      "None of these holds every word of 'excel chart with formulas, that recalculate' (none of these holds 'chart'; sections past them do)."
    )
    // No section holds it (a word of `unheld`): as before.
    expect(renderSearchText(r, { unheld: ["chart"], noSectionWhole: true }).split("\n")[0]).toBe(
      "No section holds every word of 'excel chart with formulas, that recalculate'; these hold the most of them (none of these holds 'chart')."
    )
    // Two missing, one held further: that one named.
    const two = result([["formulas"], ["recalculate"]])
    expect(renderSearchText(two, { unheld: ["excel"], skills: ["xlsx", "pptx"] }).split("\n")[0]).toBe(
      "None of these holds every word of 'excel chart with formulas, that recalculate' (none of these holds 'excel' or 'chart'; sections past them hold 'chart')."
    )
    // The structured content's notices carry the line: a client may give its model nothing else.
    expect(searchNotices(r, { unheld: ["chart"], noSectionWhole: true, mcp: true })).toContain(
      "No section holds every word of 'excel chart with formulas, that recalculate'; these hold the most of them (none of these holds 'chart')"
    )
    expect(searchNotices(r, { unheld: [], mcp: true })).toContain(
      "None of these holds every word of 'excel chart with formulas, that recalculate' (none of these holds 'chart'; sections past them do)"
    )
  })
})

describe("a result whose heading its skill repeats names the show of its own section (sixty-second pass)", () => {
  const hit = (file: string, line: number, skill?: string) => ({ file, section: "Structure", snippet: "[MATCH]structure[/MATCH]", score: 2, line, end_line: line + 5, ...(skill === undefined ? {} : { skill }) })
  const one = { query: "structure", results: [hit("incident.md", 7), hit("SKILL.md", 40)] } as never
  const repeated = new Map([
    [headingKey(undefined, "incident.md", "Structure"), "file" as const],
    [headingKey(undefined, "SKILL.md", "Structure"), "line" as const]
  ])

  it("with its file, and its line when its own file repeats the heading; at a terminal the command, over MCP the call", () => {
    const text = renderSearchText(one, { skill: "internal comms", repeated })
    expect(text).toContain("  line 7; more than one section is named 'Structure'; read this one with: skc show 'internal comms' --section Structure --file incident.md\n")
    expect(text).toContain("  line 40; more than one section is named 'Structure'; read this one with: skc show 'internal comms' --section Structure --file SKILL.md --line 40\n")
    expect(renderSearchText(one, { skill: "comms", repeated, mcp: true })).toContain(
      '  line 7; more than one section is named \'Structure\'; read this one with: skc_show skill="comms" section="Structure" file="incident.md"\n'
    )
    // The structured content's notices carry it too: some clients give their model only the structured content.
    expect(searchNotices(one, { skill: "comms", repeated, mcp: true })).toEqual([
      'incident.md#Structure, line 7; more than one section is named \'Structure\'; read this one with: skc_show skill="comms" section="Structure" file="incident.md"',
      'SKILL.md#Structure, line 40; more than one section is named \'Structure\'; read this one with: skc_show skill="comms" section="Structure" file="SKILL.md" line=40'
    ])
    // Without the map (an unrepeated heading) the plain line.
    expect(renderSearchText(one, { skill: "comms" })).toContain("  line 7\n")
  })

  it("across skills, each result's own skill", () => {
    const across = { query: "structure", results: [hit("incident.md", 7, "comms")] } as never
    const text = renderSearchText(across, { repeated: new Map([[headingKey("comms", "incident.md", "Structure"), "file" as const]]) })
    expect(text).toContain("read this one with: skc show comms --section Structure --file incident.md\n")
  })
})

describe("a partial answer's first line (DECISIONS #37; sixty-second pass)", () => {
  const hit = { file: "SKILL.md", section: "Forms", snippet: "fill [MATCH]forms[/MATCH]", score: 1.5, line: 3, end_line: 9, matched_terms: [{ word: "forms", fields: ["section"] }] }
  const answer = { query: "fill forms", partial: true, results: [hit] } as never
  const first = (options: Parameters<typeof renderSearchText>[1]) => renderSearchText(answer, options).split("\n")[0]

  it("says that no section holds every word only when that is known; else it speaks of the results shown", () => {
    expect(first({ skill: "pdf", noSectionWhole: true })).toMatch(/^No section holds every word of 'fill forms'; these hold the most of them/)
    expect(first({ skill: "pdf" })).toMatch(/^None of these holds every word of 'fill forms'/)
    expect(first({ skill: "pdf" })).not.toContain("No section")
  })

  it("a section past them: what shows it, a larger limit or, when the budget left it out, a larger budget", () => {
    expect(first({ skill: "pdf", wholeFurther: "limit" })).toContain("but a section past them does (a larger --limit shows it)")
    expect(first({ skill: "pdf", wholeFurther: "max_bytes" })).toContain("but a section past them does (a larger --max-bytes shows it)")
    expect(first({ skill: "pdf", wholeFurther: "max_bytes", mcp: true })).toContain("(a larger max_bytes shows it)")
    expect(searchNotices(answer, { skill: "pdf", wholeFurther: "max_bytes", mcp: true })).toContain(
      "none of these results holds every word of the question, but a section past them does: a larger max_bytes shows it"
    )
  })
})
