/**
 * Finding every process a tool run started, including those that left its
 * process group (issue 19, tool-skills spec §5.3).
 *
 * `killpg` reaches only the group the tool leads; a descendant that calls
 * `setsid` (or `setpgid`) is in a group of its own and would survive the
 * timeout while holding our stdout pipe open. Plain Node has neither cgroups
 * nor PR_SET_CHILD_SUBREAPER, so on Linux the runner finds a run's processes
 * in /proc by two independent marks:
 *
 * - ancestry: every process whose parent chain leads to the tool's pid
 *   (lost once an intermediate parent exits and the orphan is re-parented);
 * - the run token: the runner puts `SKC_TOOL_RUN=<random>` in the tool's
 *   environment; every descendant inherits it unless it deliberately clears
 *   its environment, and /proc/<pid>/environ shows it even after re-parenting.
 *
 * Without /proc (macOS, BSD) both lists are empty and the runner falls back to
 * the process group alone; it still closes its pipe ends and returns at the
 * deadline.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"

/** The environment variable carrying a run's token. */
export const RUN_TOKEN_VARIABLE = "SKC_TOOL_RUN"

export interface ProcEntry {
  readonly pid: number
  readonly ppid: number
  readonly pgid: number
  /** Start time in clock ticks since boot: a pid reused by an unrelated process has another. */
  readonly start?: string
}

/** `pid (comm) state ppid pgrp …`: comm may hold spaces and parentheses, so fields are read after the last ')'. */
export const parseStat = (pid: number, stat: string): (ProcEntry & { readonly zombie: boolean }) | undefined => {
  const close = stat.lastIndexOf(")")
  if (close < 0) return undefined
  const fields = stat.slice(close + 2).split(" ")
  const ppid = Number(fields[1])
  const pgid = Number(fields[2])
  if (!Number.isInteger(ppid) || !Number.isInteger(pgid)) return undefined
  return { pid, ppid, pgid, start: fields[19] ?? "", zombie: fields[0] === "Z" || fields[0] === "X" }
}

let procSeen: boolean | undefined
/** Whether this system has a readable /proc (Linux), so that `runProcesses` sees every process of a run. */
export const hasProc = (): boolean => (procSeen ??= existsSync("/proc/self/stat"))

/** Every live (non-zombie) process visible in /proc; empty where there is no /proc. */
export const listProcesses = (): ReadonlyArray<ProcEntry> => {
  let names: Array<string>
  try {
    names = readdirSync("/proc")
  } catch {
    return []
  }
  const out: Array<ProcEntry> = []
  for (const name of names) {
    const pid = Number(name)
    if (!Number.isInteger(pid) || pid <= 0) continue
    try {
      const entry = parseStat(pid, readFileSync(`/proc/${pid}/stat`, "utf8"))
      if (entry !== undefined && !entry.zombie) out.push({ pid: entry.pid, ppid: entry.ppid, pgid: entry.pgid, start: entry.start ?? "" })
    } catch {
      // The process ended between readdir and read.
    }
  }
  return out
}

const carriesToken = (pid: number, needle: Buffer): boolean => {
  try {
    const environ = readFileSync(`/proc/${pid}/environ`)
    const at = environ.indexOf(needle)
    // The variable must start an entry: at 0 or right after a NUL.
    return at === 0 || (at > 0 && environ[at - 1] === 0)
  } catch {
    // Another user's process (EACCES) or already gone.
    return false
  }
}

/** Pids whose parent chain reaches `root` (root excluded). */
export const descendantsOf = (root: number, table: ReadonlyArray<ProcEntry>): ReadonlyArray<number> => {
  const parent = new Map<number, number>()
  for (const p of table) parent.set(p.pid, p.ppid)
  const out: Array<number> = []
  for (const p of table) {
    let cur = p.ppid
    // Bounded walk: a corrupt table can never loop forever.
    for (let hops = 0; hops < table.length && cur > 1; hops++) {
      if (cur === root) {
        out.push(p.pid)
        break
      }
      const next = parent.get(cur)
      if (next === undefined) break
      cur = next
    }
  }
  return out
}

/**
 * The processes of one run still alive: the tool itself, its group, its
 * descendants by ancestry, every process carrying the run token, and every
 * process found by an earlier call (`known`: pid → start time, updated here,
 * so an escapee orphaned by the first SIGTERM to its parent stays found);
 * once the tool has exited (`toolExited`), its group, the token and `known` only.
 * Never skc itself, nor anything in skc's own process group.
 */
export const runProcesses = (
  toolPid: number,
  token: string,
  known: Map<number, string> = new Map(),
  toolExited = false
): ReadonlyArray<ProcEntry> => {
  const table = listProcesses()
  if (table.length === 0) return []
  const self = table.find((p) => p.pid === process.pid)
  const ownGroup = self?.pgid ?? -1
  const needle = Buffer.from(`${RUN_TOKEN_VARIABLE}=${token}\0`)
  // Once the tool is reaped its pid may be reused by an unrelated process (and that one's children):
  // match by pid and ancestry only while it lives. Its group stays reserved while any member lives.
  const related = new Set<number>(toolExited ? [] : descendantsOf(toolPid, table))
  const out: Array<ProcEntry> = []
  for (const p of table) {
    if (p.pid === process.pid || p.pgid === ownGroup) continue
    const isKnown = known.has(p.pid) && known.get(p.pid) === p.start
    if (isKnown || (!toolExited && p.pid === toolPid) || p.pgid === toolPid || related.has(p.pid) || carriesToken(p.pid, needle)) {
      out.push(p)
      known.set(p.pid, p.start ?? "")
    }
  }
  return out
}

/** Signals each process and the group of each that leads its own (a `setsid` escapee's children go with it). */
export const signalAll = (procs: ReadonlyArray<ProcEntry>, signal: NodeJS.Signals | 0): void => {
  const groups = new Set<number>()
  for (const p of procs) {
    try {
      process.kill(p.pid, signal)
    } catch {
      // ESRCH: already gone.
    }
    if (p.pgid === p.pid) groups.add(p.pgid)
  }
  for (const g of groups) {
    try {
      process.kill(-g, signal)
    } catch {
      // ESRCH
    }
  }
}
