/**
 * ProcessRunner on node:child_process. `detached: true` makes the child the
 * leader of a new process group, so `process.kill(-pid, …)` (killpg) reaches
 * everything it spawned; `shell: false` means the argv goes to execve as is.
 *
 * Termination (timeout, or skc itself receiving SIGINT/SIGTERM/SIGHUP):
 * SIGTERM to the group, then SIGKILL once the grace period has passed if any
 * member is still alive (tool-skills spec §5.3).
 */
import { spawn } from "node:child_process"
import { constants } from "node:os"
import { Effect, Layer } from "effect"
import { BoundedOutput, type RunOutcome } from "../../domain/tools/output.js"
import { ProcessRunner, type ProcessRequest, type ProcessResult, type ProcessRunnerService } from "../../ports/ProcessRunner.js"

const groupAlive = (pid: number): boolean => {
  try {
    process.kill(-pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM"
  }
}

const killGroup = (pid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(-pid, signal)
  } catch {
    // ESRCH: the group is already gone.
  }
}

const signalNumber = (signal: string): number => (constants.signals as Record<string, number>)[signal] ?? 0

const runOnce = (request: ProcessRequest, onDone: (result: ProcessResult) => void): (() => void) => {
  const started = performance.now()
  const buffer = new BoundedOutput(request.headBytes, request.tailBytes)
  let settled = false
  let stop: RunOutcome | undefined
  const timers: Array<NodeJS.Timeout> = []
  const finish = (outcome: RunOutcome) => {
    if (settled) return
    settled = true
    for (const t of timers) clearTimeout(t)
    for (const s of SIGNALS) process.removeListener(s, onSignal)
    const rendered = buffer.render()
    onDone({ outcome, output: rendered.output, truncated: rendered.truncated, totalBytes: buffer.total, durationMs: performance.now() - started })
  }

  let child: ReturnType<typeof spawn>
  try {
    child = spawn(request.program, [...request.args], {
      cwd: request.cwd,
      env: request.env,
      detached: true,
      shell: false,
      stdio: ["ignore", "pipe", "pipe"],
      windowsHide: true
    })
  } catch (e) {
    const err = e as NodeJS.ErrnoException
    finish({ _tag: "SpawnFailed", code: err.code ?? "EINVAL", message: err.message })
    return () => {}
  }

  const terminate = (reason: RunOutcome) => {
    if (stop !== undefined || settled) return
    stop = reason
    const pid = child.pid
    if (pid === undefined) return
    killGroup(pid, "SIGTERM")
    const deadline = performance.now() + request.killGraceMs
    const poll = () => {
      if (settled) return
      if (!groupAlive(pid)) return
      if (performance.now() >= deadline) {
        killGroup(pid, "SIGKILL")
        // A process that left the group may still hold our pipes: stop waiting for them.
        timers.push(setTimeout(() => {
          child.stdout?.destroy()
          child.stderr?.destroy()
          finish(stop!)
        }, 1000))
        return
      }
      timers.push(setTimeout(poll, Math.min(100, request.killGraceMs)))
    }
    poll()
  }

  const onSignal = (signal: NodeJS.Signals) => terminate({ _tag: "Cancelled", signal })
  for (const s of SIGNALS) process.on(s, onSignal)

  child.stdout?.on("data", (chunk: Buffer) => buffer.push(chunk))
  child.stderr?.on("data", (chunk: Buffer) => buffer.push(chunk))
  child.on("error", (err: NodeJS.ErrnoException) => {
    if (child.pid === undefined) finish({ _tag: "SpawnFailed", code: err.code ?? "EINVAL", message: err.message })
  })
  child.on("close", (code, signal) => {
    if (stop !== undefined) return finish(stop)
    if (signal !== null) return finish({ _tag: "Signaled", signal, signalNumber: signalNumber(signal) })
    finish({ _tag: "Exited", exitCode: code ?? 0 })
  })
  if (child.pid !== undefined) {
    timers.push(setTimeout(() => terminate({ _tag: "TimedOut", timeoutMs: request.timeoutMs }), request.timeoutMs))
  }
  return () => terminate({ _tag: "Cancelled", signal: "interrupt" })
}

const SIGNALS: ReadonlyArray<NodeJS.Signals> = ["SIGINT", "SIGTERM", "SIGHUP"]

export const nodeProcessRunner: ProcessRunnerService = {
  run: (request) =>
    Effect.async<ProcessResult>((resume) => {
      const cancel = runOnce(request, (result) => resume(Effect.succeed(result)))
      return Effect.sync(cancel)
    })
}

export const NodeProcessRunnerLive = Layer.succeed(ProcessRunner, nodeProcessRunner)
