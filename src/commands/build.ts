/**
 * `skc build` / `skc_build` (RFC-0001, RFC-0001:C-DEPLOYMENT, DECISIONS #9
 * revised; issue 12): one skill, several (`a b c`, `--all`), or `--watch`.
 * The MCP tool builds exactly one skill.
 */
import { Effect, Option } from "effect"
import { arg, common, defineCommand, flag, type Arg } from "./spec.js"
import { loadSignals, SearchIndexLive } from "../layers.js"
import { Output, type OutputService } from "../ports/Output.js"

const skillsArg: Arg<ReadonlyArray<string>> = {
  ...arg.many("skill", "Skill names, or paths to import into the source store first."),
  // A mistyped flag is never taken as a skill name (E100).
  refuse: "flag"
}

export const buildCommand = defineCommand({
  name: "build",
  summary: ["Compile skills into their runtime stubs and deploy them to agent directories."],
  examples: [
    "skc build my-skill                         # .skillc/runtime/my-skill, linked from <project>/.claude/skills",
    "skc build my-skill --target claude,cursor",
    "skc build ./vendor/some-skill              # import into .skillc/skills, then build",
    "skc build my-skill --global --copy         # ~/.skillc/runtime, ~/.claude/skills",
    "skc build a b c                            # several skills: a line each and a total",
    "skc build --all                            # every skill of the project store (--global: global store)",
    "skc build --watch my-skill                 # rebuild on every change until Ctrl-C"
  ],
  args: { skills: skillsArg },
  flags: {
    all: flag.boolean("all", "Build every skill of the project store (with --global: of the global store)."),
    watch: flag.boolean("watch", "Build, then rebuild each skill when its sources change (no skill: the whole store); Ctrl-C stops.", "w"),
    global: flag.boolean("global", "Use the global runtime (~/.skillc/runtime) and, for a path, the global store.", "g"),
    target: flag.text(
      "target",
      "Comma-separated agents (claude, codex, copilot, cursor, gemini, kiro, opencode, trae, amp), agents (the shared .agents/skills), [targets] names, or directory paths. Default: the config's [build] targets, else claude.",
      { alias: "t" }
    ),
    copy: flag.boolean("copy", "Copy instead of linking."),
    force: flag.boolean("force", "Overwrite an existing skill on import; replace a non-link agent directory.", "f"),
    ...common()
  },
  fast: true,
  batch: true,
  mcp: {
    title: "Compile and deploy a skill",
    description:
      "Compile a skill (name or path; a path is imported first) into its runtime and deploy it to agent skill directories. Run after editing so skc_show and skc_search see it.",
    readOnly: false,
    destructive: true,
    idempotent: true
  },
  load: async () => {
    const [{ BuildInput, buildLogArgs }, { BuildCommandInput }, { buildCommand }, { renderBuild, renderBuildMany, buildManyLines }, { decodeFlags }, { printJson, printText, printStderr }] =
      await Promise.all([
        import("../app/build/build.js"),
        import("../app/build/buildMany.js"),
        import("../app/build/buildCommand.js"),
        import("../render/build.js"),
        import("./decode.js"),
        import("./output.js")
      ])
    // A watch's lines as they come: about the watch on stderr, each build on stdout. Ctrl-C (SIGINT) or SIGTERM
    // interrupts it (src/cli/runMain.ts) and the process exits 0, as the README documents.
    const watchIo = (output: OutputService) => () =>
      Effect.flatMap(Effect.promise(loadSignals), (endsOnSignal) =>
        Effect.as(endsOnSignal(0), {
          status: (line: string) => printStderr(line).pipe(Effect.provideService(Output, output)),
          event: (text: string) => printText(text).pipe(Effect.provideService(Output, output)),
          stop: Effect.never
        })
      )
    return {
      input: BuildCommandInput,
      fromFlags: (o) => {
        // Exactly one skill: the single build (its output and access-log row as always); otherwise several.
        const one = o.skills.length === 1 && !o.all && !o.watch
        return decodeFlags(BuildCommandInput, {
          ...(one ? { skill: o.skills[0] } : { skills: o.skills, all: o.all || undefined, watch: o.watch || undefined }),
          global: o.global,
          target: Option.getOrUndefined(o.target),
          copy: o.copy,
          force: o.force
        })
      },
      run: (input) => Effect.flatMap(Effect.service(Output), (output) => buildCommand(input, watchIo(output))).pipe(Effect.provide(SearchIndexLive)),
      // Logged by the runner only when `skill` is given, i.e. a single build; buildMany records each of its skills for the one logging wrapper.
      log: {
        args: (i) => buildLogArgs(i),
        runtimeDir: (r) => (r._tag === "One" ? r.result.runtime : "")
      },
      text: (r) => (r._tag === "One" ? renderBuild(r.result) : r._tag === "Many" ? renderBuildMany(r.result) : ""),
      json: (r) => (r._tag === "Watched" ? undefined : r.result),
      emit: (r, ctx) =>
        r._tag === "Watched"
          ? Effect.void
          : Effect.andThen(
              ctx.format === "json"
                ? printJson(r.result)
                : r._tag === "One"
                  ? printText(renderBuild(r.result))
                  : // DECISIONS #39: a skill's failure on stderr, the built skills and the total on stdout, in order.
                    Effect.forEach(
                      buildManyLines(r.result),
                      (l) => (l.stream === "stdout" ? printText(l.line + "\n") : printStderr(l.line)),
                      { discard: true }
                    ),
              // How to make this --target the project's default: after the build's lines, on stderr (never in the JSON).
              r.note === undefined ? Effect.void : printStderr(r.note)
            ),
      exitStatus: (r) => (r._tag === "Many" && r.result.failed > 0 ? 1 : 0),
      mcp: {
        input: BuildInput,
        output: () => import("../app/build/build.js").then((r) => r.BuildResult),
        text: (r) => (r._tag === "One" ? renderBuild(r.result) : ""),
        structured: (r) => (r._tag === "One" ? { ...r.result } : {})
      }
    }
  }
})
