/**
 * The one way every CLI entry runs its program (issue 44 item 1): main.ts,
 * the per-command bundles (single.ts) and `skc mcp` (mcpEntry.ts).
 *
 * The program runs as the main fiber (`Runtime.makeRunMain`, the primitive
 * `@effect/platform-node`'s `NodeRuntime.runMain` is built on). SIGINT,
 * SIGTERM and SIGHUP interrupt that fiber, so its finalizers run
 * (`Effect.acquireRelease`, `addFinalizer`, a `Scope`, the interrupt
 * handler of an `Effect.callback`): a tool's or an agent's process group is
 * killed and waited for, a watch loop stops, a server's input is ended. The
 * exit status comes from the fiber's `Exit`:
 *
 * - success: the command's exit status;
 * - interrupted by a signal: 128 + its number (130 SIGINT, 143 SIGTERM,
 *   129 SIGHUP), unless the command declared its own (`endsOnSignal`,
 *   `skc build --watch`: 0); a command that reloads on SIGHUP (`onHangup`:
 *   `skc mcp --http --tokens <file>`) is not interrupted by it;
 * - a failure or a defect: its RFC-0005 line on stderr, status 1 (exit.ts).
 *
 * After a signal the process exits as soon as the fiber has ended (as
 * `NodeRuntime.runMain` does): whatever the program left open (a server's
 * stdin, a timer) must not keep it alive.
 *
 * Why not `NodeRuntime.runMain` itself: it is these lines over the same
 * `Runtime.makeRunMain`, but exits 130 for SIGTERM as well, does not answer
 * the status to bin/skc.mjs (which writes the V8 code cache after a
 * successful run), and would add @effect/platform-node with undici and ws
 * to every install (docs/architecture.md, "Start-up").
 */
import * as Effect from "effect/Effect"
import * as Cause from "effect/Cause"
import * as Exit from "effect/Exit"
import * as Runtime from "effect/Runtime"
import { ENDING_SIGNALS, hangupHandler, loadEndRunningProcesses, statusOnSignal } from "../layers.js"
import { exitStatus } from "./exit.js"
import { isSkcError } from "../domain/errors.js"

/** Run `program` as the process's main fiber; its exit status once it has ended (finalizers included). */
export const runMain = (program: Effect.Effect<number, unknown>, verboseOn: boolean): Promise<number> =>
  new Promise<number>((resolve) => {
    let received: NodeJS.Signals | undefined
    const teardown: Runtime.Teardown = (exit, onExit) => {
      const e = exit as Exit.Exit<number, unknown>
      if (received !== undefined && Exit.isFailure(e) && Cause.hasInterruptsOnly(e.cause)) return onExit(statusOnSignal(received))
      return onExit(exitStatus(e, verboseOn))
    }
    const start = Runtime.makeRunMain(({ fiber, teardown }) => {
      const onSignal = (signal: NodeJS.Signals) => {
        // A command that reloads on SIGHUP (an HTTP server's tokens) keeps running.
        const reload = signal === "SIGHUP" ? hangupHandler() : undefined
        if (reload !== undefined) return reload()
        received ??= signal
        fiber.interruptUnsafe(fiber.id)
      }
      for (const s of ENDING_SIGNALS) process.on(s, onSignal)
      fiber.addObserver((exit) => {
        for (const s of ENDING_SIGNALS) process.off(s, onSignal)
        teardown(exit, (code) => {
          resolve(code)
          if (received !== undefined) {
            process.exitCode = code
            // Ended by a signal: nothing left open may keep the process alive (stdout and stderr are written synchronously).
            setImmediate(() => process.exit(code))
          }
        })
      })
    })
    // Errors are rendered by exit.ts, not logged by the runtime.
    start(program, { disableErrorReporting: true, teardown })
  })

/** How long an interrupted server waits for its session to close (answers in flight, pooled connections). */
const CLOSE_WAIT_MS = 2_000

/** How long a server's tool runs get after SIGTERM, when the server itself is stopped, before SIGKILL. */
export const SERVER_STOP_GRACE_MS = 500

/**
 * `skc mcp` under `runMain`: the server (a promise that settles when its
 * input ends) as the main fiber's program. Interrupted by a signal, the
 * finalizer ends the input as a client closing it would, ends the tool
 * runs still in flight (their process groups, as the process runner's own
 * interrupt does), so the session closes the way it always does (pooled
 * connections, watchers), and waits for that a bounded time; then the
 * process exits.
 */
export const runServer = (serve: (stop: AbortSignal) => Promise<void>, verboseOn: boolean): Promise<number> =>
  runMain(
    Effect.callback<number, unknown>((resume) => {
      // An HTTP server (issue 49) has no input to end: it stops listening and closes its sessions when this aborts.
      const stop = new AbortController()
      const served = serve(stop.signal)
      served.then(
        () => resume(Effect.succeed(0)),
        // A refusal the server states with its code (a --port in use: E100) is a failure, anything else a defect (E999).
        (e: unknown) => resume(isSkcError(e) ? Effect.fail(e) : Effect.die(e))
      )
      return Effect.promise(async () => {
        process.stdin.push(null)
        stop.abort()
        // Tool calls in flight run on the sessions' own runtimes: their processes are ended here, with a grace of
        // SERVER_STOP_GRACE_MS: an MCP client that closes (the SDK's close: stdin ends, SIGTERM 2 s later, SIGKILL
        // 2 s after that) killed skc inside the runner's 5 s, and a tool ignoring SIGTERM outlived it for good.
        await loadEndRunningProcesses().then((end) => end(SERVER_STOP_GRACE_MS), () => {})
        await Promise.race([served.then(() => {}, () => {}), new Promise<void>((r) => setTimeout(r, CLOSE_WAIT_MS).unref())])
      })
    }),
    verboseOn
  ).then((code) => {
    // The server is done (stopped, or refused its start: a --port in use is E100): a connection a background
    // task still holds (a --log-to store that took the login and went silent) kept the process alive for
    // good, for a supervisor to take as a running server. Unref'd: a process with nothing left ends first.
    setTimeout(() => process.exit(code), CLOSE_WAIT_MS).unref()
    return code
  })
