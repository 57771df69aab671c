/**
 * What both parsers see: the invocation with a value-taking option's
 * dash-led value joined to it (`--section "-v flag"` → `--section=-v flag`).
 * effect/cli's lexer reads every dash-led word as an option before it knows
 * which options take a value, and the fast parser defers on one, so without
 * this `skc show s --section "-v flag"` was "Expected a value following
 * option" though `--section=-v flag` worked. Applied by main.ts (and the
 * per-command bundles, src/cli/single.ts) before either parser runs, so the
 * two see the same words.
 *
 * The rule (RFC-0002 option syntax; DECISIONS #32 keeps a real option an
 * option): the word after a value-taking option is its value when it is not
 * itself an option of that command — not `--`, not one of the command's
 * `--name`, `--name=…` or `-a` (alias) spellings, not one of the built-ins
 * (`--help`, `-h`, `--version`, `--completions`, `--log-level`). So
 * `--section --format json` stays an error (missing value), while
 * `--section -v-flag` (no option of `show`) is a section title. Only words
 * before `--` are read: after it, every word is an operand.
 */
import type { Flag } from "../commands/spec.js"

/** effect/cli's global flags that skc keeps (src/cli/app.ts), always options whatever the command. */
const BUILT_IN = ["--help", "-h", "--version", "--completions", "--log-level"]

/**
 * `args` (the command name first) with each value-taking option's dash-led value joined to it as `--name=value`.
 * `spec`: the command's flags (a command spec, or the help topic of `skc mcp` / `skc lsp`, whose flags are
 * spelled the same way: `skc mcp --project -dir` serves `-dir` as `skc show s --section -x` shows `-x`).
 */
export const joinDashValues = (spec: { readonly flags: Readonly<Record<string, Flag>> } | undefined, args: ReadonlyArray<string>): ReadonlyArray<string> => {
  if (spec === undefined) return args
  const takesValue = new Map<string, string>()
  const options = new Set(BUILT_IN)
  for (const f of Object.values(spec.flags)) {
    options.add(`--${f.name}`)
    if (f.alias !== undefined) options.add(`-${f.alias}`)
    if (f.kind === "boolean") continue
    takesValue.set(`--${f.name}`, f.name)
    if (f.alias !== undefined) takesValue.set(`-${f.alias}`, f.name)
  }
  const isOption = (word: string) => word === "--" || options.has(word) || options.has(word.split("=", 1)[0]!)
  const out: Array<string> = []
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!
    if (word === "--") return [...out, ...args.slice(i)]
    const name = takesValue.get(word)
    const next = args[i + 1]
    if (name !== undefined && next !== undefined && next.startsWith("-") && !isOption(next)) {
      out.push(`--${name}=${next}`)
      i++
    } else out.push(word)
  }
  return out
}

/** The dash-led words effect/cli's lexer reads as values, not options (its negative-number pattern). */
const LEXED_AS_VALUE = /^-(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/

/**
 * The dash-led words after `--`: operands, never options (POSIX utility
 * syntax guideline 10), so an argument that refuses dash-led values (a
 * typo such as `-notes` never becomes a file name) takes these as they are:
 * `skc open s -- -notes.md` opens the file `-notes.md`. A word that also
 * stands before `--` where effect/cli takes it as a value (a negative
 * number, a lone `-`) is left out, so that one stays refused.
 */
export const dashOperands = (args: ReadonlyArray<string>): ReadonlySet<string> => {
  const at = args.indexOf("--")
  if (at < 0) return new Set()
  const before = new Set(args.slice(0, at).filter((w) => w === "-" || LEXED_AS_VALUE.test(w)))
  return new Set(args.slice(at + 1).filter((w) => w.startsWith("-") && !before.has(w)))
}
