/**
 * `skc tools <skill>` (issue 8, tool-skills spec §3, §7): the tools a skill
 * declares, with their parameters as function-calling definitions, filtered
 * by mode (`modes` defaults to `["Global"]`, spec §7.2).
 */
import { Effect, Schema } from "effect"
import { availableIn, toolListing, type ToolListing } from "../../domain/tools/manifest.js"
import type { Mode } from "../../domain/tools/model.js"
import type { ApprovalState, Trust } from "../../domain/tools/approval.js"
import { blockingProblems, loadToolSkill, parseMode } from "./toolSkill.js"
import { unrunnableReason } from "./run.js"

export const ToolsInput = Schema.Struct({
  skill: Schema.String.annotate({ description: "Skill name or path." }),
  mode: Schema.optional(Schema.String.annotate({ description: "Context mode: Global, Dev or Meeting (default Global)." }))
})
export type ToolsInput = typeof ToolsInput.Type

/**
 * A tool as listed, with the lint errors that stop it (spec §9.1: fatal; `skc run` and MCP refuse it):
 * without them the listing offered a tool that cannot run as if it could. Empty when the tool can run.
 */
export interface ListedTool extends ToolListing {
  readonly errors: ReadonlyArray<{ readonly line: number; readonly message: string }>
}

export interface ToolsResult {
  readonly skill: string
  readonly version: string | null
  readonly description: string
  readonly mode: Mode
  readonly modes: ReadonlyArray<Mode>
  /** Whether the skill is available in `mode`; `tools` is empty when not. */
  readonly available: boolean
  readonly trust: Trust
  readonly approval: ApprovalState
  readonly timeout: number
  readonly network: boolean
  readonly tools: ReadonlyArray<ListedTool>
}

export const tools = Effect.fn("skc.tools")(function* (input: ToolsInput) {
  const mode = (yield* parseMode(input.mode)) ?? "Global"
  const loaded = yield* loadToolSkill(input.skill)
  const s = loaded.skill
  const available = availableIn(s, mode)
  const result: ToolsResult = {
    skill: loaded.resolved.name,
    version: s.version ?? null,
    description: s.description,
    mode,
    modes: s.modes,
    available,
    trust: loaded.trust,
    approval: loaded.approval,
    timeout: s.timeoutSecs,
    network: s.network,
    tools: available
      ? yield* Effect.forEach(s.tools, (t) =>
          Effect.map(unrunnableReason(loaded, t), (unrunnable) => ({
            ...toolListing(s, t),
            errors: [
              ...blockingProblems(loaded, t.name).map((p) => ({ line: p.line, message: p.message })),
              ...(unrunnable === undefined ? [] : [{ line: t.command?.line ?? t.line, message: unrunnable }])
            ]
          }))
        )
      : []
  }
  return result
})
