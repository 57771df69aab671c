import { readFileSync } from "node:fs"

/** Whether a process is running (a zombie waiting for its reaper, e.g. in a container without init, counts as gone). */
export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z"
  } catch {
    return true
  }
}
