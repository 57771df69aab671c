/** The in-memory layer for app tests: a virtual tree, fixed env, collected diagnostics. */
import { Effect, Result, Layer } from "effect"
import * as Path from "effect/Path"
import { makeMemoryFileSystem, MemoryFileSystemLayer } from "../../src/adapters/memory/MemoryFileSystem.js"
import { makeMemoryEnv, MemoryEnvLayer } from "../../src/adapters/memory/MemoryEnv.js"
import { collectingDiagnostics, Diagnostics } from "../../src/ports/Diagnostics.js"
import { SettingsLive } from "../../src/app/Settings.js"
import { NodeHasherLive } from "../../src/adapters/node/NodeHasher.js"
import { makeMemorySearchIndex, MemorySearchIndexLayer } from "../../src/adapters/memory/MemorySearchIndex.js"

export const memoryWorld = (options: {
  files?: Record<string, string>
  cwd?: string
  home?: string
  vars?: Record<string, string>
}) => {
  const fs = makeMemoryFileSystem()
  fs.seed(options.files ?? {})
  const cwd = options.cwd ?? "/proj"
  const home = options.home ?? "/home/u"
  Effect.runSync(fs.makeDirectory(cwd, { recursive: true }))
  Effect.runSync(fs.makeDirectory(home, { recursive: true }))
  const diagnostics = collectingDiagnostics(true)
  const searchIndex = makeMemorySearchIndex()
  const base = Layer.mergeAll(
    MemoryFileSystemLayer(fs),
    MemoryEnvLayer(makeMemoryEnv({ cwd, home, vars: options.vars ?? {} })),
    Path.layer,
    NodeHasherLive,
    MemorySearchIndexLayer(searchIndex),
    Layer.succeed(Diagnostics, diagnostics.service)
  )
  const layer = Layer.merge(base, SettingsLive().pipe(Layer.provide(base)))
  const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.runPromise(Effect.result(Effect.provide(effect, layer as Layer.Layer<R>)) as Effect.Effect<Result.Result<A, E>>)
  return { fs, layer, run, diagnostics, searchIndex }
}
