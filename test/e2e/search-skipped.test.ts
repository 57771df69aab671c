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
    // The JSON document is RFC-0004's, unchanged: the skipped skills with their reasons.
    const json = JSON.parse((await s.runAsync(["search", "--all", "signing keys", "--format", "json"])).stdout)
    expect(json).toEqual({
      query: "signing keys",
      results: [],
      skipped: [
        { skill: "billing", reason: "not built" },
        { skill: "payroll", reason: "not built" }
      ]
    })
    const command = /build them with: skc (build billing payroll)\)/.exec(before.stdout)![1]!.split(" ")
    const built = await s.runAsync(command)
    expect(built.code, built.stderr).toBe(0)
    const after = await s.runAsync(["search", "--all", "signing keys", "--format", "json"])
    const doc = JSON.parse(after.stdout) as { results: Array<{ skill: string }>; skipped?: unknown }
    expect(new Set(doc.results.map((r) => r.skill))).toEqual(new Set(["billing", "payroll"]))
    expect(doc.skipped).toBeUndefined()
  })
})
