/**
 * Handlers of the index-free gateway commands (RFC-0002: outline, open,
 * sources), shared by their @effect/cli commands and the fast path; this
 * module must not import @effect/cli.
 */
import { Effect, Option, ParseResult, Schema } from "effect"
import { InvalidOption } from "../../domain/errors.js"
import { checkFormat, json, runWithLive, write } from "../runtime.js"

/** Decode flags with the use case's Schema; a failure is E100 naming the option (DECISIONS #32). */
export const decode = <A, I>(schema: Schema.Schema<A, I>, value: unknown) =>
  Schema.decodeUnknown(schema)(value, { onExcessProperty: "ignore" }).pipe(
    Effect.mapError((e) => {
      const issue = ParseResult.ArrayFormatter.formatErrorSync(e)[0]
      const option = issue === undefined ? "" : `--${issue.path.map(String).join(".").replace(/_/g, "-")}: `
      return new InvalidOption({ message: `${option}${issue?.message ?? e.message}` })
    })
  )

interface Common {
  readonly format: string
  readonly verbose: boolean
}

export const runOutline = (
  o: Common & { readonly skill: string; readonly level: Option.Option<number>; readonly tokens: boolean }
) =>
  runWithLive(
    { verbose: o.verbose },
    Effect.gen(function* () {
      const format = yield* checkFormat(o.format, ["text", "json"] as const)
      const [{ outline, OutlineInput }, { renderOutline }] = yield* Effect.promise(() =>
        Promise.all([import("../../app/outline.js"), import("../render/outline.js")])
      )
      const input = yield* decode(OutlineInput, {
        skill: o.skill,
        level: Option.getOrUndefined(o.level),
        ...(o.tokens ? { tokens: true } : {})
      })
      const { logged } = yield* Effect.promise(() => import("../../app/accessLog.js"))
      const result = yield* outline(input).pipe(logged("outline", input.skill, () => ({ level: input.level })))
      return yield* write(format === "json" ? json(result) : renderOutline(result))
    })
  )

export const runOpen = (
  o: Common & { readonly skill: string; readonly path: string; readonly maxLines: Option.Option<number> }
) =>
  runWithLive(
    { verbose: o.verbose },
    Effect.gen(function* () {
      const format = yield* checkFormat(o.format, ["text", "json"] as const)
      const { openFile, OpenInput } = yield* Effect.promise(() => import("../../app/open.js"))
      const input = yield* decode(OpenInput, { skill: o.skill, path: o.path, max_lines: Option.getOrUndefined(o.maxLines) })
      const { logged } = yield* Effect.promise(() => import("../../app/accessLog.js"))
      const opened = yield* openFile(input).pipe(
        logged("open", input.skill, () => ({ path: input.path, max_lines: input.max_lines }))
      )
      if (format === "json") return yield* write(json(opened.result))
      // Bytes exactly as on disk: no newline added, no decoding.
      return yield* Effect.async<void>((resume) => {
        if (opened.bytes.length === 0) return resume(Effect.void)
        process.stdout.write(opened.bytes, () => resume(Effect.void))
      })
    })
  )

export const runSources = (
  o: Common & {
    readonly skill: string
    readonly depth: Option.Option<number>
    readonly dir: Option.Option<string>
    readonly limit: Option.Option<number>
    readonly pattern: Option.Option<string>
  }
) =>
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
