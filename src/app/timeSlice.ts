/**
 * Long loops that share a process with a server (issue 29 item 3): walking
 * a 100k-file tree, hashing or indexing it must leave the event loop turns,
 * or `skc mcp` answers no `ping` until the loop ends.
 */
import { Clock, Effect } from "effect"

/** How long a loop runs before the event loop gets a turn. */
export const SLICE_MS = 8

/**
 * An effect to run between steps of a long loop: when `SLICE_MS` passed
 * since the last turn, it yields, and Effect's scheduler resumes the fiber
 * from `setImmediate`, after the event loop has read what arrived (an MCP
 * `ping` is answered meanwhile). Cheap otherwise: a clock read.
 */
export const timeSlicer = Effect.map(Clock.currentTimeMillis, (start) => {
  let last = start
  return Effect.flatMap(Clock.currentTimeMillis, (now) =>
    now - last < SLICE_MS ? Effect.void : Effect.andThen(Effect.yieldNow, Effect.sync(() => void (last = now)))
  )
})
