// A skill that takes arguments, compiled for Claude Code (RFC-0001:C-STUB, RFC-0002:C-SHOW, DECISIONS #51):
// Claude Code substitutes the stub it loads, not the sections the agent reads through skc, and runs the
// source's `!` commands only in the file it loads. On the live adapters: real files, index and stub.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { build } from "../../src/app/build/build.js"
import { show } from "../../src/app/search/show.js"
import { argumentPattern } from "../../src/domain/agents/claudeBody.js"
import { diskWorld, failureText } from "../helpers/worlds.js"

const SKILL = `---
name: deploy
description: Deploy the application to an environment.
disable-model-invocation: true
arguments: [env, version]
argument-hint: "[env] [version]"
---

# Deploy $env

Deploy version $version to $env.

Current branch: !\`git branch --show-current\`

## Steps for $ARGUMENTS

1. Run the tests.

## Roll back $1

Undo it.

## Plain

Nothing to substitute.
`

const project = () => {
  const w = diskWorld("skc-claude-args-")
  const dir = join(w.work, ".skillc", "skills", "deploy")
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), SKILL)
  return { ...w, dir }
}

/** What Claude Code hands the model for `/deploy staging v1`: every placeholder of the stub replaced. */
const asLoaded = (stub: string, values: Record<string, string>) =>
  stub.replace(argumentPattern(["env", "version"]), (whole, _i, all, n, name) => (all !== undefined ? "staging v1" : values[n ?? name] ?? whole))

describe("RFC-0001:C-STUB a compiled skill that takes arguments", () => {
  const p = project()

  it.live("the stub says what was given and how the sections name it; the build names the `!` command that will not run", () =>
    Effect.gen(function* () {
      yield* p.run(build({ skill: "deploy", target: "claude" }))
      const stub = readFileSync(join(p.work, ".claude", "skills", "deploy", "SKILL.md"), "utf8")
      const loaded = asLoaded(stub, { 0: "staging", 1: "v1", env: "staging", version: "v1" })
      expect(loaded).toContain("Given: staging v1")
      expect(loaded).toContain("by a name (env, version)")
      expect(loaded).toContain("- Deploy staging")
      expect(loaded).toContain("  - Steps for staging v1")
      expect(stub).not.toContain("git branch")
      expect(p.takeWarnings().join("\n")).toMatch(/warning: deploy: SKILL.md has 1 shell command Claude Code runs when it loads the skill: 'git branch --show-current' \(line 13\).*so it does not run/)
    }))

  it.live("RFC-0002:C-SHOW a heading copied from the loaded stub finds its section, which keeps the author's placeholders", () =>
    Effect.gen(function* () {
      const steps = yield* p.run(show({ skill: "deploy", section: "Steps for staging v1" }))
      expect(steps).toMatchObject({ section: "Steps for $ARGUMENTS", start_line: 15 })
      expect((yield* p.run(show({ skill: "deploy", section: "deploy STAGING" }))).section).toBe("Deploy $env")
      expect((yield* p.run(show({ skill: "deploy", section: "Roll back v1" }))).content).toContain("Undo it.")
      // As written (no argument given: Claude Code leaves a positional placeholder as it is) and exact matches first.
      expect((yield* p.run(show({ skill: "deploy", section: "Roll back $1" }))).section).toBe("Roll back $1")
      expect((yield* p.run(show({ skill: "deploy", section: "Plain" }))).section).toBe("Plain")
    }))

  it.live("RFC-0002:C-SHOW every entry of the stub as Claude Code hands it over is a section show finds", () =>
    Effect.gen(function* () {
      const stub = readFileSync(join(p.work, ".claude", "skills", "deploy", "SKILL.md"), "utf8")
      const loaded = asLoaded(stub, { 0: "staging", 1: "v1", env: "staging", version: "v1" })
      const entries = loaded.slice(loaded.indexOf("## Top Sections")).split("\n").filter((l) => /^\s*- /.test(l)).map((l) => l.replace(/^\s*- /, ""))
      expect(entries).toEqual(["Deploy staging", "Steps for staging v1", "Roll back v1", "Plain"])
      for (const section of entries) expect((yield* p.run(show({ skill: "deploy", section }))).file).toBe("SKILL.md")
    }))

  it.live("RFC-0002:C-SHOW text the heading's own words do not allow is still E020", () =>
    Effect.gen(function* () {
      expect(yield* failureText(p.run(show({ skill: "deploy", section: "Steps to staging" })))).toMatch(/^error\[E020\]: section not found: 'Steps to staging'/)
      expect(yield* failureText(p.run(show({ skill: "deploy", section: "Redeploy staging" })))).toMatch(/^error\[E020\]/)
    }))
})

describe("RFC-0001:C-STUB a skill without placeholders", () => {
  it.live("has no Arguments section, and a `$` heading is matched only as written", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-claude-noargs-")
      const dir = join(w.work, ".skillc", "skills", "prices")
      mkdirSync(dir, { recursive: true })
      writeFileSync(join(dir, "SKILL.md"), "---\nname: prices\ndescription: Prices. Use when pricing.\n---\n\n# Prices\n\n## Cost in $USD\n\nTen.\n")
      yield* w.run(build({ skill: "prices", target: "claude" }))
      expect(readFileSync(join(w.work, ".claude", "skills", "prices", "SKILL.md"), "utf8")).not.toContain("## Arguments")
      expect(w.takeWarnings()).toEqual([])
      expect(yield* failureText(w.run(show({ skill: "prices", section: "Cost in EUR" })))).toMatch(/^error\[E020\]/)
    }))
})

describe("P7 ${CLAUDE_SKILL_DIR} in a section read through skc", () => {
  it.live("show names the files it prefixes, and the source directory it stands for even when it prefixes none", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-claude-skilldir-")
      const dir = join(w.work, ".skillc", "skills", "filler")
      mkdirSync(join(dir, "scripts"), { recursive: true })
      writeFileSync(join(dir, "scripts", "fill.py"), "print(1)\n")
      writeFileSync(
        join(dir, "SKILL.md"),
        "---\nname: filler\ndescription: Fill forms. Use when filling.\n---\n\n# Filler\n\n## Fill\n\nRun `python ${CLAUDE_SKILL_DIR}/scripts/fill.py`.\n\n## Setup\n\nRun `cd ${CLAUDE_SKILL_DIR} && npm install`.\n\n## Plain\n\nNothing.\n"
      )
      yield* w.run(build({ skill: "filler", target: "claude" }))
      expect(yield* w.run(show({ skill: "filler", section: "Fill" }))).toMatchObject({ files_named: ["scripts/fill.py"], base_dir: dir })
      const setup = yield* w.run(show({ skill: "filler", section: "Setup" }))
      expect(setup.base_dir).toBe(dir)
      expect(setup.files_named).toBeUndefined()
      expect((yield* w.run(show({ skill: "filler", section: "Plain" }))).base_dir).toBeUndefined()
    }))
})
