// The package as an embedder imports it: `import { … } from "skillc"` through package.json exports.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync, symlinkSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { ROOT, spawnAsync, tempDir } from "../helpers/cli.js"

const DEMO = "---\nname: demo\ndescription: A demo skill. Use when testing.\n---\n# Demo\n\n## Rollback\n\nRevert the release with the rollback script.\n"

/** A consumer package: skillc (this checkout) and effect in its node_modules, as npm would lay them out. */
const consumerPackage = () => {
  const dir = tempDir()
  mkdirSync(join(dir, "node_modules"), { recursive: true })
  symlinkSync(ROOT, join(dir, "node_modules", "skillc"))
  symlinkSync(join(ROOT, "node_modules", "effect"), join(dir, "node_modules", "effect"))
  return dir
}

/** Write `source` as `file` in the consumer package `dir` and run it there (`dir` as its argument): its stdout, once it exited 0. */
const runConsumer = async (dir: string, file: string, source: string) => {
  writeFileSync(join(dir, file), source)
  const out = await spawnAsync(process.execPath, [join(dir, file), dir], { cwd: dir, env: process.env })
  expect(out.code, out.stderr).toBe(0)
  return out.stdout
}

/** The files under `dir` whose names end with `suffix`, relative to `dir`, with their modification times. */
const filesUnder = (dir: string, suffix: string, prefix = ""): Array<{ readonly rel: string; readonly mtimeMs: number }> =>
  readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) => {
    const rel = prefix === "" ? e.name : `${prefix}/${e.name}`
    return e.isDirectory() ? filesUnder(dir, suffix, rel) : e.name.endsWith(suffix) ? [{ rel, mtimeMs: statSync(join(dir, rel)).mtimeMs }] : []
  })

/**
 * dist/lib holds every entry package.json maps, and each source's compiled file was written after every
 * source and tsconfig last changed (`npm install` writes it through `prepare`, and so does each test run
 * that found it stale). Files compiled from sources since deleted are left out of the comparison: their
 * old times would make it stale for ever.
 */
const libraryIsCurrent = () => {
  const lib = join(ROOT, "dist", "lib")
  const targets = Object.values(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).exports as Record<string, { import?: string } | string>)
    .flatMap((t) => (typeof t === "object" && t.import !== undefined ? [join(ROOT, t.import)] : []))
  if (!existsSync(lib) || !targets.every((t) => existsSync(t))) return false
  // Declaration files (`*.d.ts`) compile to nothing.
  const sources = filesUnder(join(ROOT, "src"), ".ts").filter((f) => !f.rel.endsWith(".d.ts"))
  const newest = Math.max(...sources.map((f) => f.mtimeMs), ...["tsconfig.json", "tsconfig.lib.json"].map((f) => statSync(join(ROOT, f)).mtimeMs))
  return sources.every((f) => {
    const js = join(lib, f.rel.replace(/\.ts$/, ".js"))
    return existsSync(js) && statSync(js).mtimeMs > newest
  })
}

/**
 * The library build (tsc) is part of `npm run build`; make sure dist/lib is current. Once for the
 * file, and only when a source changed since it was written: a full tsc of the library takes ten
 * seconds of a test worker, and the tests that need it share it.
 */
let libraryBuilt: Promise<{ code: number | null; stdout: string; stderr: string }> | undefined
const buildLibrary = async () => {
  libraryBuilt ??= libraryIsCurrent()
    ? Promise.resolve({ code: 0, stdout: "", stderr: "" })
    : spawnAsync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", join(ROOT, "tsconfig.lib.json")], { cwd: ROOT, env: process.env })
  const tsc = await libraryBuilt
  expect(tsc.code, tsc.stdout + tsc.stderr).toBe(0)
}

describe("library surface", () => {
  it("resolves and runs a use case from a consumer package", async () => {
    await buildLibrary()
    const dir = consumerPackage()
    const stdout = await runConsumer(dir, "consumer.mjs", `import { Effect } from "effect"
import { init, makeLiveLayer, SkillNotFound, renderError } from "skillc"
const layer = makeLiveLayer({ cwd: process.argv[2], env: { SKILLC_HOME: process.argv[2] + "/home" } })
const r = await Effect.runPromise(init({ name: "embedded" }).pipe(Effect.provide(layer)))
console.log(JSON.stringify({ r, e: renderError(new SkillNotFound({ skill: "x" })) }))
`)
    const parsed = JSON.parse(stdout)
    expect(parsed.r).toMatchObject({ kind: "skill", name: "embedded", scope: "project" })
    expect(parsed.e).toBe("error[E001]: skill 'x' not found")
    // A full tsc of the library, when it runs: seconds on a quiet machine, minutes on a loaded one.
  }, 600_000)

  // Issue 28: the in-memory harness is shipped (`skillc/testing`): an embedder's test runs
  // skc's use cases on a virtual tree, with no disk, SQLite or home of its own.
  it("skillc/testing: build, search and show on the shipped in-memory world (issue 28)", async () => {
    await buildLibrary()
    const dir = consumerPackage()
    const stdout = await runConsumer(dir, "harness.mjs", `import { Effect } from "effect"
import { build, search, show } from "skillc"
import { memoryWorld } from "skillc/testing"
const world = memoryWorld({
  files: { "/proj/.skillc/skills/demo/SKILL.md": "---\\nname: demo\\ndescription: A demo skill. Use when testing.\\n---\\n# Demo\\n\\n## Rollback\\n\\nRevert the release with the rollback script.\\n" }
})
const program = Effect.gen(function* () {
  yield* build({ skill: "demo" })
  const found = yield* search({ skill: "demo", query: "rollback" })
  const section = yield* show({ skill: "demo", section: "Rollback" })
  return { hits: found.results.map((r) => r.section), text: section.content }
})
console.log(JSON.stringify(await Effect.runPromise(program.pipe(Effect.provide(world.layer)))))
`)
    const parsed = JSON.parse(stdout) as { hits: Array<string>; text: string }
    expect(parsed.hits).toContain("Rollback")
    expect(parsed.text).toContain("Revert the release")
  }, 600_000)

  // Issue 28 "done when": a program of at most 10 lines, written as an outside package would,
  // builds, lints, searches, shows and reads the stats of a skill in memory, and each call is one access.
  it("skillc + skillc/testing: ten lines build, lint, search, show and read stats; one access per call (issue 28)", async () => {
    await buildLibrary()
    const dir = consumerPackage()
    const program = [
      `import { Effect } from "effect"`,
      `import { build, lint, search, show, stats } from "skillc"`,
      `import { memoryWorld } from "skillc/testing"`,
      `const world = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": ${JSON.stringify(DEMO)} } })`,
      `const skill = "demo"`,
      `const calls = [build({ skill }), lint({ skill }), search({ skill, query: "rollback" }), show({ skill, section: "Rollback" })]`,
      `const program = Effect.andThen(Effect.all(calls), stats({ skill, group_by: "commands", include_author: true }))`,
      `const { report } = await Effect.runPromise(program.pipe(Effect.provide(world.layer)))`,
      `console.log(JSON.stringify(report.data))`
    ]
    expect(program.length).toBeLessThanOrEqual(10)
    const stdout = await runConsumer(dir, "ten.mjs", program.join("\n") + "\n")
    // Rows per command (RFC-0003's `commands` view): one per call; `stats` records itself after it has read the log.
    expect(JSON.parse(stdout)).toEqual({ build: 1, lint: 1, search: 1, show: 1 })
  }, 600_000)

  // Issue 24 item 4: an application on Effect 4 yields skc's use cases in its own
  // Effect.gen, beside a service of its own, and provides skc's live layer: one
  // effect, one runtime. It would not compile (nor run: "not a valid effect")
  // if skc were built on another major of effect.
  it("an Effect 4 program embeds skc: build, search and show on the live layer (issue 24 item 4)", async () => {
    const dir = consumerPackage()
    const skill = join(dir, ".skillc", "skills", "deploy-notes")
    mkdirSync(skill, { recursive: true })
    writeFileSync(
      join(skill, "SKILL.md"),
      "---\nname: deploy-notes\ndescription: How we deploy and roll back the web app.\n---\n\n# Deploy notes\n\n## Rolling back\n\nRun the rollback job with the previous tag.\n"
    )
    const stdout = await runConsumer(dir, "embed.mjs", `import { Context, Effect, Layer } from "effect"
import { build, search, show, makeLiveLayer } from "skillc"
import effectPackage from "effect/package.json" with { type: "json" }

// The host application's own service, on the same Effect.
class Audit extends Context.Service()("host/Audit") {}
const audit = []
const AuditLive = Layer.succeed(Audit)({ note: (m) => Effect.sync(() => void audit.push(m)) })

const program = Effect.gen(function* () {
  const log = yield* Audit
  const built = yield* build({ skill: "deploy-notes" })
  yield* log.note("built " + built.skill)
  const found = yield* search({ skill: "deploy-notes", query: "rollback" })
  const section = yield* show({ skill: "deploy-notes", section: found.results[0].section })
  return { built: built.skill, first: found.results[0].section, content: section.content }
})
const layer = Layer.merge(makeLiveLayer({ cwd: process.argv[2], env: { SKILLC_HOME: process.argv[2] + "/home" } }), AuditLive)
const out = await Effect.runPromise(program.pipe(Effect.provide(layer)))
console.log(JSON.stringify({ ...out, audit, effect: effectPackage.version }))
`)
    const parsed = JSON.parse(stdout)
    expect(parsed.effect).toMatch(/^4\./)
    expect(parsed).toMatchObject({ built: "deploy-notes", first: "Rolling back", audit: ["built deploy-notes"] })
    expect(parsed.content).toContain("Run the rollback job with the previous tag.")
  }, 600_000)

  // Issue 28 item 1: every entry is documented with one example in docs/library.md; each example there
  // runs as written, from an outside package, and prints something.
  it("every example of docs/library.md runs from a consumer package (issue 28 item 1)", async () => {
    await buildLibrary()
    const dir = consumerPackage()
    const doc = readFileSync(join(ROOT, "docs", "library.md"), "utf8")
    const examples = [...doc.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]!)
    const entries = [...doc.matchAll(/^### `(skillc\/[a-z]+)`$/gm)].map((m) => m[1]!)
    expect(entries).toEqual(["skillc/build", "skillc/config", "skillc/lint", "skillc/search", "skillc/stats", "skillc/protocol", "skillc/tools", "skillc/ports", "skillc/testing"])
    // The two opening examples, then one per entry, each importing its entry.
    expect(examples).toHaveLength(2 + entries.length)
    entries.forEach((entry, i) => expect(examples[2 + i], entry).toContain(`from "${entry}"`))
    for (const [i, source] of examples.entries()) {
      const stdout = await runConsumer(dir, `example-${i}.mjs`, source)
      expect(stdout.trim(), source).not.toBe("")
    }
  }, 600_000)
})
