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
import { NodeProcessRunnerLive } from "../../src/adapters/node/NodeProcessRunner.js"
import { LazySqliteUsageHistoryLayer } from "../../src/adapters/sqlite/LazyUsageHistory.js"
import { renderError, renderWarning, isSkcError } from "../../src/domain/errors.js"
import { makeLiveLayer } from "../../src/index.js"
import { collectingDiagnostics } from "../../src/ports/Diagnostics.js"
import { noPrompter, Prompter } from "../../src/ports/Prompter.js"
import { memoryWorld, type MemoryWorldOptions } from "../../src/testing.js"
import { tempDir } from "./cli.js"

/** The in-memory ports plus Settings, over a seeded virtual tree: the shipped harness (`skillc/testing`). */
export const memoryLayer = (options: MemoryWorldOptions = {}) => memoryWorld(options).layer

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
