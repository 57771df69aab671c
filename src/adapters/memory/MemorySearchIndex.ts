/**
 * An in-memory SearchIndex for app tests and embedders without SQLite. It
 * keeps each written index in a Map by path and answers with a plain
 * case-insensitive word match (no stemming, no BM25: every hit scores 1).
 * The real behaviour is the SQLite adapter's, tested on real files.
 */
import { Effect, Layer } from "effect"
import type { FileRows } from "../../domain/search/documents.js"
import { parseIndexMeta, type MetaRead } from "../../domain/search/indexState.js"
import { IndexReadFailed, SearchIndex, type IndexContents, type OpenIndex, type SearchIndexService } from "../../ports/SearchIndex.js"

const terms = (match: string): ReadonlyArray<string> =>
  [...match.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1].replaceAll('""', '"').toLowerCase().replace(/[^\p{L}\p{N} ]/gu, "").trim()).filter((t) => t !== "")

export const makeMemorySearchIndex = (): SearchIndexService & { readonly stored: Map<string, IndexContents> } => {
  const stored = new Map<string, IndexContents>()
  const open = (path: string): Effect.Effect<OpenIndex> =>
    Effect.sync(() => {
      const contents = stored.get(path)
      const meta: MetaRead = contents === undefined ? { _tag: "Missing" } : parseIndexMeta(Object.entries(contents.meta).map(([key, value]) => ({ key, value })))
      const files: ReadonlyArray<FileRows> = contents?.files ?? []
      const headings = files.flatMap((f) => f.headings)
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
