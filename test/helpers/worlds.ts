/**
 * In-process worlds for use-case tests with `@effect/vitest`.
 *
 * - `memoryLayer({ files })`: the in-memory adapters as one Layer (virtual
 *   tree under `/proj`, home `/home/u`); for `it.effect`.
 * - `diskWorld()`: the live adapters (Node file system, real SQLite search
 *   index and access log, the process runner) on a fresh temp directory with
 *   a home (SKILLC_HOME) and a work directory side by side — what
 *   `bin/skc.mjs` runs on, without spawning it. Use `it.live` with it: the
 *   access log and staleness checks read the real clock.
 *
 * Both collect warnings instead of printing them, so tests assert on the
 * exact `warning[...]` lines the CLI would print (`renderWarning`).
 */
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { Effect, Layer } from "effect"
import * as Path from "effect/Path"
import { makeMemoryEnv, MemoryEnvLayer } from "../../src/adapters/memory/MemoryEnv.js"
import { makeMemoryFileSystem, MemoryFileSystemLayer, type MemoryFileSystem } from "../../src/adapters/memory/MemoryFileSystem.js"
import { makeMemorySearchIndex, MemorySearchIndexLayer } from "../../src/adapters/memory/MemorySearchIndex.js"
import { MemoryAccessLogLayer } from "../../src/adapters/memory/MemoryAccessLog.js"
import type { AccessLogService } from "../../src/ports/AccessLog.js"
import { NodeHasherLive } from "../../src/adapters/node/NodeHasher.js"
import { NodeProcessRunnerLive } from "../../src/adapters/node/NodeProcessRunner.js"
import { LazySqliteUsageHistoryLayer } from "../../src/adapters/sqlite/LazyUsageHistory.js"
import { SettingsLive } from "../../src/app/Settings.js"
import { renderError, renderWarning, isSkcError, type SkcWarning } from "../../src/domain/errors.js"
import { makeLiveLayer } from "../../src/index.js"
import { collectingDiagnostics, Diagnostics } from "../../src/ports/Diagnostics.js"
import { noPrompter, Prompter } from "../../src/ports/Prompter.js"
import { fixedUsageHistory, UsageHistory } from "../../src/ports/UsageHistory.js"
import { tempDir } from "./cli.js"

/** The in-memory ports plus Settings, over a seeded virtual tree. */
export const memoryLayer = (options: {
  readonly files?: Readonly<Record<string, string | Uint8Array>>
  readonly cwd?: string
  readonly home?: string
  readonly vars?: Record<string, string>
  readonly fs?: MemoryFileSystem
  readonly warnings?: Array<SkcWarning>
  /** The access log (default: a fresh in-memory one); pass one to read what was logged. */
  readonly accessLog?: AccessLogService
} = {}) => {
  const fs = options.fs ?? makeMemoryFileSystem()
  fs.seed(options.files ?? {})
  const cwd = options.cwd ?? "/proj"
  const home = options.home ?? "/home/u"
  Effect.runSync(fs.makeDirectory(cwd, { recursive: true }))
  Effect.runSync(fs.makeDirectory(home, { recursive: true }))
  const diagnostics = collectingDiagnostics(true)
  const sink = options.warnings
  const base = Layer.mergeAll(
    MemoryFileSystemLayer(fs),
    MemoryEnvLayer(makeMemoryEnv({ cwd, home, vars: options.vars ?? {} })),
    Path.layer,
    NodeHasherLive,
    MemorySearchIndexLayer(makeMemorySearchIndex()),
    MemoryAccessLogLayer(options.accessLog),
    Layer.succeed(UsageHistory, fixedUsageHistory({})),
    Layer.succeed(Prompter, noPrompter),
    Layer.succeed(Diagnostics, sink === undefined ? diagnostics.service : { ...diagnostics.service, warn: (w) => Effect.sync(() => void sink.push(w)) })
  )
  return Layer.merge(base, SettingsLive().pipe(Layer.provide(base)))
}

/** The error line(s) the CLI prints for a failure, from the use case's typed error. */
export const errorText = (e: unknown): string => (isSkcError(e) ? renderError(e) : `unexpected: ${String(e)}`)

/** Run a use case and hand back its rendered failure (fails the test if it succeeded). */
export const failureText = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.flip(effect).pipe(Effect.map(errorText))

export interface DiskWorld {
  readonly root: string
  /** SKILLC_HOME and HOME. */
  readonly home: string
  /** The default working directory. */
  readonly work: string
  /** Warnings collected since the last `takeWarnings`, as the CLI prints them. */
  readonly takeWarnings: () => Array<string>
  /** The live layer for one invocation from `cwd` (default `work`) with extra variables. */
  readonly layer: (options?: { readonly cwd?: string; readonly env?: Record<string, string | undefined> }) => ReturnType<typeof liveLayer>
  /** Provide that layer. */
  readonly run: <A, E, R>(
    effect: Effect.Effect<A, E, R>,
    options?: { readonly cwd?: string; readonly env?: Record<string, string | undefined> }
  ) => Effect.Effect<A, E, never>
}

const liveLayer = (cwd: string, env: Record<string, string | undefined>, diagnostics: ReturnType<typeof collectingDiagnostics>) =>
  Layer.mergeAll(
    makeLiveLayer({ cwd, env, diagnostics: diagnostics.service }),
    NodeProcessRunnerLive,
    LazySqliteUsageHistoryLayer,
    Layer.succeed(Prompter, noPrompter)
  )

/** A fresh temp sandbox (removed after the file's tests) with the live adapters. */
export const diskWorld = (prefix = "skc-world-"): DiskWorld => {
  const root = tempDir(prefix)
  const home = join(root, "home")
  const work = join(root, "work")
  mkdirSync(home, { recursive: true })
  mkdirSync(work, { recursive: true })
  const diagnostics = collectingDiagnostics(false)
  const layer = (options: { readonly cwd?: string; readonly env?: Record<string, string | undefined> } = {}) =>
    liveLayer(
      options.cwd ?? work,
      { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, SKILLC_HOME: home, NO_COLOR: "1", ...options.env },
      diagnostics
    )
  return {
    root,
    home,
    work,
    takeWarnings: () => diagnostics.warnings.splice(0).map(renderWarning),
    layer,
    // The layer provides every port a use case asks for; the cast only states
    // that (a use case needing something else fails loudly at run time).
    run: <A, E, R>(effect: Effect.Effect<A, E, R>, options?: { readonly cwd?: string; readonly env?: Record<string, string | undefined> }) =>
      Effect.provide(effect, layer(options)) as Effect.Effect<A, E, never>
  }
}
