/**
 * Long loops that share a process with a server (issue 29 item 3): walking
 * a 100k-file tree, hashing or indexing it must leave the event loop turns,
 * or `skc mcp` answers no `ping` until the loop ends.
 */
import { Clock, Effect } from "effect"

/** How long a loop runs before the event loop gets a turn. */
export const SLICE_MS = 8

/**
 * One turn of the event loop. `Effect.yieldNow` is not one: Effect's
 * scheduler runs the fibers it resumes in the same flush, so a loop that
 * only yields to it never lets the event loop read what arrived (measured:
 * a 100k-file foreign skill held `skc mcp` for 200 ms between pings).
 * `setImmediate` runs after the poll phase, where an MCP `ping` is read.
 */
const schedule: (f: () => void) => { readonly cancel: () => void } =
  typeof setImmediate === "function"
    ? (f) => {
        const t = setImmediate(f)
        return { cancel: () => clearImmediate(t) }
      }
    : (f) => {
        const t = setTimeout(f, 0)
        return { cancel: () => clearTimeout(t) }
      }

export const nextTurn: Effect.Effect<void> = Effect.callback<void>((resume) => {
  const t = schedule(() => resume(Effect.void))
  return Effect.sync(() => t.cancel())
})

/**
 * An effect to run between steps of a long loop: when `SLICE_MS` passed
 * since the last turn, the event loop gets one (`nextTurn`). Cheap
 * otherwise: a clock read. Under a test clock time stands still, so it
 * never yields there.
 */
export const timeSlicer = Effect.map(Clock.currentTimeMillis, (start) => {
  let last = start
  return Effect.flatMap(Clock.currentTimeMillis, (now) =>
    now - last < SLICE_MS ? Effect.void : Effect.andThen(nextTurn, Effect.sync(() => void (last = now)))
  )
})
