/**
 * The V8 heap while a build streams a skill into its index (issue 44,
 * `build.cold.memory`; the port is src/ports/HeapTuning.ts).
 *
 * Such a build holds one file's text and rows at a time, yet V8 doubles
 * the young generation each time enough bytes have survived scavenges
 * since the last doubling, whatever their share: over a 20 MB skill it
 * grew to 64 MB of semi-spaces, about half the process's peak RSS and
 * nothing but garbage between scavenges. A growth factor of 1 keeps it at
 * its size; scavenges come more often and stay cheap, since little
 * survives. Measured with `npm run bench -- build`: docs/benchmarks.md.
 *
 * V8 reads the factor at each growth, so setting it at run time takes
 * effect (Node 22 and 24, DECISIONS #42); given on the command line it is
 * not honoured. It is put back to V8's default (2) afterwards: the V8 code
 * cache of bin/skc.mjs records the flags it was made under, and a cache
 * made under other flags would be rejected at the next start.
 */
import { Effect, Layer } from "effect"
import { setFlagsFromString } from "node:v8"
import { HeapTuning, type HeapTuningService } from "../../ports/HeapTuning.js"

const V8_DEFAULT_GROWTH = 2

export const nodeHeapTuning: HeapTuningService = {
  whileStreaming: (work) =>
    Effect.acquireUseRelease(
      Effect.sync(() => setFlagsFromString("--semi-space-growth-factor=1")),
      () => work,
      () => Effect.sync(() => setFlagsFromString(`--semi-space-growth-factor=${V8_DEFAULT_GROWTH}`))
    )
}

export const NodeHeapTuningLive = Layer.succeed(HeapTuning, nodeHeapTuning)
