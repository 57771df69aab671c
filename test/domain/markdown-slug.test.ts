import { describe, expect, it } from "vitest"
import { anchorsOf, githubSlug, headingSlug } from "../../src/domain/markdown/slug.js"

describe("headingSlug (RFC-0008 SKL302)", () => {
  it("lowercases, keeps a-z 0-9 spaces and hyphens, hyphenates, collapses", () => {
    expect(headingSlug("Getting Started")).toBe("getting-started")
    expect(headingSlug("API: Auth & Tokens (v2)")).toBe("api-auth-tokens-v2")
    expect(headingSlug("a - b")).toBe("a-b")
    expect(headingSlug("snake_case")).toBe("snakecase")
    expect(headingSlug("Café 🚀 Ünïcode")).toBe("caf-ncode")
  })
})

describe("githubSlug", () => {
  it("keeps unicode letters and underscores, does not collapse", () => {
    expect(githubSlug("Café Ünïcode")).toBe("café-ünïcode")
    expect(githubSlug("snake_case")).toBe("snake_case")
    expect(githubSlug("a - b")).toBe("a---b")
    expect(githubSlug("Emoji 🚀 here")).toBe("emoji--here")
  })
})

describe("anchorsOf", () => {
  it("suffixes duplicates -1, -2 in document order", () => {
    expect(anchorsOf([{ text: "Intro" }, { text: "Intro" }, { text: "intro" }, { text: "Intro 1" }])).toEqual([
      "intro", "intro-1", "intro-2", "intro-1-1"
    ])
  })

  it("takes the slug function to use", () => {
    expect(anchorsOf([{ text: "a_b" }, { text: "a_b" }], githubSlug)).toEqual(["a_b", "a_b-1"])
  })
})
