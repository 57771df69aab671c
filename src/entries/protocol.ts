/**
 * `skillc/protocol`: how agent runtimes discover, select and progressively
 * load skills (RFC-0008, docs/resolution.md): agents' skill directories,
 * metadata validation, precedence, matching a request to skills, activation
 * checks, permissions, token estimates and the block of skills in an agent's prompt;
 * the inputs and results of `discover`, `match`, `prompt`, `permissions` and
 * `load` (the use cases are in `skillc`), and the usage history port.
 *
 * Its example is in docs/library.md (`skillc/protocol`), run by
 * test/e2e/library.test.ts.
 */
export { AGENTS, userSkillsDir, projectSkillsDir, isAgent, type Agent } from "../domain/protocol/agents.js"
export { validateSkillSource, type SkillMetadata, type MetadataResult } from "../domain/protocol/metadata.js"
export { applyPrecedence, type Discovery, type DiscoveredSkill, type ShadowedSkill, type InvalidSkill, type DiscoveryScope } from "../domain/protocol/discovery.js"
export { rankSkills, mentions, DEFAULT_THRESHOLD, type SkillMatch, type MatchCandidate } from "../domain/protocol/match.js"
export { evaluateActivation, type ActivationCase, type ActivationEvaluation } from "../domain/protocol/evaluate.js"
export { porterStem } from "../domain/protocol/stem.js"
export { parseAllowedTools, checkToolPermission, dangerousCombinations, isKnownTool, type ToolEntry, type PermissionCheck } from "../domain/protocol/tools.js"
export { estimateTokens, sectionTokens } from "../domain/protocol/tokens.js"
export { findReferences } from "../domain/protocol/references.js"
export { renderAvailableSkills, renderPromptBlock, escapeXml } from "../domain/protocol/prompt.js"
export { DiscoverInput, DiscoverDocument, type DiscoverResult } from "../app/skills/discover.js"
export { MatchInput, MatchDocument, type MatchResult } from "../app/skills/match.js"
export { PromptInput, type PromptResult } from "../app/skills/prompt.js"
export { PermissionsInput, type PermissionsResult } from "../app/skills/permissions.js"
export { LoadInput, LoadDocument, type LoadResult } from "../app/skills/load.js"
export { UsageHistory, noUsageHistory, fixedUsageHistory, type UsageHistoryService } from "../ports/UsageHistory.js"
