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

describe("describeStaleLinks: which earlier builds left the links (sixty-second pass)", () => {
  it("one directory: the --target that put it there; several: the earlier builds for each, never one --target naming them all", () => {
    // A probe: `--target claude,kiro`, then `--target agents`, then a plain build said "from an earlier --target agents,kiro",
    // a --target never given.
    expect(text([link("a", ".kiro/skills")])).toContain(".kiro/skills/a still links to this build from an earlier --target kiro;")
    const two = text([link("a", ".agents/skills"), link("a", ".kiro/skills")])
    expect(two).toContain("still link to this build from earlier builds for agents and kiro;")
    expect(two).not.toContain("--target agents,kiro")
  })
})
