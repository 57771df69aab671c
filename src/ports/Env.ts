/**
 * The process environment: working directory, home, variables and terminal
 * facts. `home` is `$SKILLC_HOME` when set (RFC-0009:C-ENV-OVERRIDE), else the
 * real home directory.
 */
import { Context } from "effect"

export interface EnvService {
  readonly cwd: string
  readonly home: string
  /** The real home directory, even when SKILLC_HOME overrides `home`; never a project root (DECISIONS #14). */
  readonly realHome: string
  readonly platform: string
  /** This machine's host name and the user's login name (`skc sync --to` sends only their hashes, issue 18). */
  readonly hostName: string
  readonly userName: string
  readonly get: (name: string) => string | undefined
  readonly all: () => Readonly<Record<string, string | undefined>>
  readonly stdoutIsTTY: boolean
  readonly stderrIsTTY: boolean
  readonly stdinIsTTY: boolean
}

export class Env extends Context.Service<Env, EnvService>()("skillc/Env") {}

/** ANSI colour only on a terminal and only without NO_COLOR (DECISIONS: contract of the executable). */
export const colourAllowed = (env: EnvService, stream: "stdout" | "stderr"): boolean =>
  (stream === "stdout" ? env.stdoutIsTTY : env.stderrIsTTY) && (env.get("NO_COLOR") ?? "") === ""
