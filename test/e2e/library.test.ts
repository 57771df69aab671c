// The package as an embedder imports it: `import { … } from "skillc"` through package.json exports.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync, symlinkSync } from "node:fs"
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
 * dist/lib holds every entry package.json maps, and each compiled file was written after every source
 * and tsconfig last changed (a compile writes every file it emits), with a source of its own. The
 * library's compile emits only what the entries reach (tsconfig.lib.json's `files`) and removes the
 * rest (scripts/build-lib.mjs): a file of an earlier compile, with no source or unreachable, makes it
 * stale, and the compile that follows removes it.
 */
const libraryIsCurrent = () => {
  const lib = join(ROOT, "dist", "lib")
  const targets = Object.values(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).exports as Record<string, { import?: string } | string>)
    .flatMap((t) => (typeof t === "object" && t.import !== undefined ? [join(ROOT, t.import)] : []))
  if (!existsSync(lib) || !targets.every((t) => existsSync(t))) return false
  // Declaration files (`*.d.ts`) compile to nothing.
  const sources = filesUnder(join(ROOT, "src"), ".ts").filter((f) => !f.rel.endsWith(".d.ts"))
  const newest = Math.max(...sources.map((f) => f.mtimeMs), ...["tsconfig.json", "tsconfig.lib.json"].map((f) => statSync(join(ROOT, f)).mtimeMs))
  return filesUnder(lib, ".js").every((f) => existsSync(join(ROOT, "src", f.rel.replace(/\.js$/, ".ts"))) && f.mtimeMs > newest)
}

/**
 * The library build (scripts/build-lib.mjs: tsc, then what it did not emit removed) is part of `npm run
 * build`; make sure dist/lib is current. Once for the file, and only when a source changed since it was
 * written: a full tsc of the library takes ten seconds of a test worker, and the tests that need it share it.
 */
let libraryBuilt: Promise<{ code: number | null; stdout: string; stderr: string }> | undefined
const buildLibrary = async () => {
  libraryBuilt ??= libraryIsCurrent()
    ? Promise.resolve({ code: 0, stdout: "", stderr: "" })
    : spawnAsync(process.execPath, [join(ROOT, "scripts", "build-lib.mjs")], { cwd: ROOT, env: process.env })
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

  // What an embedder meets when a call goes wrong (docs/library.md, "Errors" and "Bad input"): the
  // rejection of Effect.runPromise is skc's error, whose `message` is renderError's text
  // (RFC-0005:C-CODES; it was ""), and a use case given a bad argument fails with E100 naming the
  // field (it died with a TypeError inside the use case).
  it("a failed call rejects with a worded error; a bad argument is E100 naming the field (RFC-0005:C-CODES)", async () => {
    await buildLibrary()
    const dir = consumerPackage()
    const stdout = await runConsumer(dir, "errors.mjs", `import { Effect } from "effect"
import { search, show, stats, renderError } from "skillc"
import { memoryWorld } from "skillc/testing"
const world = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": ${JSON.stringify(DEMO)} } })
const reason = (call) => Effect.runPromise(call.pipe(Effect.provide(world.layer))).then(() => "succeeded", (e) => ({ tag: e._tag, message: e.message, rendered: renderError(e) }))
console.log(JSON.stringify({
  missing: await reason(show({ skill: "nowhere", section: "Setup" })),
  query: await reason(search({ skill: "demo", query: 5 })),
  skill: await reason(stats({ skill: 3 }))
}))
`)
    const out = JSON.parse(stdout)
    expect(out.missing.tag).toBe("SkillNotFound")
    expect(out.missing.message).toMatch(/^error\[E001\]: skill 'nowhere' not found/)
    expect(out.missing.message).toBe(out.missing.rendered)
    expect(out.query).toMatchObject({ tag: "InvalidOption", rendered: "error[E100]: invalid option: 'query: Expected string, actual 5'" })
    expect(out.skill).toMatchObject({ tag: "InvalidOption", rendered: "error[E100]: invalid option: 'skill: Expected string, actual 3'" })
  }, 600_000)

  // dist/lib is what the entries reach (tsconfig.lib.json's `files`): it shipped the CLI's, the MCP
  // server's and the language server's modules too, which no entry imports and their own bundles
  // carry. Every package it imports is an (optional) peer dependency or Node's own, so the Install
  // section of docs/library.md names all an embedder needs.
  it("dist/lib holds no CLI, MCP or LSP module, and imports only peer dependencies and node: (issue 46 item 1)", async () => {
    await buildLibrary()
    const lib = join(ROOT, "dist", "lib")
    for (const unreachable of ["cli", "mcp", "lsp", "commands", "cli.js"]) expect(existsSync(join(lib, unreachable)), unreachable).toBe(false)
    const peers = Object.keys(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).peerDependencies as Record<string, string>)
    const imported = new Set(
      filesUnder(lib, ".js").flatMap((f) =>
        // Static imports and re-exports, and import() of a literal: the package part of each bare specifier.
        // The modules are written without white space (scripts/build-lib.mjs): `import{a}from"effect";`.
        [...readFileSync(join(lib, f.rel), "utf8").matchAll(/(?:^|[;\n}])\s*(?:import|export)\b[^;"]*?\bfrom\s*"([^".][^"]*)"|\bimport\("([^".][^"]*)"\)/g)].map((m) => {
          const spec = (m[1] ?? m[2])!
          return spec.startsWith("node:") ? "node:" : spec.split("/").slice(0, spec.startsWith("@") ? 2 : 1).join("/")
        })
      )
    )
    expect([...imported].filter((p) => p !== "node:" && !peers.includes(p)).sort()).toEqual([])
    expect(imported.has("effect")).toBe(true)
    // A task's entry loads what it exports: `skillc/stats`' checked `statsAll` once pulled in every use
    // case (tool runs, builds, prompts) through the root's module of checked use cases.
    const reached = new Set<string>()
    const walk = (rel: string) => {
      if (reached.has(rel)) return
      reached.add(rel)
      const text = readFileSync(join(lib, rel), "utf8")
      for (const m of text.matchAll(/(?:^|[;\n}])\s*(?:import|export)\b[^;"]*?\bfrom\s*"(\.[^"]*)"/g)) walk(join(rel, "..", m[1]!))
    }
    walk(join("entries", "stats.js"))
    expect(reached.has(join("app", "usage", "statsAll.js"))).toBe(true)
    expect([...reached].filter((f) => /^app[\\/](tools|build|lint)[\\/]|library\.js$/.test(f)).sort()).toEqual([])
  }, 600_000)

  // Issue 46 item 1 / docs/library.md "Install": the peers are optional, and a static ES import of a
  // missing package fails in Node's loader before any of skc's code runs, so skc cannot word it; the
  // documentation says what Node prints. Pinned here: the message names the package, and skillc.
  it("a missing peer dependency: Node's ERR_MODULE_NOT_FOUND names the package (docs/library.md, Install)", async () => {
    await buildLibrary()
    // skillc as npm lays it out (a copy: a link would resolve the peers from this checkout's node_modules), with effect beside it and no other peer.
    const dir = tempDir()
    const pkgDir = join(dir, "node_modules", "skillc")
    mkdirSync(join(pkgDir, "dist"), { recursive: true })
    cpSync(join(ROOT, "package.json"), join(pkgDir, "package.json"))
    cpSync(join(ROOT, "dist", "lib"), join(pkgDir, "dist", "lib"), { recursive: true })
    symlinkSync(join(ROOT, "node_modules", "effect"), join(dir, "node_modules", "effect"))
    writeFileSync(join(dir, "missing.mjs"), `import { VERSION } from "skillc"\nconsole.log(VERSION)\n`)
    const out = await spawnAsync(process.execPath, [join(dir, "missing.mjs")], { cwd: dir, env: process.env })
    expect(out.code).not.toBe(0)
    expect(out.stderr).toContain("ERR_MODULE_NOT_FOUND")
    const missing = /Cannot find package '([^']+)' imported from (\S+)/.exec(out.stderr)
    expect(missing, out.stderr).not.toBeNull()
    const peers = Object.keys(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).peerDependencies as Record<string, string>)
    expect(peers).toContain(missing![1])
    expect(missing![2]).toContain(join("node_modules", "skillc", "dist", "lib"))
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
