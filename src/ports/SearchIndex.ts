/**
 * The search index database (RFC-0004:C-INDEX) as the application sees it.
 * The SQLite adapter (`SqliteSearchIndex.ts`) is the one
 * implementation; it is loaded only by the commands that need it.
 *
 * Reading never fails for a bad file: missing and corrupt are values
 * (`MetaRead`), and any later read failure on an opened index is
 * `IndexReadFailed`, which callers treat as corruption (E002), as the RFC
 * requires ("any read or parse failure during index access").
 *
 * Queries are the domain's `IndexQuery` (words, how they combine, where
 * they are looked for), never a backend's query language: the SQLite
 * adapter renders them as FTS5 MATCH expressions itself (issue 44 item 5).
 */
import { Context, Data, type Effect, type Scope } from "effect"
import type { FileRows, HeadingRow } from "../domain/search/documents.js"
import type { IndexQuery } from "../domain/search/indexQuery.js"
import type { MetaRead } from "../domain/search/indexState.js"
import type { TokenizerChoice } from "../domain/search/tokenizer.js"

export class IndexReadFailed extends Data.TaggedError("IndexReadFailed")<{ readonly path: string; readonly message: string }> {}

export class IndexWriteFailed extends Data.TaggedError("IndexWriteFailed")<{ readonly path: string; readonly message: string }> {}

export interface SearchHit {
  readonly file: string
  /** As stored (segmented with the cjk tokenizer). */
  readonly section: string
  /** FTS5 `snippet()` of the content column, as stored. */
  readonly snippet: string
  /** `bm25()`, negated: positive, higher is better. */
  readonly score: number
}

/** A matching row and its score: `bm25()` with the column weights asked for, negated (higher is better). */
export interface RankedRow {
  readonly rowid: number
  readonly score: number
}

/** Where a document of the index sits (the `section_places` table, schema 3). */
export interface RowPlace {
  readonly rowid: number
  readonly file: string
  /** As stored (segmented with the cjk tokenizer). */
  readonly section: string
  readonly line: number
  /** Exclusive. */
  readonly end_line: number
  /** 0 for a preamble or a `.txt` file. */
  readonly level: number
  /** 1 when the section has subsections (and so an own text in `section_own`), else 0. */
  readonly subsections: number
}

/** `bm25()` weights of the `file`, `section` and `content` columns. */
export type ColumnWeights = readonly [number, number, number]

/** An opened index: its metadata and the queries `show` and `search` run. */
export interface OpenIndex {
  readonly meta: MetaRead
  /**
   * The RFC's query as one statement, snippets included (kept for the
   * adapter tests and the query benchmark; `skc search` ranks with `rank`
   * and computes excerpts for the returned rows only).
   */
  readonly search: (query: IndexQuery, limit: number) => Effect.Effect<ReadonlyArray<SearchHit>, IndexReadFailed>
  /** The rows matching `query`, best first: the first `limit`, or every one. */
  readonly rank: (query: IndexQuery, weights: ColumnWeights, limit?: number) => Effect.Effect<ReadonlyArray<RankedRow>, IndexReadFailed>
  /** The rows matching `query` with their scores, in no particular order (no sort: a word's scores by row). */
  readonly scores: (query: IndexQuery, weights: ColumnWeights) => Effect.Effect<ReadonlyArray<RankedRow>, IndexReadFailed>
  /**
   * The rows matching `query`, in no particular order and without scores:
   * which rows hold a word, where the answer needs no BM25 (issue 47: a
   * common word's scored rows were most of a described question's time).
   */
  readonly matching: (query: IndexQuery) => Effect.Effect<ReadonlyArray<number>, IndexReadFailed>
  /** How many documents the index holds. */
  readonly rowCount: Effect.Effect<number, IndexReadFailed>
  /**
   * How many documents match `query` (a word's document frequency, for its IDF: issue 47), counted
   * up to `atMost` when given (the count is then `min(count, atMost)`): past a point every IDF is the
   * same (`hitsThatCount` in src/domain/search/rank.ts), and counting stops there.
   */
  readonly hits: (query: IndexQuery, atMost?: number) => Effect.Effect<number, IndexReadFailed>
  /** The place of `file`'s first document (its preamble or first heading), if it has any: a skill's top section. */
  readonly firstPlace: (file: string) => Effect.Effect<RowPlace | undefined, IndexReadFailed>
  /** Places of the given rows (any order). */
  readonly places: (rowids: ReadonlyArray<number>) => Effect.Effect<ReadonlyArray<RowPlace>, IndexReadFailed>
  /**
   * Of `rowids`, the rows whose own text (before their first subheading)
   * matches `query` (its scope aside: the own text is one column): only
   * sections with subsections have one.
   */
  readonly ownMatching: (query: IndexQuery, rowids: ReadonlyArray<number>) => Effect.Effect<ReadonlyArray<number>, IndexReadFailed>
  /**
   * The `[MATCH]` excerpts of these rows' content for `query`'s words
   * (RFC-0004:C-SEARCH snippet parameters), as stored, by rowid: one
   * statement for all the rows an answer returns.
   */
  readonly excerpts: (query: IndexQuery, rowids: ReadonlyArray<number>) => Effect.Effect<ReadonlyMap<number, string>, IndexReadFailed>
  /**
   * The same excerpts of these rows' own text (sections with subsections: heading to first subheading), for
   * the rows whose own text holds a word of `query`: a parent answering with its own words (docs/search.md
   * "No echo of parents") is excerpted from them, not from a subsection's text.
   */
  readonly ownExcerpts: (query: IndexQuery, rowids: ReadonlyArray<number>) => Effect.Effect<ReadonlyMap<number, string>, IndexReadFailed>
  /**
   * The first `maxChars` characters of these rows' content, as stored, by
   * rowid: what the learned order of the first ten reads of each (how much
   * of it names other files, src/domain/search/navigation.ts).
   */
  readonly leads: (rowids: ReadonlyArray<number>, maxChars: number) => Effect.Effect<ReadonlyMap<number, string>, IndexReadFailed>
  /** Headings whose text equals `text` ignoring ASCII case (the NOCASE index). */
  readonly headingsNamed: (text: string) => Effect.Effect<ReadonlyArray<HeadingRow>, IndexReadFailed>
  readonly allHeadings: Effect.Effect<ReadonlyArray<HeadingRow>, IndexReadFailed>
  /**
   * How many headings each file has of each of `texts`, ignoring ASCII case (as `headingsNamed` and `show`
   * match them), the text ASCII-lowercased; a text no heading has is absent, and so may be one that only one
   * heading has (what matters is which texts several have). A search result whose heading another section
   * also has names the `show` that reads it (src/domain/search/repeatedHeading.ts).
   */
  readonly headingCounts: (texts: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<HeadingCount>, IndexReadFailed>
  /** The index's `source_files` (issue 16); undefined for an index written before that table existed. */
  readonly sourceFiles: Effect.Effect<ReadonlyArray<IndexedSourceFile> | undefined, IndexReadFailed>
  /**
   * Of the same records, what says whether each still answers for its file
   * (path, size, mtime, trusted): all a staleness check reads when every file
   * is as recorded, the usual case (issue 47, cli.search: the full records of
   * a 1,000-file skill, hashes, titles and descriptions, took twice as long to
   * read). Undefined as `sourceFiles` is.
   */
  readonly sourceStamps: Effect.Effect<ReadonlyArray<SourceStamp> | undefined, IndexReadFailed>
  /** The description recorded for SKILL.md (its frontmatter's); undefined without one or without `source_files`. */
  readonly skillDescription: Effect.Effect<string | undefined, IndexReadFailed>
  /**
   * The SHA-256 recorded for one source file; undefined without a record or without `source_files`.
   * `show` cuts a file by the index's line range: it checks that the file it read is the one indexed, since
   * a rebuild may replace both between the index's freshness check and the read.
   */
  readonly sourceHash: (path: string) => Effect.Effect<string | undefined, IndexReadFailed>
}

/** Of a heading text (ASCII-lowercased), how many headings one file has. */
export interface HeadingCount {
  readonly text: string
  readonly file: string
  readonly count: number
}

/** What a staleness check compares of a source file's record (`IndexedSourceFile`). */
export type SourceStamp = Pick<IndexedSourceFile, "path" | "size" | "mtimeMs" | "trusted">

/**
 * What the index remembers of one source file (the `source_files` table,
 * issue 16), so the next build reads only files whose size or mtime moved.
 * `title` and `description` are what the stub lists for a `.md` reference.
 */
export interface IndexedSourceFile {
  /** Relative POSIX path. */
  readonly path: string
  readonly size: number
  readonly mtimeMs: number
  /** SHA-256 hex of the bytes. */
  readonly hash: string
  /** False when the file was modified too close to the build to trust its mtime ("racily clean"): hash it again next time. */
  readonly trusted: boolean
  readonly title: string | undefined
  readonly description: string | undefined
}

/** The rows of one source file; `path` names the file even when it has no rows. */
export interface PathRows extends FileRows {
  readonly path: string
}

export interface IndexContents {
  readonly files: ReadonlyArray<PathRows>
  /** Every source file of the tree (indexed or not), replacing the previous list. */
  readonly sourceFiles: ReadonlyArray<IndexedSourceFile>
  /** Written last, in the same transaction; `schema_version` and `indexed_at` included. */
  readonly meta: Readonly<Record<string, string>>
}

/**
 * An incremental change of an existing index: the rows of `remove` go, the
 * rows of `files` come in (a changed file is in both), `sourceFiles` and
 * `meta` replace the old ones.
 */
/**
 * A complete index written file by file (issue 44): a build adds each
 * file's rows as it reads the file, so it never holds more than one file's
 * rows (nor every file's text) at a time. Nothing is visible until
 * `finish`, which writes the records and the metadata, commits and renames
 * the new index over the old one; a scope closed before that throws the
 * new index away and leaves the old one as it was.
 */
export interface IndexWriter {
  /** The rows of one source file, in bytewise path order (outline order). */
  readonly add: (file: PathRows) => Effect.Effect<void, IndexWriteFailed>
  readonly finish: (records: Omit<IndexContents, "files">) => Effect.Effect<void, IndexWriteFailed>
}

export interface IndexChanges extends IndexContents {
  readonly remove: ReadonlyArray<string>
}

/**
 * One index over several skills' indexes (DECISIONS #44, issue 25), queried
 * as one: its rows are the members' rows, each knowing its member.
 */
export interface AcrossIndex {
  readonly index: OpenIndex
  /** The member a row comes from: its position in the list of index paths given. */
  readonly memberOf: (rowid: number) => number
}

export interface SearchIndexService {
  /** Whether FTS5's `porter` tokenizer exists in this SQLite (RFC-0004 tokenizer preference). */
  readonly porterAvailable: Effect.Effect<boolean>
  /**
   * Open `path` read-only for the scope. Missing and corrupt files give an
   * `OpenIndex` whose `meta` says so (and whose queries fail).
   */
  readonly open: (path: string) => Effect.Effect<OpenIndex, never, Scope.Scope>
  /**
   * Write a complete index to `path` atomically: built in a temporary file
   * beside it and renamed over it, so an interrupted build leaves either the
   * previous file or the complete new one, never a partial index.
   */
  readonly write: (path: string, tokenizer: TokenizerChoice, contents: IndexContents) => Effect.Effect<void, IndexWriteFailed>
  /** `write`, streamed: the same all-or-nothing replacement, fed one file at a time (`IndexWriter`). */
  readonly writer: (path: string, tokenizer: TokenizerChoice) => Effect.Effect<IndexWriter, IndexWriteFailed, Scope.Scope>
  /**
   * Apply `changes` to the index at `path` with the same all-or-nothing
   * visibility as `write` (RFC-0004:C-INDEX): the adapter changes a copy
   * and renames it over the old file, so readers see the old index or the
   * new one and a killed build leaves the old one.
   */
  readonly update: (path: string, changes: IndexChanges) => Effect.Effect<void, IndexWriteFailed>
  /**
   * A complete index kept in memory for the scope, never stored: the
   * fallback of a foreign skill whose cache cannot be written (issue 29
   * item 5). It answers the same queries as an index opened with `open`.
   */
  readonly build: (tokenizer: TokenizerChoice, contents: IndexContents) => Effect.Effect<OpenIndex, IndexWriteFailed, Scope.Scope>
  /**
   * The index at `path` combining the indexes at `members` (all written
   * with `tokenizer`), brought up to date first when a member's file
   * changed or the set differs; open for the scope. Optional: without it
   * (the in-memory adapter) cross-skill search asks each index in turn and
   * ranks their rows as one collection itself.
   */
  readonly across?: (
    path: string,
    members: ReadonlyArray<string>,
    tokenizer: TokenizerChoice
  ) => Effect.Effect<AcrossIndex, IndexWriteFailed, Scope.Scope>
}

export class SearchIndex extends Context.Service<SearchIndex, SearchIndexService>()("skillc/SearchIndex") {}
