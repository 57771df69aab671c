/**
 * What `skc build` does with its command line (RFC-0001, DECISIONS #9
 * revised, #39; issue 12, issue 28 item 4): exactly one skill is the single
 * build (its result is the JSON document and the MCP tool's answer);
 * several skills or `--all` build each in turn; `--watch` builds, then
 * rebuilds each skill when its sources change until `stop` completes.
 *
 * The watch's lines (what is watched, each build as it happens, the end)
 * go to the caller's `WatchIo`: the CLI writes them to stderr and stdout as
 * they come and is interrupted by Ctrl-C (the main fiber, src/cli/runMain.ts:
 * "stopped watching" is then written by the interrupt's finalizer); a test
 * collects them.
 */
import { Effect } from "effect"
import { build, type BuildResult } from "./build.js"
import { buildMany, type BuildCommandInput, type BuildManyResult } from "./buildMany.js"

export type BuildOutcome =
  | { readonly _tag: "One"; readonly result: BuildResult }
  | { readonly _tag: "Many"; readonly result: BuildManyResult }
  | { readonly _tag: "Watched"; readonly skills: number }

/** Where a watch's lines go, and when it ends. */
export interface WatchIo {
  /** A line about the watch itself ("watching a, b (Ctrl-C to stop)", "stopped watching"). */
  readonly status: (line: string) => Effect.Effect<void>
  /** One line per build as it happens (a stream: `--format` does not apply). */
  readonly event: (line: string) => Effect.Effect<void>
  /** Completes when watching should end (the CLI: never; a signal interrupts the watch instead). */
  readonly stop: Effect.Effect<void>
}

const watch = (input: BuildCommandInput, io: WatchIo) =>
  Effect.gen(function* () {
    // Loaded only for a watch: a single build does not pay for the watcher at start-up.
    const { renderWatchEvent, watchBuild } = yield* Effect.promise(() => import("./watch.js"))
    let watched = 0
    yield* watchBuild(
      { skills: input.skills ?? (input.skill === undefined ? [] : [input.skill]), global: input.global, target: input.target, copy: input.copy, force: input.force },
      {
        onStart: (names) => {
          watched = names.length
          return io.status(`watching ${names.join(", ")} (Ctrl-C to stop)`)
        },
        onEvent: (e) => io.event(renderWatchEvent(e)),
        stop: Effect.andThen(io.stop, io.status("stopped watching"))
      }
    ).pipe(Effect.onInterrupt(() => io.status("stopped watching")))
    return { _tag: "Watched", skills: watched } satisfies BuildOutcome
  })

/** `skc build`'s use case: the single build, several, or a watch (`io` is needed only with `watch`). */
export const buildCommand = (input: BuildCommandInput, io: () => Effect.Effect<WatchIo>) =>
  input.watch === true
    ? Effect.flatMap(io(), (w) => watch(input, w))
    : input.skill !== undefined
      ? Effect.map(build({ ...input, skill: input.skill }), (result): BuildOutcome => ({ _tag: "One", result }))
      : Effect.map(buildMany({ ...input, skills: input.skills ?? [] }), (result): BuildOutcome => ({ _tag: "Many", result }))
