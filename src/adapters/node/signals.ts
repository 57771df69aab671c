/**
 * What a signal means for this process's exit status (issue 44 item 1).
 *
 * The CLI runs its program as one fiber (src/cli/runMain.ts): SIGINT,
 * SIGTERM and SIGHUP interrupt it, its finalizers run (a tool's process
 * group is killed, a watch stops), and the process exits 128 + the signal's
 * number (130, 143, 129). A command whose documented end is a signal says
 * so here, before it waits: `skc build --watch` ends with exit 0
 * (README: "SIGINT or SIGTERM ends it with exit 0").
 */
import { Effect } from "effect"

/** The signals that end a run: each interrupts the main fiber. */
export const ENDING_SIGNALS: ReadonlyArray<NodeJS.Signals> = ["SIGINT", "SIGTERM", "SIGHUP"]

const SIGNAL_NUMBERS: Readonly<Record<string, number>> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 }

let declared: number | undefined

/** The running command ends normally on a signal: the process then exits `status` (one process runs one command). */
export const endsOnSignal = (status: number): Effect.Effect<void> => Effect.sync(() => void (declared = status))

/** The exit status of a run that `signal` interrupted: what the command declared, else 128 + the signal's number. */
export const statusOnSignal = (signal: NodeJS.Signals): number => declared ?? 128 + (SIGNAL_NUMBERS[signal] ?? 0)

/**
 * What SIGHUP does instead of ending the run, when a command asks for it:
 * `skc mcp --http --tokens <file>` reads its tokens again (a daemon's
 * reload, docs/team.md), so revoking a token does not end every engineer's
 * session. At most one handler (one process runs one command); undefined:
 * SIGHUP ends the run as SIGTERM does (129).
 */
let hangup: (() => void) | undefined

/** Let SIGHUP call `handler` instead of ending the run; the returned function takes that back. */
export const onHangup = (handler: () => void): (() => void) => {
  hangup = handler
  return () => {
    if (hangup === handler) hangup = undefined
  }
}

/** The handler SIGHUP calls now, if a command asked for one. */
export const hangupHandler = (): (() => void) | undefined => hangup
