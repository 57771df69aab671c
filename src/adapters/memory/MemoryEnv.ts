/** A fixed environment for app tests: cwd, home and variables chosen by the test. */
import { Layer } from "effect"
import { Env, type EnvService } from "../../ports/Env.js"

export const makeMemoryEnv = (options: {
  readonly cwd: string
  readonly home: string
  readonly realHome?: string
  readonly hostName?: string
  readonly userName?: string
  /** Login names of other user ids (`otherUserName`). */
  readonly otherUsers?: Readonly<Record<number, string>>
  readonly vars?: Readonly<Record<string, string | undefined>>
}): EnvService => {
  const vars = options.vars ?? {}
  return {
    cwd: options.cwd,
    home: options.home,
    realHome: options.realHome ?? options.home,
    platform: "linux",
    hostName: options.hostName ?? "memory-host",
    userName: options.userName ?? "memory-user",
    otherUserName: (uid) => options.otherUsers?.[uid],
    get: (name) => vars[name],
    all: () => vars,
    stdoutIsTTY: false,
    stderrIsTTY: false,
    stdinIsTTY: false
  }
}

export const MemoryEnvLayer = (env: EnvService) => Layer.succeed(Env, env)
