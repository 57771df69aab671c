// RFC-0001:C-DEPLOYMENT, DECISIONS #46: a deployment link inside the project is relative, resolved by the
// kernel from the directory that really holds it. An agent directory that is itself a link
// (`.claude/skills -> ../config/ai/skills`, a dotfiles manager's layout) holds it at another depth than
// its path: the link written from the path reached nothing, while the build said "Built".
import { existsSync, mkdirSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { build } from "../../src/app/build/build.js"
import { diskWorld } from "../helpers/worlds.js"

describe("deploying into an agent directory that is a link", () => {
  it.live("the link reaches the runtime from where it really is, and stays relative inside the project", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-linked-agent-dir-")
      mkdirSync(join(w.work, ".git"), { recursive: true })
      mkdirSync(join(w.work, "config", "ai", "skills"), { recursive: true })
      mkdirSync(join(w.work, ".claude"), { recursive: true })
      symlinkSync(join("..", "config", "ai", "skills"), join(w.work, ".claude", "skills"))
      const src = join(w.work, ".skillc", "skills", "lk")
      mkdirSync(src, { recursive: true })
      mkdirSync(join(w.work, ".skillc", "runtime"), { recursive: true })
      writeFileSync(join(src, "SKILL.md"), "---\nname: lk\ndescription: A linked skill. Use when testing.\n---\n# lk\n\n## One\n\nText.\n")
      yield* w.run(build({ skill: "lk" }))
      expect(existsSync(join(w.work, ".claude", "skills", "lk", "SKILL.md"))).toBe(true)
      const link = readlinkSync(join(w.work, "config", "ai", "skills", "lk"))
      expect(link).toBe(join("..", "..", "..", ".skillc", "runtime", "lk"))
      // A second build keeps it (nothing to write).
      yield* w.run(build({ skill: "lk" }))
      expect(readlinkSync(join(w.work, ".claude", "skills", "lk"))).toBe(link)
    }))
})
