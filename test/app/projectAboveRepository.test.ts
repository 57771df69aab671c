// A skillc project whose root is above the repository the working directory is in: Claude Code, Codex and
// the agents with a project root read project skill directories only up to the repository's root
// (docs/agents.md), so a build that deploys under the project's root is unseen there, and discover's
// advice (build again) looped. Both now say so, with what deploys where the agents look.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { build } from "../../src/app/build/build.js"
import { discoverCommand } from "../../src/app/skills/discover.js"
import { diskWorld } from "../helpers/worlds.js"

describe("a project above the repository the working directory is in", () => {
  it.live("build and discover say the agents stop at the repository, and name skc init there", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-above-repo-")
      const src = join(w.work, ".skillc", "skills", "outer-skill")
      mkdirSync(src, { recursive: true })
      mkdirSync(join(w.work, ".skillc", "runtime"), { recursive: true })
      writeFileSync(join(src, "SKILL.md"), "---\nname: outer-skill\ndescription: An outer skill. Use when testing.\n---\n# outer-skill\n")
      const repo = join(w.work, "repo")
      mkdirSync(join(repo, ".git"), { recursive: true })
      w.takeWarnings()
      yield* w.run(build({ skill: "outer-skill" }), { cwd: repo })
      expect(w.takeWarnings().filter((l) => l.includes("above the repository"))).toEqual([
        expect.stringContaining(`is above the repository you are in (${repo}): agents started there read project skills only up to ${repo}`)
      ])
      yield* w.run(discoverCommand({ agent: "claude" }), { cwd: repo })
      expect(w.takeWarnings().join("\n")).toContain(`make the repository its own project (skc init in ${repo})`)
      // Built from the project's root, whose repository (none here) is not below it: nothing said.
      yield* w.run(build({ skill: "outer-skill" }))
      expect(w.takeWarnings().filter((l) => l.includes("above the repository"))).toEqual([])
    }))
})
