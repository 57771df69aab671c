// Every `skc …` command a user or an agent copies — from `skc <command> --help` (its Examples), README.md and
// docs/*.md — is one skc accepts: an existing command and flags, allowed values, every required argument.
// Flags were renamed over time and nothing checked the examples (help.test.ts only counts them).
// Each line is checked by `checkArgv` (src/cli/main.ts): the CLI's own parsers and the runner's checks, the
// command never run (nothing read, written or served).
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { commandSpecs } from "../../src/commands/index.js"
import { mcpHelp } from "../../src/commands/mcp.js"
import { lspHelp } from "../../src/commands/lsp.js"
import { renderCommandHelp, renderRootHelp } from "../../src/cli/help.js"
import { checkArgv } from "../../src/cli/main.js"
import type { Flag } from "../../src/commands/spec.js"
import { renderError, skcErrorOfCause } from "../../src/domain/errors.js"

const ROOT = join(__dirname, "..", "..")

/** A command shown somewhere, with where it is shown (file:line) and the words after `skc`. */
interface Shown {
  readonly where: string
  readonly line: string
  readonly argv: ReadonlyArray<string>
  /** Inline code in running text: words may be left out (a value, an argument), none may be wrong. */
  readonly fragment?: boolean
}

/**
 * Lines shown on purpose as refused (the docs show the error skc gives): `file:text` → why.
 * Keep this short: a line here is one the test does not hold to parsing.
 */
const REFUSED_ON_PURPOSE: Readonly<Record<string, string>> = {
  "README.md:skc show pdf Forms": "the README shows that a heading given without --section is E100 with the command as meant"
}

/** A sample value for a `<placeholder>` or `$VAR`: a word any argument or free-text flag takes. */
const sample = (name: string): string => (/^(command|cmd)$/.test(name) ? "show" : /^(n|number|count|limit|tokens|bytes|lines|depth|budget)$/i.test(name) ? "10" : "sample")

/**
 * The words of one shell command line (after `skc`), as a POSIX shell splits them: quotes, backslashes,
 * `$VAR`/`${VAR}`/`$(…)` and `<placeholder>` as sample values, `[optional …]` notation unwrapped; the
 * command ends at a comment, a pipe, a redirection, `;` or `&`.
 */
const shellWords = (text: string): Array<string> => {
  const words: Array<string> = []
  let word = ""
  let inWord = false
  const end = () => {
    if (inWord) words.push(word)
    word = ""
    inWord = false
  }
  const variable = (i: number): [string, number] => {
    // `$NAME`, `${NAME}`, `$(…)`: a sample value, and the index after it.
    if (text[i + 1] === "{") {
      const close = text.indexOf("}", i)
      return [sample(text.slice(i + 2, close)), close + 1]
    }
    if (text[i + 1] === "(") {
      let depth = 0
      for (let j = i + 1; j < text.length; j++) {
        if (text[j] === "(") depth++
        if (text[j] === ")" && --depth === 0) return ["sample", j + 1]
      }
      return ["sample", text.length]
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i + 1))?.[0]
    return name === undefined ? ["$", i + 1] : [sample(name), i + 1 + name.length]
  }
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c === " " || c === "\t") {
      end()
      i++
    } else if (c === "#" && !inWord) break
    else if (c === "|" || c === ";" || c === "&" || c === ">") {
      // `2>&1`, `2> file`: the descriptor is no word of the command.
      if (c === ">" && /^[0-9]$/.test(word)) inWord = false
      break
    } else if (c === "<") {
      const placeholder = /^<([^<>\s][^<>]*)>/.exec(text.slice(i))
      if (placeholder === null) break
      word += sample(placeholder[1]!)
      inWord = true
      i += placeholder[0].length
    } else if (c === "'") {
      const close = text.indexOf("'", i + 1)
      word += text.slice(i + 1, close < 0 ? text.length : close)
      inWord = true
      i = close < 0 ? text.length : close + 1
    } else if (c === '"') {
      inWord = true
      i++
      while (i < text.length && text[i] !== '"') {
        if (text[i] === "\\" && /["\\$`]/.test(text[i + 1] ?? "")) {
          word += text[i + 1]
          i += 2
        } else if (text[i] === "$") {
          const [value, next] = variable(i)
          word += value
          i = next
        } else word += text[i++]
      }
      i++
    } else if (c === "\\") {
      word += text[i + 1] ?? ""
      inWord = true
      i += 2
    } else if (c === "$") {
      const [value, next] = variable(i)
      word += value
      inWord = true
      i = next
    } else {
      word += c
      inWord = true
      i++
    }
  }
  end()
  // `[my-skill …]`: usage notation for optional words; the words inside, without the ellipsis.
  return words.flatMap((w) => (w === "…" || w === "..." ? [] : [w.replace(/^\[/, "").replace(/\]$/, "").replace(/(…|\.\.\.)$/, "")])).filter((w) => w !== "")
}

/**
 * The `skc …` lines of a Markdown file's shell and plain code blocks (`\` continuations joined), and its
 * `skc …` inline code (checked as fragments: a word may be left out, none may be wrong).
 */
const commandsInMarkdown = (file: string, text: string): Array<Shown> => {
  const lines = text.split("\n")
  const shown: Array<Shown> = []
  let fence: string | undefined
  for (let n = 0; n < lines.length; n++) {
    const open = /^\s*(```+)\s*([A-Za-z0-9-]*)/.exec(lines[n]!)
    if (open !== null) {
      if (fence === undefined) fence = ["", "sh", "bash", "shell", "zsh", "console"].includes(open[2]!) ? "shell" : "other"
      else fence = undefined
      continue
    }
    if (fence === undefined) {
      // `skc …` in running text: often a fragment (`skc stats --from`), so checked as a fragment.
      for (const span of lines[n]!.matchAll(/`(skc [^`]+)`/g)) {
        // `skc mcp: roots/list: …` quotes a message skc writes, not a command.
        if (/^skc [a-z-]+:/.test(span[1]!)) continue
        shown.push({ where: `${file}:${n + 1}`, line: span[1]!, argv: shellWords(span[1]!).slice(1), fragment: true })
      }
      continue
    }
    if (fence !== "shell") continue
    // A command line: `skc …`, `$ skc …`, or after environment assignments (`ANTHROPIC_MODEL=… skc budget`).
    const start = /^\s*(?:\$ )?(?:[A-Z_][A-Z0-9_]*=\S* )*skc(?: |$)/.exec(lines[n]!)
    if (start === null) continue
    const first = n
    let line = lines[n]!.trim()
    while (/\\\s*$/.test(line) && n + 1 < lines.length) line = line.replace(/\\\s*$/, " ") + lines[++n]!.trim()
    line = line.replace(/^\$ /, "").replace(/^(?:[A-Z_][A-Z0-9_]*=\S* )+/, "")
    shown.push({ where: `${file}:${first + 1}`, line, argv: shellWords(line).slice(1) })
  }
  return shown
}

/** The Examples of every help page, root included (as `skc --help` and `skc <command> --help` print them). */
const helpExamples = (): Array<Shown> => {
  const pages = [
    { name: "skc --help", text: renderRootHelp([...commandSpecs, mcpHelp, lspHelp], "0.0.0") },
    ...[...commandSpecs, mcpHelp, lspHelp].map((t) => ({ name: `skc ${t.name} --help`, text: renderCommandHelp(t) }))
  ]
  return pages.flatMap(({ name, text }) => {
    const examples = text.slice(text.indexOf("\nExamples:\n")).split("\n")
    return examples.filter((l) => l.startsWith("  skc")).map((l, k) => ({ where: `${name} (example ${k + 1})`, line: l.trim(), argv: shellWords(l.trim()).slice(1) }))
  })
}

// The changelog archive is a record of what changed, as CHANGELOG.md is: it names commands as they were then.
const markdownFiles = (): Array<string> => [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md") && f !== "changelog-archive.md")
    .map((f) => `docs/${f}`)
]

const topics = [...commandSpecs, mcpHelp, lspHelp]

/**
 * A value outside the ones the help lists for its flag ("values: …"). Most are refused by the parse
 * (`list --scope`, `discover --agent`), but `stats --group-by` (E030) and `tools --mode` only when the
 * use case runs, which `checkArgv` never does: read here from the same spec the help is written from.
 */
const outsideChoices = (argv: ReadonlyArray<string>): string | undefined => {
  const flags = Object.values(topics.find((t) => t.name === argv[0])?.flags ?? {}) as ReadonlyArray<Flag>
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i]!
    if (word === "--") break
    const eq = word.startsWith("--") ? word.indexOf("=") : -1
    const name = eq < 0 ? word : word.slice(0, eq)
    const f = flags.find((f) => name === `--${f.name}` || (f.alias !== undefined && name === `-${f.alias}`))
    if (f === undefined || f.kind === "boolean") continue
    const value = eq < 0 ? argv[++i] : word.slice(eq + 1)
    if (f.choices !== undefined && value !== undefined && !f.choices.includes(value)) {
      return `--${f.name}: '${value}' is not one of its values (${f.choices.join(", ")})`
    }
  }
  return undefined
}

/** The error skc reports for `argv` (its RFC-0005 line), or undefined when skc accepts it. */
const refusal = async (argv: ReadonlyArray<string>): Promise<string | undefined> => {
  const exit = await Effect.runPromiseExit(checkArgv(argv))
  return Exit.isSuccess(exit) ? outsideChoices(argv) : renderError(skcErrorOfCause(exit.cause).error)
}

/** The refusals of a line that only leaves words out: what a fragment (inline code) may do. */
const MISSING = /^error\[E100\]: invalid option: '?(Missing argument <|Expected a value following option|missing required option|missing query|missing skill:|'?missing skill \(or --all)/

const checkAll = async (shown: ReadonlyArray<Shown>): Promise<Array<string>> => {
  const problems: Array<string> = []
  for (const s of shown) {
    const error = await refusal(s.argv)
    const onPurpose = REFUSED_ON_PURPOSE[`${s.where.replace(/:\d+$/, "")}:${s.line}`]
    if (onPurpose !== undefined) {
      if (error === undefined) problems.push(`${s.where}: listed as refused (${onPurpose}) but skc accepts it: ${s.line}`)
    } else if (error !== undefined && !(s.fragment === true && MISSING.test(error))) problems.push(`${s.where}: ${s.line}\n    ${error.split("\n")[0]}`)
  }
  return problems
}

describe("the skc commands the help, README.md and docs/*.md show", () => {
  it("the checker refuses what skc refuses: an unknown flag, a value outside the allowed ones, a missing argument", async () => {
    // Without this, a checker that accepts everything would pass every test below.
    expect(await refusal(["outline", "my-skill", "--format", "json"])).toBeUndefined()
    expect(await refusal(["outline", "my-skill", "--max-line", "3"])).toMatch(/^error\[E100\]: .*--max-line/)
    expect(await refusal(["outline", "my-skill", "--format", "yaml"])).toMatch(/^error\[E100\]: invalid option: unknown format 'yaml'/)
    expect(await refusal(["show"])).toMatch(/^error\[E100\]: invalid option: 'Missing argument <skill>'/)
    expect(await refusal(["frobnicate"])).toMatch(/^error\[E100\]: invalid option: Invalid subcommand/)
    expect(await refusal(["mcp", "--htttp"])).toMatch(/^error\[E100\]/)
    expect(await refusal(["show", "--help"])).toBeUndefined()
    expect(await refusal(["list", "--scope", "everywhere"])).toMatch(/^error\[E100\]: .*--scope/)
    expect(await refusal(["discover", "--agent", "nobody"])).toMatch(/^error\[E100\]: .*--agent.*nobody/)
    expect(await refusal(["stats", "my-skill", "--group-by", "days"])).toMatch(/^--group-by: 'days' is not one of its values/)
    expect(await refusal(["tools", "git", "--mode=Prod"])).toMatch(/^--mode: 'Prod' is not one of its values/)
    expect(await refusal(["stats"])).toMatch(/missing skill/)
  }, 60_000)

  it("the words of a documented line: quotes, comments, continuations, placeholders, redirections", () => {
    expect(shellWords(`skc search --all "fill a form" --limit 50   # the best results`)).toEqual(["skc", "search", "--all", "fill a form", "--limit", "50"])
    expect(shellWords(`skc lint my-skill --format sarif > lint.sarif`)).toEqual(["skc", "lint", "my-skill", "--format", "sarif"])
    expect(shellWords(`skc show <skill> --section "$TITLE" 2>&1 | head`)).toEqual(["skc", "show", "sample", "--section", "sample"])
    expect(shellWords(`skc build --watch [my-skill …]`)).toEqual(["skc", "build", "--watch", "my-skill"])
    expect(commandsInMarkdown("x.md", "```sh\nskc mcp --http \\\n  --stateless  # c\n```\n```json\nskc no\n```\n")).toEqual([
      { where: "x.md:2", line: "skc mcp --http  --stateless  # c", argv: ["mcp", "--http", "--stateless"] }
    ])
  })

  it("every help page's examples parse", async () => {
    const shown = helpExamples()
    expect(shown.length).toBeGreaterThan(2 * commandSpecs.length)
    expect(await checkAll(shown)).toEqual([])
  }, 60_000)

  for (const file of markdownFiles()) {
    const shown = commandsInMarkdown(file, readFileSync(join(ROOT, file), "utf8"))
    if (shown.length === 0) continue
    it(`${file}: every skc command it shows parses (${shown.length})`, async () => {
      expect(await checkAll(shown)).toEqual([])
    }, 60_000)
  }
})
