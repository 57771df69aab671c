// `skc show` cuts a source file by the index's line range (RFC-0002:C-SHOW): the file it reads must be the
// one the index was built from (DECISIONS #22: never answer from an index of different sources). A
// concurrency probe saw a rebuild replace the source and the index between the index's freshness check and
// the read: Section 2 answered with the end of Section 1, or with Sections 4 and 5, exit 0. Here the source
// changes with its size and mtime kept, so the freshness check passes and only the bytes tell: the answer
// is E002, never the new text cut at the old lines.
import { mkdirSync, utimesSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { indexSkill } from "../../src/app/build/indexing.js"
import { resolveSkill } from "../../src/app/skills/resolve.js"
import { show } from "../../src/app/search/show.js"
import { diskWorld, failureText } from "../helpers/worlds.js"

const version = (a: number, b: number) =>
  ["---", "name: alpha", "description: Use this skill when testing.", "---", "# alpha", "", "## Section 1", "", ...Array(a).fill("one"), "## Section 2", "", ...Array(b).fill("two"), ""].join("\n")

describe("show reads the source the index was built from", () => {
  it.live("a source changed under the index (size and mtime as recorded): E002 naming the file, not another version's lines", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-show-moved-")
      const dir = join(w.work, ".skillc", "skills", "alpha")
      mkdirSync(dir, { recursive: true })
      const file = join(dir, "SKILL.md")
      // An hour old: the index trusts its mtime (a file written just before its build would be hashed again).
      const past = new Date(Date.now() - 3_600_000)
      const v1 = version(4, 1)
      const v2 = version(1, 4) // the same bytes count, Section 2 three lines higher
      expect(v2.length).toBe(v1.length)
      writeFileSync(file, v1)
      utimesSync(file, past, past)
      yield* w.run(Effect.flatMap(resolveSkill("alpha"), indexSkill))
      const before = yield* w.run(show({ skill: "alpha", section: "Section 2" }))
      expect(before).toMatchObject({ start_line: 13, content: "## Section 2\n\ntwo\n" })
      writeFileSync(file, v2)
      utimesSync(file, past, past)
      const after = yield* failureText(w.run(show({ skill: "alpha", section: "Section 2" })))
      expect(after).toContain("E002")
      expect(after).toContain("SKILL.md changed while it was read, twice in a row")
      // Rebuilt, it answers from the new text at its own lines.
      yield* w.run(Effect.flatMap(resolveSkill("alpha"), indexSkill))
      expect(yield* w.run(show({ skill: "alpha", section: "Section 2" }))).toMatchObject({ start_line: 10, content: "## Section 2\n\ntwo\ntwo\ntwo\ntwo\n" })
    }))
})
