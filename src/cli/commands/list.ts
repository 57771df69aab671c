import { Command, Options } from "@effect/cli"
import { Effect, Option } from "effect"
import { checkFormat, formatOption, json, optionalNumber, runWithLive, verboseOption, write } from "../shared.js"

export const listCommand = Command.make(
  "list",
  {
    scope: Options.text("scope").pipe(Options.withDescription("Which skills: project, global, agent (found in agent skill directories) or all (default all)."), Options.optional),
    status: Options.text("status").pipe(
      Options.withDescription("Only skills with this status: normal, not-built, obsolete, foreign or all (default all)."),
      Options.optional
    ),
    limit: optionalNumber("limit", "Show at most this many skills."),
    pattern: Options.text("pattern").pipe(Options.withDescription("Glob over skill names, e.g. 'git-*'."), Options.optional),
    checkObsolete: Options.boolean("check-obsolete").pipe(
      Options.withDescription("Hash the sources of built skills to detect 'obsolete' runtimes (slower).")
    ),
    format: formatOption(),
    verbose: verboseOption
  },
  (o) =>
    runWithLive(
      { verbose: o.verbose },
      Effect.gen(function* () {
        const format = yield* checkFormat(o.format, ["text", "json"] as const)
        const { list, ListInput } = yield* Effect.promise(() => import("../../app/list.js"))
        const { decodeInput, defined, flagLabel } = yield* Effect.promise(() => import("../../app/decodeInput.js"))
        const input = yield* decodeInput(ListInput, { label: flagLabel })(
          defined({
            scope: Option.getOrUndefined(o.scope),
            status: Option.getOrUndefined(o.status),
            limit: Option.getOrUndefined(o.limit),
            pattern: Option.getOrUndefined(o.pattern),
            check_obsolete: o.checkObsolete ? true : undefined
          })
        )
        const result = yield* list(input)
        if (format === "json") return yield* write(json(result))
        const { renderList } = yield* Effect.promise(() => import("../render/list.js"))
        const { Settings } = yield* Effect.promise(() => import("../../app/Settings.js"))
        const { stores } = yield* Settings
        return yield* write(renderList(result, { verbose: o.verbose, cwd: stores.cwd, home: stores.home }))
      })
    )
).pipe(
  Command.withDescription(
    [
      "List the skills of the project and global source stores, and those found in agent skill directories, with their status.",
      "",
      "Examples:",
      "  skc list",
      "  skc list --scope project --status not-built",
      "  skc list --scope agent                     # installed by other tools or deployed elsewhere",
      "  skc list --pattern 'git-*' --check-obsolete --verbose",
      "  skc list --format json --limit 5"
    ].join("\n")
  )
)
