/**
 * `skillc`: the use cases a user calls, the layers that run them, and the
 * errors they fail with (issue 28 item 1; docs/library.md). Everything else
 * is grouped by task in the subpath entries (src/entries/):
 * `skillc/build`, `skillc/config`, `skillc/lint`, `skillc/search`,
 * `skillc/stats`, `skillc/protocol`, `skillc/tools`, `skillc/ports`, and
 * the in-memory world `skillc/testing`. The CLI and the MCP server are
 * built from the same pieces.
 *
 * test/types/library-surface.test.ts pins the names of every entry and
 * keeps this one at 60 at most.
 */

// The use cases. Those on one skill record each call in its access log, as the CLI's and the MCP
// server's do (issue 28 item 3; `noAccessLog` for none): src/app/recorded.ts. Each checks its input
// first and fails with E100 naming the field, as the CLI and the MCP server do (src/app/library.ts).
export {
  build,
  lint,
  outline,
  show,
  openFile,
  sources,
  search,
  stats,
  init,
  sync,
  discover,
  match,
  prompt,
  permissions,
  load,
  tools,
  run,
  approve
} from "./app/library.js"

// The layers, from the composition root (src/layers.ts): `makeLiveLayer` is `Live` plus the SQLite search index, the process runner, the usage history and the regex matcher.
export { makeLiveLayer, Live, PortsLive, type LiveServices, type LiveOptions } from "./layers.js"
export { noAccessLog } from "./ports/AccessLog.js"

// The errors (RFC-0005 codes) and warnings, and how the CLI renders them.
export {
  SkillNotFound,
  IndexUnusable,
  IndexCollision,
  EmptyQuery,
  NotASkill,
  MissingFrontmatterField,
  InvalidFrontmatter,
  PathEscapes,
  SectionNotFound,
  FileNotFound,
  DirectoryNotFound,
  InvalidQueryType,
  InvalidFilter,
  NoLocalLogs,
  SyncDestinationNotWritable,
  SyncSourceNotReadable,
  SkillExists,
  InvalidOption,
  LintFailed,
  InternalError,
  UsageError,
  isSkcError,
  errorHeadline,
  renderError,
  renderWarning,
  type SkcError,
  type SkcWarning
} from "./domain/errors.js"

export { VERSION } from "./domain/version.js"
