/**
 * Cursor pagination of the MCP list methods (issue 26 item 3; MCP
 * 2025-06-18, Pagination): `resources/list` and `skills/list` answer a page
 * at a time with `nextCursor` when more follow. The cursor is opaque to the
 * client: here base64url-encoded JSON holding the offset of the next page and
 * the list it belongs to (a short SHA-256 of the list's name: `resources/list`,
 * `skills/list`, a directory's URI). A cursor that is not such JSON, names
 * another list, or an offset outside the list (zero, negative, past its end)
 * is invalid params (-32602), as the specification asks (2026-07-28
 * server/utilities/pagination, "Error Handling": "Invalid cursors SHOULD
 * result in an error with code -32602"). Before, the offset alone was read:
 * `{"o":1000}` was served as an empty page and a `skills/list` cursor as a
 * page of `resources/list`. The tag is no secret: an offset inside the list
 * serves what paging there would, and the cursors stay stable across
 * restarts and `--stateless` replicas behind one address (the
 * specification's "SHOULD provide stable cursors"). The cursor also names
 * the last item handed out (`k`), so a list that changed between pages goes
 * on after that item wherever it now is (`decode`).
 */
import { createHash } from "node:crypto"

/** Resources per `resources/list` page: the first page of a 17-skill project stays well under 24 KB. */
export const RESOURCES_PAGE_SIZE = 50
/** Skill entries per `skills/list` page (each lists every file of its skill with a digest). */
export const SKILLS_PAGE_SIZE = 20
/**
 * Issue 48 item 2: the bytes of a `skills/list` page a client can rely on.
 * Twenty entries bound the count, not the bytes (a skill listing dozens of
 * files with digests is kilobytes): a page also ends before its JSON would
 * pass 24 KB. An entry is atomic (the extension never splits a skill's
 * `resources` across pages), so one larger than that is a page of its own.
 */
export const SKILLS_PAGE_BYTES = 24 * 1024
/** Room kept on a page for what surrounds the entries: resultType, nextCursor, cache hints, the server's identity. */
const PAGE_ENVELOPE_BYTES = 512
/** Prompts per `prompts/list` page (issue 48 item 3: one per skill a person may invoke). */
export const PROMPTS_PAGE_SIZE = 100

export class InvalidCursor extends Error {
  constructor(readonly cursor: string, hint = "pass the nextCursor of the previous page") {
    super(`Invalid cursor: '${cursor.length > 64 ? `${cursor.slice(0, 64)}…` : cursor}' (${hint})`)
  }
}

/** The first `length` characters of the base64url SHA-256 of `text`: the same in every process. */
const shortHash = (text: string, length: number): string => createHash("sha256").update(text).digest("base64url").slice(0, length)

/** The tag of `list`'s cursors: the same in every process, so any replica reads another's cursor. */
const tagOf = (list: string): string => shortHash(list, 16)

/**
 * An item's identity in its list: its `uri` (resources, skill entries, directory entries) or `name`
 * (prompts), else its JSON. A cursor carries the last item's, hashed short.
 */
const identityOf = (item: unknown): string => {
  if (typeof item === "object" && item !== null) {
    const { uri, name } = item as { uri?: unknown; name?: unknown }
    if (typeof uri === "string") return uri
    if (typeof name === "string") return name
  }
  return JSON.stringify(item) ?? ""
}
const keyOf = (item: unknown): string => shortHash(identityOf(item), 12)

/** The cursor of the page after `items[end - 1]`. */
const encode = (list: string, items: ReadonlyArray<unknown>, end: number): string =>
  Buffer.from(JSON.stringify({ o: end, l: tagOf(list), k: keyOf(items[end - 1]) }), "utf8").toString("base64url")

/**
 * Where the page `cursor` names starts in `list`: just after the item the previous page ended with. A list
 * that changed between pages (a skill built or removed while a client pages, with `--watch` or on a team
 * server) moved that item: the offset alone served an item twice (the official SDK client then refused the
 * whole listing: "the same uri is listed more than once") or skipped one. So the cursor names its item, and
 * the page starts after it wherever it now is; a cursor whose item is gone is refused (-32602), and the
 * client lists again from the start. InvalidCursor when skc could not have handed it out for this list.
 */
const decode = (list: string, cursor: string, items: ReadonlyArray<unknown>): number => {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"))
  } catch {
    throw new InvalidCursor(cursor)
  }
  const { o, l, k } = typeof parsed === "object" && parsed !== null ? (parsed as { o?: unknown; l?: unknown; k?: unknown }) : {}
  if (typeof o !== "number" || !Number.isSafeInteger(o) || o <= 0 || l !== tagOf(list) || (k !== undefined && typeof k !== "string")) throw new InvalidCursor(cursor)
  // A cursor of a server before the item key (a replica not yet upgraded): its offset, as it was read then.
  if (k === undefined) {
    if (o > items.length) throw new InvalidCursor(cursor)
    return o
  }
  if (o <= items.length && keyOf(items[o - 1]) === k) return o
  const at = items.findIndex((item) => keyOf(item) === k)
  if (at === -1) throw new InvalidCursor(cursor, "the list changed since this cursor was handed out and its last item is gone: list again without a cursor")
  return at + 1
}

/**
 * The page of `list` (its name: `resources/list`, or a directory's URI, so that no list takes another's
 * cursor) starting at `cursor` (the first without one) and the cursor of the next, if any.
 */
export const pageOf = <A>(
  list: string,
  items: ReadonlyArray<A>,
  cursor: string | undefined,
  size: number
): { readonly page: ReadonlyArray<A>; readonly nextCursor?: string } => {
  const start = cursor === undefined ? 0 : decode(list, cursor, items)
  const end = start + size
  const page = items.slice(start, end)
  return end < items.length ? { page, nextCursor: encode(list, items, end) } : { page }
}

/**
 * The page starting at `cursor` with at most `size` items whose JSON,
 * with the page's envelope, stays within `maxBytes`; at least one item, so
 * that a larger item still has a page.
 */
export const pageOfBytes = <A>(
  list: string,
  items: ReadonlyArray<A>,
  cursor: string | undefined,
  size: number,
  maxBytes: number
): { readonly page: ReadonlyArray<A>; readonly nextCursor?: string } => {
  const start = cursor === undefined ? 0 : decode(list, cursor, items)
  const budget = maxBytes - PAGE_ENVELOPE_BYTES
  let end = start
  let bytes = 2
  while (end < items.length && end - start < size) {
    const more = Buffer.byteLength(JSON.stringify(items[end]), "utf8") + 1
    if (end > start && bytes + more > budget) break
    bytes += more
    end++
  }
  const page = items.slice(start, end)
  return end < items.length ? { page, nextCursor: encode(list, items, end) } : { page }
}
