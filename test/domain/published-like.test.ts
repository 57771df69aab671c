/**
 * Issue 13 items 2 and 6: lint on skills shaped like published ones reports
 * exactly the expected findings (a false positive fails), and lint and
 * discovery agree on every fixture skill: the same frontmatter rules fire,
 * and a skill discovery excludes is one lint fails with an error.
 */
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { METADATA_RULE_NAMES, validateSkillSource } from "../../src/domain/protocol/metadata.js"
import { findingKey, lintFixtureSkill, PUBLISHED_LIKE_DIR, skillDirs } from "../helpers/fixtureSkills.js"

const expected = JSON.parse(readFileSync(join(PUBLISHED_LIKE_DIR, "expected.json"), "utf8")) as { skills: Record<string, Array<string>> }
const FIXTURES = join(__dirname, "..", "fixtures")

describe("published-like fixtures: zero false positives (issue 13 item 6)", () => {
  const names = skillDirs(PUBLISHED_LIKE_DIR)
  it("hold at least 12 skills, each with its expected findings", () => {
    expect(names.length).toBeGreaterThanOrEqual(12)
    expect(Object.keys(expected.skills).sort()).toEqual(names)
  })
  it.each(names)("%s", (name) => {
    expect(lintFixtureSkill(join(PUBLISHED_LIKE_DIR, name), name).map(findingKey)).toEqual(expected.skills[name])
  })
})

describe("the other fixture skills lint clean (issue 13: zero false positives on test/fixtures/)", () => {
  const clean = ["catalogue", "tool-skills"].flatMap((group) =>
    skillDirs(join(FIXTURES, group))
      .filter((name) => existsSync(join(FIXTURES, group, name, "SKILL.md")))
      .map((name) => [`${group}/${name}`, join(FIXTURES, group, name), name] as const)
  )
  it.each(clean)("%s", (_, dir, name) => expect(lintFixtureSkill(dir, name).map(findingKey)).toEqual([]))
})

describe("lint and discover agree on every fixture skill (issue 13 item 2)", () => {
  const all = ["catalogue", "tool-skills", "published-like"].flatMap((group) =>
    skillDirs(join(FIXTURES, group))
      .filter((name) => existsSync(join(FIXTURES, group, name, "SKILL.md")))
      .map((name) => [`${group}/${name}`, join(FIXTURES, group, name)] as const)
  )
  const metadataRules = new Set(Object.keys(METADATA_RULE_NAMES))
  it("covers every group", () => expect(all.length).toBeGreaterThan(40))
  it.each(all)("%s", (_, dir) => {
    const lint = lintFixtureSkill(dir, dir.split("/").pop()!)
    const lintRules = [...new Set(lint.filter((d) => metadataRules.has(d.rule)).map((d) => d.rule))].sort()
    const found = validateSkillSource(readFileSync(join(dir, "SKILL.md"), "utf8"))
    const discoverRules =
      found._tag === "Valid" ? [...new Set(found.warnings.map((w) => w.rule))].sort() : [...new Set(found.problems.map((p) => p.split(" ")[0]!))].sort()
    if (found._tag === "Valid") expect(discoverRules).toEqual(lintRules)
    else {
      // Discovery lists only what blocks loading; lint reports those and more.
      expect(lintRules).toEqual(expect.arrayContaining(discoverRules))
      expect(lint.some((d) => d.severity === "error")).toBe(true)
    }
  })
  it("a skill excluded by discovery is a lint error, and a warned one the same rule", () => {
    const skill = (front: string) => `---\n${front}\n---\n# Demo\n`
    const blocked = validateSkillSource(skill("name: demo"))
    expect(blocked._tag === "Invalid" && blocked.problems).toEqual(["SKL105 description-required: missing required frontmatter field: description"])
    const warned = validateSkillSource(skill("name: claude-demo\ndescription: Use when testing."))
    expect(warned._tag === "Valid" && warned.warnings.map((w) => w.rule)).toEqual(["SKL604"])
  })
})
