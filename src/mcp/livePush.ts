/**
 * The timer of `skc mcp --http --log-to <postgres-url>` (issue 49 item 3;
 * the push itself: src/app/usage/livePush.ts). Every LOG_TO_INTERVAL_MS,
 * when a request came in since the last push, each project's skills push
 * the rows their logs gained. The team store's layer is built once and kept;
 * when a push fails (the database down, a connection cut) the store is
 * dropped and built again at the next push, and stderr says it once per
 * outage: the rows stay in the local logs (the fallback) and go with the
 * next push that succeeds, or with `skc sync --to`.
 */
import { Cause, Effect, Exit, ManagedRuntime } from "effect"
import { makeLivePushState, pushNewRows } from "../app/usage/livePush.js"
import { TeamLogStore } from "../ports/TeamLogStore.js"
import { TeamStoreLive } from "../layers.js"
import { makeServer, type McpSession } from "./server.js"

const INTERVAL_MS = 2_000
/** How long the last push may take when the server stops. */
const FINAL_PUSH_MS = 5_000

export const startLivePush = async (version: string, url: string, projects: ReadonlyArray<string>, say: (line: string) => void) => {
  // One session per project to run the push on (its ports, its settings), and one state per project.
  const pushers: Array<{ session: McpSession; state: ReturnType<typeof makeLivePushState> }> = []
  for (const project of projects) pushers.push({ session: await makeServer(version, { project }), state: makeLivePushState() })
  let store: ManagedRuntime.ManagedRuntime<TeamLogStore, unknown> | undefined
  let dirty = true
  let failing = false
  let running: Promise<void> = Promise.resolve()

  const pushOnce = async () => {
    store ??= ManagedRuntime.make(TeamStoreLive(url))
    const service = await store.runPromiseExit(Effect.service(TeamLogStore))
    let problem: string | undefined
    if (Exit.isFailure(service)) problem = Cause.pretty(service.cause).split("\n")[0]
    else {
      for (const p of pushers) {
        const { exit } = await p.session.run(pushNewRows(p.state).pipe(Effect.provideService(TeamLogStore, service.value)))
        if (Exit.isFailure(exit)) {
          problem = Cause.pretty(exit.cause).split("\n")[0]
          break
        }
      }
    }
    if (problem === undefined) {
      if (failing) say("--log-to: the team database answers again; the rows kept locally were pushed")
      failing = false
      return
    }
    // Rebuilt at the next push: a connection the failure left behind is not reused.
    const broken = store
    store = undefined
    await broken.dispose().catch(() => {})
    dirty = true
    if (!failing) say(`--log-to: cannot push to the team database (${problem}); rows stay in the local logs and are pushed when it answers (or: skc sync --to)`)
    failing = true
  }

  const tick = () => {
    if (!dirty) return
    dirty = false
    running = running.then(pushOnce, pushOnce)
  }
  const timer = setInterval(tick, INTERVAL_MS)
  timer.unref()
  tick()
  return {
    /** A request came in: its rows (if any) go with the next push. */
    touched: () => void (dirty = true),
    /** Stop the timer, push once more (bounded), close the store and the push sessions. */
    stop: async () => {
      clearInterval(timer)
      dirty = true
      tick()
      await Promise.race([running, new Promise<void>((r) => setTimeout(r, FINAL_PUSH_MS).unref())])
      await store?.dispose().catch(() => {})
      for (const p of pushers) await p.session.close().catch(() => {})
    }
  }
}

export { INTERVAL_MS as LOG_TO_INTERVAL_MS }
