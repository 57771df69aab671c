/**
 * `skc budget`: what the skills an agent discovers cost its context at start,
 * per the agent's documented listing limits (src/domain/protocol/budget.ts,
 * docs/eval.md "skc budget").
 */
import { Effect, Schema } from "effect"
import { computeBudget, listingLimits, type Budget } from "../domain/protocol/budget.js"
import type { Agent } from "../domain/protocol/agents.js"
import { Env } from "../ports/Env.js"
import { AgentField, discover, PluginDirsField } from "./discover.js"

export const BudgetInput = Schema.Struct({
  agent: Schema.optional(AgentField),
  plugin_dirs: Schema.optional(PluginDirsField),
  context_tokens: Schema.optional(
    Schema.Int.check(Schema.isGreaterThan(0)).annotate({ description: "The model's context window in tokens (default 200000)." })
  )
})
export type BudgetInput = typeof BudgetInput.Type

export interface BudgetResult extends Budget {
  readonly agent: Agent
}

/** `skc budget --format json` (issue 27, docs/eval.md "skc budget") and the MCP tool's `outputSchema`. */
export const BudgetDocument = Schema.Struct({
  agent: Schema.String,
  limits: Schema.Struct({ budget_chars: Schema.NullOr(Schema.Int), max_description_chars: Schema.NullOr(Schema.Int), source: Schema.NullOr(Schema.String) }),
  skills: Schema.Array(Schema.Struct({ name: Schema.String, entry_chars: Schema.Int, truncated: Schema.Boolean, listed: Schema.Literals(["full", "name-only"]) })),
  total_chars: Schema.Int,
  room_chars: Schema.NullOr(Schema.Int),
  truncated: Schema.Array(Schema.String),
  names_only: Schema.Array(Schema.String)
})
/** Every result is a document of `BudgetDocument`: the compiler checks the two against each other (issue 28). */
export const budgetDocument = (r: BudgetResult): typeof BudgetDocument.Type => r

/** Claude Code's own override of the listing budget, in characters (ignored unless a positive integer, as Claude Code does). */
const OVERRIDE = "SLASH_COMMAND_TOOL_CHAR_BUDGET"

export const budget = (input: BudgetInput = {}) =>
  Effect.gen(function* () {
    const env = yield* Env
    const found = yield* discover({ agent: input.agent, plugin_dirs: input.plugin_dirs })
    const raw = env.get(OVERRIDE)
    const charBudget = raw !== undefined && /^\d+$/.test(raw.trim()) && Number(raw) > 0 ? Number(raw) : undefined
    const limits = listingLimits(found.agent, {
      ...(input.context_tokens === undefined ? {} : { contextTokens: input.context_tokens }),
      ...(charBudget === undefined ? {} : { charBudget })
    })
    const result: BudgetResult = { agent: found.agent, ...computeBudget(found.skills, limits) }
    return result
  })
