/** The index-free gateway commands: outline, open, sources (RFC-0002). */
import { Command, Options } from "@effect/cli"
import { Effect, Option, ParseResult, Schema } from "effect"
import { InvalidOption } from "../../domain/errors.js"
import { checkFormat, formatOption, json, optionalNumber, positional, runWithLive, verboseOption, write } from "../shared.js"

/** Decode flags with the use case's Schema; a failure is E100 naming the option (DECISIONS #32). */
export const decode = <A, I>(schema: Schema.Schema<A, I>, value: unknown) =>
  Schema.decodeUnknown(schema)(value, { onExcessProperty: "ignore" }).pipe(
    Effect.mapError((e) => {
      const issue = ParseResult.ArrayFormatter.formatErrorSync(e)[0]
      const option = issue === undefined ? "" : `--${issue.path.map(String).join(".").replace(/_/g, "-")}: `
      return new InvalidOption({ message: `${option}${issue?.message ?? e.message}` })
    })
  )

export const outlineCommand = Command.make(
  "outline",
  {
    skill: positional("skill", "Skill name or path."),
    level: optionalNumber("level", "Only headings of this level or higher (1-6)."),
    tokens: Options.boolean("tokens").pipe(Options.withDescription("Show each section's estimated tokens (ceil(code points / 4)).")),
    format: formatOption(),
    verbose: verboseOption
  },
  (o) =>
    runWithLive(
      { verbose: o.verbose },
      Effect.gen(function* () {
        const format = yield* checkFormat(o.format, ["text", "json"] as const)
        const [{ outline, OutlineInput }, { renderOutline }] = yield* Effect.promise(() =>
          Promise.all([import("../../app/outline.js"), import("../render/outline.js")])
        )
        const input = yield* decode(OutlineInput, { skill: o.skill, level: Option.getOrUndefined(o.level), ...(o.tokens ? { tokens: true } : {}) })
        const { logged } = yield* Effect.promise(() => import("../../app/accessLog.js"))
        const result = yield* outline(input).pipe(logged("outline", input.skill, () => ({ level: input.level })))
        return yield* write(format === "json" ? json(result) : renderOutline(result))
      })
    )
).pipe(
  Command.withDescription(
    ["List the headings of every .md file of a skill.", "", "Examples:", "  skc outline my-skill", "  skc outline my-skill --level 2 --format json", "  skc outline my-skill --tokens"].join("\n")
  )
)

export const openCommand = Command.make(
  "open",
  {
    skill: positional("skill", "Skill name or path."),
    path: positional("path", "File path relative to the skill root."),
    maxLines: optionalNumber("max-lines", "Return at most this many lines."),
    format: formatOption(),
    verbose: verboseOption
  },
  (o) =>
    runWithLive(
      { verbose: o.verbose },
      Effect.gen(function* () {
        const format = yield* checkFormat(o.format, ["text", "json"] as const)
        const { openFile, OpenInput } = yield* Effect.promise(() => import("../../app/open.js"))
        const input = yield* decode(OpenInput, { skill: o.skill, path: o.path, max_lines: Option.getOrUndefined(o.maxLines) })
        const { logged } = yield* Effect.promise(() => import("../../app/accessLog.js"))
        const opened = yield* openFile(input).pipe(logged("open", input.skill, () => ({ path: input.path, max_lines: input.max_lines })))
        if (format === "json") return yield* write(json(opened.result))
        // Bytes exactly as on disk: no newline added, no decoding.
        return yield* Effect.async<void>((resume) => {
          if (opened.bytes.length === 0) return resume(Effect.void)
          process.stdout.write(opened.bytes, () => resume(Effect.void))
        })
      })
    )
).pipe(
  Command.withDescription(
    ["Print one file of a skill as it is on disk.", "", "Examples:", "  skc open my-skill references/api.md", "  skc open my-skill scripts/run.sh --max-lines 20"].join("\n")
  )
)

export const sourcesCommand = Command.make(
  "sources",
  {
    skill: positional("skill", "Skill name or path."),
    depth: optionalNumber("depth", "Maximum tree depth; deeper directories show as 'dir/ (N files)'."),
    dir: Options.text("dir").pipe(Options.withDescription("List only this subdirectory."), Options.optional),
    limit: optionalNumber("limit", "Maximum entries (default 100)."),
    pattern: Options.text("pattern").pipe(Options.withDescription("Glob on file names, e.g. '*.md'."), Options.optional),
    format: formatOption(),
    verbose: verboseOption
  },
  (o) =>
    runWithLive(
      { verbose: o.verbose },
      Effect.gen(function* () {
        const format = yield* checkFormat(o.format, ["text", "json"] as const)
        const [{ sources, sourcesJson, SourcesInput }, { renderSourcesTree }] = yield* Effect.promise(() =>
          Promise.all([import("../../app/sources.js"), import("../../domain/sourcesTree.js")])
        )
        const input = yield* decode(SourcesInput, {
          skill: o.skill,
          depth: Option.getOrUndefined(o.depth),
          dir: Option.getOrUndefined(o.dir),
          limit: Option.getOrUndefined(o.limit),
          pattern: Option.getOrUndefined(o.pattern)
        })
        const { logged } = yield* Effect.promise(() => import("../../app/accessLog.js"))
        const result = yield* sources(input).pipe(
          logged("sources", input.skill, () => ({ dir: input.dir, depth: input.depth, pattern: input.pattern, limit: input.limit }))
        )
        return yield* write(format === "json" ? json(sourcesJson(result)) : renderSourcesTree(result.root, result))
      })
    )
).pipe(
  Command.withDescription(
    [
      "List the files of a skill as a tree.",
      "",
      "Examples:",
      "  skc sources my-skill",
      "  skc sources my-skill --depth 1",
      "  skc sources my-skill --dir references --pattern '*.md' --format json"
    ].join("\n")
  )
)
