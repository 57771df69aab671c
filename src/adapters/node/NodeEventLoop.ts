/** The EventLoop port on Node: `setImmediate` runs after the poll phase, where a waiting request is read. */
import { Effect, Layer } from "effect"
import { EventLoop, type EventLoopService } from "../../ports/EventLoop.js"

export const nodeEventLoop: EventLoopService = {
  turn: Effect.callback<void>((resume) => {
    const timer = setImmediate(() => resume(Effect.void))
    return Effect.sync(() => clearImmediate(timer))
  })
}

export const NodeEventLoopLive = Layer.succeed(EventLoop, nodeEventLoop)
