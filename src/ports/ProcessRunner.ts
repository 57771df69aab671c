/**
 * Running a program (tool-skills spec §3.5, §5): program + args, never a
 * shell, in its own process group so a timeout or a cancellation ends every
 * process it started. stdout and stderr are merged into a bounded head/tail
 * buffer (`BoundedOutput`, pure domain) as they stream, so memory stays
 * constant for any amount of output.
 *
 * The runner never fails: every way a run can end (exit, signal, timeout,
 * cancel, spawn failure such as ENOENT/EACCES) is a `RunOutcome` value.
 */
import { Context, type Effect } from "effect"
import type { RunOutcome } from "../domain/tools/output.js"

export interface ProcessRequest {
  /** An absolute path, or a bare name looked up on the child's PATH. */
  readonly program: string
  readonly args: ReadonlyArray<string>
  readonly cwd: string
  /** The child's whole environment (nothing else is inherited). */
  readonly env: Readonly<Record<string, string>>
  readonly timeoutMs: number
  /** Between SIGTERM and SIGKILL to the process group (spec: 5 s). */
  readonly killGraceMs: number
  readonly headBytes?: number
  readonly tailBytes?: number
  /** Written to the child's stdin, which is then closed (absent: stdin is /dev/null). */
  readonly stdin?: string
}

export interface ProcessResult {
  readonly outcome: RunOutcome
  readonly output: string
  readonly truncated: boolean
  /** Every byte the process printed, kept or not. */
  readonly totalBytes: number
  readonly durationMs: number
}

export interface ProcessRunnerService {
  readonly run: (request: ProcessRequest) => Effect.Effect<ProcessResult>
}

export class ProcessRunner extends Context.Service<ProcessRunner, ProcessRunnerService>()("skillc/ProcessRunner") {}
