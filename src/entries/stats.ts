/**
 * `skillc/stats`: what agents read (RFC-0003, RFC-0007:C-LOGGING, C-SYNC):
 * the access log port and its rows, recording your own calls, `stats` over
 * one skill or all of them, the HTML reports, and `sync`'s shapes. `stats`
 * and `sync` themselves are in `skillc`.
 *
 * Its example is in docs/library.md (`skillc/stats`), run by
 * test/e2e/library.test.ts.
 */
export { AccessLog, LogStoreError, type AccessLogService, type AccessLogRow, type AggregateRows } from "../ports/AccessLog.js"
export { logged, recordAccess, currentRunId, type Outcome } from "../app/usage/accessLog.js"
export { StatsInput, StatsDocument, type StatsOutcome, type StatsInsights } from "../app/usage/stats.js"
export { StatsAllInput, type StatsAllReport, type SkillUsageRow } from "../app/usage/statsAll.js"
// `statsAll` checks its input first, as the use cases of `skillc` do (src/app/shared/checkedUseCase.ts).
export { statsAll } from "../app/usage/statsAllChecked.js"
export { statsReport, type SkillReport } from "../app/usage/statsReport.js"
export { renderSkillHtml, renderAllHtml } from "../render/statsHtml.js"
export {
  GROUP_BYS,
  AGENT_COMMANDS,
  AUTHOR_COMMANDS,
  roleOf,
  parseTimeFilter,
  type StatsReport,
  type StatsFilters,
  type StatsGroupBy,
  type UnansweredItem
} from "../domain/stats.js"
export { SyncInput, type SyncResult, type SyncedSkill, type SyncFailure } from "../app/usage/sync.js"
