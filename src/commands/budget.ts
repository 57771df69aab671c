/** `skc budget` / `skc_budget` (issue 27, docs/eval.md "skc budget"): what the skill listing costs an agent's context. */
import { Option } from "effect"
import { agentFields, agentFlags } from "./agent.js"
import { common, defineCommand, flag } from "./spec.js"

export const budgetCommand = defineCommand({
  name: "budget",
  summary: [
    "Show what the skills an agent discovers cost its context at start, which descriptions it cuts, and what one more skill displaces.",
    "Claude Code: the listing gets 1 % of the context window, each description at most 1,536 characters (docs/eval.md)."
  ],
  examples: ["skc budget", "skc budget --context-tokens 1000000 --format json", "skc budget --agent codex"],
  args: {},
  flags: {
    contextTokens: flag.integer("context-tokens", "The model's context window in tokens (default 200000)."),
    ...agentFlags,
    ...common()
  },
  mcp: {
    title: "Skill listing budget",
    description:
      "What the discovered skills' names and descriptions cost the agent's context: per skill, descriptions cut, skills past the " +
      "budget (name only), and what one more skill would displace.",
    readOnly: true
  },
  load: async () => {
    const [{ budget, budgetDocument, BudgetInput }, { renderBudget }] = await Promise.all([import("../app/budget.js"), import("../render/budget.js")])
    return {
      input: BudgetInput,
      toInput: (o) => ({ ...(Option.isSome(o.contextTokens) ? { context_tokens: o.contextTokens.value } : {}), ...agentFields(o) }),
      run: (input) => budget(input),
      text: (result) => renderBudget(result),
      json: budgetDocument,
      mcp: { output: () => import("../app/budget.js").then((r) => r.BudgetDocument) }
    }
  }
})
