/**
 * Long loops that share a process with a server (issue 29 item 3): walking
 * a 100k-file tree, hashing or indexing it must leave the event loop turns,
 * or `skc mcp` answers no `ping` until the loop ends.
 */
import { Clock, Effect } from "effect"
import { EventLoop } from "../../ports/EventLoop.js"

/** How long a loop runs before the event loop gets a turn. */
export const SLICE_MS = 8

/**
 * An effect to run between steps of a long loop: when `SLICE_MS` passed
 * since the last turn, the event loop gets one (the EventLoop port: a real
 * turn on Node, src/ports/EventLoop.ts says why `Effect.yieldNow` is not).
 * Cheap otherwise: a clock read. Under a test clock time stands still, so
 * it never yields there.
 */
export const timeSlicer = Effect.gen(function* () {
  const { turn } = yield* Effect.service(EventLoop)
  let last = yield* Clock.currentTimeMillis
  return Effect.flatMap(Clock.currentTimeMillis, (now) =>
    now - last < SLICE_MS ? Effect.void : Effect.andThen(turn, Effect.sync(() => void (last = now)))
  )
})
