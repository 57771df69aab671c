/**
 * Option builders every command shares (`--format`, `-v/--verbose`,
 * positional arguments), plus the runtime helpers re-exported for
 * convenience. This module loads @effect/cli: handlers that the fast path
 * runs must import from ./runtime.js instead.
 */
import { Args, HelpDoc, Options } from "@effect/cli"
import { Effect } from "effect"

export { checkFormat, json, runWithLive, setExitStatus, write, type RunOptions } from "./runtime.js"

export const verboseOption = Options.boolean("verbose").pipe(
  Options.withAlias("v"),
  Options.withDescription("Print resolved paths and timings to stderr (also SKC_VERBOSE=1).")
)

export const formatOption = <const F extends ReadonlyArray<string>>(formats: F = ["text", "json"] as unknown as F) =>
  Options.text("format").pipe(
    Options.withDescription(`Output format: ${formats.join(", ")}.`),
    Options.withDefault(formats[0] as string)
  )

export const optionalNumber = (name: string, description: string) =>
  Options.integer(name).pipe(Options.withDescription(description), Options.optional)

/**
 * A positional argument. @effect/cli would take an unknown flag such as
 * `--bogus` as the argument's value; a value starting with `-` is refused as
 * an unknown option instead (E100), so typos never become skill names.
 */
export const positional = (name: string, description: string) =>
  Args.text({ name }).pipe(
    Args.withDescription(description),
    Args.mapEffect((value) =>
      value.startsWith("-") && value.length > 1
        ? Effect.fail(HelpDoc.p(`unknown option '${value}'`))
        : Effect.succeed(value)
    )
  )
