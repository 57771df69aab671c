// Issue 44 item 7: every error of the RFC-0005 registry is a Schema.TaggedError:
// its fields are validated when it is made, and one Schema encodes it (with
// its tag) for a JSON or MCP document, while the text a user reads is unchanged.
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import * as Errors from "../../src/domain/errors.js"

const registry = Object.values(Errors as Record<string, unknown>).filter((v) => typeof v === "function" && Schema.isSchema(v))

describe("the error registry as Schemas (issue 44 item 7)", () => {
  it("all 21 error classes of the registry are Schemas", () => {
    expect(registry.length).toBe(21)
  })

  it("an error encodes through its own Schema with its tag and fields; its text is the RFC template", () => {
    const e = new Errors.SkillNotFound({ skill: "pdf", suggestions: ["pdfs"] })
    expect(Schema.encodeSync(Errors.SkillNotFound)(e)).toEqual({ _tag: "SkillNotFound", skill: "pdf", suggestions: ["pdfs"] })
    expect(Errors.renderError(e)).toBe("error[E001]: skill 'pdf' not found\n  did you mean 'pdfs'?")
    expect(Schema.decodeUnknownSync(Errors.SectionNotFound)({ _tag: "SectionNotFound", section: "Intro", suggestions: [{ text: "Introduction", file: "SKILL.md" }] }).code).toBe("E020")
  })

  it("a field of the wrong type is refused when the error is made", () => {
    expect(() => new Errors.NotASkill({ path: 42 as unknown as string })).toThrow()
  })
})
