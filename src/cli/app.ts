/**
 * The full CLI on effect/cli: every command, version, completions, and the
 * canonical parse errors (E100). Loaded lazily by main.ts whenever the fast
 * path defers.
 */
import { CliConfig, CliError, CliOutput, Command, Flag as CliFlag, GlobalFlag } from "effect/cli"
import { ChildProcessSpawner } from "effect/process"
import { Console, Effect, FileSystem, Layer, Ref, Sink, Stdio, Stream, Terminal } from "effect"
import * as Path from "effect/Path"
import { InvalidOption } from "../domain/errors.js"
import { shellWord } from "../domain/shellWord.js"
import { closest, didYouMean } from "../domain/suggest.js"
import { commandSpecs } from "../commands/index.js"
import type { Flag } from "../commands/spec.js"
import { mcpHelp } from "../commands/mcp.js"
import { lspHelp } from "../commands/lsp.js"
import { VERSION } from "../domain/version.js"
import { mcpCommand } from "./commands/mcp.js"
import { lspCommand } from "./commands/lsp.js"
import { cliCommand, ExitStatus, type Handle } from "./generate.js"
import { dashOperands } from "./argv.js"
import { renderCommandHelp, renderRootHelp, usageLine } from "./help.js"
import { colourOn } from "../ports/Env.js"

// Help is written by src/cli/help.ts from the specs; main.ts answers --help before this parser loads.
// Made per invocation: an argument that refuses dash-led words takes those after `--` (src/cli/argv.ts).
// `handle`: what a parsed command does (default: run it); when given (only checking), `skc mcp` and `skc lsp` serve nothing.
const rootOf = (operands: ReadonlySet<string>, handle: Handle | undefined) =>
  Command.make("skc").pipe(
    Command.withDescription("skc — the development kit for Agent Skills."),
    Command.withSubcommands([
      cliCommand(commandSpecs[0]!, operands, handle),
      ...commandSpecs.slice(1).map((s) => cliCommand(s, operands, handle)),
      ...(handle === undefined ? [mcpCommand, lspCommand] : [Command.withHandler(mcpCommand, () => Effect.void), Command.withHandler(lspCommand, () => Effect.void)])
    ])
  )

// renderErrors: false — effect/cli prints no error of its own; the contract is one `error[E100]` line (parseError).
const cliOf = (args: ReadonlyArray<string>, handle: Handle | undefined) =>
  Command.runWith(rootOf(dashOperands(args), handle), { version: VERSION, renderErrors: false })

const stripAnsi = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, "")

/** The help page of a command path (`skc`, `skc show`), as `skc … --help` prints it. */
const helpPage = (commandPath: ReadonlyArray<string>): string => {
  const name = commandPath[1]
  const topic = name === "mcp" ? mcpHelp : name === "lsp" ? lspHelp : commandSpecs.find((s) => s.name === name)
  return topic === undefined ? renderRootHelp([...commandSpecs, mcpHelp, lspHelp], VERSION) : renderCommandHelp(topic)
}

/**
 * What effect/cli presents itself: a version or requested help only as skc
 * writes them; its own help and error pages never (with `renderErrors:
 * false` a parse error still presents help, and an invocation that only
 * lacks a command is answered by `runFullCli` with skc's help page).
 */
const presenter: CliOutput.Presenter = {
  present: (event) =>
    event._tag === "Version"
      ? Console.log(event.version)
      : event._tag === "Help" && event.reason === "Requested"
        ? Effect.sync(() => void process.stdout.write(helpPage(event.commandPath)))
        : Effect.void
}

/**
 * The framework's own flags skc keeps: `--help`/`-h` (answered by main.ts
 * before this parser loads), `--version` (without effect/cli's `-v`, which
 * is skc's `--verbose`), `--completions <shell>` and `--log-level`. No
 * `--wizard`: skc never prompts.
 */
const version = GlobalFlag.Action({
  flag: CliFlag.Boolean("version").pipe(CliFlag.withDescription("Print the version."), CliFlag.withDefault(false)),
  run: (_, context) => Console.log(context.version)
})
const builtIns = CliConfig.layer({ builtIns: [GlobalFlag.Help, version, GlobalFlag.Completions, GlobalFlag.LogLevel] })

/**
 * effect/cli's environment. skc commands never prompt, spawn or read files
 * through it, so these are minimal: a no-op file system, an 80-column
 * terminal without input, no process spawner, and the arguments given to
 * `runWith` rather than read from Stdio.
 */
const unused = Effect.die("skc: effect/cli has no terminal input or process spawner")
const environment = Layer.mergeAll(
  FileSystem.layerNoop({}),
  Path.layer,
  Layer.succeed(
    Terminal.Terminal,
    Terminal.make({
      columns: Effect.succeed(80),
      rows: Effect.succeed(24),
      size: unused,
      readInput: unused,
      readLine: unused,
      display: () => Effect.void
    })
  ),
  Layer.succeed(ChildProcessSpawner.ChildProcessSpawner, ChildProcessSpawner.make(() => unused)),
  Layer.succeed(Stdio.Stdio, Stdio.make({ args: Effect.succeed([]), stdout: () => Sink.drain, stderr: () => Sink.drain, stdin: Stream.empty })),
  CliOutput.layerPresenter(presenter),
  builtIns
)

/**
 * What effect/cli writes to the console (a completion script, the version)
 * goes to stdout plain unless stdout is a colour terminal, with one final
 * newline; nothing goes to stderr.
 */
const quietly = <A, E, R>(self: Effect.Effect<A, E, R>) =>
  Console.consoleWith((console) => {
    const plain = !colourOn(process.stdout.isTTY === true, (name) => process.env[name])
    const log = (...args: ReadonlyArray<unknown>) => {
      const text = args.map(String).join(" ")
      process.stdout.write((plain ? stripAnsi(text) : text).replace(/\n+$/, "") + "\n")
    }
    return Effect.provideService(self, Console.Console, { ...console, error: () => {}, log })
  })

/** Only checking (`checkArgv`): what effect/cli would print (a completion script, the version) is dropped. */
const silently = <A, E, R>(self: Effect.Effect<A, E, R>) =>
  Console.consoleWith((console) => Effect.provideService(self, Console.Console, { ...console, error: () => {}, log: () => {} }))

const subcommandNames = [...commandSpecs.map((s) => s.name), mcpCommand.name, lspCommand.name]

/** The options skc takes before any command, as `skc --help` lists them. */
const rootOptions = ["--help", "--version", "--completions"]

/** The type name a flag's value failed to parse as, in the words of the earlier parser. */
const typeName = (command: string | undefined, option: string): string | undefined => {
  const topic = command === "mcp" ? mcpHelp : command === "lsp" ? lspHelp : commandSpecs.find((s) => s.name === command)
  const flag = Object.values((topic?.flags ?? {}) as Record<string, Flag>).find((f) => f.name === option)
  return flag?.kind === "integer" ? "integer" : flag?.kind === "float" ? "float" : flag?.kind === "boolean" ? "boolean" : undefined
}

/**
 * One line for E100: effect/cli's error in the words skc has always used
 * (`Missing argument <skill>`, `Received unknown argument: '--x'`, …).
 */
const parseMessage = (error: CliError.NonShowHelpErrors, commandPath: ReadonlyArray<string>): string => {
  switch (error._tag) {
    case "UnknownSubcommand": {
      const names = commandPath.length <= 1 ? subcommandNames : []
      return `Invalid subcommand for ${commandPath[commandPath.length - 1] ?? "skc"} - use${names.length === 1 ? "" : " one of"} ${names.map((n) => `'${n}'`).join(", ")}`
    }
    case "UnrecognizedOption":
      // Before any command, a flag is where the command should be.
      return (error.command ?? commandPath).length <= 1
        ? parseMessage(new CliError.UnknownSubcommand({ subcommand: error.option, suggestions: [] }), ["skc"])
        : `Received unknown argument: '${error.option}'`
    case "UnexpectedArgument":
      return `Received unknown argument: '${error.arguments[0] ?? ""}'`
    case "MissingArgument":
      return `Missing argument <${error.argument}>`
    case "MissingOption":
      return `Expected to find option: '--${error.option}'`
    case "InvalidValue": {
      if (error.kind === "flag" && error.value === "") return `Expected a value following option: '--${error.option}'`
      if (error.kind === "flag" && error.expected === "at most 1 value") return `More than one reference to option '--${error.option}' detected`
      const type = error.kind === "flag" ? typeName(commandPath[1], error.option) : undefined
      // Decimal digits beyond 2^53 are an integer, one no option takes: "is not an integer" sent users looking for a typo.
      if (type === "integer" && /^-?[0-9]+$/.test(error.value)) return `--${error.option}: '${error.value}' is out of range`
      return type === undefined ? error.message : `--${error.option}: '${error.value}' is not ${type === "integer" ? "an" : "a"} ${type}`
    }
    default:
      return error.message
  }
}

/** The first error a parse failure reports, unknown commands first (as the earlier parser read the command first). */
const firstError = (errors: ReadonlyArray<CliError.NonShowHelpErrors>): CliError.NonShowHelpErrors | undefined =>
  errors.find((e) => e._tag === "UnknownSubcommand") ?? errors[0]

/**
 * The parser's E100, with the way out where skc knows it (issue 25 item 3):
 * the command meant by a misspelt one, the flag meant by an unknown one,
 * and the argument `search --all` really misses (the query, not a skill).
 */
const parseError = (message: string, args: ReadonlyArray<string>): InvalidOption => {
  const command = args[0]
  if (command === "search" && args.includes("--all") && /^Missing argument <skill>$/.test(message)) {
    return new InvalidOption({ message: "Missing argument <query>" })
  }
  if (/^Invalid subcommand for skc\b/.test(message) && command !== undefined) {
    // `skc -v list`: the README's `-v` (or any option) given before the command. The error listed the
    // commands, `list` among them, and said nothing of the order: the command as meant, to paste.
    const at = command.startsWith("-") ? args.findIndex((a) => subcommandNames.includes(a)) : -1
    if (at > 0) {
      const how = ["skc", args[at]!, ...args.slice(0, at), ...args.slice(at + 1)].map(shellWord).join(" ")
      return new InvalidOption({ message, suggestion: `options go after the command: ${how}` })
    }
    // `skc --versoin`, `skc --completion bash`: a misspelt option of skc itself was answered with the list
    // of commands alone, as if a command were missing; the option meant, as for a command's own flags.
    const option = command.startsWith("-") ? closest(command.replace(/=.*$/s, ""), rootOptions, 1) : []
    const meant = didYouMean(option.length > 0 ? option : closest(command, [...commandSpecs.map((s) => s.name), "mcp", "lsp"], 1))
    // `skc deploy-notes outline`: a skill's name before the command (a probe got the list of commands alone).
    const second = args[1]
    if (meant === undefined && !command.startsWith("-") && second !== undefined && subcommandNames.includes(second)) {
      const how = ["skc", second, command, ...args.slice(2)].map(shellWord).join(" ")
      return new InvalidOption({ message, suggestion: `the command comes first: ${how}` })
    }
    return new InvalidOption({ message, ...(meant === undefined ? {} : { suggestion: meant }) })
  }
  const unknown = /(?:unknown option|Received unknown argument:) '(--?[^']+)'/.exec(message)
  const spec = commandSpecs.find((s) => s.name === command)
  const word = /^Received unknown argument: '(.*)'$/s.exec(message)?.[1]
  // A missing argument: the command's usage line, as its help gives it (a new user typing `skc show` alone
  // learned that an argument was missing, not which ones the command takes).
  if (spec !== undefined && /^Missing argument </.test(message)) {
    return new InvalidOption({ message, suggestion: `usage: ${usageLine(spec)} (skc ${spec.name} --help)` })
  }
  const moved = spec === undefined || (word === undefined && unknown === null) ? undefined : optionsAfterDashes(spec, args)
  if (moved !== undefined) return new InvalidOption({ message, suggestion: moved })
  if (spec !== undefined && word !== undefined && !word.startsWith("-")) {
    const meant = wordsApart(spec, args)
    return new InvalidOption({ message, ...(meant === undefined ? {} : { suggestion: meant }) })
  }
  if (unknown !== null && spec !== undefined) {
    const flags = Object.values(spec.flags).map((f) => `--${f.name}`)
    const meant = didYouMean(closest(unknown[1]!, flags, 1)) ?? dashQuery(spec, args, unknown[1]!)
    return new InvalidOption({ message, ...(meant === undefined ? {} : { suggestion: meant }) })
  }
  return new InvalidOption({ message })
}

/**
 * `skc search --all -- -corpus --limit 3`: an option of the command after `--`, where every word is the
 * query's (a probe got "unknown argument: '3'", the option's value, and no hint). The command with the
 * options before `--`, to paste; undefined when no word after `--` is an option of the command.
 */
const optionsAfterDashes = (spec: (typeof commandSpecs)[number], args: ReadonlyArray<string>): string | undefined => {
  const d = args.indexOf("--")
  if (d < 0) return undefined
  const flags = Object.values(spec.flags as Record<string, Flag>)
  const moved: Array<string> = []
  const kept: Array<string> = []
  const after = args.slice(d + 1)
  for (let i = 0; i < after.length; i++) {
    const a = after[i]!
    // Long options only: a short word after `--` (`-v`) is as likely the query's.
    const flag = a.startsWith("--") ? flagOf(flags, a) : undefined
    if (flag === undefined) {
      kept.push(a)
      continue
    }
    moved.push(a)
    if (flag.kind !== "boolean" && !a.includes("=") && i + 1 < after.length) moved.push(after[++i]!)
  }
  if (moved.length === 0) return undefined
  // Nothing but options after `--` (`skc show demo -- --max-lines 5`): the `--` has no use (it was answered
  // "did you mean '--max-bytes'?", a valid option misspelt into another).
  return `options go before --: ${["skc", ...args.slice(0, d), ...moved, ...(kept.length === 0 ? [] : ["--", ...kept])].map(shellWord).join(" ")}`
}

/**
 * `skc search docx --abort`: a dash-word meant as the query (no other query given, no flag of that
 * name or close to it) goes after `--`, as the README's `skc search git-helper -- --abort` does. The
 * error said only "Received unknown argument: '--abort'": the command that asks it, to paste.
 */
const dashQuery = (spec: (typeof commandSpecs)[number], args: ReadonlyArray<string>, reported: string): string | undefined => {
  // `skc init -lead`: the parser named '-l', an option nobody gave; a skill's name never starts with '-' (SKL102).
  if (spec.name === "init") {
    // `--bogus` is an option mistyped more likely than a name; `-lead` reads as one.
    if (reported.startsWith("--")) return undefined
    const at = dashWordAt(args.slice(1), reported)
    return at < 0 ? undefined : `'${args[at + 1]}' is no skill name: a name starts with a letter or digit (lowercase letters, digits and hyphens, SKL102)`
  }
  if (spec.name !== "search") return undefined
  const rest = args.slice(1)
  const at = dashWordAt(rest, reported)
  if (at < 0) return undefined
  const word = rest[at]!
  const others = rest.filter((_, i) => i !== at)
  const roles = wordRoles(spec, others)
  // The query is missing: the skill alone, or nothing with --all.
  if (roles === undefined || roles.filter((r) => r === "positional").length !== (others.includes("--all") ? 0 : 1)) return undefined
  return `a query that starts with '-' goes after --: ${["skc", "search", ...others, "--", word].map(shellWord).join(" ")}`
}

/**
 * Where the word the parser refused stands among `rest`: the word itself (`--abort`), or the one word that
 * starts with a single dash and with what the parser named of it (it reads `-pdf` as the options `-p`, `-d`,
 * `-f` and names `-p`; `"-v flag"` it names `- `). -1 when none, or several could be meant.
 */
const dashWordAt = (rest: ReadonlyArray<string>, reported: string): number => {
  const exact = rest.indexOf(reported)
  if (exact >= 0) return exact
  // A pasted command line as one word ("--password=secret --decrypt in.pdf"): the parser names its first flag.
  const pasted = rest.flatMap((a, i) => (reported.startsWith("--") && (a.startsWith(`${reported}=`) || a.startsWith(`${reported} `)) ? [i] : []))
  if (pasted.length === 1) return pasted[0]!
  const start = reported.trimEnd()
  const single = rest.flatMap((a, i) => (a.length > 1 && a.startsWith("-") && !a.startsWith("--") && a.startsWith(start) ? [i] : []))
  return single.length === 1 ? single[0]! : -1
}

/** The flag a word of a command line gives (`--limit`, `--limit=3`, `-v`), if any. */
const flagOf = (flags: ReadonlyArray<Flag>, a: string): Flag | undefined =>
  flags.find((f) => a === `--${f.name}` || a.startsWith(`--${f.name}=`) || (f.alias !== undefined && a === `-${f.alias}`))

/**
 * Where each word of a command line stands: `flag` (a known flag, or its value) or `positional`;
 * undefined when a word is neither (an unknown flag) or `--` ends the options.
 */
const wordRoles = (spec: (typeof commandSpecs)[number], rest: ReadonlyArray<string>): ReadonlyArray<"flag" | "positional"> | undefined => {
  const flags = Object.values(spec.flags as Record<string, Flag>)
  const roles: Array<"flag" | "positional"> = []
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!
    if (a === "--") return undefined
    if (!a.startsWith("-") || a === "-") {
      roles.push("positional")
      continue
    }
    const flag = flagOf(flags, a)
    if (flag === undefined) return undefined
    roles.push("flag")
    // A flag's value is its next word.
    if (flag.kind !== "boolean" && !a.includes("=") && i + 1 < rest.length) {
      roles.push("flag")
      i++
    }
  }
  return roles
}

/**
 * The `--section` (and `--file`) of a heading given as show's argument. Pasted from a search result
 * (`forms.md#Fill the Form`) or an outline line (`## Fill the Form`), the words as they stand would be
 * a second error (E020) before the answer: the command named takes the heading apart as `show` does
 * (src/domain/search/pastedSection.ts). Only a name of a Markdown or text file counts as the file (the
 * files `show` indexes); with `--file` given, the words stay the heading as typed.
 */
const sectionArgs = (words: string, hasFile: boolean): ReadonlyArray<string> => {
  const label = hasFile ? null : /^([^#\s][^#]*\.(?:md|markdown|txt))#(.+)$/i.exec(words)
  if (label !== null && label[2]!.trim() !== "") return ["--section", label[2]!.trim(), "--file", label[1]!]
  const bare = words.replace(/^#{1,6}\s+/, "").trim()
  return ["--section", bare === "" ? words : bare]
}

/**
 * `skc search pptx adding charts`, `skc match fill a pdf form`, `skc show pptx "Adding Charts"`: the
 * words of one question or heading given apart (unquoted, or without --section). The error said only
 * "Received unknown argument: 'charts'"; an agent calling the CLI could not tell what was wrong. The
 * command as meant, to paste: the words quoted as one argument (a heading after --section).
 */
const wordsApart = (spec: (typeof commandSpecs)[number], args: ReadonlyArray<string>): string | undefined => {
  const rest = args.slice(1)
  const roles = wordRoles(spec, rest)
  if (roles === undefined) return undefined
  const at = roles.flatMap((r, i) => (r === "positional" ? [i] : []))
  const across = rest.includes("--all") || rest.some((a) => a === "--skill" || a.startsWith("--skill="))
  const keep = spec.name === "search" ? (across ? 0 : 1) : spec.name === "match" ? 0 : spec.name === "show" || spec.name === "open" ? 1 : undefined
  if (keep === undefined || at.length <= keep) return undefined
  const words = at.slice(keep).map((i) => rest[i]!)
  if (spec.name === "open") {
    // `skc open pdf forms.md#Fillable fields`: a pasted `file#heading` (or a path with spaces) came apart; the
    // quoted form already pointed to `show` (a probe got "unknown argument: 'fields'" and no hint).
    if (words.length < 2) return undefined
    // `skc open pdf forms.md "#Step 3"`: the heading given apart from its file, `#` first, is the same read.
    const hashAt = words.findIndex((w, i) => i > 0 && w.startsWith("#"))
    const joined = hashAt > 0 ? `${words.slice(0, hashAt).join(" ")}${words.slice(hashAt).join(" ")}` : words.join(" ")
    const skillWords = rest.filter((_, i) => !at.slice(keep).includes(i))
    if (/^[^#\s][^#]*\.(?:md|markdown|txt)#./i.test(joined)) {
      return `a heading goes to show: ${["skc", "show", ...skillWords, ...sectionArgs(joined, false)].map(shellWord).join(" ")}`
    }
    return `quote a path of several words: ${["skc", "open", ...skillWords, joined].map(shellWord).join(" ")}`
  }
  if (spec.name === "show" && words.length > 0) {
    // `skc show pdf --section Fillable fields`: the heading's later words, unquoted, came apart from it (an
    // agent's probe got "unknown argument: 'fields'" and no way on).
    const flagAt = rest.findIndex((a) => a === "--section")
    if (flagAt >= 0 && flagAt + 1 < rest.length) {
      const after = at.slice(keep).filter((i) => i > flagAt + 1)
      if (after.length === 0 || after[0] !== flagAt + 2 || after.some((i, k) => i !== flagAt + 2 + k)) return undefined
      const heading = [rest[flagAt + 1]!, ...after.map((i) => rest[i]!)].join(" ")
      const line = rest.flatMap((a, i) => (i === flagAt + 1 ? [heading] : after.includes(i) ? [] : [a]))
      return `quote a heading of several words: ${["skc", spec.name, ...line].map(shellWord).join(" ")}`
    }
  }
  if (spec.name === "show" && (words.length === 0 || rest.some((a) => a === "--section" || a.startsWith("--section=")))) return undefined
  if (spec.name !== "show" && words.length < 2) return undefined
  const joined = words.join(" ")
  const line =
    spec.name === "show"
      ? [...rest.filter((_, i) => !at.slice(keep).includes(i)), ...sectionArgs(joined, rest.some((a) => a === "--file" || a.startsWith("--file=")))]
      : rest.flatMap((a, i) => (i === at[keep] ? [joined] : at.slice(keep).includes(i) ? [] : [a]))
  const how = ["skc", spec.name, ...line].map(shellWord).join(" ")
  return spec.name === "show" ? `the heading goes after --section: ${how}` : `quote the words of one ${spec.name === "match" ? "request" : "query"}: ${how}`
}

/**
 * Run the full parser; the value is the exit status the command asked for. `handle`: what a parsed
 * command does instead of running (`checkArgv`, src/cli/main.ts, only checks it).
 */
export const runFullCli = (args: ReadonlyArray<string>, handle?: Handle): Effect.Effect<number, unknown> =>
  Effect.gen(function* () {
    const status = yield* Ref.make(0)
    yield* cliOf(args, handle)(args).pipe(
      handle === undefined ? quietly : silently,
      Effect.catch((e) => {
        if (!CliError.isCliError(e)) return Effect.fail(e)
        if (e._tag !== "ShowHelp") return Effect.fail(parseError(parseMessage(e, ["skc", ...args.slice(0, 1)]), args))
        const first = firstError(e.errors)
        // No command and nothing wrong (`skc --log-level debug`): the help page, exit 0.
        if (first === undefined) return handle === undefined ? Effect.sync(() => void process.stdout.write(helpPage(e.commandPath))) : Effect.void
        return Effect.fail(parseError(parseMessage(first, e.commandPath), args))
      }),
      Effect.provideService(ExitStatus, status),
      Effect.provide(environment)
    )
    return yield* Ref.get(status)
  })
