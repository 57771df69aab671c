/**
 * `skillc/tools`: tool skills, skills that declare executable tools
 * (docs/tool-skills.md): parsing and checking a declaration, preparing and
 * executing a call, the tools as MCP tools, the inputs and results of
 * `tools`, `run` and `approve` (the use cases are in `skillc`), and the
 * process runner and prompter ports.
 *
 * Its example is in docs/library.md (`skillc/tools`), run by
 * test/e2e/library.test.ts.
 */
export { ToolsInput, type ToolsResult } from "../app/tools/tools.js"
export { RunInput, prepareRun, execute, type RunResult } from "../app/tools/run.js"
export { ApproveInput, type ApproveResult } from "../app/tools/approve.js"
export { mcpToolDescriptors, callMcpTool, type McpToolDescriptor, type McpToolCallResult } from "../app/tools/mcpTools.js"
export { parseToolSkill, declaresTools } from "../domain/tools/parse.js"
export { lintToolSkill, type ToolLintRule } from "../domain/tools/lint.js"
export type { ToolSkill, ToolDefinition, ParameterDefinition, CommandTemplate, ArgFragment, Mode } from "../domain/tools/model.js"
export type { RunEnvelope } from "../domain/tools/output.js"
export { ProcessRunner, type ProcessRunnerService, type ProcessRequest, type ProcessResult } from "../ports/ProcessRunner.js"
export { Prompter, noPrompter, type PrompterService } from "../ports/Prompter.js"
