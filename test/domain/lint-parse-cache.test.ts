/**
 * The editor server's parse cache (issue 50, `skc lsp`): a snapshot reuses
 * the parse of a file whose text is unchanged since the skill's last lint,
 * so a keystroke in SKILL.md does not re-parse a large reference file
 * (about 1 s a MB). A changed text is parsed again; a file gone leaves.
 */
import { describe, expect, it } from "vitest"
import { makeSnapshot, type ParseCache } from "../../src/domain/lint/snapshot.js"

const skill = (body: string, reference: string | undefined) => {
  const files = [{ path: "SKILL.md", source: `---\nname: demo\ndescription: Use when testing.\n---\n# Demo\n\n${body}\n` }]
  if (reference !== undefined) files.push({ path: "references/api.md", source: reference })
  return { dirName: "demo", entries: files.map((f) => ({ path: f.path, type: "file" as const })), markdownFiles: files }
}

describe("makeSnapshot's parse cache", () => {
  it("reuses an unchanged file's parse and parses a changed one", () => {
    const cache: ParseCache = new Map()
    const first = makeSnapshot({ ...skill("one", "# API\n\nText.\n"), parseCache: cache })
    const apiBefore = first.markdown("references/api.md")
    const skillBefore = first.markdown("SKILL.md")
    const second = makeSnapshot({ ...skill("two", "# API\n\nText.\n"), parseCache: cache })
    expect(second.markdown("references/api.md")).toBe(apiBefore)
    expect(second.markdown("SKILL.md")).not.toBe(skillBefore)
    expect(second.markdown("SKILL.md")!.headings.map((h) => h.text)).toEqual(["Demo"])
    const third = makeSnapshot({ ...skill("two", "# API v2\n"), parseCache: cache })
    expect(third.markdown("references/api.md")!.headings.map((h) => h.text)).toEqual(["API v2"])
  })
  it("forgets a file no longer in the skill", () => {
    const cache: ParseCache = new Map()
    makeSnapshot({ ...skill("one", "# API\n"), parseCache: cache }).markdown("references/api.md")
    expect([...cache.keys()]).toEqual(["references/api.md"])
    makeSnapshot({ ...skill("one", undefined), parseCache: cache })
    expect(cache.has("references/api.md")).toBe(false)
  })
  it("parses anew without a cache", () => {
    const a = makeSnapshot(skill("one", "# API\n")).markdown("references/api.md")
    const b = makeSnapshot(skill("one", "# API\n")).markdown("references/api.md")
    expect(b).not.toBe(a)
    expect(b).toEqual(a)
  })
})
