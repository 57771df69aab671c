// A request about skills themselves: "skill", "skills" and "new" were stop words of the match judge, so
// "create a new skill for my team" went to a skill that creates issues for a team, at "100 % of the request",
// and "write a new skill" matched nothing (a probe over 111 published skills; issue 47 item 4).
import { describe, expect, it } from "@effect/vitest"
import { scoreSkills, type MatchCandidate } from "../../src/domain/protocol/match.js"
import { matchTerms, terms } from "../../src/domain/protocol/text.js"

const candidate = (name: string, description: string): MatchCandidate => ({ name, description, scope: "project", path: `/p/${name}/SKILL.md` })
const skills = [
  candidate("skill-creator", "Guide for creating effective skills. Use when the user wants to create a new skill (or update an existing skill) that extends the agent's capabilities."),
  candidate("linear", "Manage issues, projects and team workflows in Linear. Use when the user wants to read, create or update issues or plan cycles for a team."),
  candidate("pdf", "This skill fills PDF forms, merges and splits PDF files. Use when working with PDF documents."),
  candidate("docx", "This skill creates and edits Word documents. Use when working with .docx files.")
]
const first = (request: string) => scoreSkills(request, skills, { nowMs: 0 })[0]

describe("the match judge weighs 'skill', 'skills' and 'new' as the request's subject", () => {
  it("a request to create a skill goes to the skill that creates skills", () => {
    expect(first("create a new skill for my team")?.name).toBe("skill-creator")
    expect(first("write a new skill")?.name).toBe("skill-creator")
  })

  it("a request that names another skill's subject is not drawn to descriptions that say 'This skill'", () => {
    expect(first("use the pdf skill to fill this form")?.name).toBe("pdf")
    expect(first("fill in this pdf form")?.name).toBe("pdf")
  })

  it("search's learned order keeps its own words (its weights were fitted on them)", () => {
    expect(terms("a new skill").map((t) => t.word)).toEqual([])
    expect(matchTerms("a new skill").map((t) => t.word)).toEqual(["new", "skill"])
  })
})

// A judge probe: "解析SARIF文件" (parse a SARIF file) matched nothing, "sarif" kept inside one CJK token.
describe("a Latin word inside CJK text is a word of its own for the judge", () => {
  it("splits at the boundary between CJK characters and Latin letters or digits, either way", () => {
    expect(matchTerms("解析SARIF文件").map((t) => t.word)).toEqual(["解析", "sarif", "文件"])
    // A voicing mark stays in its word (NFKD's ペ is ヘ + U+309A): "ページ目" was cut at each mark.
    expect(matchTerms("PDFを結合して2ページ目").map((t) => t.word.normalize("NFC"))).toEqual(["pdf", "を結合して", "2", "ページ目"])
    expect(matchTerms("हिंदी पाठ").map((t) => t.word.normalize("NFC"))).toEqual(["हिंदी", "पाठ"])
    expect(first("解析PDF文件")?.name).toBe("pdf")
  })
})
