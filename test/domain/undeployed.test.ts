// Issue 43's agent profiles and DECISIONS #53 from the store's side: which
// skills of skc's stores an agent finds nowhere, and the build that deploys
// them where it reads (src/domain/protocol/undeployed.ts). Pure.
import { describe, expect, it } from "vitest"
import { targetFor, undeployed, undeployedNote, type StoreSkill } from "../../src/domain/protocol/undeployed.js"
import type { Discovery } from "../../src/domain/protocol/discovery.js"

const discovery = (listed: ReadonlyArray<string>, more: Partial<Discovery> = {}): Discovery =>
  ({ skills: listed.map((name) => ({ name, dir: `/p/.claude/skills/${name}` })), shadowed: [], invalid: [], ...more }) as never

const project = (name: string): StoreSkill => ({ name, scope: "project" })

describe("undeployed: store skills the agent finds under no name", () => {
  it("leaves out what the agent lists, shadows or finds invalid (by name or by directory)", () => {
    const found = discovery(["pdf"], {
      shadowed: [{ name: "docx", dir: "/home/u/.claude/skills/docx" }] as never,
      invalid: [
        { name: null, dir: "/p/.agents/skills/xlsx" },
        { name: "other-name", dir: "/p/.agents/skills/pptx" }
      ] as never
    })
    const store = ["pdf", "docx", "xlsx", "pptx", "release-notes"].map(project)
    expect(undeployed(store, found)).toEqual([project("release-notes")])
  })

  it("a skill whose folder and frontmatter name differ is found by its folder (the store's name for it)", () => {
    // `.skillc/skills/beta2` with `name: beta`, deployed as `.claude/skills/beta2`, listed by Claude as `beta`.
    const found = { skills: [{ name: "beta", dir: "/p/.claude/skills/beta2" }], shadowed: [], invalid: [] } as never
    expect(undeployed([project("beta2")], found)).toEqual([])
  })

  it("a name in both stores counts once (the project's, listed first)", () => {
    expect(undeployed([project("a"), { name: "a", scope: "global" }], discovery([]))).toEqual([project("a")])
  })
})

describe("targetFor: the shared directory for an agent that reads it, else the agent's own", () => {
  it("codex reads .agents/skills; claude and kiro do not", () => {
    expect(targetFor("codex", "project")).toBe("agents")
    expect(targetFor("claude", "project")).toBe("claude")
    expect(targetFor("kiro", "global")).toBe("kiro")
  })
})

describe("undeployedNote", () => {
  it("keeps the targets the skill is built for now (claude by default) and adds the agent's", () => {
    expect(undeployedNote("codex", [project("release-notes")], [])).toBe(
      "1 skill of skc's stores is nowhere codex reads (release-notes (project)); to deploy it there: skc build release-notes --target claude,agents"
    )
  })

  it("with [build] targets configured, says to add the target there; with the target there already, only the build", () => {
    expect(undeployedNote("codex", [project("a"), project("b")], ["claude"])).toBe(
      "2 skills of skc's stores are nowhere codex reads (a (project), b (project)); to deploy them there: add agents to [build] targets, then skc build a b"
    )
    expect(undeployedNote("codex", [project("a")], ["agents"])).toMatch(/: skc build a$/)
    expect(undeployedNote("claude", [project("a")], [])).toMatch(/: skc build a$/)
  })

  it("global skills build with --global; more than five names: --all and an ellipsis", () => {
    const many = ["a", "b", "c", "d", "e", "f"].map(project)
    const note = undeployedNote("kiro", [...many, { name: "g", scope: "global" }], [])
    expect(note).toContain("(a (project), b (project), c (project), d (project), e (project), …)")
    expect(note).toContain("skc build --all --target claude,kiro; skc build g --global --target claude,kiro")
  })
})

describe("undeployedNote: a store folder whose name is no skill name (a hostile probe: the build advised refused it)", () => {
  it("names the rename the folder needs instead of a build that fails; a valid one beside it keeps its build", () => {
    expect(undeployedNote("claude", [project("Clash")], [])).toBe(
      "1 skill of skc's stores is nowhere claude reads (Clash (project)); no build deploys 'Clash' (invalid skill name 'Clash': use lowercase letters, digits and hyphens only): rename its folder (e.g. 'clash')"
    )
    const both = undeployedNote("claude", [project("release-notes"), project("PG Migrations")], [])
    expect(both).toContain("to deploy it there: skc build release-notes; no build deploys 'PG Migrations'")
    expect(both).toContain("rename its folder (e.g. 'pg-migrations')")
    expect(both).not.toContain("skc build release-notes PG Migrations")
  })
})
