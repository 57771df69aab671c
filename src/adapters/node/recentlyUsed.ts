/**
 * A bounded map for what a long-lived server remembers between calls (the
 * freshness records of WatchingFreshness.ts, the skills-in-scope memo of
 * StampedDiskMemo.ts): least recently used dropped first, except that an
 * entry used in the last `inUseMs` is never the one dropped. While every
 * entry is that recent the bound grows to hold them, up to `ceiling`, and
 * only there does the least recently used go all the same.
 *
 * Why: a call that asks about every skill in scope (a cross-skill search),
 * or a server answering many projects in turn, uses its entries in the same
 * cyclic order every time. Least recently used eviction alone is the worst
 * policy for that: past the bound, every call dropped exactly what the rest
 * of it and the next call needed, and nothing was ever found.
 */
/**
 * How recently an entry must have been used to count as in use: a call still running, or the one
 * before it of a session still asking (the server's records, its skills-in-scope memo and the
 * combined index files of cross-skill search all use it).
 */
export const IN_USE_MS = 10_000

export interface RecentlyUsedOptions<V> {
  readonly max: number
  readonly ceiling: number
  readonly inUseMs: number
  readonly now: () => number
  /** Called for an entry the bound drops (not for `delete` or `clear`). */
  readonly onDrop?: (value: V) => void
}

export interface RecentlyUsed<V> {
  readonly get: (key: string) => V | undefined
  /** Keep `value` for `key` as used now (the most recently used), dropping beyond the bound. */
  readonly use: (key: string, value: V) => void
  readonly delete: (key: string) => void
  readonly values: () => IterableIterator<V>
  readonly clear: () => void
  readonly size: () => number
}

export const makeRecentlyUsed = <V>(options: RecentlyUsedOptions<V>): RecentlyUsed<V> => {
  const entries = new Map<string, { value: V; usedAt: number }>()
  // The bound now: `max`, grown to the most entries in use at once (never past the ceiling).
  let bound = Math.min(options.max, options.ceiling)
  return {
    get: (key) => entries.get(key)?.value,
    use: (key, value) => {
      const at = options.now()
      entries.delete(key)
      entries.set(key, { value, usedAt: at })
      while (entries.size > bound) {
        const [oldestKey, oldest] = entries.entries().next().value as [string, { value: V; usedAt: number }]
        if (at - oldest.usedAt < options.inUseMs && bound < options.ceiling) bound = Math.min(options.ceiling, entries.size)
        else {
          entries.delete(oldestKey)
          options.onDrop?.(oldest.value)
        }
      }
    },
    delete: (key) => void entries.delete(key),
    values: function* () {
      for (const e of entries.values()) yield e.value
    },
    clear: () => entries.clear(),
    size: () => entries.size
  }
}
