import { Command, Options } from "@effect/cli"
import { Effect, Option } from "effect"
import { decode } from "./gateway.js"
import { checkFormat, formatOption, json, positional, runWithLive, verboseOption, write } from "../shared.js"

export const buildCommand = Command.make(
  "build",
  {
    skill: positional("skill", "Skill name, or a path to import into the source store first."),
    global: Options.boolean("global").pipe(Options.withAlias("g"), Options.withDescription("Use the global runtime (~/.skillc/runtime) and, for a path, the global store.")),
    target: Options.text("target").pipe(
      Options.withAlias("t"),
      Options.withDescription("Comma-separated agents (claude, codex, copilot, cursor, gemini, kiro, opencode, trae, [targets] names) or directory paths. Default: claude."),
      Options.optional
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
          skill: o.skill,
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
      "  skc build my-skill --global --copy"
    ].join("\n")
  )
)
