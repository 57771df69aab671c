/**
 * What a long stream of work may ask of the runtime's heap (issue 44).
 *
 * A build that writes its whole search index passes every file of a skill
 * through little live state; the runtime adapter keeps the garbage
 * collector's young generation small for as long as that runs (Node:
 * heapTuning.ts among the Node adapters, which says why and what it measured).
 * The default does nothing: the MCP server, tests and embedders run
 * builds with the heap as it is.
 */
import { Context, type Effect } from "effect"

export interface HeapTuningService {
  readonly whileStreaming: <A, E, R>(work: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
}

export const HeapTuning = Context.Reference<HeapTuningService>("skillc/HeapTuning", {
  defaultValue: () => ({ whileStreaming: (work) => work })
})
