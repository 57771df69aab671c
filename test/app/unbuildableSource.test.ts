// A SKILL.md edited into one build refuses (a field gone, YAML that does not parse): show and search said
// "E002 … run 'skc build alpha' to rebuild", and that build failed with E011 (a team-server probe). The E002
// keeps RFC-0005's headline and says why the build it names will fail, and what to fix.
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { build } from "../../src/app/build/build.js"
import { search } from "../../src/app/search/search.js"
import { show } from "../../src/app/search/show.js"
import { renderError } from "../../src/domain/errors.js"
import { memoryWorld } from "../../src/testing.js"

const PATH = "/proj/.skillc/skills/alpha/SKILL.md"
const SKILL = "---\nname: alpha\ndescription: Alpha skill. Use when testing.\n---\n\n# alpha\n\n## Usage\n\nhello\n"

const failure = (r: Result.Result<unknown, unknown>) => (Result.isFailure(r) ? renderError(r.failure as never) : "succeeded")

describe("E002 for a skill whose SKILL.md build now refuses names the refusal (RFC-0005:C-CODES E002, E011)", () => {
  it("a field removed: show and search say build refuses it and why", async () => {
    const w = memoryWorld({ files: { [PATH]: SKILL } })
    Result.getOrThrow(await w.run(build({ skill: "alpha" })))
    w.fs.seed({ [PATH]: SKILL.replace("name: alpha\n", "") })
    for (const r of [await w.run(show({ skill: "alpha", section: "Usage" })), await w.run(search({ skill: "alpha", query: "hello" }))]) {
      expect(failure(r)).toBe(
        "error[E002]: search index unusable; run 'skc build alpha' to rebuild\n" +
          "  build refuses 'alpha' as its SKILL.md is now: error[E011]: missing frontmatter field 'name' in SKILL.md; fix SKILL.md, then build it"
      )
    }
  })

  it("YAML that does not parse is named; a sound SKILL.md edited keeps the plain E002", async () => {
    const w = memoryWorld({ files: { [PATH]: SKILL } })
    Result.getOrThrow(await w.run(build({ skill: "alpha" })))
    w.fs.seed({ [PATH]: SKILL.replace("description: Alpha skill. Use when testing.", "description: [WIP] x: y") })
    expect(failure(await w.run(show({ skill: "alpha", section: "Usage" })))).toMatch(/\n  build refuses 'alpha' as its SKILL\.md is now: error\[E011\]: invalid frontmatter in SKILL\.md: YAML/)
    w.fs.seed({ [PATH]: SKILL.replace("hello", "hello again") })
    expect(failure(await w.run(show({ skill: "alpha", section: "Usage" })))).toBe("error[E002]: search index unusable; run 'skc build alpha' to rebuild")
  })
})
