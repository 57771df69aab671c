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
import { show } from "../../src/app/search/show.js"
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

describe("a project skill built with --global --copy", () => {
  it.live("from elsewhere, show reads its source and list calls the copy normal, as for the link (the copy's manifest is its own runtime's)", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-global-copy-")
      const src = join(w.work, ".skillc", "skills", "g")
      mkdirSync(src, { recursive: true })
      mkdirSync(join(w.work, ".skillc", "runtime"), { recursive: true })
      writeFileSync(join(src, "SKILL.md"), "---\nname: g\ndescription: A test skill. Use when testing.\n---\n# G\n\n## Rebase\n\nRun git rebase -i.\n")
      yield* w.run(build({ skill: "g", global: true, copy: true }))
      const elsewhere = join(w.root, "elsewhere")
      mkdirSync(elsewhere)
      const shown = yield* w.run(show({ skill: "g", section: "Rebase" }), { cwd: elsewhere })
      expect(shown.content).toContain("Run git rebase -i.")
      const outside = yield* w.run(list({}), { cwd: elsewhere })
      expect(outside.skills.map((s) => [s.name, s.status])).toEqual([["g", "normal"]])
      // A copy whose manifest is not its runtime's own (another build's) is not trusted: only its headings.
      const copied = join(w.home, ".claude", "skills", "g", ".skillc-meta", "manifest.json")
      const { readFileSync } = yield* Effect.promise(() => import("node:fs"))
      writeFileSync(copied, readFileSync(copied, "utf8").replace(/"built_at": "[^"]+"/, '"built_at": "2020-01-01T00:00:00.000Z"'))
      const stale = yield* Effect.result(w.run(show({ skill: "g", section: "Rebase" }), { cwd: elsewhere }))
      expect(stale._tag).toBe("Failure")
    }))
})
