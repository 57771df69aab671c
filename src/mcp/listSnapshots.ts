/**
 * The lists a session is paging through, kept from the page that handed out a cursor to the page that
 * takes it (MCP pagination). Each page of `resources/list` and `skills/list` rebuilt the whole list (every
 * file of every served skill walked, every file of every skill hashed) to cut one page out of it: paging
 * through 700 skills and 21,000 files took 424 pages × ~220 ms, 93 s, where one listing takes a fraction of
 * a second. A continuation page now reads the list its cursor was cut from, if this process handed that
 * cursor out lately; otherwise (another replica behind one address, a restart, a cursor older than
 * `ttlMs`) the list is built again and the cursor's item key finds the place (pagination.ts `decode`).
 *
 * Bounded: at most `most` lists, each kept `ttlMs`; a list is taken once (the next page keeps it again
 * under its own cursor), so a session that pages to the end holds nothing afterwards.
 */
export class ListSnapshots {
  private readonly held = new Map<string, { readonly items: ReadonlyArray<unknown>; readonly until: number }>()

  constructor(
    private readonly ttlMs = 60_000,
    private readonly most = 4,
    private readonly now: () => number = Date.now
  ) {}

  /** The items the page after `cursor` of `list` continues, when this process handed that cursor out within `ttlMs`. */
  take<A>(list: string, cursor: string): ReadonlyArray<A> | undefined {
    const key = `${list}\0${cursor}`
    const got = this.held.get(key)
    if (got === undefined) return undefined
    this.held.delete(key)
    return got.until >= this.now() ? (got.items as ReadonlyArray<A>) : undefined
  }

  /** Keeps `items` for the page after `cursor`; the oldest list goes when `most` are kept. */
  keep(list: string, cursor: string, items: ReadonlyArray<unknown>): void {
    const now = this.now()
    for (const [key, v] of this.held) if (v.until < now) this.held.delete(key)
    while (this.held.size >= this.most) this.held.delete(this.held.keys().next().value!)
    this.held.set(`${list}\0${cursor}`, { items, until: now + this.ttlMs })
  }
}

/**
 * A page of `list` as `page` cuts it, from the list its cursor was cut from when `snapshots` keeps it, else
 * from `load()`; the list kept for the next page when there is one.
 */
export const pageFromSnapshot = async <A, P extends { readonly nextCursor?: string }>(
  snapshots: ListSnapshots,
  list: string,
  cursor: string | undefined,
  load: () => Promise<ReadonlyArray<A>>,
  page: (items: ReadonlyArray<A>) => P
): Promise<P> => {
  const items = (cursor === undefined ? undefined : snapshots.take<A>(list, cursor)) ?? (await load())
  const out = page(items)
  if (out.nextCursor !== undefined) snapshots.keep(list, out.nextCursor, items)
  return out
}
