/**
 * The use cases as a library calls them (issue 28 item 3): each call of
 * `build`, `lint`, `outline`, `show`, `open`, `sources`, `search` and
 * `stats` on one skill is recorded in that skill's access log once, as the
 * CLI and the MCP server record theirs (RFC-0007:C-LOGGING; DECISIONS #17
 * which calls, #18 their `args`). The same wrapper (`loggedCall`) and the same `args`
 * functions serve all three: each `<command>LogArgs` sits beside its use
 * case, and the command specs (src/commands/) call them too.
 *
 * Rows written here carry no role (`CallerRole` is set by the CLI runner and
 * the MCP server only) and count by command (DECISIONS #45). A library that
 * wants no log provides `noAccessLog` (`makeLiveLayer({ accessLog })`).
 * Every call goes through the one wrapper (`loggedCall`, issue 44 item 4):
 * `search` without `skill` is logged by the skills it touched.
 */
import type { Effect } from "effect"
import { loggedCall, type Outcome } from "./usage/accessLog.js"
import { build, buildLogArgs, type BuildInput } from "./build/build.js"
import { lint, lintLogArgs, type LintInput } from "./lint/lint.js"
import { openFile, openLogArgs, type OpenInput } from "./search/open.js"
import { outline, outlineLogArgs, type OutlineInput } from "./search/outline.js"
import { search, searchLogArgs, type SearchInput } from "./search/search.js"
import { show, showLogArgs, type ShowInput } from "./search/show.js"
import { sources, sourcesLogArgs, type SourcesInput } from "./search/sources.js"
import { stats, statsLogArgs, type StatsInput } from "./usage/stats.js"

const valueOf = <A, E>(o: Outcome<A, E>): A | undefined => (o._tag === "Success" ? o.value : undefined)

/** `useCase` recorded under `command`: the named `skill` with `argsOf`, and any skill the use case touched. */
const recording = <A, E, R>(command: string, skill: string | undefined, useCase: Effect.Effect<A, E, R>, argsOf: (o: Outcome<A, E>) => Readonly<Record<string, unknown>>) =>
  useCase.pipe(loggedCall<A, E>({ command, skill, argsOf }))

export const recordedBuild = (input: BuildInput) =>
  // Logged where the build put the skill (`global` may move it), as the CLI's build is.
  build(input).pipe(loggedCall({ command: "build", skill: input.skill, argsOf: () => buildLogArgs(input), locate: (r) => ({ runtimeDir: r.runtime }) }))

export const recordedLint = (input: LintInput) => recording("lint", input.skill, lint(input), () => lintLogArgs(input))

export const recordedOutline = (input: OutlineInput) => recording("outline", input.skill, outline(input), () => outlineLogArgs(input))

export const recordedShow = (input: ShowInput) => recording("show", input.skill, show(input), (o) => showLogArgs(input, valueOf(o)))

export const recordedOpenFile = (input: OpenInput) => recording("open", input.skill, openFile(input), (o) => openLogArgs(input, valueOf(o)?.result))

export const recordedSources = (input: SourcesInput) => recording("sources", input.skill, sources(input), () => sourcesLogArgs(input))

export const recordedSearch = (input: SearchInput) => recording("search", input.skill, search(input), (o) => searchLogArgs(input, valueOf(o)))

export const recordedStats = (input: StatsInput) => recording("stats", input.skill, stats(input), () => statsLogArgs(input))
