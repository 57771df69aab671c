// `skc match` says which listed field holds each request word (its `reason` and `matched_terms[].fields`).
// Claude Code lists `when_to_use` after the description (DECISIONS #51, docs/agents.md): a word only
// `when_to_use` holds is that field's, so an author tuning the listing edits the field that decided it.
// It read "(description)" before, for a word the description never held.
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { match } from "../../src/app/skills/match.js"
import { bm25 } from "../../src/domain/protocol/bm25.js"
import { memoryWorld } from "../../src/testing.js"

const SKILL = "---\nname: pptx\ndescription: Create and edit PowerPoint presentations.\nwhen_to_use: When the user asks for a slide deck or a pitch deck.\n---\n# pptx\n"

describe("skc match: the field that holds each word (Claude Code's when_to_use)", () => {
  it("a word of when_to_use only is labelled when_to_use; one of the description, description", async () => {
    const w = memoryWorld({ files: { "/proj/.claude/skills/pptx/SKILL.md": SKILL } })
    const r = Result.getOrThrow(await w.run(match({ query: "edit the slide deck presentation", agent: "claude" })))
    const [pptx] = r.results
    expect(pptx?.name).toBe("pptx")
    const fields = Object.fromEntries(pptx!.matched_terms.map((t) => [t.word, t.fields]))
    expect(fields).toEqual({ edit: ["description"], slide: ["when_to_use"], deck: ["when_to_use"], presentation: ["description"] })
    expect(pptx!.reason).toContain("slide (when_to_use)")
    expect(pptx!.reason).toContain("presentation (description)")
  })

  it("an agent that does not list when_to_use matches on the description alone", async () => {
    const w = memoryWorld({ files: { "/proj/.agents/skills/pptx/SKILL.md": SKILL } })
    const r = Result.getOrThrow(await w.run(match({ query: "edit the slide deck presentation", agent: "codex" })))
    const fields = r.results.flatMap((m) => m.matched_terms.flatMap((t) => t.fields))
    expect(fields).not.toContain("when_to_use")
    expect(r.results.flatMap((m) => m.matched_terms.map((t) => t.word))).not.toContain("slide")
  })

  it("bm25: a word in both parts is labelled with both; without a split, every word is the description's", () => {
    const text = "Deck tools. When to use: a slide deck"
    const [split] = bm25([{ id: "a", name: "pptx", description: text, descriptionEnd: "Deck tools.".length }], "deck slide")
    expect(Object.fromEntries(split!.hits.map((h) => [h.word, h.fields]))).toEqual({ deck: ["description", "when_to_use"], slide: ["when_to_use"] })
    const [whole] = bm25([{ id: "a", name: "pptx", description: text }], "deck slide")
    expect(Object.fromEntries(whole!.hits.map((h) => [h.word, h.fields]))).toEqual({ deck: ["description"], slide: ["description"] })
    // The scores do not depend on where the label splits the text.
    expect(split!.score).toBe(whole!.score)
  })
})
