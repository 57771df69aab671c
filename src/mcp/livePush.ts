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
import { Cause, Effect, Exit, ManagedRuntime, Option } from "effect"
import { makeLivePushState, pushNewRows } from "../app/usage/livePush.js"
import { InvalidOption } from "../domain/errors.js"
import { isConfigurationFailure, teamStoreFailureText } from "../domain/teamStoreFailure.js"
import { withoutCredentials } from "../domain/urlPassword.js"
import { LogStoreError } from "../ports/AccessLog.js"
import { TeamLogStore } from "../ports/TeamLogStore.js"
import { TeamStoreLive } from "../layers.js"
import { makeServer, type McpSession } from "./server.js"

const INTERVAL_MS = 2_000
/** How long the last push may take when the server stops. */
const FINAL_PUSH_MS = 5_000
/**
 * How long the start waits for the first push: a refused password is known in milliseconds and stops the
 * start; a database that does not answer in this time is waited for in the background while the server serves.
 */
const FIRST_PUSH_MS = 3_000

/** What a failed push says, and whether it is the configuration's (no retry mends it). */
const problemOf = (cause: Cause.Cause<unknown>, shown: string): { readonly text: string; readonly configuration: boolean } => {
  const e = Cause.findErrorOption(cause)
  if (Option.isSome(e) && e.value instanceof LogStoreError) {
    return { text: teamStoreFailureText(shown, e.value.code, e.value.message), configuration: isConfigurationFailure(e.value.code, e.value.message) }
  }
  return { text: Cause.pretty(cause).split("\n")[0] ?? "unknown failure", configuration: false }
}

export const startLivePush = async (version: string, url: string, projects: ReadonlyArray<string>, say: (line: string) => void) => {
  // One session per project to run the push on (its ports, its settings), and one state per project.
  const pushers: Array<{ session: McpSession; state: ReturnType<typeof makeLivePushState> }> = []
  for (const project of projects) pushers.push({ session: await makeServer(version, { project }), state: makeLivePushState() })
  let store: ManagedRuntime.ManagedRuntime<TeamLogStore, unknown> | undefined
  let dirty = true
  let failing = false
  let running: Promise<void> = Promise.resolve()

  // As messages about a team database show it: no user, no password (docs/team.md), the rest as typed.
  const shown = withoutCredentials(url)
  /** The last push's failure, if it failed. */
  let last: ReturnType<typeof problemOf> | undefined
  /** While the start waits for the first push: a configuration failure then stops the start, which says it. */
  let starting = true
  /** The reasons the store gave for the rows it refused at the last push (each said once while it lasts). */
  let refusing = new Set<string>()
  const pushOnce = async () => {
    store ??= ManagedRuntime.make(TeamStoreLive(url))
    const service = await store.runPromiseExit(Effect.service(TeamLogStore))
    let problem: ReturnType<typeof problemOf> | undefined
    // The store's opening interrupted by the server's stop (its store disposed meanwhile): no push failed.
    if (Exit.isFailure(service) && Cause.hasInterruptsOnly(service.cause)) return
    if (Exit.isFailure(service)) problem = problemOf(service.cause, shown)
    else {
      const refusals: Array<{ readonly reason: string; readonly count: number }> = []
      for (const p of pushers) {
        const { exit } = await p.session.run(pushNewRows(p.state).pipe(Effect.provideService(TeamLogStore, service.value)))
        if (Exit.isFailure(exit)) {
          problem = problemOf(exit.cause, shown)
          break
        }
        refusals.push(...exit.value.reasons)
      }
      // Rows the store refused for their data: said once per reason while it lasts (each push tries them again),
      // and once when they are stored. They were dropped without a word and never tried again.
      if (problem === undefined) {
        const now = new Set(refusals.map((r) => r.reason))
        for (const r of refusals) {
          if (!refusing.has(r.reason)) say(`--log-to: the team database refused ${r.count} row${r.count === 1 ? "" : "s"} (${r.reason}); they stay in the local logs and are tried again at each push (skc sync --to names each)`)
        }
        if (refusing.size > 0 && now.size === 0) say("--log-to: the rows the team database refused are stored now")
        refusing = now
      }
    }
    last = problem
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
    if (!failing && !(starting && problem.configuration)) {
      say(
        problem.configuration
          ? `--log-to: ${problem.text}; nothing is pushed until that is fixed: rows stay in the local logs (skc sync --to once it is)`
          : `--log-to: cannot push to the team database (${problem.text}); rows stay in the local logs and are pushed when it answers (or: skc sync --to)`
      )
    }
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
  // A refused password, a role that may not connect, no such database, no PostgreSQL there: the server does not
  // start (before, it served for days pushing nothing, with one line on stderr). A database that does not
  // answer yet is waited for meanwhile.
  const first = await Promise.race([running.then(() => "done" as const), new Promise<"waiting">((r) => setTimeout(() => r("waiting"), FIRST_PUSH_MS).unref())])
  starting = false
  if (first === "done" && last?.configuration === true) {
    clearInterval(timer)
    await store?.dispose().catch(() => {})
    for (const p of pushers) await p.session.close().catch(() => {})
    throw new InvalidOption({ message: `--log-to ${shown}: ${last.text}` })
  }
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
