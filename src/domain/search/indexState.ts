/**
 * The index file's identity and state decisions of RFC-0004:C-INDEX, pure.
 *
 * Reading an index yields one of: missing, corrupt (cannot be opened, no
 * `index_meta`, a required key missing or unparsable, any read failure) or
 * its metadata. From that, `searchVerdict` follows the search steps (E002
 * missing/corrupt → E003 collision → E002 stale → use) and `buildVerdict` the
 * build lifecycle (create / replace without collision check / E003 / skip /
 * replace).
 */
import { DEFAULT_MAX_FILE_BYTES } from "../config.js"

/**
 * `index_meta.schema_version` written by this version; older indexes are
 * stale (E002 for search, rebuilt by build). 3 (issue 14) adds the
 * `section_places` and `section_own` tables beside the RFC's schema-2
 * tables, which search needs for parent elimination and line numbers.
 */
export const SCHEMA_VERSION = 3

export const REQUIRED_META_KEYS = ["skill_path", "source_hash", "schema_version", "tokenizer"] as const

/**
 * `index_meta` key (beside the RFC's) holding the `[search] max_file_bytes`
 * the index was built with: which files it left out depends on it, so an
 * index of another limit answers otherwise than a fresh build would, as one
 * of another tokenizer does (DECISIONS #7). An index without the key was
 * written before the limit was recorded, by a build that almost always ran
 * with the default limit: it is read as built with the default, so an
 * upgrade does not make every index stale at once, while a project that had
 * set another limit gets its index rebuilt.
 */
export const MAX_FILE_BYTES_KEY = "max_file_bytes"

export interface IndexMeta {
  readonly skill_path: string
  readonly source_hash: string
  readonly schema_version: number
  readonly tokenizer: string
  readonly indexed_at: string | undefined
  /** Every other key (e.g. the stat fingerprint), as stored. */
  readonly extra: Readonly<Record<string, string>>
}

export type MetaRead =
  | { readonly _tag: "Missing" }
  | { readonly _tag: "Corrupt"; readonly reason: string }
  | { readonly _tag: "Present"; readonly meta: IndexMeta }

/** The file name inside `<runtime>/.skillc-meta/`: `search-<first 16 hex of sha256(canonical source path)>.db`. */
export const indexFileName = (hash16: string): string => `search-${hash16}.db`
export const hash16Of = (sha256Hex: string): string => sha256Hex.slice(0, 16)

const INTEGER = /^[+-]?\d+$/

/** Parse `index_meta` rows; a missing required key or a non-integer schema_version is corruption. */
export const parseIndexMeta = (rows: ReadonlyArray<{ readonly key: unknown; readonly value: unknown }>): MetaRead => {
  const map = new Map<string, string | null>()
  for (const r of rows) {
    if (typeof r.key !== "string") return { _tag: "Corrupt", reason: "index_meta has a non-text key" }
    map.set(r.key, typeof r.value === "string" ? r.value : r.value === null ? null : String(r.value))
  }
  for (const k of REQUIRED_META_KEYS) {
    const v = map.get(k)
    if (v === undefined || v === null) return { _tag: "Corrupt", reason: `index_meta lacks '${k}'` }
  }
  const version = map.get("schema_version")!.trim()
  if (!INTEGER.test(version)) return { _tag: "Corrupt", reason: `schema_version '${version}' is not an integer` }
  const extra: Record<string, string> = {}
  for (const [k, v] of map) {
    if (v !== null && !(REQUIRED_META_KEYS as ReadonlyArray<string>).includes(k) && k !== "indexed_at") extra[k] = v
  }
  return {
    _tag: "Present",
    meta: {
      skill_path: map.get("skill_path")!,
      source_hash: map.get("source_hash")!,
      schema_version: Number.parseInt(version, 10),
      tokenizer: map.get("tokenizer")!,
      indexed_at: map.get("indexed_at") ?? undefined,
      extra
    }
  }
}

/** What the current run expects an up-to-date index to say. */
export interface Expected {
  readonly skillPath: string
  readonly sourceHash: string
  readonly tokenizer: string
  /** `[search] max_file_bytes` of this run. */
  readonly maxFileBytes: number
}

/** Why an index cannot answer (all E002), for `-v` output. */
export type Unusable = "missing" | "corrupt" | "stale-source" | "stale-schema" | "stale-tokenizer" | "stale-max-file-bytes"

/** Whether the index was built with this `[search] max_file_bytes` (`MAX_FILE_BYTES_KEY`). */
export const sameMaxFileBytes = (meta: IndexMeta, maxFileBytes: number): boolean =>
  (meta.extra[MAX_FILE_BYTES_KEY] ?? String(DEFAULT_MAX_FILE_BYTES)) === String(maxFileBytes)

/**
 * The staleness conditions: RFC-0004:C-INDEX's three, and the file size
 * limit, which like the tokenizer (DECISIONS #7) changes what the index
 * answers.
 */
export const staleness = (meta: IndexMeta, expected: Omit<Expected, "skillPath">): Unusable | undefined =>
  meta.source_hash !== expected.sourceHash
    ? "stale-source"
    : meta.schema_version < SCHEMA_VERSION
      ? "stale-schema"
      : meta.tokenizer !== expected.tokenizer
        ? "stale-tokenizer"
        : !sameMaxFileBytes(meta, expected.maxFileBytes)
          ? "stale-max-file-bytes"
          : undefined

export type SearchVerdict =
  | { readonly _tag: "Use"; readonly meta: IndexMeta }
  | { readonly _tag: "Unusable"; readonly reason: Unusable; readonly detail?: string }
  | { readonly _tag: "Collision" }

/**
 * Steps 2–5 of "Index file selection (search)". The source hash is asked for
 * lazily (`currentHash`), after the cheaper checks, because computing it
 * means reading the source tree.
 */
export const searchVerdictBeforeHash = (read: MetaRead, skillPath: string): SearchVerdict | { readonly _tag: "NeedsHash"; readonly meta: IndexMeta } => {
  if (read._tag === "Missing") return { _tag: "Unusable", reason: "missing" }
  if (read._tag === "Corrupt") return { _tag: "Unusable", reason: "corrupt", detail: read.reason }
  if (read.meta.skill_path !== skillPath) return { _tag: "Collision" }
  return { _tag: "NeedsHash", meta: read.meta }
}

export const searchVerdict = (read: MetaRead, expected: Expected): SearchVerdict => {
  const first = searchVerdictBeforeHash(read, expected.skillPath)
  if (first._tag !== "NeedsHash") return first
  const stale = staleness(first.meta, expected)
  return stale === undefined ? { _tag: "Use", meta: first.meta } : { _tag: "Unusable", reason: stale }
}

export type BuildVerdict =
  | { readonly _tag: "Create" }
  | { readonly _tag: "Replace"; readonly reason: "corrupt" | Unusable; readonly detail?: string }
  | { readonly _tag: "Collision" }
  | { readonly _tag: "UpToDate" }

/** The build lifecycle, steps 2–5: a corrupt index is replaced without collision check. */
export const buildVerdict = (read: MetaRead, expected: Expected): BuildVerdict => {
  if (read._tag === "Missing") return { _tag: "Create" }
  if (read._tag === "Corrupt") return { _tag: "Replace", reason: "corrupt", detail: read.reason }
  if (read.meta.skill_path !== expected.skillPath) return { _tag: "Collision" }
  // Build step 5: skipped only when the schema matches (RFC-0004:C-INDEX "If all match"): an index of a newer
  // skc (schema 99) is rewritten in this one's schema, where search only refuses an older one.
  if (read.meta.schema_version !== SCHEMA_VERSION) return { _tag: "Replace", reason: "stale-schema" }
  const stale = staleness(read.meta, expected)
  return stale === undefined ? { _tag: "UpToDate" } : { _tag: "Replace", reason: stale }
}
