/**
 * A search across skills that skipped some (RFC-0004:C-SEARCH, DECISIONS #44) says how to search them: a fresh
 * clone of a project leaves every skill of its store unbuilt, and the answer used to be "No searched skill holds
 * these words" with "(skipped pdf: not built)", naming no way on. Followed as a user would: the printed command
 * builds them, and the same question then finds them.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

const skill = (name: string, heading: string) =>
  `---\nname: ${name}\ndescription: The ${name} runbook. Use when operating ${name}.\n---\n# ${name}\n\n## ${heading}\n\nRotate the signing keys every quarter.\n`

describe("search --all of skills never built", () => {
  it("says no skill was searched and prints the command that builds them; that command makes them searchable", async () => {
    const s = sandbox()
    for (const [name, heading] of [["billing", "Key rotation"], ["payroll", "Rotating keys"]] as const) {
      mkdirSync(join(s.work, ".skillc", "skills", name), { recursive: true })
      writeFileSync(join(s.work, ".skillc", "skills", name, "SKILL.md"), skill(name, heading))
    }
    const before = await s.runAsync(["search", "--all", "signing keys"])
    expect(before.code, before.stderr).toBe(0)
    expect(before.stdout).toBe(
      "No results for 'signing keys'.\n" +
        "  No skill was searched: every one in scope was skipped (below).\n" +
        "(skipped, not built: billing, payroll; build them with: skc build billing payroll)\n"
    )
    // The JSON document is RFC-0004's: the skipped skills with their reasons; and (additive) the text's guidance.
    const json = JSON.parse((await s.runAsync(["search", "--all", "signing keys", "--format", "json"])).stdout)
    expect(json).toEqual({
      query: "signing keys",
      results: [],
      skipped: [
        { skill: "billing", reason: "not built" },
        { skill: "payroll", reason: "not built" }
      ],
      notices: [
        "No skill was searched: every one in scope was skipped (below).",
        "(skipped, not built: billing, payroll; build them with: skc build billing payroll)"
      ]
    })
    // Nothing was searched: no question "no skill answered" for stats --all (the skills answer it once built).
    const stats = await s.runAsync(["stats", "--all"])
    expect(stats.stdout).not.toContain("signing keys")
    const command = /build them with: skc (build billing payroll)\)/.exec(before.stdout)![1]!.split(" ")
    const built = await s.runAsync(command)
    expect(built.code, built.stderr).toBe(0)
    const after = await s.runAsync(["search", "--all", "signing keys", "--format", "json"])
    const doc = JSON.parse(after.stdout) as { results: Array<{ skill: string }>; skipped?: unknown }
    expect(new Set(doc.results.map((r) => r.skill))).toEqual(new Set(["billing", "payroll"]))
    expect(doc.skipped).toBeUndefined()
  })

  it("many skills skipped for one reason (stale after their authors added eval files) are one warning naming them, not one line each", async () => {
    const s = sandbox()
    const names = ["alpha", "bravo", "charlie", "delta", "echo"]
    for (const name of names) {
      mkdirSync(join(s.work, ".skillc", "skills", name), { recursive: true })
      writeFileSync(join(s.work, ".skillc", "skills", name, "SKILL.md"), skill(name, "Key rotation"))
    }
    expect((await s.runAsync(["build", "--all"])).code).toBe(0)
    for (const name of names.slice(0, 4)) {
      mkdirSync(join(s.work, ".skillc", "skills", name, "evals"), { recursive: true })
      writeFileSync(join(s.work, ".skillc", "skills", name, "evals", "triggers.json"), "[]\n")
    }
    const r = await s.runAsync(["search", "--all", "signing keys"])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).toBe(
      "warning: skipping 4 skills: index unusable (stale-source): 'alpha', 'bravo', 'charlie', 'delta'; run 'skc build --all' (or build each)\n"
    )
    expect(r.stdout).toContain("echo: SKILL.md#Key rotation")
    // The JSON keeps each skill's own reason (RFC-0004's document).
    const json = JSON.parse((await s.runAsync(["search", "--all", "signing keys", "--format", "json"])).stdout) as { skipped: Array<{ skill: string; reason: string }> }
    expect(json.skipped.map((x) => x.reason)).toEqual(names.slice(0, 4).map((n) => `index unusable (stale-source); run 'skc build ${n}'`))
  })
})
