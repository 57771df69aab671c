/**
 * The face of the `search` capability (issue 44 item 3): Reading a skill: search (one skill or all), show, outline, open, sources.
 * Other capabilities import this module, never a file behind it.
 */
export { search, searchWithCorrection } from "./search.js"
export type { Narrower } from "./correction.js"
export { DEFAULT_LIMIT, SearchInput, SearchResult, SearchResultItem, type WholeFurther } from "./searchSchema.js"
export { show } from "./show.js"
export { outline } from "./outline.js"
export { openFile } from "./open.js"
export { sources } from "./sources.js"
