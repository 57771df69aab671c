/**
 * Ending a long-running command cleanly: an effect that completes on the
 * first SIGINT (Ctrl-C) or SIGTERM, so that a watch loop racing it stops
 * and the process exits 0 instead of dying of the signal.
 */
import { Effect } from "effect"

export const untilSignal = (onSignal: () => void = () => {}): Effect.Effect<void> =>
  Effect.callback<void>((resume) => {
    const handler = () => {
      process.off("SIGINT", handler)
      process.off("SIGTERM", handler)
      onSignal()
      resume(Effect.void)
    }
    process.on("SIGINT", handler)
    process.on("SIGTERM", handler)
    return Effect.sync(() => {
      process.off("SIGINT", handler)
      process.off("SIGTERM", handler)
    })
  })
