/**
 * An in-memory SearchIndex for app tests and embedders without SQLite. It
 * keeps each written index in a Map by path and answers with a plain
 * case-insensitive match of skc's FTS5 expressions (`matchExpression.ts`:
 * phrases, AND, OR, NOT, column filters; no stemming, no BM25: a row scores
 * the number of phrases it holds).
 * The real behaviour is the SQLite adapter's, tested on real files.
 */
import { Effect, Layer } from "effect"
import type { FileRows } from "../../domain/search/documents.js"
import { parseIndexMeta, type MetaRead } from "../../domain/search/indexState.js"
import { compileMatch, plainText } from "./matchExpression.js"
import { IndexReadFailed, SearchIndex, type IndexContents, type OpenIndex, type SearchIndexService } from "../../ports/SearchIndex.js"

const terms = (match: string): ReadonlyArray<string> =>
  [...match.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1].replaceAll('""', '"').toLowerCase().replace(/[^\p{L}\p{N} ]/gu, "").trim()).filter((t) => t !== "")

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
      // Each row's columns as the expression evaluator reads them, made once per open.
      const columns = rows.map((r) => ({
        rowid: r.rowid,
        own: r.own === undefined ? undefined : { own: plainText(r.own) },
        cols: { file: plainText(r.file), section: plainText(r.section), content: plainText(r.content) }
      }))
      const scored = (match: string) => {
        const score = compileMatch(match)
        return columns.map((r) => ({ rowid: r.rowid, score: score(r.cols) })).filter((r) => r.score > 0)
      }
      const guard = <A>(a: A) => (meta._tag === "Present" ? Effect.succeed(a) : Effect.fail(new IndexReadFailed({ path, message: meta._tag })))
      return {
        meta,
        search: (match, limit) => {
          const want = terms(match)
          const hits = files
            .flatMap((f) => f.sections)
            .filter((s) => want.every((t) => `${s.file} ${s.section} ${s.content}`.toLowerCase().includes(t)))
            .slice(0, limit)
            .map((s) => ({ file: s.file, section: s.section, snippet: s.content.slice(0, 200), score: 1 }))
          return guard(hits)
        },
        rank: (match, _w, limit) => guard([...scored(match)].sort((a, b) => b.score - a.score || a.rowid - b.rowid).slice(0, limit)),
        rowCount: guard(rows.length),
        places: (ids) =>
          guard(
            rows
              .filter((r) => ids.includes(r.rowid))
              .map((r) => ({ rowid: r.rowid, file: r.file, section: r.section, line: r.line, end_line: r.endLine, level: r.level, subsections: r.own === undefined ? 0 : 1 }))
          ),
        ownMatching: (match, ids) => {
          const score = compileMatch(match)
          return guard(columns.flatMap((r) => (ids.includes(r.rowid) && r.own !== undefined && score(r.own) > 0 ? [r.rowid] : [])))
        },
        excerpts: (_match, ids) => guard(new Map(rows.filter((r) => ids.includes(r.rowid)).map((r) => [r.rowid, r.content.slice(0, 200)]))),
        headingsNamed: (text) => guard(headings.filter((h) => h.text.toLowerCase() === text.toLowerCase())),
        allHeadings: guard(headings),
        sourceFiles: guard(contents?.sourceFiles)
      }
    })
  return {
    stored,
    porterAvailable: Effect.succeed(true),
    open,
    write: (path, _tokenizer, contents) => Effect.sync(() => void stored.set(path, contents)),
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
