/**
 * `skillc/search`: reading a built skill (RFC-0002, RFC-0004): the inputs
 * and results of `search`, `show`, `outline`, `openFile` and `sources`
 * (the use cases are in `skillc`), the search index port and indexing a
 * skill yourself.
 *
 * Its example is in docs/library.md (`skillc/search`), run by
 * test/e2e/library.test.ts.
 */
export { SearchInput, DEFAULT_LIMIT, SearchResult, SearchResultItem } from "../app/search/search.js"
export { ShowInput, ShowResult } from "../app/search/show.js"
export { OutlineInput, OutlineResult, OutlineHeading } from "../app/search/outline.js"
export { OpenInput, OpenResult, type Opened } from "../app/search/open.js"
export { SourcesInput, SourcesDocument, sourcesJson, type SourcesResult } from "../app/search/sources.js"
export { updateIndex, indexSkill, type IndexSource, type IndexUpdate } from "../app/build/indexing.js"
export { SearchIndex, IndexReadFailed, IndexWriteFailed, type SearchIndexService, type OpenIndex, type SearchHit } from "../ports/SearchIndex.js"
export type { IndexQuery, QueryTerm, QueryScope } from "../domain/search/indexQuery.js"
export { SCHEMA_VERSION } from "../domain/search/indexState.js"
