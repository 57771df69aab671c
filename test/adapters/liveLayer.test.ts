// docs/library.md: `makeLiveLayer` runs every use case the `skillc` entry lists on the real machine.
// `run` died with "Service not found: skillc/ProcessRunner" and `match` needed a usage history the
// layer did not provide (a library QA run). Real files, a real child process, real SQLite.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { makeLiveLayer } from "../../src/layers.js"
import { run } from "../../src/app/tools/run.js"
import { match } from "../../src/app/skills/match.js"
import { Prompter, noPrompter } from "../../src/ports/Prompter.js"

const root = mkdtempSync(join(tmpdir(), "skc-live-layer-"))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const GREET =
  "---\nname: greet\nversion: 1.0.0\ndescription: Greets people by name. Use when someone should be greeted.\nread_only: true\n---\n\n" +
  "### hello\n\nSays hello.\n\n#### Parameters\n\n| Name | Type | Required | Description | Pattern |\n|------|------|----------|-------------|---------|\n" +
  "| who | string | yes | Who to greet | [A-Za-z ]+ |\n\n#### Command\n\n```bash\necho hello {{who}}\n```\n"

describe("makeLiveLayer serves every use case of the skillc entry (docs/library.md)", () => {
  it("run executes a tool skill's tool; match ranks the skills an agent sees", async () => {
    const proj = join(root, "proj")
    const home = join(root, "home")
    mkdirSync(join(proj, ".skillc", "skills", "greet"), { recursive: true })
    mkdirSync(home, { recursive: true })
    writeFileSync(join(proj, ".skillc", "skills", "greet", "SKILL.md"), GREET)
    mkdirSync(join(proj, ".claude", "skills", "greet"), { recursive: true })
    writeFileSync(join(proj, ".claude", "skills", "greet", "SKILL.md"), GREET)
    const layer = makeLiveLayer({ cwd: proj, env: { SKILLC_HOME: home, HOME: home, PATH: process.env.PATH ?? "/usr/bin:/bin" } })
    const ran = await Effect.runPromise(
      run({ skill: "greet", tool: "hello", args: { who: "Ann" }, yes: true }).pipe(Effect.provideService(Prompter, noPrompter), Effect.provide(layer))
    )
    expect(ran.envelope).toMatchObject({ success: true, exit_code: 0 })
    expect(ran.envelope.output).toBe("hello Ann\n")
    const matched = await Effect.runPromise(match({ query: "greet someone by name" }).pipe(Effect.provide(layer)))
    expect(matched.results.map((r) => r.name)).toContain("greet")
  })
})
