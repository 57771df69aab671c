/**
 * The use cases as the library exports them (docs/library.md): each checks
 * its input against the use case's input Schema before it runs. The CLI
 * and the MCP server decode what they are given (src/commands/decode.ts,
 * src/mcp/tools.ts); a JavaScript caller of the library had no such step,
 * so `search({ skill: "demo", query: 5 })` died inside the use case with a
 * TypeError (a defect) and `build()` threw before any Effect ran. Here a
 * bad input fails with what the CLI and the MCP server give for one: E100
 * (RFC-0005:C-CODES, DECISIONS #32), one line naming the field
 * (`query: Expected string, actual 5`).
 *
 * Only the library goes through this module: the CLI and the MCP server
 * call the use cases themselves, on input they decoded already, so they pay
 * nothing for it.
 */
import { Schema } from "effect"
import { checked, checkedOptional } from "./shared/checkedUseCase.js"
import { BuildInput } from "./build/build.js"
import { init as initUseCase } from "./build/init.js"
import { LintInput } from "./lint/lint.js"
import { OpenInput } from "./search/open.js"
import { OutlineInput } from "./search/outline.js"
import { SearchInput } from "./search/searchSchema.js"
import { ShowInput } from "./search/show.js"
import { SourcesInput } from "./search/sources.js"
import { discover as discoverUseCase, DiscoverInput } from "./skills/discover.js"
import { load as loadUseCase, LoadInput } from "./skills/load.js"
import { match as matchUseCase, MatchInput } from "./skills/match.js"
import { permissions as permissionsUseCase, PermissionsInput } from "./skills/permissions.js"
import { prompt as promptUseCase, PromptInput } from "./skills/prompt.js"
import { approve as approveUseCase, ApproveInput } from "./tools/approve.js"
import { run as runUseCase, RunInput } from "./tools/run.js"
import { tools as toolsUseCase, ToolsInput } from "./tools/tools.js"
import { StatsInput } from "./usage/stats.js"
import { sync as syncUseCase, SyncInput } from "./usage/sync.js"
import {
  recordedBuild,
  recordedLint,
  recordedOpenFile,
  recordedOutline,
  recordedSearch,
  recordedShow,
  recordedSources,
  recordedStats
} from "./recorded.js"

/** `init`'s input (an interface in src/app/build/init.ts, as the CLI builds it from its own arguments). */
const InitInput = Schema.Struct({ name: Schema.optional(Schema.String), global: Schema.optional(Schema.Boolean) })

export const build = checked(BuildInput, recordedBuild)
export const lint = checked(LintInput, recordedLint)
export const outline = checked(OutlineInput, recordedOutline)
export const show = checked(ShowInput, recordedShow)
export const openFile = checked(OpenInput, recordedOpenFile)
export const sources = checked(SourcesInput, recordedSources)
export const search = checked(SearchInput, recordedSearch)
export const stats = checked(StatsInput, recordedStats)
// `statsAll`, checked so, is `skillc/stats`'s (src/app/usage/statsAllChecked.ts).
export const init = checkedOptional(InitInput, initUseCase)
export const sync = checked(SyncInput, syncUseCase)
export const discover = checkedOptional(DiscoverInput, discoverUseCase)
export const match = checked(MatchInput, matchUseCase)
export const prompt = checkedOptional(PromptInput, promptUseCase)
export const permissions = checked(PermissionsInput, permissionsUseCase)
export const load = checked(LoadInput, loadUseCase)
export const tools = checked(ToolsInput, toolsUseCase)
export const run = checked(RunInput, runUseCase)
export const approve = checked(ApproveInput, approveUseCase)
