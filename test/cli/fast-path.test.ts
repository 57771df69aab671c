// The fast path and effect/cli must hand the same input to the same handler (the generic runner).
import { CliOutput, Command } from "effect/cli"
import { ChildProcessSpawner } from "effect/process"
import { Effect, FileSystem, Layer, Option, Path, Stdio, Terminal } from "effect"
import { describe, expect, it } from "vitest"
import { commandSpecs } from "../../src/commands/index.js"
import { cliConfig, parseDecimalInteger } from "../../src/cli/generate.js"
import { fastCommands, parseFast } from "../../src/cli/fast.js"
import { dashOperands, joinDashValues } from "../../src/cli/argv.js"

/** Each fast-path command's effect/cli flags and arguments, generated from its spec exactly as the CLI does. */
const configs: Record<string, ReturnType<typeof cliConfig>> = Object.fromEntries(
  commandSpecs.filter((s) => s.fast === true).map((s) => [s.name, cliConfig(s)])
)

/** effect/cli's environment, none of it used by skc's commands; nothing is printed. */
const unused = Effect.die("unused")
const environment = Layer.mergeAll(
  FileSystem.layerNoop({}),
  Path.layer,
  Stdio.layerTest({}),
  Layer.succeed(
    Terminal.Terminal,
    Terminal.make({ columns: Effect.succeed(80), rows: Effect.succeed(24), size: unused, readInput: unused, readLine: unused, display: () => Effect.void })
  ),
  Layer.succeed(ChildProcessSpawner.ChildProcessSpawner, ChildProcessSpawner.make(() => unused)),
  CliOutput.layerPresenter({ present: () => Effect.void })
)

/** Parse `argv` with effect/cli and capture what it would give the handler. */
const parseWithEffectCli = async (name: string, argv: ReadonlyArray<string>, operands?: ReadonlySet<string>) => {
  let captured: unknown = undefined
  const config = operands === undefined ? configs[name]! : cliConfig(commandSpecs.find((s) => s.name === name)!, operands)
  const recording = Command.make(name, config, (input: unknown) => Effect.sync(() => void (captured = input)))
  const root = Command.make("skc").pipe(Command.withSubcommands([recording]))
  const run = Command.runWith(root, { version: "test", renderErrors: false })
  const exit = await Effect.runPromiseExit(run([name, ...argv]).pipe(Effect.provide(environment)))
  return exit._tag === "Success" ? captured : "parse-error"
}

const normalise = (v: unknown): unknown => JSON.parse(JSON.stringify(v, (_k, x) => (Option.isOption(x) ? { option: Option.getOrNull(x) } : x)))

const samples: Record<string, ReadonlyArray<ReadonlyArray<string>>> = {
  init: [[], ["my-skill"], ["my-skill", "--global"], ["--global", "x"], ["x", "--format", "json"], ["-v", "x"], ["x", "--verbose", "--format", "text"]],
  show: [
    ["s", "--section", "Getting Started"],
    ["s", "--section", "A", "--file", "refs/a.md", "--max-lines", "5", "--format", "json"],
    ["--max-lines", "3", "s", "--section", "x", "-v"],
    ["s"]
  ],
  build: [
    ["s"],
    ["a", "b", "c"],
    [],
    ["--all"],
    ["--all", "--global", "--format", "json"],
    ["s", "--target", "claude,cursor", "--copy"],
    ["-t", "codex", "s", "-g", "-f"],
    ["a", "--copy", "b", "-v"],
    ["--watch", "s"],
    ["-w"]
  ],
  outline: [["s"], ["s", "--level", "2"], ["--tokens", "s", "--format", "json"], ["s", "-v"]],
  open: [["s", "SKILL.md"], ["s", "references/a b.md", "--max-lines", "5"], ["--format", "json", "s", "x.txt"]],
  sources: [["s"], ["s", "--depth", "1"], ["s", "--dir", "references", "--pattern", "*.md", "--limit", "7"], ["s", "--format", "json", "-v"]],
  lint: [
    ["s"],
    [],
    ["a", "b", "skills/"],
    ["s", "--fix"],
    ["s", "--fix-dry-run", "--format", "json"],
    ["--agent", "claude,cursor", "s"],
    ["s", "--force", "--format", "sarif", "-v"],
    ["--all"],
    ["--all", "s", "--format", "json"]
  ],
  search: [["s", "configure auth"], ["s", "q", "--limit", "3"], ["--format", "json", "s", "q"], ["s", "", "-v"]],
  stats: [
    ["s"],
    ["s", "--group-by", "sections"],
    ["s", "--since", "2026-01-01", "--until", "2026-01-31T00:00:00Z"],
    ["s", "--project", "/a", "--project", "b", "--format", "json"],
    ["--group-by", "bogus", "s", "-v"],
    ["s", "--include-author", "--limit", "3"],
    ["--all", "--format", "html"],
    ["--all", "--since", "2026-01-01", "--limit", "5", "--format", "json"]
  ]
}

describe("fast path agrees with effect/cli", () => {
  for (const [name, cases] of Object.entries(samples)) {
    for (const argv of cases) {
      it(`${name} ${argv.join(" ")}`, async () => {
        const fast = parseFast(fastCommands[name]!, argv)
        expect(fast).toBeDefined()
        expect(normalise(fast)).toEqual(normalise(await parseWithEffectCli(name, argv)))
      })
    }
  }
  it("every fast-path command is covered here", () => {
    expect(Object.keys(fastCommands).sort()).toEqual(Object.keys(samples).sort())
    expect(Object.keys(configs).sort()).toEqual(Object.keys(samples).sort())
  })
  it("defers whatever it is unsure about", () => {
    const init = fastCommands.init!
    for (const argv of [["--help"], ["--bogus"], ["a", "b"], ["--global", "true"], ["--format"], ["--format=json"], ["--", "x"], ["--verbose", "--verbose"]]) {
      expect(parseFast(init, argv)).toBeUndefined()
    }
  })
})

// What main.ts hands both parsers (src/cli/argv.ts): a value-taking option's dash-led value joined to it,
// and the words after `--` taken as operands.
describe("dash-led option values and `--`", () => {
  const spec = (name: string) => commandSpecs.find((s) => s.name === name)!
  /** The words both parsers get for `skc <name> ...argv`, after the command name. */
  const words = (name: string, argv: ReadonlyArray<string>) => joinDashValues(spec(name), [name, ...argv]).slice(1)

  it("--section \"-v flag\" is the value `-v flag` (as --section=-v flag): the fast path defers, effect/cli takes it", async () => {
    const argv = words("show", ["s", "--section", "-v flag"])
    expect(argv).toEqual(["s", "--section=-v flag"])
    expect(parseFast(fastCommands.show!, argv)).toBeUndefined()
    expect(normalise(await parseWithEffectCli("show", argv))).toMatchObject({ skill: "s", section: { _tag: "Some", value: "-v flag" } })
    expect(words("show", ["s", "--max-lines", "-3"])).toEqual(["s", "--max-lines=-3"])
  })

  it("a word that is an option of the command stays an option: the missing value is still an error", async () => {
    for (const argv of [
      ["s", "--section", "--format", "json"],
      ["s", "--section", "-v"],
      ["s", "--section", "--format=json"],
      ["s", "--section", "--help"],
      ["s", "--section", "--"],
      ["s", "--", "--section", "-x"]
    ]) {
      expect(words("show", argv), argv.join(" ")).toEqual(argv)
    }
    expect(await parseWithEffectCli("show", ["s", "--section", "--format", "json"])).toBe("parse-error")
  })

  it("after `--` a dash-led word is an operand for an argument that refuses dash-led words; before it, refused", async () => {
    const argv = ["s", "--", "-notes.md"]
    expect(parseFast(fastCommands.open!, argv)).toBeUndefined()
    expect(normalise(await parseWithEffectCli("open", argv, dashOperands(["open", ...argv])))).toMatchObject({ skill: "s", path: "-notes.md" })
    expect(await parseWithEffectCli("open", ["s", "-3"], dashOperands(["open", "s", "-3"]))).toBe("parse-error")
    // The same word before `--` (a negative number effect/cli takes as a value) keeps its refusal.
    expect(dashOperands(["open", "-3", "--", "-3"]).has("-3")).toBe(false)
    expect(dashOperands(["open", "-v", "--", "-v"]).has("-v")).toBe(true)
  })
})

// Thirty-eighth pass: effect/cli's `Int` read a value with `Number`, so `--limit 1e1` was 10 on the full CLI
// while the fast path deferred on it. Both now take decimal digits only; the rest is the parser's error, which
// src/cli/app.ts words as E100 `--limit: '1e1' is not an integer` (RFC-0005:C-CODES).
describe("integer options: decimal digits only, on both parsers", () => {
  const refused = ["abc", "1e1", "0x10", "1.0", "+5", " 5", "5 ", "1_0", "Infinity", "99999999999999999999"]

  it("parseDecimalInteger takes digits (and a leading -) and nothing else", () => {
    expect(parseDecimalInteger("10")).toBe(10)
    expect(parseDecimalInteger("05")).toBe(5)
    expect(parseDecimalInteger("-3")).toBe(-3)
    for (const text of refused) expect(parseDecimalInteger(text), text).toBeUndefined()
  })

  it("effect/cli refuses what the fast path defers on; a plain integer reaches the handler on both", async () => {
    for (const value of refused) {
      const argv = ["s", "q", "--limit", value]
      expect(parseFast(fastCommands.search!, argv), value).toBeUndefined()
      expect(await parseWithEffectCli("search", argv), value).toBe("parse-error")
    }
    const argv = ["s", "q", "--limit", "10"]
    expect(normalise(await parseWithEffectCli("search", argv))).toMatchObject({ limit: { _tag: "Some", value: 10 } })
    expect(normalise(parseFast(fastCommands.search!, argv))).toMatchObject({ limit: { _tag: "Some", value: 10 } })
  })
})
