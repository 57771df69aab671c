/**
 * The Output port on Node: stdout and stderr of the process, with issue
 * 19's ends when they cannot be written and issue 30's direct write to
 * descriptor 1 until Node's stream exists. src/cli/stdout.ts installs the
 * guards on the streams that `NOT_CREATED` and `endOnWriteFailure` serve.
 */
import { writeSync } from "node:fs"
import { Effect } from "effect"
import type { OutputService } from "../../ports/Output.js"
import { colourOn } from "../../ports/Env.js"
import { isTerminal } from "./terminal.js"
import { IO_WORDS } from "../../domain/ioWords.js"

/**
 * Marks the getter the CLI puts on `process.stdout` until the stream is
 * first used (src/cli/stdout.ts): while it is there, Node has not created
 * the stream.
 */
export const NOT_CREATED = Symbol.for("skillc.stdio.notCreated")

const streamNotCreated = (): boolean => {
  const get = Object.getOwnPropertyDescriptor(process, "stdout")?.get as { [NOT_CREATED]?: boolean } | undefined
  return get?.[NOT_CREATED] === true
}

const describeWriteError = (e: NodeJS.ErrnoException): string => {
  const code = e.code ?? "EIO"
  // The words of issue 19 for a failed write to stdout.
  return `error: cannot write to standard output: ${IO_WORDS[code] ?? e.message} (${code})`
}

/**
 * Issue 19's end when stdout cannot be written, whichever way it was
 * written (the stream's 'error' event, src/cli/stdout.ts, or `writeStdout`):
 * EPIPE ends quietly with status 0, anything else is one line on stderr and
 * status 1.
 */
export const endOnWriteFailure = (e: NodeJS.ErrnoException): never => {
  if (e.code === "EPIPE") process.exit(0)
  try {
    process.stderr.write(describeWriteError(e) + "\n")
  } catch {
    // stderr is gone too.
  }
  process.exit(1)
}

let direct = process.platform !== "win32"

/**
 * Write to stdout. Until Node's stream for it exists, the bytes go straight
 * to file descriptor 1 (issue 30): creating the stream loads Node's stream
 * modules (for a pipe, `net`), a few milliseconds of a command's start-up,
 * and on Linux and macOS Node writes files and pipes synchronously anyway.
 * The failures keep issue 19's behaviour: EPIPE ends quietly with status 0,
 * any other error is one line on stderr and status 1. A descriptor left
 * non-blocking by the parent (EAGAIN) hands the rest to the stream, which
 * waits for the reader. On Windows, or once the stream exists, the stream
 * writes everything, so output never comes out of order.
 */
export const writeStdout = (text: string): void => {
  if (direct && streamNotCreated()) {
    const bytes = Buffer.from(text, "utf8")
    let written = 0
    try {
      while (written < bytes.length) written += writeSync(1, bytes, written)
      return
    } catch (e) {
      const error = e as NodeJS.ErrnoException
      if (error.code !== "EAGAIN") endOnWriteFailure(error)
      direct = false
      process.stdout.write(bytes.subarray(written))
      return
    }
  }
  process.stdout.write(text)
}


export const nodeOutput: OutputService = {
  stdout: (text) => Effect.sync(() => writeStdout(text)),
  stdoutBytes: (bytes) =>
    Effect.callback<void>((resume) => {
      if (bytes.length === 0) return resume(Effect.void)
      process.stdout.write(bytes, () => resume(Effect.void))
    }),
  stderrLine: (line) => Effect.sync(() => void process.stderr.write(line.endsWith("\n") ? line : line + "\n")),
  // Asked when needed, without creating the streams (./terminal.ts).
  get stdoutIsTTY() {
    return isTerminal(1)
  },
  get stderrIsTTY() {
    return isTerminal(2)
  },
  // The one policy (ports/Env.ts): TERM=dumb draws no colour either (lint's stderr showed `^[[1;33m` under it).
  colour: (stream) => colourOn(stream === "stdout" ? isTerminal(1) : isTerminal(2), (name) => process.env[name])
}
