/**
 * Running skc as an unprivileged user for permission tests: permissions do
 * not bind root, so when the tests run as root the child runs as `nobody`
 * through setpriv (util-linux). `undefined` when that is impossible here
 * (root without setpriv): the caller skips with that reason.
 */
import { spawnSync, type SpawnSyncReturns } from "node:child_process"

const isRoot = process.getuid?.() === 0
const setprivWorks = (): boolean => isRoot && spawnSync("setpriv", ["--version"]).status === 0

export const canDropPrivileges = (): boolean => !isRoot || setprivWorks()

/** Make `dir` readable by everyone when the child will run as nobody. */
export const shareForUnprivileged = (dir: string): void => {
  if (isRoot) spawnSync("chmod", ["-R", "a+rX", dir])
}

export const runUnprivileged = (argv: ReadonlyArray<string>, options: { cwd: string; env: Record<string, string> }): SpawnSyncReturns<string> =>
  isRoot
    ? spawnSync("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", ...argv], { ...options, encoding: "utf8" })
    : spawnSync(argv[0]!, argv.slice(1), { ...options, encoding: "utf8" })

/** The command prefix that runs a child as nobody when the tests run as root (none otherwise): for a spawn of one's own. */
export const unprivilegedPrefix = (): ReadonlyArray<string> => (isRoot ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : [])
