/** Env port on the real process: SKILLC_HOME replaces the home directory. */
import { readFileSync } from "node:fs"
import * as os from "node:os"
import * as nodePath from "node:path"
import { Layer } from "effect"
import { Env, type EnvService } from "../../ports/Env.js"
import { isTerminal } from "./terminal.js"

/** The login name: from the user database, else `$USER`/`$LOGNAME` (a container without a passwd entry), else "unknown". */
const userNameOf = (vars: Readonly<Record<string, string | undefined>>): string => {
  try {
    return os.userInfo().username
  } catch {
    return vars.USER || vars.LOGNAME || "unknown"
  }
}

/**
 * The login name of `uid` in the user database file (`/etc/passwd`: `name:x:uid:…`), read when asked
 * (only `sync --to` of a log another user wrote does); undefined where there is no such file or entry.
 */
const passwdName = (uid: number): string | undefined => {
  let text: string
  try {
    text = readFileSync("/etc/passwd", "utf8")
  } catch {
    return undefined
  }
  for (const line of text.split("\n")) {
    const [name, , id] = line.split(":")
    if (name !== undefined && name !== "" && id === String(uid)) return name
  }
  return undefined
}

export const makeNodeEnv = (overrides?: { readonly cwd?: string; readonly env?: Record<string, string | undefined> }): EnvService => {
  const vars = overrides?.env ?? process.env
  const skillcHome = vars.SKILLC_HOME
  const cwd = overrides?.cwd
  return {
    // Read at each use: a library user's process may change directory between runs (an MCP session never does: its own cwd, issue 44 item 2).
    get cwd() {
      return cwd ?? process.cwd()
    },
    home: skillcHome !== undefined && skillcHome !== "" ? nodePath.resolve(skillcHome) : os.homedir(),
    realHome: os.homedir(),
    platform: process.platform,
    // Read when asked (only `sync --to` does): the user database lookup is not start-up work.
    get hostName() {
      return os.hostname()
    },
    get userName() {
      return userNameOf(vars)
    },
    otherUserName: (uid) => (uid === process.getuid?.() ? undefined : passwdName(uid)),
    get: (name) => vars[name],
    all: () => vars,
    // Asked when needed, without creating the streams (./terminal.ts).
    get stdoutIsTTY() {
      return isTerminal(1)
    },
    get stderrIsTTY() {
      return isTerminal(2)
    },
    get stdinIsTTY() {
      return isTerminal(0)
    }
  }
}

export const NodeEnvLive = Layer.sync(Env, () => makeNodeEnv())
