/**
 * The face of the `skills` capability (issue 44 item 3): Skills as agents see them: resolution of a name, discovery, the agent listing, match, load, prompt, permissions and list.
 * Other capabilities import this module, never a file behind it.
 */
export { foreignRuntimeDir, inForeignCache, recordCacheOwner } from "./agentDirs.js"
export { agentUserPath, extraConfigDirs } from "./agentUserDirs.js"
export { ContextTokensField, agentLimits, agentListing, matchedTexts } from "./agentListing.js"
export { AgentField, PluginDirsField, discover } from "./discover.js"
export { list, statusOf } from "./list.js"
export { builtElsewhere, NOT_BUILT_HERE } from "./obsolete.js"
export { match } from "./match.js"
export { load } from "./load.js"
export { prompt } from "./prompt.js"
export { permissions } from "./permissions.js"
export { type ResolvedSkill, describeSkillDir, displayPath, foreignSkillNote, isStoreName, resolveCommandSkill, resolveSkill } from "./resolve.js"
export { readSkillFrontmatter } from "./skillFrontmatter.js"
export { skillFoldersIn } from "./skillFolders.js"
export { nearestGitRoot, scannedRepositoryRoot } from "./gitWorktree.js"
export { checkInside, resolveInside } from "./skillPaths.js"
export { inNoProject } from "./projectPresence.js"
export { skillsInScope } from "./skillsInScope.js"
export { visibleSkills } from "./visibleSkills.js"
export { warnUndeployed } from "./undeployedNotice.js"
export { projectAboveRepository, warnAboveRepository } from "./aboveRepository.js"
