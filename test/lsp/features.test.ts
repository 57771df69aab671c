/**
 * Issue 50: a link target completed by `skc lsp` is a link as written. A file
 * name with a space or a parenthesis inserted as it is (`[b](refs dir/a.md)`)
 * is no Markdown link at all, and lint then calls the file an orphan (SKL401).
 */
import { describe, expect, it } from "vitest"
import { classifyTarget } from "../../src/domain/lint/paths.js"
import { asLinkDestination } from "../../src/lsp/features.js"

describe("asLinkDestination", () => {
  it("percent-encodes what would end or change a link destination, and nothing else", () => {
    expect(asLinkDestination("references/guide.md")).toBe("references/guide.md")
    expect(asLinkDestination("refs dir/guide one.md")).toBe("refs%20dir/guide%20one.md")
    expect(asLinkDestination("notes (old).md")).toBe("notes%20%28old%29.md")
    expect(asLinkDestination("a#b?c%d<e>[f].md")).toBe("a%23b%3Fc%25d%3Ce%3E%5Bf%5D.md")
    expect(asLinkDestination("日本語 メモ.md")).toBe("日本語%20メモ.md")
    expect(asLinkDestination("wide\u3000space.md")).toBe("wide%E3%80%80space.md")
  })

  it("lint reads each encoded destination back as the file it names (SKL301 resolves it)", () => {
    for (const path of ["refs dir/guide one.md", "notes (old).md", "a#b?c%d<e>[f].md", "wide\u3000space.md"]) {
      expect(classifyTarget("SKILL.md", asLinkDestination(path))).toMatchObject({ _tag: "Internal", path, fragment: undefined })
    }
  })
})

describe("hover on a heading (an editor probe, seventy-fourth pass)", () => {
  it("an empty heading is named as such, not bolded into `****` (a rule in Markdown); one token is one token", async () => {
    const { headingHover } = await import("../../src/lsp/hover.js")
    const empty = headingHover("", 1, 0, 30)
    expect(empty.split("\n")[0]).toBe("*(an empty heading)*")
    expect(empty).toContain("about 1 token ·")
    expect(headingHover("Set*up*", 12, 3, 30).split("\n")[0]).toBe("**Set\\*up\\***")
  })
})
