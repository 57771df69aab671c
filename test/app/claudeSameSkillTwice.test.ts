// One skill directory reached through two links in .claude/skills (`pdf` and `pdf-tools`, both to
// shared/pdf) is one skill to Claude Code: it detects duplicates by the files' inodes (its CHANGELOG 2.1.0,
// "false skill duplicate detection on filesystems with large inodes"), and lists it once. skc listed it
// twice, counting it twice against the listing budget (DECISIONS #51: the listing as the agent builds it).
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { discover } from "../../src/app/skills/discovery.js"
import { prompt } from "../../src/app/skills/prompt.js"
import { diskWorld } from "../helpers/worlds.js"

describe("Claude Code: two links to one skill directory", () => {
  it.live("one entry; a copy in another directory of the same name is still listed beside it", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-claude-same-skill-")
      mkdirSync(join(w.work, ".git"), { recursive: true })
      const shared = join(w.work, "shared", "pdf")
      mkdirSync(shared, { recursive: true })
      writeFileSync(join(shared, "SKILL.md"), "---\nname: pdf\ndescription: PDF things. Use when asked.\n---\n# pdf\n")
      const skills = join(w.work, ".claude", "skills")
      mkdirSync(skills, { recursive: true })
      symlinkSync(join("..", "..", "shared", "pdf"), join(skills, "pdf"))
      symlinkSync(join("..", "..", "shared", "pdf"), join(skills, "pdf-tools"))
      const found = yield* w.run(discover({ agent: "claude" }))
      expect(found.skills.map((s) => s.name)).toEqual(["pdf"])
      expect(found.shadowed.filter((s) => s.also_listed === true)).toEqual([])
      const listed = yield* w.run(prompt({ agent: "claude" }))
      expect(listed.xml.split("\n").filter((l) => l.startsWith("- "))).toEqual(["- pdf: PDF things. Use when asked."])
      // A real second copy (another directory) is listed beside it, as Claude Code lists it.
      const copy = join(skills, "pdf-copy")
      mkdirSync(copy)
      writeFileSync(join(copy, "SKILL.md"), "---\nname: pdf\ndescription: Another PDF skill. Use when asked.\n---\n# pdf\n")
      const again = yield* w.run(prompt({ agent: "claude" }))
      expect(again.xml.split("\n").filter((l) => l.startsWith("- "))).toEqual(["- pdf: PDF things. Use when asked.", "- pdf-copy (pdf): Another PDF skill. Use when asked."])
    }))
})
