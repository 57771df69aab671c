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
import { build, givenTargetText, type BuildResult } from "./build.js"
import { buildMany, type BuildCommandInput, type BuildManyResult } from "./buildMany.js"
import { Path } from "effect/Path"
import { shellWord } from "../../domain/shellWord.js"
import { targetDefaultNote } from "../../domain/targetDefault.js"
import { looksLikePath } from "../../domain/targets.js"
import { displayPath } from "../skills/index.js"
import { Settings } from "../shared/index.js"
import { warnOrphanedLinks } from "./staleLinks.js"
import { overlapOf } from "./targetOverlap.js"

export type BuildOutcome =
  | { readonly _tag: "One"; readonly result: BuildResult; readonly note?: string }
  | { readonly _tag: "Many"; readonly result: BuildManyResult; readonly note?: string }
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

/**
 * The note on how to make this `--target` the project's default (src/domain/targetDefault.ts): said
 * after the build's lines, for a project build only (a `--global` one has no project file to hold it),
 * and not part of the result (the JSON document and the MCP answer stay the build's).
 */
const defaultNote = Effect.fnUntraced(function* (input: BuildCommandInput, built: ReadonlyArray<BuildResult>) {
  const given = givenTargetText(input.target)
  const { stores, config } = yield* Settings
  const project = built.find((r) => r.scope === "project")
  if (given === undefined || input.global === true || stores.projectRoot === undefined || project === undefined) return undefined
  // Targets the build just said to trim (`agents,gemini`: drop gemini) are no default to recommend.
  if ((yield* overlapOf(project.deployments, "project"))?._tag === "Droppable") return undefined
  const path = yield* Path
  const file = displayPath(stores.cwd, path.join(stores.projectRoot, ".skillc", "config.toml"), path)
  // A directory given relative to the working directory is written relative to the project root, as the config
  // file's targets are read: from a subdirectory, `--target ../../x` became a default two levels above the
  // project (a probe). Absolute paths, `~/…` and agent names stay as given.
  const root = stores.projectRoot
  const asConfigured = given
    .split(",")
    .map((w) => w.trim())
    .map((w) => (looksLikePath(w) && !w.startsWith("~") && !path.isAbsolute(w) ? path.relative(root, path.resolve(stores.cwd, w)).split(path.sep).join("/") || "." : w))
    .join(",")
  return targetDefaultNote(asConfigured, config.buildTargets, shellWord(file))
})

/** `skc build`'s use case: the single build, several, or a watch (`io` is needed only with `watch`). */
export const buildCommand = (input: BuildCommandInput, io: () => Effect.Effect<WatchIo>) =>
  input.watch === true
    ? Effect.flatMap(io(), (w) => watch(input, w))
    : input.skill !== undefined
      ? Effect.flatMap(build({ ...input, skill: input.skill }), (result) =>
          // Deployments whose skill left the store (a renamed skill built under its new name: agents listed both).
          Effect.andThen(warnOrphanedLinks(result.scope), () =>
            Effect.map(defaultNote(input, [result]), (note): BuildOutcome => ({ _tag: "One", result, ...(note === undefined ? {} : { note }) }))
          )
        )
      : Effect.flatMap(buildMany({ ...input, skills: input.skills ?? [] }), (result) =>
          Effect.map(
            defaultNote(input, result.results.flatMap((r) => (r.ok ? [r.result] : []))),
            (note): BuildOutcome => ({ _tag: "Many", result, ...(note === undefined ? {} : { note }) })
          )
        )
