// RFC-0001:C-DEPLOYMENT, RFC-0007:C-LIST, DECISIONS #38/#46: a project skill built with `--global` has its
// runtime in the global store and its link in ~/.claude/skills. From outside the project, resolution found
// that link's stub but called its source "outside the project holding the stub" and never read it: search
// answered from an empty cache index, list said `foreign`. Inside the project, `list --check-obsolete` said
// `not-built`. The link points into this user's own runtime store, whose manifest skc wrote here.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { build } from "../../src/app/build/build.js"
import { list } from "../../src/app/skills/list.js"
import { search } from "../../src/app/search/search.js"
import { diskWorld } from "../helpers/worlds.js"

describe("a project skill built with --global", () => {
  it.live("list calls it built, in the project; from elsewhere search reads its built index and list its link as normal", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-global-build-")
      const src = join(w.work, ".skillc", "skills", "g")
      mkdirSync(src, { recursive: true })
      mkdirSync(join(w.work, ".skillc", "runtime"), { recursive: true })
      writeFileSync(join(src, "SKILL.md"), "---\nname: g\ndescription: A test skill. Use when testing.\n---\n# G\n\nbetaword here.\n")
      yield* w.run(build({ skill: "g", global: true }))
      const inside = yield* w.run(list({ check_obsolete: true }))
      expect(inside.skills.map((s) => [s.name, s.scope, s.status, s.runtime_path])).toEqual([["g", "project", "normal", join(w.home, ".skillc", "runtime", "g")]])
      const elsewhere = join(w.root, "elsewhere")
      mkdirSync(elsewhere)
      const found = yield* w.run(search({ skill: "g", query: "betaword" }), { cwd: elsewhere })
      expect(found.results.map((r) => r.section)).toEqual(["G"])
      expect(w.takeWarnings().filter((l) => l.includes("is not here"))).toEqual([])
      const outside = yield* w.run(list({}), { cwd: elsewhere })
      expect(outside.skills.map((s) => [s.name, s.status])).toEqual([["g", "normal"]])
    }))
})
