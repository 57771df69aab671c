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
  /**
   * The login name of user id `uid` when it is not this process's user (a log another user wrote, which
   * `sync --to` pushes under its writer's identity); undefined for this process's own id, or when the
   * user database does not name it.
   */
  readonly otherUserName: (uid: number) => string | undefined
  readonly get: (name: string) => string | undefined
  readonly all: () => Readonly<Record<string, string | undefined>>
  readonly stdoutIsTTY: boolean
  readonly stderrIsTTY: boolean
  readonly stdinIsTTY: boolean
}

export class Env extends Context.Service<Env, EnvService>()("skillc/Env") {}

/**
 * ANSI colour only on a terminal and only without NO_COLOR (DECISIONS: contract of the executable), and not
 * on a terminal that says it draws none (`TERM=dumb`: Emacs' shell, some CI log viewers showed `^[[1;33m`).
 */
export const colourAllowed = (env: EnvService, stream: "stdout" | "stderr"): boolean =>
  colourOn(stream === "stdout" ? env.stdoutIsTTY : env.stderrIsTTY, env.get)

/** The policy itself, for a caller without the service (the CLI's console): a terminal, no NO_COLOR, no TERM=dumb. */
export const colourOn = (isTTY: boolean, get: (name: string) => string | undefined): boolean =>
  isTTY && (get("NO_COLOR") ?? "") === "" && get("TERM") !== "dumb"

/**
 * `env` seen from another working directory, read at each use: an MCP
 * session's project (issue 44 item 2), which its client's roots may move,
 * without the process ever changing directory.
 */
export const withWorkingDirectory = (env: EnvService, cwd: () => string): EnvService => ({
  get cwd() {
    return cwd()
  },
  home: env.home,
  realHome: env.realHome,
  platform: env.platform,
  get hostName() {
    return env.hostName
  },
  get userName() {
    return env.userName
  },
  otherUserName: (uid) => env.otherUserName(uid),
  get: (name) => env.get(name),
  all: () => env.all(),
  get stdoutIsTTY() {
    return env.stdoutIsTTY
  },
  get stderrIsTTY() {
    return env.stderrIsTTY
  },
  get stdinIsTTY() {
    return env.stdinIsTTY
  }
})
