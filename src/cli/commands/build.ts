import { Args, Command, Options } from "@effect/cli"
import { Effect, Option } from "effect"
import { decode } from "./gateway.js"
import { checkFormat, formatOption, json, positional, runWithLive, setExitStatus, verboseOption, write } from "../shared.js"

export const buildCommand = Command.make(
  "build",
  {
    skills: positional("skill", "Skill names, or paths to import into the source store first.").pipe(Args.repeated),
    all: Options.boolean("all").pipe(Options.withDescription("Build every skill of the project store (with --global: of the global store).")),
    global: Options.boolean("global").pipe(Options.withAlias("g"), Options.withDescription("Use the global runtime (~/.skillc/runtime) and, for a path, the global store.")),
    target: Options.text("target").pipe(
      Options.withAlias("t"),
      Options.withDescription("Comma-separated agents (claude, codex, copilot, cursor, gemini, kiro, opencode, trae, [targets] names) or directory paths. Default: claude."),
      Options.optional
    ),
    watch: Options.boolean("watch").pipe(
      Options.withAlias("w"),
      Options.withDescription("Build, then rebuild each skill when its sources change (no skill: the whole store); Ctrl-C stops.")
    ),
    copy: Options.boolean("copy").pipe(Options.withDescription("Copy instead of linking.")),
    force: Options.boolean("force").pipe(Options.withAlias("f"), Options.withDescription("Overwrite an existing skill on import; replace a non-link agent directory.")),
    format: formatOption(),
    verbose: verboseOption
  },
  (o) =>
    runWithLive(
      { verbose: o.verbose },
      Effect.gen(function* () {
        const format = yield* checkFormat(o.format, ["text", "json"] as const)
        if (o.watch) {
          const [{ BuildManyInput }, { watchBuild, renderWatchEvent }, { untilSignal }, { SqliteSearchIndexLive }] = yield* Effect.promise(() =>
            Promise.all([
              import("../../app/buildMany.js"),
              import("../../app/watch.js"),
              import("../signals.js"),
              import("../../adapters/sqlite/SqliteSearchIndex.js")
            ])
          )
          const many = yield* decode(BuildManyInput, {
            skills: o.skills,
            global: o.global,
            target: Option.getOrUndefined(o.target),
            copy: o.copy,
            force: o.force
          })
          return yield* watchBuild(many, {
            onStart: (names) => Effect.sync(() => void process.stderr.write(`watching ${names.join(", ")} (Ctrl-C to stop)\n`)),
            onEvent: (e) => write(format === "json" ? JSON.stringify(e) : renderWatchEvent(e)),
            stop: untilSignal(() => process.stderr.write("stopped watching\n"))
          }).pipe(Effect.provide(SqliteSearchIndexLive))
        }
        if (o.all || o.skills.length !== 1) {
          // Many skills per call: one line per skill and a total; exit 1 if any failed (issue 12).
          const [{ buildMany, BuildManyInput }, { renderBuildMany }, { stderrProgress }, { Progress }, { SqliteSearchIndexLive }] =
            yield* Effect.promise(() =>
              Promise.all([
                import("../../app/buildMany.js"),
                import("../render/build.js"),
                import("../progress.js"),
                import("../../ports/Progress.js"),
                import("../../adapters/sqlite/SqliteSearchIndex.js")
              ])
            )
          const many = yield* decode(BuildManyInput, {
            skills: o.skills,
            all: o.all,
            global: o.global,
            target: Option.getOrUndefined(o.target),
            copy: o.copy,
            force: o.force
          })
          const result = yield* buildMany(many).pipe(Effect.provideService(Progress, stderrProgress()), Effect.provide(SqliteSearchIndexLive))
          yield* write(format === "json" ? json(result) : renderBuildMany(result))
          if (result.failed > 0) yield* setExitStatus(1)
          return
        }
        const [{ build, BuildInput }, { renderBuild }, { stderrProgress }, { Progress }, { SqliteSearchIndexLive }] = yield* Effect.promise(() =>
          Promise.all([
            import("../../app/build.js"),
            import("../render/build.js"),
            import("../progress.js"),
            import("../../ports/Progress.js"),
            import("../../adapters/sqlite/SqliteSearchIndex.js")
          ])
        )
        const input = yield* decode(BuildInput, {
          skill: o.skills[0]!,
          global: o.global,
          target: Option.getOrUndefined(o.target),
          copy: o.copy,
          force: o.force
        })
        const { logged } = yield* Effect.promise(() => import("../../app/accessLog.js"))
        const result = yield* build(input).pipe(
          Effect.provideService(Progress, stderrProgress()),
          Effect.provide(SqliteSearchIndexLive),
          logged("build", input.skill, () => ({ global: input.global, target: input.target, copy: input.copy, force: input.force }), {
            locate: (r) => ({ runtimeDir: r.runtime })
          })
        )
        return yield* write(format === "json" ? json(result) : renderBuild(result))
      })
    )
).pipe(
  Command.withDescription(
    [
      "Compile a skill into its runtime stub and deploy it to agent directories.",
      "",
      "Examples:",
      "  skc build my-skill                         # .skillc/runtime/my-skill, linked from .claude/skills",
      "  skc build my-skill --target claude,cursor",
      "  skc build ./vendor/some-skill              # import into .skillc/skills, then build",
      "  skc build my-skill --global --copy",
      "  skc build a b c                            # several skills: a line each and a total",
      "  skc build --all                            # every skill of the project store (--global: global store)",
      "  skc build --watch my-skill                 # rebuild on every change until Ctrl-C"
    ].join("\n")
  )
)
