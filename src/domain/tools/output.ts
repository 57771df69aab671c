/**
 * Output capture (tool-skills spec §4): stdout and stderr merged, kept in a
 * bounded head/tail buffer so memory stays constant whatever the process
 * prints, then rendered by the HEAD / `... [truncated N bytes] ...` / TAIL
 * rule and wrapped in the JSON envelope of §4.3–4.4.
 */

export const HEAD_SIZE = 2048
export const TAIL_SIZE = 2048
export const MAX_TOTAL = HEAD_SIZE + TAIL_SIZE

/**
 * Keeps the first `head` bytes and the last `tail` bytes seen, and the total.
 * Memory: head + tail bytes, whatever the total. Mutable on purpose (the
 * runner feeds it chunk by chunk); it does no I/O.
 */
export class BoundedOutput {
  private readonly headBuf: Uint8Array
  private headLen = 0
  private readonly ring: Uint8Array
  /** Next write position in the ring; the ring is full once `tailSeen >= tail`. */
  private ringPos = 0
  private tailSeen = 0
  total = 0

  constructor(
    readonly head = HEAD_SIZE,
    readonly tail = TAIL_SIZE
  ) {
    this.headBuf = new Uint8Array(head)
    this.ring = new Uint8Array(tail)
  }

  push(chunk: Uint8Array): void {
    this.total += chunk.length
    let offset = 0
    if (this.headLen < this.head) {
      const n = Math.min(this.head - this.headLen, chunk.length)
      this.headBuf.set(chunk.subarray(0, n), this.headLen)
      this.headLen += n
      offset = n
    }
    if (offset >= chunk.length || this.tail === 0) return
    // Bytes past the head go to the ring; only the last `tail` of this chunk matter.
    let rest = chunk.subarray(offset)
    if (rest.length > this.tail) rest = rest.subarray(rest.length - this.tail)
    const first = Math.min(this.tail - this.ringPos, rest.length)
    this.ring.set(rest.subarray(0, first), this.ringPos)
    if (first < rest.length) this.ring.set(rest.subarray(first), 0)
    this.ringPos = (this.ringPos + rest.length) % this.tail
    this.tailSeen += rest.length
  }

  /** Bytes after the head, in order (at most `tail`). */
  private tailBytes(): Uint8Array {
    if (this.tailSeen < this.tail) return this.ring.slice(0, this.tailSeen)
    const out = new Uint8Array(this.tail)
    out.set(this.ring.subarray(this.ringPos), 0)
    out.set(this.ring.subarray(0, this.ringPos), this.tail - this.ringPos)
    return out
  }

  /** The output text by the §4.2 rule; whole when it fits in head + tail. */
  render(): { readonly output: string; readonly truncated: boolean; readonly omittedBytes: number } {
    const decoder = new TextDecoder("utf-8")
    const tail = this.tailBytes()
    if (this.total <= this.head + this.tail) {
      const all = new Uint8Array(this.headLen + tail.length)
      all.set(this.headBuf.subarray(0, this.headLen), 0)
      all.set(tail, this.headLen)
      return { output: decoder.decode(all), truncated: false, omittedBytes: 0 }
    }
    // Cut on UTF-8 character boundaries so neither part shows a broken character.
    let headEnd = this.headLen
    const lead = utf8LeadStart(this.headBuf, headEnd)
    if (lead !== undefined) headEnd = lead
    let tailStart = 0
    while (tailStart < tail.length && tailStart < 3 && (tail[tailStart] & 0xc0) === 0x80) tailStart++
    const omitted = this.total - headEnd - (tail.length - tailStart)
    const output =
      decoder.decode(this.headBuf.subarray(0, headEnd)) +
      `\n... [truncated ${omitted} bytes] ...\n` +
      decoder.decode(tail.subarray(tailStart))
    return { output, truncated: true, omittedBytes: omitted }
  }
}

/** If `buf[0, end)` ends inside a multi-byte character, where that character starts. */
const utf8LeadStart = (buf: Uint8Array, end: number): number | undefined => {
  for (let i = end - 1; i >= 0 && i >= end - 4; i--) {
    const b = buf[i]
    if ((b & 0xc0) === 0x80) continue // continuation byte
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1
    return end - i < need ? i : undefined
  }
  return undefined
}

/** The JSON envelope (spec §4.3–4.4). `error` only on failure, `parsed` only for JSON output. */
export interface RunEnvelope {
  readonly success: boolean
  readonly exit_code: number
  readonly output: string
  readonly truncated: boolean
  readonly duration_ms: number
  readonly error?: string
  readonly parsed?: unknown
}

/**
 * How a run ended. Exit codes follow the shell's conventions so the envelope
 * always carries an integer and `skc run` can exit with it: 127 command not
 * found, 126 not executable, 124 timed out, 128+N killed by signal N.
 */
export type RunOutcome =
  | { readonly _tag: "Exited"; readonly exitCode: number }
  | { readonly _tag: "Signaled"; readonly signal: string; readonly signalNumber: number }
  | { readonly _tag: "TimedOut"; readonly timeoutMs: number }
  | { readonly _tag: "Cancelled"; readonly signal: string }
  | { readonly _tag: "SpawnFailed"; readonly code: string; readonly message: string }

export const EXIT_TIMEOUT = 124
export const EXIT_NOT_EXECUTABLE = 126
export const EXIT_NOT_FOUND = 127

export const exitCodeOf = (outcome: RunOutcome): number => {
  switch (outcome._tag) {
    case "Exited":
      return outcome.exitCode
    case "Signaled":
      return 128 + outcome.signalNumber
    case "TimedOut":
      return EXIT_TIMEOUT
    case "Cancelled":
      return 130
    case "SpawnFailed":
      return outcome.code === "ENOENT" ? EXIT_NOT_FOUND : EXIT_NOT_EXECUTABLE
  }
}

/**
 * The run's error line, or undefined when it succeeded. `interpreter`: the `#!` line's program of a script
 * that exists, for ENOENT: the kernel answers so when the interpreter is missing, not the script.
 */
export const errorOf = (outcome: RunOutcome, program: string, interpreter?: string): string | undefined => {
  switch (outcome._tag) {
    case "Exited":
      return outcome.exitCode === 0 ? undefined : `Command failed with exit code ${outcome.exitCode}`
    case "Signaled":
      return `Command was killed by ${outcome.signal}`
    case "TimedOut":
      return `Timeout exceeded: the command ran longer than ${outcome.timeoutMs / 1000} s and was stopped`
    case "Cancelled":
      return `Cancelled by ${outcome.signal}: the command was stopped`
    case "SpawnFailed":
      return outcome.code === "ENOENT"
        ? interpreter !== undefined
          ? interpreter.endsWith("\r")
            ? // The kernel reads the carriage return as part of the interpreter's name: '/bin/sh\r'.
              `Interpreter not found: '${program}' starts with '#!${interpreter.slice(0, -1)}' followed by a carriage return (the script was saved with Windows line endings), so the system looks for '${interpreter.slice(0, -1)}\\r', which does not exist (ENOENT); save it with LF line endings (dos2unix '${program}')`
            : `Interpreter not found: '${program}' starts with '#!${interpreter}', which does not exist here (ENOENT)`
          : program.includes("/") && !program.startsWith("/")
            ? // Resolved from the skill's root (a probe read "Command not found" as a PATH problem): SKL517 warns of it.
              `Command not found: the skill holds no '${program}' (ENOENT)`
            : `Command not found: '${program}' (ENOENT)`
        : outcome.code === "EACCES"
          ? `Permission denied: '${program}' is not executable (EACCES)`
          : outcome.code === "E2BIG"
            ? // The shell's 126 too: bash answers a too long argument list "Argument list too long", status 126.
              `Argument list too long: the values make the command line of '${program}' longer than the system allows (E2BIG)`
            : `Cannot start '${program}': ${outcome.message} (${outcome.code})`
  }
}

/**
 * The interpreter a script's first line names (`#!/usr/bin/env python3` → `/usr/bin/env python3`), if it has
 * one; ending in `\r` when the line ends in a carriage return the kernel takes as part of the name (CRLF).
 */
export const shebangOf = (head: string): string | undefined => {
  if (!head.startsWith("#!")) return undefined
  const raw = head.slice(2).split("\n", 1)[0]!
  const line = raw.trim()
  return line.length === 0 ? undefined : raw.endsWith("\r") ? `${line}\r` : line
}

/** Structured output (§4.4): a complete JSON object or array on the output is parsed. */
export const parseStructured = (output: string, truncated: boolean): unknown => {
  if (truncated) return undefined
  const t = output.trim()
  if (!(t.startsWith("{") || t.startsWith("["))) return undefined
  try {
    return JSON.parse(t)
  } catch {
    return undefined
  }
}

export const makeEnvelope = (
  outcome: RunOutcome,
  captured: { readonly output: string; readonly truncated: boolean },
  durationMs: number,
  program: string,
  interpreter?: string
): RunEnvelope => {
  const error = errorOf(outcome, program, interpreter)
  const parsed = error === undefined ? parseStructured(captured.output, captured.truncated) : undefined
  return {
    success: error === undefined,
    exit_code: exitCodeOf(outcome),
    output: captured.output,
    truncated: captured.truncated,
    duration_ms: Math.round(durationMs),
    ...(error === undefined ? {} : { error }),
    ...(parsed === undefined ? {} : { parsed })
  }
}
