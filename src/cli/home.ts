/**
 * skc needs a home directory (the global store is `<home>/.skillc`). An
 * empty or relative `HOME` without `SKILLC_HOME` used to resolve to the
 * current directory: project skills were listed as global and a deploy made
 * a dangling symlink (issue 19). It is an error instead, before any command runs.
 */
import { homedir } from "node:os"
import { basename, dirname, isAbsolute, join } from "node:path"
import { UsageError } from "../domain/errors.js"

export const homeProblem = (vars: Readonly<Record<string, string | undefined>>, home: () => string = homedir): UsageError | undefined => {
  const override = vars.SKILLC_HOME
  if (override !== undefined && override !== "") return undefined
  let dir: string
  try {
    dir = home()
  } catch {
    dir = ""
  }
  if (dir !== "" && isAbsolute(dir)) return undefined
  return new UsageError({
    // Unset and without a passwd entry (a CI container's uid) is not "empty": say which.
    message:
      dir !== ""
        ? `no home directory: HOME is not an absolute path ('${dir}')`
        : vars.HOME === undefined
          ? "no home directory: HOME is not set and the user has no home in the password database"
          : "no home directory: HOME is empty",
    detail: ["set HOME, or SKILLC_HOME to the directory that holds .skillc/"]
  })
}

/**
 * SKILLC_HOME replaces the home directory: skc's own directory is
 * `$SKILLC_HOME/.skillc`. Set to a directory named `.skillc` (read as "skc's
 * directory", like CARGO_HOME), it silently made `~/.skillc/.skillc/…`
 * (issue 46 item 5); the warning says what it means and what to set.
 */
export const homeWarning = (vars: Readonly<Record<string, string | undefined>>, cwd: () => string = () => process.cwd()): string | undefined => {
  const override = vars.SKILLC_HOME
  if (override === undefined || override === "") return undefined
  // A relative one is read from each working directory: the global store moves with it, and a read command
  // wrote its code cache into the working tree (`./relhome/.cache/…`, which `git add -A` then took).
  if (!isAbsolute(override)) {
    let at: string
    try {
      at = join(cwd(), override)
    } catch {
      at = override
    }
    return `warning: SKILLC_HOME=${override} is a relative path, read from the working directory (here ${at}); set it to an absolute path`
  }
  const trimmed = override.replace(/[\\/]+$/, "")
  if (basename(trimmed) !== ".skillc") return undefined
  const parent = dirname(trimmed)
  return (
    `warning: SKILLC_HOME=${override} stands for the home directory, so skc uses ${join(trimmed, ".skillc")}; ` +
    `to use ${trimmed} itself, set SKILLC_HOME=${parent}`
  )
}

/**
 * The current directory, removed while a shell still stands in it: every path skc resolves starts there,
 * and Node's own error reached the user as E999 with libuv's words ("process.cwd failed … uv_cwd").
 */
export const cwdProblem = (cwd: () => string = () => process.cwd()): UsageError | undefined => {
  try {
    cwd()
    return undefined
  } catch (e) {
    const code = (e as NodeJS.ErrnoException)?.code
    return new UsageError({
      message: code === "ENOENT" ? "the current directory no longer exists (it was removed or moved)" : `cannot read the current directory (${code ?? String(e)})`,
      detail: ["cd to an existing directory and run skc again"]
    })
  }
}
