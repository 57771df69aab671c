/** `skc budget` / `skc_budget` (issue 27, docs/eval.md "skc budget"): what the skill listing costs an agent's context. */
import { Option } from "effect"
import { agentFields, agentFlags } from "./agent.js"
import { common, defineCommand, flag } from "./spec.js"

/** The skill rows an MCP `skc_budget` shows when the call gives no `limit` (300 skills were 59 KB in one answer). */
export const MCP_BUDGET_LIMIT = 100

export const budgetCommand = defineCommand({
  name: "budget",
  summary: [
    "Show what the skill listing of an agent's profile costs its context at start: which entries it cuts, which go by name only, which are manual only, and what one more skill displaces.",
    "Claude Code: 1 % of the context window, each entry (description + when_to_use) at most 1,536 characters; Codex: 2 % of the window, 8,000 characters without --context-tokens (docs/eval.md)."
  ],
  examples: ["skc budget", "skc budget --limit 20", "skc budget --context-tokens 1000000 --format json", "skc budget --agent codex"],
  args: {},
  flags: {
    limit: flag.integer("limit", "Most skill rows shown (all by default, 100 over MCP); the counts and the lists of names cover every skill."),
    contextTokens: flag.integer("context-tokens", "The model's context window in tokens (beats [agents.<name>] context_tokens; Claude Code: by default its model's, 750000 for its default model)."),
    ...agentFlags,
    ...common()
  },
  mcp: {
    title: "Skill listing budget",
    description:
      "What the agent's skill listing costs its context: texts cut, skills past the budget (name only), manual-only skills, what one more skill displaces.",
    readOnly: true
  },
  load: async () => {
    const [{ budget, budgetDocument, BudgetInput }, { renderBudget }] = await Promise.all([import("../app/eval/budget.js"), import("../render/budget.js")])
    return {
      input: BudgetInput,
      toInput: (o) => ({
        ...(Option.isSome(o.contextTokens) ? { context_tokens: o.contextTokens.value } : {}),
        ...(Option.isSome(o.limit) ? { limit: o.limit.value } : {}),
        ...agentFields(o)
      }),
      run: (input) => budget(input),
      text: (result) => renderBudget(result),
      json: budgetDocument,
      mcp: {
        output: () => import("../app/eval/budget.js").then((r) => r.BudgetDocument),
        // Over MCP an answer has a bound unless the call names its own (docs/mcp.md "Payload budgets").
        defaults: (input) => (input.limit === undefined ? { ...input, limit: MCP_BUDGET_LIMIT } : input)
      }
    }
  }
})
