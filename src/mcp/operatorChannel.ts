/**
 * Lines for the person running a server (its stderr), each key at most once
 * a minute: what no client can mend (a skill left out of the resources, a
 * token refused) would otherwise be written again for every listing, page or
 * retry, a line per request in the operator's log. Over HTTP and over stdio
 * alike (a stdio client such as Claude Code keeps the server's stderr in its
 * MCP log).
 */
/** The keys remembered: keys can name client addresses, so a flood from many must not grow the map without bound. */
const TOLD_KEYS_MAX = 4096
const ONCE_PER_MS = 60_000

/** A channel: `tell(key, line)` writes `line` unless `key` was told less than a minute ago (true when written). */
export interface OperatorChannel {
  (key: string, line: string): boolean
  /** Whether `key` was ever told (and not forgotten since). */
  readonly toldBefore: (key: string) => boolean
}

export const operatorChannel = (say: (line: string) => void, now: () => number = Date.now): OperatorChannel => {
  const told = new Map<string, number>()
  const tell = (key: string, line: string): boolean => {
    const at = now()
    if (at - (told.get(key) ?? -Infinity) < ONCE_PER_MS) return false
    if (told.size >= TOLD_KEYS_MAX) told.clear()
    told.set(key, at)
    say(line)
    return true
  }
  return Object.assign(tell, { toldBefore: (key: string) => told.has(key) })
}
