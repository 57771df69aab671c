/**
 * skc needs a home directory (the global store is `<home>/.skillc`). An
 * empty or relative `HOME` without `SKILLC_HOME` used to resolve to the
 * current directory: project skills were listed as global and a deploy made
 * a dangling symlink (issue 19). It is an error instead, before any command runs.
 */
import { homedir } from "node:os"
import { isAbsolute } from "node:path"
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
    message: dir === "" ? "no home directory: HOME is empty" : `no home directory: HOME is not an absolute path ('${dir}')`,
    detail: ["set HOME, or SKILLC_HOME to the directory that holds .skillc/"]
  })
}
