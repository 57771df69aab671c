/**
 * `skillc/testing`: the in-memory world skc's own use-case tests run on
 * (issue 28), for embedders who test code built on skc without a disk: a
 * virtual file tree, an in-memory search index and access log, fixed usage
 * history, no prompts, and the warnings a run gives collected instead of
 * printed.
 *
 * ```ts
 * import { build, search } from "skillc"
 * import { memoryWorld } from "skillc/testing"
 * const world = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": "---\nname: demo\n…" } })
 * await Effect.runPromise(Effect.andThen(build({ skill: "demo" }), search({ skill: "demo", query: "x" })).pipe(Effect.provide(world.layer)))
 * ```
 *
 * Its adapters are wired in the composition root (src/layers.ts,
 * `MemoryPortsLive`); this entry adds the settings, the fixed usage history,
 * no prompter and the collected diagnostics.
 *
 * With `@effect/vitest`, `MemoryLive` is the layer alone:
 *
 * ```ts
 * layer(MemoryLive({ files: { "/proj/.skillc/skills/demo/SKILL.md": "…" }, cwd: "/proj", home: "/home/u" }))("demo", (it) => {
 *   it.effect("builds", () => Effect.asVoid(build({ skill: "demo" })))
 * })
 * ```
 */
import { Effect, Layer } from "effect"
import { makeMemoryAccessLog, makeMemoryEnv, makeMemoryFileSystem, makeMemorySearchIndex, MemoryPortsLive, type MemoryFileSystem } from "./layers.js"
import { SettingsLive } from "./app/shared/Settings.js"
import { renderWarning, type SkcWarning } from "./domain/errors.js"
import type { AccessLogService } from "./ports/AccessLog.js"
import { collectingDiagnostics, Diagnostics, type DiagnosticsService } from "./ports/Diagnostics.js"
import { noPrompter, Prompter } from "./ports/Prompter.js"
import { fixedUsageHistory, UsageHistory } from "./ports/UsageHistory.js"

/** The in-memory search index, with what it stored by index path. */
export type MemorySearchIndex = ReturnType<typeof makeMemorySearchIndex>

export { makeMemoryFileSystem, makeMemoryAccessLog, type MemoryFileSystem } from "./layers.js"

export interface MemoryWorldOptions {
  /** Files to seed, by absolute virtual path (text or bytes). */
  readonly files?: Readonly<Record<string, string | Uint8Array>>
  /** The working directory (default `/proj`) and the home, also SKILLC_HOME (default `/home/u`). */
  readonly cwd?: string
  readonly home?: string
  /** Environment variables the run sees. */
  readonly vars?: Record<string, string>
  /** A file system to share between worlds (default: a fresh one). */
  readonly fs?: MemoryFileSystem
  /** Where warnings go (default: collected, see `warnings`). */
  readonly warnings?: Array<SkcWarning>
  /** The access log (default: a fresh in-memory one). */
  readonly accessLog?: AccessLogService
  /** The search index (default: a fresh in-memory one); pass one to look at what was stored. */
  readonly searchIndex?: MemorySearchIndex
}

/** The world's layer: the in-memory ports, then Settings resolved over them. */
const worldLayer = (parts: {
  readonly fs: MemoryFileSystem
  readonly cwd: string
  readonly home: string
  readonly vars: Record<string, string>
  readonly searchIndex: MemorySearchIndex
  readonly accessLog: AccessLogService
  readonly diagnostics: DiagnosticsService
}) => {
  const base = Layer.mergeAll(
    MemoryPortsLive({
      fs: parts.fs,
      env: makeMemoryEnv({ cwd: parts.cwd, home: parts.home, vars: parts.vars }),
      searchIndex: parts.searchIndex,
      accessLog: parts.accessLog
    }),
    Layer.succeed(UsageHistory, fixedUsageHistory({})),
    Layer.succeed(Prompter, noPrompter),
    Layer.succeed(Diagnostics, parts.diagnostics)
  )
  return Layer.merge(base, SettingsLive().pipe(Layer.provide(base)))
}

/** The services a memory world provides: what a use case run in it may ask for. */
export type MemoryServices = Layer.Success<ReturnType<typeof worldLayer>>

/** An in-memory world over a seeded virtual tree. */
export const memoryWorld = (options: MemoryWorldOptions = {}) => {
  const fs = options.fs ?? makeMemoryFileSystem()
  fs.seed(options.files ?? {})
  const cwd = options.cwd ?? "/proj"
  const home = options.home ?? "/home/u"
  Effect.runSync(fs.makeDirectory(cwd, { recursive: true }))
  Effect.runSync(fs.makeDirectory(home, { recursive: true }))
  const diagnostics = collectingDiagnostics(true)
  const sink = options.warnings
  const searchIndex = options.searchIndex ?? makeMemorySearchIndex()
  const accessLog = options.accessLog ?? makeMemoryAccessLog()
  const layer = worldLayer({
    fs,
    cwd,
    home,
    vars: options.vars ?? {},
    searchIndex,
    accessLog,
    diagnostics: sink === undefined ? diagnostics.service : { ...diagnostics.service, warn: (w) => Effect.sync(() => void sink.push(w)) }
  })
  return {
    /** Every port skc's use cases need, in memory, plus Settings. */
    layer,
    fs,
    searchIndex,
    accessLog,
    /** What the run said: warnings and verbose traces, as values. */
    diagnostics,
    /** Warnings given so far, as the CLI prints them (`warning: …`). */
    warnings: (): ReadonlyArray<string> => (sink ?? diagnostics.warnings).map(renderWarning),
    /** Run a use case in this world, its outcome as a `Result`. */
    run: <A, E>(effect: Effect.Effect<A, E, MemoryServices>) => Effect.runPromise(Effect.result(Effect.provide(effect, layer)))
  }
}

export type MemoryWorld = ReturnType<typeof memoryWorld>

/**
 * The layer of a fresh memory world (issue 28 item 2): `files` maps absolute
 * paths to contents, `cwd` and `home` are absolute paths in that world, `env`
 * the variables a run sees. For `@effect/vitest`'s `layer(...)` and
 * `Effect.provide`; `memoryWorld` gives the same layer with handles on its
 * parts (the stored index, the warnings).
 */
export const MemoryLive = (options: {
  readonly files?: Readonly<Record<string, string | Uint8Array>>
  readonly cwd?: string
  readonly home?: string
  readonly env?: Record<string, string>
} = {}) =>
  memoryWorld({
    ...(options.files !== undefined ? { files: options.files } : {}),
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
    ...(options.home !== undefined ? { home: options.home } : {}),
    ...(options.env !== undefined ? { vars: options.env } : {})
  }).layer
