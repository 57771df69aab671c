/**
 * An in-memory SearchIndex for app tests and embedders without SQLite. It
 * keeps each written index in a Map by path and answers the typed query
 * (`domain/search/indexQuery.ts`) directly, with a plain case-insensitive
 * match: a phrase is held when the column's text, lower-cased with
 * punctuation turned into spaces, contains it (no stemming, no BM25: a row
 * scores the number of phrases it holds). No query language is parsed here.
 * The real behaviour is the SQLite adapter's, tested on real files.
 */
import { Effect, Layer } from "effect"
import { asciiLower } from "../../domain/ascii.js"
import type { FileRows } from "../../domain/search/documents.js"
import type { IndexQuery } from "../../domain/search/indexQuery.js"
import { parseIndexMeta, type MetaRead } from "../../domain/search/indexState.js"
import { IndexReadFailed, SearchIndex, type HeadingCount, type IndexContents, type IndexWriter, type PathRows, type OpenIndex, type SearchIndexService } from "../../ports/SearchIndex.js"

/** Lower case, every run of characters other than letters and digits one space. */
export const plainText = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim()

/** A row's columns, already `plainText`: `file`, `section` and `content`, or the own text alone (`own`). */
export type MemoryColumns = Readonly<Record<string, string>>

/** The columns `query` looks in among `row`'s; the own text (`ownMatching`) is one column, whatever the scope. */
const scopedTexts = (query: IndexQuery, row: MemoryColumns, phrases: (texts: ReadonlyArray<string>) => boolean): boolean => {
  if ("own" in row) return phrases([row.own!])
  const inFileNameExcept = (exceptFile: string) => phrases([row.file ?? ""]) && !(row.file ?? "").includes(plainText(exceptFile))
  switch (query.scope._tag) {
    case "Everywhere":
      return phrases([row.file ?? "", row.section ?? "", row.content ?? ""])
    case "Heading":
      return phrases([row.section ?? ""])
    case "OutsideFileNamed":
      return phrases([row.section ?? "", row.content ?? ""]) || inFileNameExcept(query.scope.exceptFile)
    case "FileNameExcept":
      return inFileNameExcept(query.scope.exceptFile)
  }
}

/**
 * How `query` scores a row: 0 when the row does not match, else the number
 * of distinct phrases it holds (the memory index's stand-in for BM25).
 */
export const matchQuery = (query: IndexQuery): ((row: MemoryColumns) => number) => {
  const terms = query.terms.map((t) => t.phrases.map(plainText).filter((p) => p !== ""))
  return (row) => {
    const held = new Set<string>()
    const holds = (texts: ReadonlyArray<string>) => {
      let all = true
      let any = false
      for (const phrases of terms) {
        let term = false
        for (const p of phrases) {
          if (texts.some((t) => t.includes(p))) {
            held.add(p)
            term = true
          }
        }
        all &&= term
        any ||= term
      }
      return query.combine === "all" ? all && terms.length > 0 : any
    }
    return scopedTexts(query, row, holds) ? Math.max(1, held.size) : 0
  }
}

export const makeMemorySearchIndex = (): SearchIndexService & { readonly stored: Map<string, IndexContents> } => {
  const stored = new Map<string, IndexContents>()
  let built = 0
  const open = (path: string): Effect.Effect<OpenIndex> =>
    Effect.sync(() => {
      const contents = stored.get(path)
      const meta: MetaRead = contents === undefined ? { _tag: "Missing" } : parseIndexMeta(Object.entries(contents.meta).map(([key, value]) => ({ key, value })))
      const files: ReadonlyArray<FileRows> = contents?.files ?? []
      const headings = files.flatMap((f) => f.headings)
      const rows = files.flatMap((f) => f.sections).map((s, i) => ({ ...s, rowid: i + 1 }))
      // Each row's columns as `matchQuery` reads them, made once per open.
      const columns = rows.map((r) => ({
        rowid: r.rowid,
        own: r.own === undefined ? undefined : { own: plainText(r.own) },
        cols: { file: plainText(r.file), section: plainText(r.section), content: plainText(r.content) }
      }))
      const scored = (query: IndexQuery) => {
        const score = matchQuery(query)
        return columns.map((r) => ({ rowid: r.rowid, score: score(r.cols) })).filter((r) => r.score > 0)
      }
      const guard = <A>(a: A) => (meta._tag === "Present" ? Effect.succeed(a) : Effect.fail(new IndexReadFailed({ path, message: meta._tag })))
      return {
        meta,
        search: (query, limit) => {
          const score = matchQuery(query)
          const hits = rows
            .filter((_, i) => score(columns[i]!.cols) > 0)
            .slice(0, limit)
            .map((s) => ({ file: s.file, section: s.section, snippet: s.content.slice(0, 200), score: 1 }))
          return guard(hits)
        },
        rank: (query, _w, limit) => guard([...scored(query)].sort((a, b) => b.score - a.score || a.rowid - b.rowid).slice(0, limit)),
        scores: (query) => guard(scored(query)),
        matching: (query) => guard(scored(query).map((r) => r.rowid)),
        rowCount: guard(rows.length),
        hits: (query, atMost) => guard(Math.min(scored(query).length, atMost ?? Infinity)),
        firstPlace: (file) => {
          const first = rows.filter((r) => r.file === file).sort((a, b) => a.line - b.line)[0]
          return guard(
            first === undefined
              ? undefined
              : { rowid: first.rowid, file: first.file, section: first.section, line: first.line, end_line: first.endLine, level: first.level, subsections: first.own === undefined ? 0 : 1 }
          )
        },
        places: (ids) =>
          guard(
            rows
              .filter((r) => ids.includes(r.rowid))
              .map((r) => ({ rowid: r.rowid, file: r.file, section: r.section, line: r.line, end_line: r.endLine, level: r.level, subsections: r.own === undefined ? 0 : 1 }))
          ),
        ownMatching: (query, ids) => {
          const score = matchQuery(query)
          return guard(columns.flatMap((r) => (ids.includes(r.rowid) && r.own !== undefined && score(r.own) > 0 ? [r.rowid] : [])))
        },
        excerpts: (_query, ids) => guard(new Map(rows.filter((r) => ids.includes(r.rowid)).map((r) => [r.rowid, r.content.slice(0, 200)]))),
        ownExcerpts: (query, ids) => {
          const score = matchQuery(query)
          return guard(new Map(rows.flatMap((r, i) => (ids.includes(r.rowid) && r.own !== undefined && score(columns[i]!.own!) > 0 ? [[r.rowid, r.own.slice(0, 200)] as const] : []))))
        },
        leads: (ids, maxChars) => guard(new Map(rows.filter((r) => ids.includes(r.rowid)).map((r) => [r.rowid, r.content.slice(0, maxChars)]))),
        headingsNamed: (text) => guard(headings.filter((h) => h.text.toLowerCase() === text.toLowerCase())),
        allHeadings: guard(headings),
        headingCounts: (texts) => {
          const asked = new Set(texts.map(asciiLower))
          const counts = new Map<string, HeadingCount>()
          for (const h of headings) {
            const text = asciiLower(h.text)
            if (!asked.has(text)) continue
            const key = `${text}\u0000${h.file}`
            counts.set(key, { text, file: h.file, count: (counts.get(key)?.count ?? 0) + 1 })
          }
          return guard([...counts.values()])
        },
        sourceFiles: guard(contents?.sourceFiles),
        sourceStamps: guard(contents?.sourceFiles.map(({ path, size, mtimeMs, trusted }) => ({ path, size, mtimeMs, trusted }))),
        skillDescription: guard(contents?.sourceFiles.find((f) => f.path === "SKILL.md")?.description),
        sourceHash: (path) => guard(contents?.sourceFiles.find((f) => f.path === path)?.hash)
      }
    })
  return {
    stored,
    porterAvailable: Effect.succeed(true),
    open,
    write: (path, _tokenizer, contents) => Effect.sync(() => void stored.set(path, contents)),
    // The rows gather aside and replace the stored index only on `finish`, as the SQLite writer's rename does.
    writer: (path) =>
      Effect.sync(() => {
        const files: Array<PathRows> = []
        const writer: IndexWriter = {
          add: (file) => Effect.sync(() => void files.push(file)),
          finish: (records) => Effect.sync(() => void stored.set(path, { files, ...records }))
        }
        return writer
      }),
    // Kept under a name no `open` of a real path asks for, for as long as the index is used.
    build: (_tokenizer, contents) => {
      const key = `:memory:${++built}`
      return Effect.acquireRelease(
        Effect.andThen(Effect.sync(() => void stored.set(key, contents)), open(key)),
        () => Effect.sync(() => void stored.delete(key))
      )
    },
    update: (path, changes) =>
      Effect.sync(() => {
        const old = stored.get(path)
        const drop = new Set([...changes.remove, ...changes.files.map((f) => f.path)])
        const files = [...(old?.files ?? []).filter((f) => !drop.has(f.path)), ...changes.files]
        stored.set(path, { files, sourceFiles: changes.sourceFiles, meta: changes.meta })
      })
  }
}

export const MemorySearchIndexLayer = (index: SearchIndexService = makeMemorySearchIndex()) => Layer.succeed(SearchIndex, index)
