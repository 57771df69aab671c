/**
 * RFC-0001:C-DEPLOYMENT with `--copy`, as agents run skc: several `skc build --all --copy` at once all succeed
 * and leave each agent directory holding the skills alone. A copy is refreshed in place, a file at a time
 * through a rename; nothing is staged beside it (OpenCode lists hidden directories of `.claude/skills` too,
 * so an entry staged there and left by a kill was a second copy of the skill to it).
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { writeTree } from "../helpers/tree.js"

describe("skc build --all --copy, four at once", () => {
  it("every run succeeds; the agent directory holds the three skills and nothing else, each with its stub and manifest", async () => {
    const s = sandbox()
    expect((await s.runAsync(["init"])).code).toBe(0)
    for (const name of ["alpha", "beta", "gamma"]) {
      writeTree(join(s.work, ".skillc", "skills", name), { "SKILL.md": `---\nname: ${name}\ndescription: Use when testing ${name}.\n---\n# ${name}\n\n## Usage\n\nText.\n` })
    }
    for (let round = 0; round < 3; round++) {
      const runs = await Promise.all([1, 2, 3, 4].map(() => s.runAsync(["build", "--all", "--copy"])))
      for (const r of runs) expect(r.stderr.split("\n").filter((l) => l.startsWith("error") || l.includes("Failed"))).toEqual([])
      for (const r of runs) expect(r.code).toBe(0)
    }
    const agentDir = join(s.work, ".claude", "skills")
    expect(readdirSync(agentDir).sort()).toEqual(["alpha", "beta", "gamma"])
    for (const name of ["alpha", "beta", "gamma"]) {
      expect(readdirSync(join(agentDir, name)).sort()).toEqual([".skillc-meta", "SKILL.md"])
      expect(JSON.parse(readFileSync(join(agentDir, name, ".skillc-meta", "manifest.json"), "utf8")).skill).toBe(name)
    }
  }, 180_000)
})
