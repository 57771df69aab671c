/**
 * The library surface of skillc for embedders: use cases, ports, layers,
 * schemas and error types. The CLI and the MCP server are built from the
 * same pieces.
 */
export * from "./domain/errors.js"
export * from "./domain/skillName.js"
export * from "./domain/config.js"
export { FileSystem, FsError, type FileSystemService } from "./ports/FileSystem.js"
export { Env, type EnvService } from "./ports/Env.js"
export { Diagnostics, collectingDiagnostics, type DiagnosticsService } from "./ports/Diagnostics.js"
export { Settings, loadSettings, SettingsLive, type Stores, type SettingsService } from "./app/Settings.js"
export { resolveSkill, type ResolvedSkill, type SkillScope } from "./app/resolve.js"
export { Hasher, type HasherService } from "./ports/Hasher.js"
export {
  scanSourceTree,
  sourceHash,
  currentSourceHash,
  combineSourceHash,
  type SourceTree,
  type SourceFile,
  type FileHashCache,
  type FileHashCacheEntry
} from "./app/sourceTree.js"
export { compareBytewise, isMarkdownPath } from "./domain/sourcePaths.js"
export { init, skillTemplate, type InitInput, type InitResult } from "./app/init.js"

// The layers, from the composition root (src/layers.ts): `makeLiveLayer` is `Live` plus the SQLite search index.
export { makeLiveLayer, Live, PortsLive, type LiveServices, type LiveOptions } from "./layers.js"
export { VERSION } from "./domain/version.js"

// Build and the index-free gateway commands (RFC-0001, RFC-0002).
// The use cases a library calls, each call recorded in the skill's access log as the CLI's and
// the MCP server's are (issue 28 item 3; `noAccessLog` for none): src/app/recorded.ts.
export {
  recordedBuild as build,
  recordedLint as lint,
  recordedOutline as outline,
  recordedShow as show,
  recordedOpenFile as openFile,
  recordedSources as sources,
  recordedSearch as search,
  recordedStats as stats
} from "./app/recorded.js"
export { buildWithArtifacts, BuildInput, type BuildResult } from "./app/build.js"
export { compileSkill, writeRuntime, type Compiled, type MarkdownFile } from "./app/compile.js"
export { OutlineInput, type OutlineResult, type OutlineHeading } from "./app/outline.js"
export { OpenInput, type OpenResult, type Opened } from "./app/open.js"
export { sourcesJson, SourcesInput, type SourcesResult } from "./app/sources.js"
export { Progress, type ProgressService } from "./ports/Progress.js"
export { renderStub, type StubInput } from "./domain/stub.js"
export { Manifest, parseManifest, MANIFEST_VERSION, META_DIR, MANIFEST_FILE } from "./domain/manifest.js"
export { BUILTIN_TARGETS, parseTargets } from "./domain/targets.js"
export { lintSkills, outcomeJson, reportJson, hasErrors, LintInput, type LintReport, type LintOutcome, type LintJson } from "./app/lint.js"
export { RULES, ruleById } from "./domain/lint/registry.js"
export { runRules, configureRules } from "./domain/lint/runner.js"
export { makeSnapshot } from "./domain/lint/snapshot.js"
export { frontmatterDialects, type FrontmatterDialect } from "./domain/lint/dialects.js"
export { toSarif } from "./domain/lint/sarif.js"
export { renderRulesDoc } from "./domain/lint/docs.js"
export type { Rule, Finding, LintDiagnostic, SkillSnapshot, Severity as LintSeverity } from "./domain/lint/types.js"

// The search index, show and search (RFC-0004, RFC-0002:C-SHOW).
export { showLogArgs, ShowInput, type ShowResult } from "./app/show.js"
export { searchLogArgs, SearchInput, DEFAULT_LIMIT, type SearchResult, type SearchResultItem } from "./app/search.js"
export { updateIndex, indexSkill, openForQuery, indexPathOf, type IndexSource, type IndexUpdate } from "./app/indexing.js"
export { SearchIndex, IndexReadFailed, IndexWriteFailed, type SearchIndexService, type OpenIndex, type SearchHit } from "./ports/SearchIndex.js"
export { SCHEMA_VERSION } from "./domain/search/indexState.js"
// Tool skills (issue 8; docs/tool-skills.md)
export { tools, ToolsInput, type ToolsResult } from "./app/tools.js"
export { run, RunInput, prepareRun, execute, type RunResult } from "./app/run.js"
export { approve, ApproveInput, type ApproveResult } from "./app/approve.js"
export { mcpToolDescriptors, callMcpTool, type McpToolDescriptor, type McpToolCallResult } from "./app/mcpTools.js"
export { parseToolSkill, declaresTools } from "./domain/tools/parse.js"
export { toolLintRules, lintToolSkill, type ToolLintRule } from "./domain/tools/lint.js"
export type { ToolSkill, ToolDefinition, ParameterDefinition, CommandTemplate, ArgFragment, Mode } from "./domain/tools/model.js"
export type { RunEnvelope } from "./domain/tools/output.js"
export { ProcessRunner, type ProcessRunnerService, type ProcessRequest, type ProcessResult } from "./ports/ProcessRunner.js"
export { Prompter, noPrompter, type PrompterService } from "./ports/Prompter.js"
// Agent skill protocol (discovery, activation, permissions, progressive loading).
export { AGENTS, userSkillsDir, projectSkillsDir, isAgent, type Agent } from "./domain/protocol/agents.js"
export { validateSkillSource, type SkillMetadata, type MetadataResult } from "./domain/protocol/metadata.js"
export { applyPrecedence, type Discovery, type DiscoveredSkill, type ShadowedSkill, type InvalidSkill, type DiscoveryScope } from "./domain/protocol/discovery.js"
export { rankSkills, mentions, DEFAULT_THRESHOLD, type SkillMatch, type MatchCandidate } from "./domain/protocol/match.js"
export { evaluateActivation, type ActivationCase, type ActivationEvaluation } from "./domain/protocol/evaluate.js"
export { porterStem } from "./domain/protocol/stem.js"
export { parseAllowedTools, checkToolPermission, dangerousCombinations, isKnownTool, type ToolEntry, type PermissionCheck } from "./domain/protocol/tools.js"
export { estimateTokens, sectionTokens } from "./domain/protocol/tokens.js"
export { findReferences } from "./domain/protocol/references.js"
export { renderAvailableSkills, escapeXml } from "./domain/protocol/prompt.js"
export { lintProtocol, PROTOCOL_RULES, type ProtocolDiagnostic, type ProtocolRule } from "./domain/protocol/lint.js"
export { discover, DiscoverInput, type DiscoverResult } from "./app/discover.js"
export { match, MatchInput, type MatchResult } from "./app/match.js"
export { prompt, PromptInput, type PromptResult } from "./app/prompt.js"
export { permissions, PermissionsInput, type PermissionsResult } from "./app/permissions.js"
export { load, LoadInput, type LoadResult } from "./app/load.js"
export { UsageHistory, noUsageHistory, fixedUsageHistory, type UsageHistoryService } from "./ports/UsageHistory.js"

// Access log, usage analytics and sync (RFC-0007:C-LOGGING, C-SYNC, RFC-0003).
export { AccessLog, LogStoreError, noAccessLog, type AccessLogService, type AccessLogRow, type AggregateRows } from "./ports/AccessLog.js"
export { logged, recordAccess, currentRunId, type Outcome } from "./app/accessLog.js"
export { StatsInput, type StatsOutcome, type StatsInsights } from "./app/stats.js"
export { sync, SyncInput, type SyncResult, type SyncedSkill, type SyncFailure } from "./app/sync.js"
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
} from "./domain/stats.js"
// Issue 17: every skill at once, the HTML report's data and its rendering.
export { statsAll, StatsAllInput, type StatsAllReport, type SkillUsageRow } from "./app/statsAll.js"
export { skillsInScope } from "./app/skillsInScope.js"
export { statsReport, type SkillReport } from "./app/statsReport.js"
export { renderSkillHtml, renderAllHtml } from "./render/statsHtml.js"
