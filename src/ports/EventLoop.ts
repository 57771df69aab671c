/**
 * A turn of the event loop, for long loops that share a process with a
 * server (issue 29 item 3): walking, hashing and indexing a 100k-file skill
 * must let `skc mcp` read and answer a `ping` between their steps.
 * `Effect.yieldNow` is no such turn: Effect's scheduler resumes the fiber in
 * the same flush, before the event loop polls for input. The Node adapter
 * (the node adapter `NodeEventLoop.ts`) gives a real one; the default, for
 * worlds without an event loop to share (tests, a one-shot run without the
 * live layer), only yields to other fibers.
 */
import { Context, Effect } from "effect"

export interface EventLoopService {
  /** Resumes after the event loop has polled for input once. */
  readonly turn: Effect.Effect<void>
}

export const EventLoop = Context.Reference<EventLoopService>("skillc/EventLoop", {
  defaultValue: () => ({ turn: Effect.yieldNow })
})
