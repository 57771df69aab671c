// A profile probe: `build --target copilot` said `.claude/skills/a` and `.agents/skills/a` "are each the only
// copy … OpenCode, Amp … read", though OpenCode and Amp read both: two copies of one skill are not each the
// only one. Distinct skills keep the wording, which is true of each (src/domain/staleLinks.ts).
import { describe, expect, it } from "vitest"
import { describeStaleLinks, type StaleLink } from "../../src/domain/staleLinks.js"

const link = (skill: string, dir: string): StaleLink => ({ skill, link: `/p/${dir}/${skill}`, dir: { dir: `/p/${dir}`, labels: [dir.split("/")[0]!.slice(1)] } as never })
const text = (links: ReadonlyArray<StaleLink>) =>
  describeStaleLinks({ links, affected: [], keepWith: undefined, who: "'a'", show: (p) => p.replace("/p/", ""), fromCwd: (p) => p, removable: [], onlyReaders: ["OpenCode", "Amp"] })

describe("describeStaleLinks: links no agent may lose", () => {
  it("two copies of one skill are the copies those agents read, not each the only one", () => {
    const said = text([link("a", ".claude/skills"), link("a", ".agents/skills")])
    expect(said).toContain(".claude/skills/a and .agents/skills/a are the copies OpenCode and Amp read, this build deploying none where they look (do not remove them)")
    expect(said).not.toContain("each the only copy")
  })
  it("one copy of each of two skills: each the only copy", () => {
    expect(text([link("a", ".claude/skills"), link("b", ".claude/skills")])).toContain(".claude/skills/a and .claude/skills/b are each the only copy OpenCode and Amp read (do not remove them)")
  })
})
