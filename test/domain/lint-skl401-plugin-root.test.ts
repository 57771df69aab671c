// SKL401: a mention written from a plugin's root through the skill's own folder (`skills/brainstorming/visual-companion.md`,
// as obra/superpowers writes in its SKILL.md) reaches the file below the folder; it was reported as an orphan.
import { describe, expect, it } from "vitest"
import { makeSnapshot } from "../../src/domain/lint/snapshot.js"
import { skl401 } from "../../src/domain/lint/rules/skl401-no-orphans.js"

const orphans = (skillMd: string, dirName = "brainstorming") => {
  const files = { "SKILL.md": `---\nname: ${dirName}\ndescription: Demo. Use when testing.\n---\n# Demo\n\n${skillMd}\n`, "visual-companion.md": "# Guide\n", "other.md": "# Other\n" }
  const s = makeSnapshot({
    dirName,
    entries: Object.keys(files).map((path) => ({ path, type: "file" as const })),
    markdownFiles: Object.entries(files).map(([path, source]) => ({ path, source }))
  })
  return skl401.check(s, {}).map((f) => f.message)
}

describe("SKL401 and a path through the skill's own folder", () => {
  it("reaches the file below the folder", () => {
    expect(orphans("Read the detailed guide before proceeding: `skills/brainstorming/visual-companion.md`.")).toEqual(["orphaned file: 'other.md'"])
  })

  it("another skill's folder of the same file name reaches nothing", () => {
    expect(orphans("See `skills/other-skill/visual-companion.md`.")).toEqual(["orphaned file: 'other.md'", "orphaned file: 'visual-companion.md'"])
  })
})
