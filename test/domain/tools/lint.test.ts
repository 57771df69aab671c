import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { lintToolSkill, toolLintRules } from "../../../src/domain/tools/lint.js"
import type { ProblemKind } from "../../../src/domain/tools/model.js"

const FIXTURES = join(__dirname, "..", "..", "fixtures", "tool-skills")

describe("tool-skills spec §9 lint rules (SKL5xx)", () => {
  it("issue 8: the three spec §8 examples lint clean", () => {
    for (const name of ["git", "summarize", "deploy"]) {
      expect(lintToolSkill(readFileSync(join(FIXTURES, name, "SKILL.md"), "utf8")), name).toEqual([])
    }
  })

  it("every problem kind belongs to exactly one rule; ids are unique SKL5xx", () => {
    const kinds: ReadonlyArray<ProblemKind> = ["version-missing", "version-semver", "description-length", "field-type", "timeout-range", "modes", "no-tools", "tool-name-format", "tool-name-duplicate", "parameter-table", "parameter-type", "command", "unknown-variable", "modifier", "required-unused", "interpreter-code"]
    for (const k of kinds) expect(toolLintRules.filter((r) => r.kinds.includes(k)).length, k).toBe(1)
    const ids = toolLintRules.map((r) => r.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^SKL5\d\d$/)
  })

  it("reports rule, severity, line and message; nothing for a plain skill", () => {
    const src = "---\nname: t\ndescription: d\ntimeout: 0\n---\n\n### Bad-Name\n\nx\n\n#### Command\n\n```\nrun {{nope}}\n```\n"
    const d = lintToolSkill(src)
    expect(d.map((x) => x.rule)).toEqual(["SKL501", "SKL505", "SKL508", "SKL513"])
    expect(d.find((x) => x.rule === "SKL505")).toMatchObject({ severity: "error", line: 4 })
    expect(d.find((x) => x.rule === "SKL508")).toMatchObject({ line: 7, name: "tool-name-format" })
    expect(lintToolSkill("---\nname: t\ndescription: d\n---\n# T\n")).toEqual([])
  })
})
