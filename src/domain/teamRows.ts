/**
 * Local access-log rows as team rows (issue 18): who they came from and a
 * stable id. Pure; the hash function comes from the caller (the Hasher port).
 *
 * Why the id is derived from the row's content and not from its local `id`:
 * local ids are renumbered when a log is merged or repaired (DECISIONS #30,
 * issue 19), so they are not stable. The id is the hash of the machine, the
 * user, every column and the row's occurrence number among identical rows
 * of that machine and user — so two legitimately repeated rows stay two
 * (the multiset rule of DECISIONS #30), and pushing the same log again, or
 * resuming after a failure, yields the same ids and stores nothing twice.
 */
import type { AccessLogRow, TeamLogRow } from "./logRows.js"

const COLUMNS = ["timestamp", "run_id", "command", "skill", "skill_path", "cwd", "args", "error"] as const

/**
 * A path as the team store holds it (`cwd`, `skill_path`): the home it lies in written `~`. A path under
 * a home holds its user's name (`/home/alice/projects/webapp`), which the hashes of the host and user names
 * exist to keep on the machine (a team-store probe read every engineer's login from `cwd`). `homes`: the
 * pushing account's (not `SKILLC_HOME`, which names no one and would merge `/srv/skc/app` with every `~/app`),
 * tried longest first; a path under another account's
 * home on a Linux or macOS layout (`/home/<name>`, `/Users/<name>`, `/root`: a log another user wrote) loses
 * that name the same way. Pure.
 */
export const homeAsTilde = (path: string, homes: ReadonlyArray<string>): string => {
  for (const home of [...homes].filter((h) => h.length > 1).sort((a, b) => b.length - a.length)) {
    const h = home.replace(/\/+$/, "")
    if (path === h) return "~"
    if (path.startsWith(`${h}/`)) return `~${path.slice(h.length)}`
  }
  const other = /^(?:\/home\/[^/]+|\/Users\/[^/]+|\/root)(?=\/|$)/.exec(path)
  return other === null ? path : `~${path.slice(other[0].length)}`
}

/** The host and user names as hashes: a team store never holds a name. */
export const identityHash = (sha256Hex: (s: string) => string, kind: "machine" | "user", name: string): string =>
  sha256Hex(`skc-team-${kind}\u0000${name}`).slice(0, 16)

/**
 * A converter that numbers identical rows across successive calls, so that a
 * large log can be converted (and pushed) slice by slice with the same ids
 * as in one go. It remembers one short hash per distinct row, not the rows.
 *
 * `forgetAfterMs` bounds that memory for a process that lives on (the live
 * push of `skc mcp --http --log-to`, which would otherwise keep about 100
 * bytes per row it ever pushed): identical rows share their timestamp, so
 * once the log has reached rows this much newer, a row of an older
 * timestamp cannot recur and its hash is dropped. Only a clock set back by
 * more than that could bring one back; that row would get the id of its
 * twin and wait for the next full `skc sync --to`, which numbers the whole
 * log and sends it. `sync --to` itself remembers everything (one log, one
 * run).
 */
export const teamRowConverter = (
  sha256Hex: (s: string) => string,
  who: { readonly machine: string; readonly user: string },
  options: {
    readonly forgetAfterMs?: number
    /** The homes whose paths the rows' `cwd` and `skill_path` write as `~` (`homeAsTilde`); the ids are the rows' as logged. */
    readonly homes?: ReadonlyArray<string>
  } = {}
) => {
  const homes = options.homes ?? []
  const seen = new Map<string, number>()
  // With `forgetAfterMs`: the hashes by timestamp, in the order first seen (a log's order, oldest first).
  const byTime = new Map<string, Array<string>>()
  let newest = Number.NEGATIVE_INFINITY
  const remember = (timestamp: string, base: string) => {
    const at = Date.parse(timestamp)
    if (Number.isFinite(at) && at > newest) newest = at
    const group = byTime.get(timestamp)
    if (group === undefined) byTime.set(timestamp, [base])
    else group.push(base)
  }
  const forget = (window: number) => {
    for (const [timestamp, bases] of byTime) {
      const at = Date.parse(timestamp)
      // An unparsable timestamp is kept (it cannot be placed); a recent one ends the walk (the rest are newer).
      if (!Number.isFinite(at)) continue
      if (at >= newest - window) break
      for (const b of bases) seen.delete(b)
      byTime.delete(timestamp)
    }
  }
  const convert = (rows: ReadonlyArray<AccessLogRow>): ReadonlyArray<TeamLogRow> => {
    const out = rows.map((row) => {
      const base = sha256Hex(`${who.machine}\u0000${who.user}\u0000${JSON.stringify(COLUMNS.map((c) => row[c]))}`).slice(0, 32)
      const n = seen.get(base) ?? 0
      seen.set(base, n + 1)
      if (options.forgetAfterMs !== undefined && n === 0) remember(row.timestamp, base)
      const row_id = n === 0 ? base : sha256Hex(`${base}\u0000${n}`).slice(0, 32)
      // The id from the row as logged: a log pushed before paths were written so keeps its ids (nothing twice).
      return { ...row, skill_path: homeAsTilde(row.skill_path, homes), cwd: homeAsTilde(row.cwd, homes), row_id, machine: who.machine, user: who.user }
    })
    if (options.forgetAfterMs !== undefined) forget(options.forgetAfterMs)
    return out
  }
  return Object.assign(convert, {
    /** How many distinct rows it remembers (tests, and the bound above). */
    held: () => seen.size
  })
}

/** The rows with their identity and stable ids, in the given order. */
export const toTeamRows = (
  sha256Hex: (s: string) => string,
  who: { readonly machine: string; readonly user: string },
  rows: ReadonlyArray<AccessLogRow>
): ReadonlyArray<TeamLogRow> => teamRowConverter(sha256Hex, who)(rows)
