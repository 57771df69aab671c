/**
 * `skc build` refuses a skill whose name lint's SKL102 refuses (issue 43;
 * DECISIONS #19, #52), with the existing E011 and a message that says the fix;
 * a Unicode lowercase name (DECISIONS #52) builds.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { build } from "../../src/app/build/build.js"
import { suggestedName } from "../../src/domain/skillName.js"
import { IndexWriteFailed } from "../../src/ports/SearchIndex.js"
import { makeMemorySearchIndex } from "../../src/layers.js"
import { memoryWorld, type MemorySearchIndex } from "../../src/testing.js"
import { diskWorld, failureText } from "../helpers/worlds.js"

const world = (dir: string, name: string, extra = "") => {
  const w = diskWorld("skc-build-name-")
  const root = join(w.work, ".skillc", "skills", dir)
  mkdirSync(root, { recursive: true })
  writeFileSync(join(root, "SKILL.md"), `---\nname: ${name}\ndescription: Plans database migrations. Use when changing the schema.\n${extra}---\n\n# ${name}\n`)
  return w
}
const withSkill = (dir: string, name: string) => world(dir, name).run(build({ skill: dir }))

describe("issue 43 build refuses an invalid skill name (DECISIONS #19, #52)", () => {
  it.live("'PG Migrations' is E011 naming the fix", () =>
    Effect.gen(function* () {
      expect(yield* failureText(withSkill("pg-migrations", "PG Migrations"))).toBe(
        "error[E011]: invalid frontmatter in SKILL.md: invalid skill name 'PG Migrations': use lowercase letters, digits and single hyphens, e.g. 'pg-migrations'"
      )
    }))

  it.live("'my_skill' and 'НАВЫК' are refused too", () =>
    Effect.gen(function* () {
      expect(yield* failureText(withSkill("my_skill", "my_skill"))).toContain("invalid skill name 'my_skill': use lowercase letters, digits and single hyphens, e.g. 'my-skill'")
      expect(yield* failureText(withSkill("навык", "НАВЫК"))).toContain("invalid skill name 'НАВЫК'")
    }))

  it.live("a folder named 'PG Migrations' (its frontmatter name valid) is refused too, imported by path, and taken back out of the store", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-build-folder-")
      const elsewhere = join(w.root, "PG Migrations")
      mkdirSync(elsewhere, { recursive: true })
      writeFileSync(join(elsewhere, "SKILL.md"), "---\nname: pg-migrations\ndescription: Plans database migrations. Use when changing the schema.\n---\n\n# PG\n")
      mkdirSync(join(w.work, ".skillc", "skills"), { recursive: true })
      expect(yield* failureText(w.run(build({ skill: elsewhere })))).toBe(
        "error: invalid skill name 'PG Migrations': use lowercase letters, digits and hyphens only: skc stores, links and serves a skill by its folder's name\n  rename the folder (e.g. to 'pg-migrations') and build it again"
      )
      expect(existsSync(join(w.work, ".skillc", "skills", "PG Migrations"))).toBe(false)
      expect(existsSync(join(w.work, ".claude", "skills", "PG Migrations"))).toBe(false)
    }))

  it.live("the folder name offered is the frontmatter's when valid, and never one a folder beside it has (a paths probe)", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-build-folder-")
      const dl = join(w.root, "dl")
      mkdirSync(join(dl, "pdf (1)"), { recursive: true })
      writeFileSync(join(dl, "pdf (1)", "SKILL.md"), "---\nname: pdf\ndescription: Reads PDFs. Use when a PDF is given.\n---\n\n# PDF\n")
      mkdirSync(join(w.work, ".skillc", "skills"), { recursive: true })
      // 'pdf-1' then met SKL104 (name and folder differ); the frontmatter's own name does not.
      expect(yield* failureText(w.run(build({ skill: join(dl, "pdf (1)") })))).toContain("rename the folder (e.g. to 'pdf') and build it again")
      // `Foo` beside `foo`: not "e.g. to 'foo'", which is taken.
      const store = join(w.work, ".skillc", "skills")
      for (const d of ["Foo", "foo"]) {
        mkdirSync(join(store, d), { recursive: true })
        writeFileSync(join(store, d, "SKILL.md"), "---\nname: foo\ndescription: Foos. Use when fooing.\n---\n\n# Foo\n")
      }
      const text = yield* failureText(w.run(build({ skill: "Foo" })))
      expect(text).toContain("rename the folder and build it again")
      expect(text).not.toContain("e.g. to 'foo'")
    }))

  it.live("DECISIONS #52 'мой-навык' builds", () =>
    Effect.gen(function* () {
      const r = yield* withSkill("мой-навык", "мой-навык")
      expect(r).toBeDefined()
    }))

  it.live("DECISIONS #51 a field value the build targets' agents misread is an SKL115 warning; the build goes on", () =>
    Effect.gen(function* () {
      const w = world("demo", "demo", "effort: extreme\n")
      yield* w.run(build({ skill: "demo", target: "claude" }))
      expect(w.takeWarnings()).toContain(
        "warning[W300]: SKL115 field-value: effort: must be one of low, medium, high, xhigh, max, not 'extreme' (claude)"
      )
      const ok = world("demo", "demo", "effort: high\n")
      yield* ok.run(build({ skill: "demo", target: "claude" }))
      expect(ok.takeWarnings().filter((l) => l.includes("SKL115"))).toEqual([])
    }))

  it.live("DECISIONS #53 a manual-only skill deployed to .agents/skills: the build names the agents that offer it to their model", () =>
    Effect.gen(function* () {
      const w = world("deploy", "deploy", "disable-model-invocation: true\n")
      yield* w.run(build({ skill: "deploy", target: "claude,agents" }))
      expect(w.takeWarnings()).toContain(
        "warning: deploy: 'disable-model-invocation' makes it manual-only for Claude Code, GitHub Copilot and Cursor, but OpenAI Codex, Gemini CLI, OpenCode and Amp read no such field and offer it to their model; Codex keeps a skill manual with policy.allow_implicit_invocation: false in agents/openai.yaml, which a built skill does not carry"
      )
      // Deployed only where the field is read, or not manual-only: nothing to say.
      const claude = world("deploy", "deploy", "disable-model-invocation: true\n")
      yield* claude.run(build({ skill: "deploy", target: "claude,cursor" }))
      expect(claude.takeWarnings().filter((l) => l.includes("manual-only"))).toEqual([])
      const model = world("deploy", "deploy", "disable-model-invocation: false\n")
      yield* model.run(build({ skill: "deploy", target: "agents" }))
      expect(model.takeWarnings().filter((l) => l.includes("manual-only"))).toEqual([])
    }))

  // An agent-profile probe: `yes` is manual-only for Claude Code (CHANGELOG 2.1.218), but GitHub Copilot, which
  // reads the field, takes only true or false: the warning said Copilot "reads no such field".
  it.live("DECISIONS #53 an agent that reads the field but not the value as written is said apart", () =>
    Effect.gen(function* () {
      const w = world("deploy", "deploy", "disable-model-invocation: yes\n")
      yield* w.run(build({ skill: "deploy", target: "claude,copilot" }))
      const said = w.takeWarnings().filter((l) => l.includes("manual-only"))
      expect(said).toEqual([
        "warning: deploy: 'disable-model-invocation' makes it manual-only for Claude Code, but GitHub Copilot reads 'disable-model-invocation' only as true or false and offers it to its model; write true"
      ])
    }))

  it.live("issue 46 item 5 `skc init`'s placeholder description builds with an SKL106 warning (agents would read it)", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-build-todo-")
      const root = join(w.work, ".skillc", "skills", "demo")
      mkdirSync(root, { recursive: true })
      writeFileSync(join(root, "SKILL.md"), "---\nname: demo\ndescription: 'TODO: Add skill description'\n---\n\n# Demo\n")
      yield* w.run(build({ skill: "demo" }))
      expect(w.takeWarnings()).toContain(
        "warning[W300]: SKL106 description-nonempty: description is a placeholder ('TODO: Add skill description'): say what the skill does and when to use it; agents read it to decide when to load the skill"
      )
      const ok = world("demo", "demo")
      yield* ok.run(build({ skill: "demo" }))
      expect(ok.takeWarnings().filter((l) => l.includes("SKL106"))).toEqual([])
    }))

  // A probe over 111 published skills: vercel's were imported under their folders' names ('react-best-practices')
  // while agents list them by `name` ('vercel-react-best-practices'), and nothing said so before an agent's E001.
  it.live("a `name` that is not the folder's builds with an SKL104 warning naming both; an equal one, or the rule off, says nothing", () =>
    Effect.gen(function* () {
      const w = world("react-best-practices", "vercel-react-best-practices")
      yield* w.run(build({ skill: "react-best-practices" }))
      expect(w.takeWarnings()).toContain(
        "warning[W300]: SKL104 name-match-dir: name 'vercel-react-best-practices' does not match directory 'react-best-practices': agents list it as 'vercel-react-best-practices', skc stores and serves it as 'react-best-practices', and the MCP Skills extension (skills/list, skill:// resources) does not serve it (its name must be its directory's); rename one so they are equal"
      )
      const same = world("demo", "demo")
      yield* same.run(build({ skill: "demo" }))
      expect(same.takeWarnings().filter((l) => l.includes("SKL104"))).toEqual([])
      // A folder copied under a new name keeps the other's `name`: the warning says agents see two (sixty-sixth pass).
      const copied = world("spreadsheets", "xlsx")
      const twin = join(copied.work, ".skillc", "skills", "xlsx")
      mkdirSync(twin, { recursive: true })
      writeFileSync(join(twin, "SKILL.md"), "---\nname: xlsx\ndescription: Spreadsheets. Use when editing them.\n---\n\n# xlsx\n")
      yield* copied.run(build({ skill: "spreadsheets" }))
      expect(copied.takeWarnings().filter((l) => l.includes("SKL104"))).toEqual([
        "warning[W300]: SKL104 name-match-dir: name 'xlsx' does not match directory 'spreadsheets': agents list it as 'xlsx', skc stores and serves it as 'spreadsheets', and the MCP Skills extension (skills/list, skill:// resources) does not serve it (its name must be its directory's); rename one so they are equal; the store's skill 'xlsx' is listed under that name too, so agents see two skills named 'xlsx'"
      ])
      const off = world("react-best-practices", "vercel-react-best-practices")
      writeFileSync(join(off.work, ".skillc", "config.toml"), '[lint]\nSKL104 = "off"\n')
      yield* off.run(build({ skill: "react-best-practices" }))
      expect(off.takeWarnings().filter((l) => l.includes("SKL104"))).toEqual([])
    }))

  // An author's probe (sixty-third pass): a reference moved and rebuilt; SKILL.md still linked the old path, build said
  // nothing, and agents following the deployed skill's link met E021 (lint's SKL301 error).
  it.live("a SKILL.md link to a file the skill does not hold builds with an SKL301 warning; a good link, or the rule off, says nothing", () =>
    Effect.gen(function* () {
      const w = world("sqlite-tuning", "sqlite-tuning", "")
      const root = join(w.work, ".skillc", "skills", "sqlite-tuning")
      mkdirSync(join(root, "references", "settings"), { recursive: true })
      writeFileSync(join(root, "references", "settings", "pragmas.md"), "# Pragmas\n\nWAL.\n")
      writeFileSync(join(root, "SKILL.md"), "---\nname: sqlite-tuning\ndescription: Tunes SQLite. Use when SQLite is slow.\n---\n\n# Tuning\n\nSee [pragmas](references/pragmas.md) and [dir](references/).\n")
      yield* w.run(build({ skill: "sqlite-tuning" }))
      expect(w.takeWarnings().filter((l) => l.includes("SKL301"))).toEqual([
        "warning[W300]: SKL301 link-file-exists: SKILL.md:8:5: link target not found: 'references/pragmas.md'; an agent following it finds no file (skc lint reports it as an error)"
      ])
      writeFileSync(join(root, "SKILL.md"), "---\nname: sqlite-tuning\ndescription: Tunes SQLite. Use when SQLite is slow.\n---\n\n# Tuning\n\nSee [pragmas](references/settings/pragmas.md).\n")
      yield* w.run(build({ skill: "sqlite-tuning" }))
      expect(w.takeWarnings().filter((l) => l.includes("SKL301"))).toEqual([])
      // An inline directive silences it as in lint, and a severity the configuration sets is the one named
      // (sixty-sixth pass: a team's silenced links were repeated by every build "as an error").
      writeFileSync(join(root, "SKILL.md"), "---\nname: sqlite-tuning\ndescription: Tunes SQLite. Use when SQLite is slow.\n---\n\n# Tuning\n\n<!-- skilllint-disable-next-line SKL301 -->\nSee [gone](gone.md).\nAnd [lost](lost.md).\n")
      writeFileSync(join(w.work, ".skillc", "config.toml"), '[lint]\nSKL301 = "warning"\n')
      yield* w.run(build({ skill: "sqlite-tuning" }))
      expect(w.takeWarnings().filter((l) => l.includes("SKL301"))).toEqual([
        "warning[W300]: SKL301 link-file-exists: SKILL.md:10:5: link target not found: 'lost.md'; an agent following it finds no file (skc lint reports it as a warning)"
      ])
      writeFileSync(join(root, "SKILL.md"), "---\nname: sqlite-tuning\ndescription: Tunes SQLite. Use when SQLite is slow.\n---\n\n# Tuning\n\nSee [gone](gone.md).\n")
      writeFileSync(join(w.work, ".skillc", "config.toml"), '[lint]\nSKL301 = "off"\n')
      yield* w.run(build({ skill: "sqlite-tuning" }))
      expect(w.takeWarnings().filter((l) => l.includes("SKL301"))).toEqual([])
    }))

  it.live("a SKILL.md saved in Latin-1 builds with an SKL207 warning: the deployed description holds U+FFFD (sixty-sixth pass); the rule off says nothing", () =>
    Effect.gen(function* () {
      const w = world("latin-skill", "latin-skill", "")
      const root = join(w.work, ".skillc", "skills", "latin-skill")
      writeFileSync(join(root, "SKILL.md"), Buffer.from("---\nname: latin-skill\ndescription: Caf\xe9 menus. Use when pricing a caf\xe9.\n---\n\n# Latin\n", "latin1"))
      yield* w.run(build({ skill: "latin-skill" }))
      expect(w.takeWarnings().filter((l) => l.includes("SKL207"))).toEqual([
        "warning[W300]: SKL207 utf8-text: SKILL.md is not valid UTF-8: the description agents read holds U+FFFD (\uFFFD) in place of a character; save the file as UTF-8"
      ])
      writeFileSync(join(w.work, ".skillc", "config.toml"), '[lint]\nSKL207 = "off"\n')
      yield* w.run(build({ skill: "latin-skill" }))
      expect(w.takeWarnings().filter((l) => l.includes("SKL207"))).toEqual([])
    }))

  it("suggestedName", () => {
    expect(suggestedName("PG Migrations")).toBe("pg-migrations")
    expect(suggestedName("--Über__Skill--")).toBe("über-skill")
    expect(suggestedName("___")).toBeUndefined()
  })
})

describe("RFC-0001:C-ERRORS the frontmatter and the folder's name are checked before anything is written", () => {
  /** The in-memory world whose search index cannot be written, as in a read-only checkout. */
  const readOnly = (dir: string, name: string) => {
    const index = makeMemorySearchIndex()
    const attempts: Array<string> = []
    const refuse = (path: string) => Effect.andThen(Effect.sync(() => void attempts.push(path)), Effect.fail(new IndexWriteFailed({ path, message: "EACCES: permission denied" })))
    const searchIndex: MemorySearchIndex = { ...index, write: (path) => refuse(path), writer: (path) => refuse(path) }
    const root = `/proj/.skillc/skills/${dir}`
    const w = memoryWorld({
      searchIndex,
      files: {
        [`${root}/SKILL.md`]: `---\nname: ${name}\ndescription: Plans database migrations. Use when changing the schema.\n---\n\n# Title\n`,
        // Before SKILL.md in path order: read (and indexed) first.
        [`${root}/README.md`]: "# Read me\n"
      }
    })
    return { w, attempts }
  }

  it.effect("RFC-0001:C-ERRORS RFC-0005 an invalid name in a read-only checkout is E011, not E999 'cannot write search index'", () =>
    Effect.gen(function* () {
      const { w, attempts } = readOnly("upper-case", "Upper-Case")
      expect(yield* failureText(build({ skill: "upper-case" })).pipe(Effect.provide(w.layer))).toBe(
        "error[E011]: invalid frontmatter in SKILL.md: invalid skill name 'Upper-Case': use lowercase letters, digits and single hyphens, e.g. 'upper-case'"
      )
      expect(attempts).toEqual([])
      expect(yield* Effect.exit(w.fs.stat("/proj/.skillc/runtime/upper-case"))).toMatchObject({ _tag: "Failure" })
    }))

  it.effect("RFC-0001:C-ERRORS a folder name skc cannot serve is refused before the index is written too", () =>
    Effect.gen(function* () {
      const { w, attempts } = readOnly("Upper-Case", "upper-case")
      expect(yield* failureText(build({ skill: "Upper-Case" })).pipe(Effect.provide(w.layer))).toMatch(/^error: .*Upper-Case.*folder's name/)
      expect(attempts).toEqual([])
    }))
})
