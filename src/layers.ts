/**
 * The composition root: the one place where ports meet their live adapters.
 * The CLI (src/cli), the MCP server (src/mcp) and the library surface
 * (src/index.ts) all build their layers here, so a port added to the
 * application is wired once and the compiler checks every consumer.
 *
 * - `PortsLive`: the stateless ports (file system, environment, path,
 *   hasher, access log, diagnostics, output) plus the run id. The MCP server builds
 *   it once per session; the CLI once per invocation.
 * - `Live`: `PortsLive` plus `Settings` (project root, stores, config files),
 *   which are resolved when the layer is built.
 *
 * - `PooledConnectionsLive`: for a long-lived process (the MCP server), the
 *   stores' connections kept open across calls (index readers, access-log
 *   writers), bounded and closed with the layer (issue 16).
 *
 * Adapters a single command needs (the search index, the process runner,
 * the prompter, the usage history, the team store, a session's file
 * watchers and disk memo) are named layers here too, each loaded when a
 * program is provided it (`Layer.unwrap` over a dynamic import): a command's
 * spec (src/commands) or the MCP server provides `SearchIndexLive`, never
 * the SQLite adapter, start-up never loads an adapter a command does not
 * use, and nothing outside this file imports an adapter
 * (test/types/composition-root.test.ts). The library's entries
 * (src/index.ts, src/testing.ts) take their layers from here too: the
 * memory adapters of `skillc/testing` are wired at the end of this file,
 * as functions the CLI never calls, so its bundles leave them out (each
 * command's bundle grew by under 300 bytes when they moved here).
 */
import { visible } from "./domain/visible.js"
import { EventLoop } from "./ports/EventLoop.js"
import { nodeEventLoop } from "./adapters/node/NodeEventLoop.js"
import { Context, Effect, Layer } from "effect"
import * as Path from "effect/Path"
import { InternalError, renderWarning } from "./domain/errors.js"
import type { Tokenizer } from "./domain/config.js"
import { collectingDiagnostics, Diagnostics, type DiagnosticsService } from "./ports/Diagnostics.js"
import { Env, type EnvService } from "./ports/Env.js"
import { FileSystem } from "./ports/FileSystem.js"
import { makeNodeEnv } from "./adapters/node/NodeEnv.js"
import { nodeFileSystem } from "./adapters/node/NodeFileSystem.js"
import { nodeHasher } from "./adapters/node/NodeHasher.js"
import { lazyAccessLog } from "./adapters/sqlite/AccessLogLazy.js"
import { makeSqlitePools, SqliteConnections } from "./adapters/sqlite/ConnectionPool.js"
import { generateRunId, RunId } from "./app/usage/accessLog.js"
import { teamStoreFailureText } from "./domain/teamStoreFailure.js"
import { AccessLog, LogStoreError, withoutWrites, type AccessLogService } from "./ports/AccessLog.js"
import { Hasher } from "./ports/Hasher.js"
import { SettingsLive } from "./app/shared/Settings.js"
import { stderrProgress } from "./adapters/node/StderrProgress.js"
import { nodeOutput } from "./adapters/node/NodeOutput.js"
import { Output, type OutputService } from "./ports/Output.js"
import { MemoryAccessLogLayer } from "./adapters/memory/MemoryAccessLog.js"
import { MemoryEnvLayer } from "./adapters/memory/MemoryEnv.js"
import { MemoryFileSystemLayer, type MemoryFileSystem } from "./adapters/memory/MemoryFileSystem.js"
import { MemorySearchIndexLayer } from "./adapters/memory/MemorySearchIndex.js"
import { SearchIndex, type SearchIndexService } from "./ports/SearchIndex.js"
import { ProcessRunner } from "./ports/ProcessRunner.js"
import { RegexMatcher } from "./ports/RegexMatcher.js"
import { Prompter } from "./ports/Prompter.js"
import { UsageHistory } from "./ports/UsageHistory.js"
import { TeamLogStore } from "./ports/TeamLogStore.js"
import { SourceFreshness } from "./ports/SourceFreshness.js"
import { DiskMemo } from "./ports/DiskMemo.js"

/** Calls W002 names one by one in a run; past them, one line says the others went unrecorded too. */
const UNRECORDED_NAMED = 3

/** Warnings and verbose traces on stderr (the CLI's diagnostics). */
export const stderrDiagnostics = (verboseOn: boolean): DiagnosticsService => {
  // A warning says its thing once per run, however often the run meets it (a skill resolved twice).
  const said = new Set<string>()
  // Per reason (`why`, and whether there was a fallback): a later call unrecorded for another reason, which the
  // user may act on, is still named (a hostile probe).
  const unrecorded = new Map<string, number>()
  return {
    warn: (w) =>
      Effect.sync(() => {
        const line = renderWarning(w)
        if (said.has(line)) return
        said.add(line)
        // W002 says its line once per run and then only which call went unrecorded: a lint of 20 skills in a
        // read-only checkout printed "logging disabled; run 'skc sync' …" 20 times (a CI probe); and past a
        // few calls, one line for the rest (25 skills still printed 25 lines, a later CI probe).
        const [head, ...detail] = line.split("\n")
        if (w.code === "W002" && detail.length > 0) {
          const reason = w._tag === "LoggingDisabled" ? `${w.noFallback === true}\0${w.why ?? ""}` : ""
          const n = (unrecorded.get(reason) ?? 0) + 1
          unrecorded.set(reason, n)
          if (n === UNRECORDED_NAMED + 1) return void process.stderr.write("  … and the run's later calls were not recorded either, for the same reason\n")
          if (n > UNRECORDED_NAMED + 1) return
          if (said.has(`W002 ${head}`)) return void process.stderr.write(detail.join("\n") + "\n")
        }
        if (w.code === "W002") said.add(`W002 ${head}`)
        process.stderr.write(line + "\n")
      }),
    // One line each, paths and names in it escaped as skc's own lines are (a directory named with a newline broke
    // `-v`'s "resolved …" and "logged …" lines in two: a paths probe).
    verbose: (m) => (verboseOn ? Effect.sync(() => void process.stderr.write(`skc: ${visible(m)}\n`)) : Effect.void),
    isVerbose: verboseOn
  }
}

/** `SKC_VERBOSE` set to anything but "", "0" or "false". */
export const isVerboseEnv = (env: Record<string, string | undefined> = process.env) => {
  const v = env.SKC_VERBOSE
  return v !== undefined && v !== "" && v !== "0" && v !== "false"
}

export interface LiveOptions {
  /** Where warnings go; by default collected (library) — the CLI passes `stderrDiagnostics`. */
  readonly diagnostics?: DiagnosticsService
  /** The working directory instead of `process.cwd()` (library users). */
  readonly cwd?: string
  /** The environment instead of `process.env` (library users). */
  readonly env?: Record<string, string | undefined>
  /** `--tokenizer` of the invocation, overriding the config files. */
  readonly cliTokenizer?: Tokenizer
  /**
   * The access log instead of the SQLite one (`noAccessLog`: keep nothing).
   * Without it, `SKC_BENCH_DISABLE_LOG=1` in the environment drops every
   * write to the SQLite one (reads still answer): the benchmarks' baseline
   * without logging, decided here and nowhere else (issue 28 item 3).
   */
  readonly accessLog?: AccessLogService
  /**
   * Where a command's output goes (issue 44 item 6); by default the
   * process's stdout and stderr. The MCP server, whose stdout is the
   * protocol, passes `discardingOutput`.
   */
  readonly output?: OutputService
}

/**
 * The stateless live ports and the run id. One layer builds them all in a
 * single step (plus @effect/platform's Path): merging seven layers cost a
 * CLI start about 1,600 Effect operations of layer bookkeeping (memo map,
 * scopes, fibers) and as many again to tear down, more than most commands'
 * own work (issue 16).
 */
export const PortsLive = (options: LiveOptions = {}) => {
  const diagnostics = options.diagnostics ?? collectingDiagnostics().service
  return Layer.merge(
    Path.layer,
    Layer.effectContext(
      Effect.map(generateRunId, (runId) =>
        Context.make(FileSystem, nodeFileSystem).pipe(
          Context.add(
            Env,
            makeNodeEnv(
              options.cwd === undefined && options.env === undefined
                ? undefined
                : { ...(options.cwd ? { cwd: options.cwd } : {}), ...(options.env ? { env: options.env } : {}) }
            )
          ),
          Context.add(Hasher, nodeHasher),
          Context.add(EventLoop, nodeEventLoop),
          Context.add(AccessLog, options.accessLog ?? ((options.env ?? process.env).SKC_BENCH_DISABLE_LOG === "1" ? withoutWrites(lazyAccessLog) : lazyAccessLog)),
          Context.add(Diagnostics, diagnostics),
          Context.add(Output, options.output ?? nodeOutput),
          Context.add(RunId, runId)
        )
      )
    )
  )
}

/**
 * Connection pools for the SQLite adapters (src/adapters/sqlite/ConnectionPool.ts),
 * closed when the layer's scope ends (the MCP server's runtime is disposed).
 * Without it (the CLI, the library) each use opens and closes its own.
 */
export const PooledConnectionsLive = Layer.effect(
  SqliteConnections,
  Effect.acquireRelease(
    Effect.sync(() => ({ pools: makeSqlitePools() })),
    ({ pools }) => Effect.sync(() => pools.closeAll())
  )
)

/**
 * A CLI run (src/cli/main.ts, src/cli/single.ts): its access logs' write
 * connections are left open after their rows, and the process ends with
 * `process.exit` once nothing is left to run (`beforeExit`), so that Node's
 * own teardown, which would close them, never runs (a close checkpoints the
 * log: src/adapters/sqlite/AccessLogSqlite.ts, "Left open"). `beforeExit`
 * comes only when the event loop is empty: every output has been written,
 * every child waited for; the `exit` handlers (bin/skc.mjs's code cache)
 * still run.
 */
export const exitLeavingLogsOpen = <A, E, R>(program: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.andThen(
    Effect.sync(() => process.once("beforeExit", () => process.exit())),
    Effect.provideService(program, SqliteConnections, { pools: undefined, logsLeftOpen: true })
  )

/** Everything a use case needs on the real machine: the ports and the resolved settings. */
export const Live = (options: LiveOptions = {}) => {
  const ports = PortsLive(options)
  return Layer.merge(ports, SettingsLive(options.cliTokenizer === undefined ? {} : { cliTokenizer: options.cliTokenizer }).pipe(Layer.provide(ports)))
}

/** The services `Live` provides: what a command's program may require. */
export type LiveServices = Layer.Success<ReturnType<typeof Live>>
/** The services `PortsLive` provides. */
export type PortServices = Layer.Success<ReturnType<typeof PortsLive>>

/**
 * The guards of src/cli/stdout.ts: the mark of Node's not yet created
 * stdout, and issue 19's end when stdout cannot be written (the Output
 * port's Node adapter).
 */
export { endOnWriteFailure, NOT_CREATED } from "./adapters/node/NodeOutput.js"

/** Progress on stderr for the CLI (a terminal only; silent otherwise). */
export const cliProgress = stderrProgress

// The adapters one command needs, as named layers: each is `Layer.unwrap` over
// a dynamic import, so the adapter is loaded when a program that needs it is
// provided the layer and never at start-up.

/**
 * A layer loaded when it is built. Marked free of side effects so that a
 * bundle that never uses a layer drops it, adapter and all (without the mark
 * every command's bundle carried the SQLite search index: +66 KB for
 * `skc open`).
 */
/* @__NO_SIDE_EFFECTS__ */
function lazyLayer<A, E = never, R = never>(load: () => Promise<Layer.Layer<A, E, R>>): Layer.Layer<A, E, R> {
  return Layer.unwrap(Effect.promise(load))
}

/** The search index: SQLite files under the runtime directory (show, search, build, the MCP server's watch). */
export const SearchIndexLive: Layer.Layer<SearchIndex> = lazyLayer(() => import("./adapters/sqlite/SqliteSearchIndex.js").then((m) => m.SqliteSearchIndexLive))

/**
 * Everything a use case needs, on the real machine, for a library user
 * (`skillc`'s `makeLiveLayer`): `Live` plus the search index, the process
 * runner of tool skills (`run`, `eval --judge`), the usage history `match`
 * ranks with and the regex matcher of `eval --extract-regex`, each loaded
 * when first used. Without them `run` died with "Service not found:
 * skillc/ProcessRunner" and `match` did not type-check on this layer.
 * Confirmations (`Prompter`) stay the embedder's: there is no terminal to
 * ask (`noPrompter` refuses). Warnings are collected (not printed) unless a
 * `diagnostics` service is given.
 */
export const makeLiveLayer = (options: LiveOptions = {}) =>
  Layer.mergeAll(Live(options), SearchIndexLive, ProcessRunnerLive, UsageHistoryLive, RegexMatcherLive)

/** Child processes of tool skills (`skc run`, `skc eval --judge`, MCP `<skill>__<tool>`). */
export const ProcessRunnerLive: Layer.Layer<ProcessRunner> = lazyLayer(() => import("./adapters/node/NodeProcessRunner.js").then((m) => m.NodeProcessRunnerLive))
/** `skc eval --extract-regex` run under the agent's timeout (issue 45 item 2). */
export const RegexMatcherLive: Layer.Layer<RegexMatcher> = lazyLayer(() => import("./adapters/node/NodeRegexMatcher.js").then((m) => m.NodeRegexMatcherLive))
/** An interrupted server ends the tool runs its sessions still have in flight (src/cli/runMain.ts). */
export const loadEndRunningProcesses = () => import("./adapters/node/NodeProcessRunner.js").then((m) => m.endRunningProcesses)
/** The terminal prompt of `skc run`'s confirmations. */
export const PrompterLive: Layer.Layer<Prompter> = lazyLayer(() => import("./adapters/node/NodePrompter.js").then((m) => Layer.succeed(Prompter, m.makeNodePrompter())))
/** The usage history `skc match` ranks with: the access log's SQLite file, opened only when asked. */
export const UsageHistoryLive: Layer.Layer<UsageHistory> = lazyLayer(() => import("./adapters/sqlite/LazyUsageHistory.js").then((m) => m.LazySqliteUsageHistoryLayer))
/** The team store on PostgreSQL at `url` (`sync --to`, `stats --from`, `--team`). */
export const TeamStoreLive = (url: string): Layer.Layer<TeamLogStore, LogStoreError> =>
  lazyLayer(() => import("./adapters/pg/TeamLogPg.js").then((m) => m.layer(url)))
/** A team database URL as shown to a user: the password hidden. */
const describeTeamUrl = (url: string) => Effect.promise(() => import("./adapters/pg/TeamLogPg.js").then((m) => m.describeUrl(url)))

/**
 * The team database `--to`/`--from` (`given`) or `--team` (the config's
 * `[team] database`) names, and the URL as shown to a user. Nothing is
 * reached (`sync --to --dry-run` uses this alone).
 */
export const chosenTeamDatabase = (given: string | undefined, team: boolean, flag: "--to" | "--from") =>
  Effect.gen(function* () {
    const { teamDatabase } = yield* Effect.promise(() => import("./app/usage/teamDatabase.js"))
    const url = yield* teamDatabase(given, team, flag)
    return { url, shown: yield* describeTeamUrl(url) }
  })

/**
 * Run `use` against the team database that `--to`/`--from` (`given`) or
 * `--team` (the config's `[team] database`) names (issue 18): the
 * team store's layer built only then, `use` given the URL as shown to a
 * user (password hidden), and a database that cannot be reached an
 * `error[E999]` naming it. Shared by `sync --to` and `stats --from`.
 */
export const withTeamStore = <A, E, R>(
  given: string | undefined,
  team: boolean,
  flag: "--to" | "--from",
  use: (shown: string) => Effect.Effect<A, E, R>
) =>
  Effect.gen(function* () {
    const { url, shown } = yield* chosenTeamDatabase(given, team, flag)
    return yield* use(shown).pipe(
      Effect.provide(TeamStoreLive(url)),
      Effect.mapError((e) =>
        e instanceof LogStoreError ? new InternalError({ message: teamStoreFailureText(shown, e.code, e.message), cause: e }) : e
      )
    )
  })
/** The signals that interrupt the CLI's main fiber and the exit status each gives (src/cli/runMain.ts; a few lines, loaded at start). */
export { ENDING_SIGNALS, statusOnSignal } from "./adapters/node/signals.js"
/** SIGHUP as a reload instead of an end (`skc mcp --http --tokens <file>`, src/cli/runMain.ts). */
export { hangupHandler, onHangup } from "./adapters/node/signals.js"
/** `build --watch` declares that a signal ends it with exit 0 (src/cli/runMain.ts). */
/** A CLI batch run's heap while it streams (a command spec's `batch`, issue 44). */
export const HeapTuningLive = lazyLayer(() => import("./adapters/node/heapTuning.js").then((m) => m.NodeHeapTuningLive))

export const loadSignals = () => import("./adapters/node/signals.js").then((m) => m.endsOnSignal)
/**
 * A long-lived session's staleness state under file watchers (issue 16),
 * the watchers closed with the layer's scope (the MCP session's end).
 */
export const WatchedFreshnessLive = lazyLayer(() =>
    import("./adapters/node/WatchingFreshness.js").then((m) =>
      Layer.effect(
        SourceFreshness,
        Effect.acquireRelease(Effect.sync(m.makeWatchingFreshness), (freshness) => Effect.sync(() => freshness.close()))
      )
    )
)
/** A long-lived session's memo of what a call found on disk, kept while the paths it read stat the same (issue 25). */
export const StampedDiskMemoLive = lazyLayer(() => import("./adapters/node/StampedDiskMemo.js").then((m) => Layer.succeed(DiskMemo, m.makeStampedDiskMemo())))

// The in-memory world (`skillc/testing`, src/testing.ts): the memory adapters wired to their ports.

export { makeMemoryFileSystem, type MemoryFileSystem } from "./adapters/memory/MemoryFileSystem.js"
export { makeMemoryEnv } from "./adapters/memory/MemoryEnv.js"
export { makeMemoryAccessLog, type MemoryAccessLog } from "./adapters/memory/MemoryAccessLog.js"
export { makeMemorySearchIndex } from "./adapters/memory/MemorySearchIndex.js"

/** The ports of a memory world: its file system, environment, search index and access log, the machine's hasher and Path. */
export const MemoryPortsLive = (parts: {
  readonly fs: MemoryFileSystem
  readonly env: EnvService
  readonly searchIndex: SearchIndexService
  readonly accessLog: AccessLogService
}) =>
  Layer.mergeAll(
    MemoryFileSystemLayer(parts.fs),
    MemoryEnvLayer(parts.env),
    Path.layer,
    Layer.succeed(Hasher, nodeHasher),
    MemorySearchIndexLayer(parts.searchIndex),
    MemoryAccessLogLayer(parts.accessLog)
  )
