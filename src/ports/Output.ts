/**
 * The process's output, as a port (issue 44 item 6): a command's handler
 * and the CLI's runner write through it, never to `process` themselves, so
 * a command's output is a value handed to one writer. The Node adapter
 * writes to the standard streams with issue 19's ends (EPIPE quietly,
 * other failures one line and status 1) and issue 30's direct write to
 * descriptor 1; the MCP server, whose stdout is the protocol, gives a
 * writer that keeps nothing (`discardingOutput`).
 *
 * The facts a renderer needs about where the text goes (a terminal or not,
 * colour allowed) come with it, asked when needed.
 */
import { Context, Effect } from "effect"

export interface OutputService {
  /** Write `text` to stdout exactly as given (no newline added). */
  readonly stdout: (text: string) => Effect.Effect<void>
  /** Write `bytes` to stdout exactly, resuming once they are handed to the system. */
  readonly stdoutBytes: (bytes: Uint8Array) => Effect.Effect<void>
  /** One line on stderr (a newline is added unless it ends with one). */
  readonly stderrLine: (line: string) => Effect.Effect<void>
  /** Whether stdout is a terminal. */
  readonly stdoutIsTTY: boolean
  /** Whether stderr is a terminal. */
  readonly stderrIsTTY: boolean
  /** ANSI colours allowed on `stream`: a terminal, NO_COLOR unset or empty, TERM not `dumb` (ports/Env.ts `colourOn`). */
  readonly colour: (stream: "stdout" | "stderr") => boolean
}

export class Output extends Context.Service<Output, OutputService>()("skillc/Output") {}

/** An output that writes nothing and is no terminal (the MCP server; tests that only want a result). */
export const discardingOutput: OutputService = {
  stdout: () => Effect.void,
  stdoutBytes: () => Effect.void,
  stderrLine: () => Effect.void,
  stdoutIsTTY: false,
  stderrIsTTY: false,
  colour: () => false
}
