/**
 * ProcessRunner on node:child_process. `detached: true` makes the child the
 * leader of a new process group, so `process.kill(-pid, …)` (killpg) reaches
 * everything it spawned; `shell: false` means the argv goes to execve as is.
 *
 * Termination (timeout, the run's fiber interrupted, or the tool's main process exiting while
 * something it started is still running: skc itself receiving
 * SIGINT/SIGTERM/SIGHUP interrupts the main fiber, src/cli/runMain.ts, and
 * the interrupt waits for this to finish): SIGTERM to the group and to every process that left it (found through
 * /proc by ancestry and by the run token, see processTree.ts), then SIGKILL
 * to all of them once the grace period has passed; then our pipe ends are
 * closed whatever the processes do with theirs, so a run always returns
 * within timeout + grace (+ a quarter second) (tool-skills spec §5.3, issue 19).
 */
import { spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { constants } from "node:os"
import { Effect, Layer } from "effect"
import { BoundedOutput, type RunOutcome } from "../../domain/tools/output.js"
import { hasProc, RUN_TOKEN_VARIABLE, runProcesses, signalAll } from "./processTree.js"
import { ProcessRunner, type ProcessRequest, type ProcessResult, type ProcessRunnerService } from "../../ports/ProcessRunner.js"

const groupAlive = (pid: number): boolean => {
  try {
    process.kill(-pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM"
  }
}

const killGroup = (pid: number, signal: NodeJS.Signals | 0) => {
  try {
    process.kill(-pid, signal)
  } catch {
    // ESRCH: the group is already gone.
  }
}

const signalNumber = (signal: string): number => (constants.signals as Record<string, number>)[signal] ?? 0

/** After the last kill, how long the pipes may take to report their close before we close our ends ourselves. */
const PIPE_SETTLE_MS = 250
/** How often the run's processes are looked up again while they are being ended. */
const POLL_MS = 100

/** Ends a run: SIGTERM now, SIGKILL after `graceMs` (default: the request's grace); a second call can only shorten it. */
type EndRun = (graceMs?: number) => void

const runOnce = (request: ProcessRequest, onDone: (result: ProcessResult) => void): EndRun => {
  const started = performance.now()
  const buffer = new BoundedOutput(request.headBytes, request.tailBytes)
  const token = randomBytes(16).toString("hex")
  let settled = false
  let stop: RunOutcome | undefined
  let closed = false
  /** The tool's own process has been reaped: its pid may now name an unrelated process. */
  let exited = false
  const timers: Array<NodeJS.Timeout> = []
  const finish = (outcome: RunOutcome) => {
    if (settled) return
    settled = true
    for (const t of timers) clearTimeout(t)
    child?.stdout?.destroy()
    child?.stderr?.destroy()
    const rendered = buffer.render()
    onDone({ outcome, output: rendered.output, truncated: rendered.truncated, totalBytes: buffer.total, durationMs: performance.now() - started })
  }

  let child: ReturnType<typeof spawn> | undefined
  try {
    child = spawn(request.program, [...request.args], {
      cwd: request.cwd,
      env: { ...request.env, [RUN_TOKEN_VARIABLE]: token },
      detached: true,
      shell: false,
      stdio: [request.stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      windowsHide: true
    })
  } catch (e) {
    const err = e as NodeJS.ErrnoException
    finish({ _tag: "SpawnFailed", code: err.code ?? "EINVAL", message: err.message })
    return () => {}
  }
  const proc = child
  // A child that exits without reading its stdin makes the write fail (EPIPE): not the run's failure.
  proc.stdin?.on("error", () => {})
  proc.stdin?.end(request.stdin)

  /** Every process of the run seen so far (pid → start time): orphans lose their ancestry once signalled. */
  const known = new Map<number, string>()
  /** The tool's group, plus (Linux) every process descending from it or carrying its token. */
  const signalRun = (pid: number, signal: NodeJS.Signals | 0): boolean => {
    // Look before signalling: the SIGTERM may end a parent and orphan what it started.
    const others = runProcesses(pid, token, known, exited)
    killGroup(pid, signal)
    signalAll(others, signal)
    // With /proc its table decides (zombies left out): kill(-pgid, 0) also counts a zombie until init
    // reaps it, which in a container can take seconds and held every run's end that long.
    return others.length > 0 || (!hasProc() && groupAlive(pid))
  }

  /**
   * Ending a run (timeout, cancel, or what a finished tool left running): SIGTERM to everything of the run, then
   * poll; once nothing of it is alive and the pipes have closed, done. At the
   * grace deadline SIGKILL everything and close our pipe ends whatever the
   * processes did with theirs, so the call returns within timeout + grace.
   */
  let deadline = Number.POSITIVE_INFINITY
  const terminate = (reason: RunOutcome, graceMs = request.killGraceMs) => {
    if (settled) return
    // Already being ended: a shorter grace (the client gone while a timeout's grace runs) moves the SIGKILL closer.
    if (stop !== undefined) return void (deadline = Math.min(deadline, performance.now() + graceMs))
    stop = reason
    const pid = proc.pid
    if (pid === undefined) return
    signalRun(pid, "SIGTERM")
    // A stopped process takes its SIGTERM only once continued.
    signalRun(pid, "SIGCONT")
    deadline = performance.now() + graceMs
    let goneSince: number | undefined
    const poll = () => {
      if (settled) return
      const now = performance.now()
      if (now >= deadline) {
        signalRun(pid, "SIGKILL")
        // A second sweep catches what forked between the scan and the kill.
        timers.push(setTimeout(() => {
          signalRun(pid, "SIGKILL")
          finish(stop!)
        }, PIPE_SETTLE_MS))
        return
      }
      const alive = signalRun(pid, 0)
      if (!alive) {
        if (closed) return finish(stop!)
        goneSince ??= now
        // Nothing of the run is alive but a pipe is still open (a process we cannot see holds it): stop waiting.
        if (now - goneSince >= PIPE_SETTLE_MS) return finish(stop!)
      } else {
        goneSince = undefined
      }
      timers.push(setTimeout(poll, Math.max(0, Math.min(POLL_MS, deadline - now))))
    }
    poll()
  }

  proc.stdout?.on("data", (chunk: Buffer) => buffer.push(chunk))
  proc.stderr?.on("data", (chunk: Buffer) => buffer.push(chunk))
  proc.on("error", (err: NodeJS.ErrnoException) => {
    if (proc.pid === undefined) finish({ _tag: "SpawnFailed", code: err.code ?? "EINVAL", message: err.message })
  })
  const outcomeOf = (code: number | null, signal: NodeJS.Signals | null): RunOutcome =>
    signal !== null ? { _tag: "Signaled", signal, signalNumber: signalNumber(signal) } : { _tag: "Exited", exitCode: code ?? 0 }
  // README Security, "no tool or agent outlives skc": what the tool left running in the background (its
  // group, setsid escapees carrying the token) is ended as on a timeout as soon as the tool itself exits,
  // and the run keeps the tool's own outcome. Looked for at the exit, not only once the pipes close: a
  // background job still holding the tool's stdout (`sleep 30 &` then `exit 0`) kept them open until the
  // timeout. One look first, so a tool that left nothing behind returns at once.
  proc.on("exit", (code, signal) => {
    exited = true
    if (stop === undefined && proc.pid !== undefined && signalRun(proc.pid, 0)) terminate(outcomeOf(code, signal))
  })
  proc.on("close", (code, signal) => {
    closed = true
    // While a run is being ended the poll loop finishes it, once its escaped processes are gone too.
    if (stop !== undefined) return
    const outcome = outcomeOf(code, signal)
    // Started by a process that was not alive at the exit's look (a race): the same ending.
    if (proc.pid !== undefined && signalRun(proc.pid, 0)) return terminate(outcome)
    finish(outcome)
  })
  if (proc.pid !== undefined) {
    timers.push(setTimeout(() => terminate({ _tag: "TimedOut", timeoutMs: request.timeoutMs }), request.timeoutMs))
  }
  return (graceMs) => terminate({ _tag: "Cancelled", signal: "interrupt" }, graceMs)
}

/**
 * The runs in flight in this process: each one's cancel, answering once the run has ended. A run is
 * ended by its fiber's interruption; a server whose calls run on session runtimes of their own ends
 * them all at once when the process is interrupted (`endRunningProcesses`, src/cli/runMain.ts).
 */
const running = new Set<(graceMs?: number) => Promise<void>>()

/**
 * End every run in flight (SIGTERM, SIGKILL after its grace, or after `graceMs` when given: the MCP client
 * gone, whose own close sends skc a SIGKILL 4 s later) and wait until all have ended.
 */
export const endRunningProcesses = (graceMs?: number): Promise<void> => Promise.all([...running].map((end) => end(graceMs))).then(() => {})

export const nodeProcessRunner: ProcessRunnerService = {
  run: (request) =>
    Effect.callback<ProcessResult>((resume) => {
      let ended = false
      let onEnded: (() => void) | undefined
      const endedP = new Promise<void>((r) => (onEnded = r))
      const end = (graceMs?: number) => {
        cancel(graceMs)
        return endedP
      }
      const cancel = runOnce(request, (result) => {
        ended = true
        running.delete(end)
        onEnded?.()
        resume(Effect.succeed(result))
      })
      if (!ended) running.add(end)
      // Interrupted: end every process of the run and wait until they are gone (within the kill grace), so
      // that nothing the run started outlives an interrupted skc.
      return Effect.promise(() => end())
    })
}

export const NodeProcessRunnerLive = Layer.succeed(ProcessRunner, nodeProcessRunner)
