/**
 * Which team database a command uses (issue 18): the URL given with
 * `--to`/`--from`, or with `--team` the config's `[team] database`
 * (RFC-0009: the project file's over the global file's).
 */
import { Effect } from "effect"
import { InvalidOption, Warning } from "../../domain/errors.js"
import { withoutPassword } from "../../domain/urlPassword.js"
import { urlHasPassword } from "../../domain/config.js"
import { warn } from "../../ports/Diagnostics.js"
import { Settings } from "../shared/index.js"

/** Both `--team` and an explicit URL: the one message for it (the commands check it early, before loading anything). */
export const bothTeamDatabases = (flag: "--to" | "--from"): string =>
  `--team uses the config's [team] database and ${flag} names one: give only one of them`

/** What `--to`/`--from` accept: the shape the config's `[team] database` is checked against (src/domain/config.ts). */
const POSTGRES_URL = /^postgres(ql)?:\/\/\S+$/

/**
 * The URL to use, or why there is none. Pure: `flag` is the spelling of the
 * explicit option (`--to`, `--from`) for the messages.
 */
export const chooseTeamDatabase = (input: {
  readonly given: string | undefined
  readonly team: boolean
  readonly configured: string | undefined
  readonly flag: "--to" | "--from"
}): { readonly url: string } | { readonly url: undefined } | { readonly problem: string } => {
  if (input.team && input.given !== undefined) {
    return { problem: bothTeamDatabases(input.flag) }
  }
  // A URL that is not PostgreSQL's is the user's slip, not a network failure (issue 29 item 5).
  if (input.given !== undefined && !POSTGRES_URL.test(input.given)) {
    return { problem: `${input.flag}: expected a postgres:// or postgresql:// URL, got '${withoutPassword(input.given)}'` }
  }
  if (!input.team) return { url: input.given }
  if (input.configured === undefined) {
    return {
      problem:
        `--team needs [team] database = "postgres://…" in .skillc/config.toml or ~/.skillc/config.toml ` +
        `(or give ${input.flag} <postgres-url>)`
    }
  }
  return { url: input.configured }
}

/**
 * The `sslmode` of a URL that the `pg` driver takes as an alias of
 * `verify-full` (`prefer`, `require`, `verify-ca`; `allow` too, for both
 * drivers to connect alike), or undefined. The driver
 * says so in a ten-line process warning; skc hands it the URL with
 * `verify-full` written out (the PostgreSQL adapter's `pgPassword.ts`, same behaviour,
 * no warning) and says it in one line of its own (issue 29 item 5).
 */
export const sslModeAlias = (url: string): string | undefined => /[?&]sslmode=(allow|prefer|require|verify-ca)(?=[&#]|$)/.exec(url)?.[1]

/**
 * A password written into a URL on the command line (README, Team setup: "never in the URL, the config or a
 * command line"): any user of the machine reads a process's arguments (`ps`), and the shell keeps them.
 */
export const commandLinePasswordNotice = (flag: string): string =>
  `the ${flag} URL holds a password, which other users of this machine can read in the process list and your shell keeps in its history: leave it out, the driver reads PGPASSWORD or ~/.pgpass`

/** The one line about it. */
export const sslModeNotice = (mode: string): string =>
  `sslmode=${mode} in the team database URL is treated as sslmode=verify-full (the server's certificate and host name are verified); write sslmode=verify-full to silence this`

/**
 * `chooseTeamDatabase` against the loaded config, for a command that was
 * given `--team` or a URL; E100 when `--team` has nothing to use.
 */
export const teamDatabase = Effect.fnUntraced(function* (given: string | undefined, team: boolean, flag: "--to" | "--from") {
  const configured = team ? (yield* Settings).config.teamDatabase?.url : undefined
  const choice = chooseTeamDatabase({ given, team, configured, flag })
  if ("problem" in choice) return yield* Effect.fail(new InvalidOption({ message: choice.problem }))
  if (choice.url === undefined) return yield* Effect.fail(new InvalidOption({ message: `give ${flag} <postgres-url> or --team` }))
  const alias = sslModeAlias(choice.url)
  if (alias !== undefined) yield* warn(Warning.notice(sslModeNotice(alias)))
  // The config's password warns where the config is read; one typed on the command line warns here.
  if (given !== undefined && urlHasPassword(given)) yield* warn(Warning.notice(commandLinePasswordNotice(flag)))
  return choice.url
})
