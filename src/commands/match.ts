/** `skc match` / `skc_match` (agent-skill protocol: activation). */
import { Effect, Option } from "effect"
import { agentFields, agentFlags } from "./agent.js"
import { arg, common, defineCommand, flag } from "./spec.js"
import { UsageHistoryLive } from "../layers.js"
import { DEFAULT_THRESHOLD, MIN_COVERAGE } from "../domain/protocol/match.js"

export const matchCommand = defineCommand({
  name: "match",
  summary: ["Rank the discovered skills a request would activate: mention, relevance (BM25), recent use, scope."],
  examples: ['skc match "fill in this PDF form"', 'skc match "review my pull request" --limit 3 --format json'],
  args: { query: arg.one("request", "The user request to match.") },
  flags: {
    limit: flag.integer("limit", "Most results (default 5)."),
    threshold: flag.float("threshold", `Least relevance score kept (default ${DEFAULT_THRESHOLD}); a match also needs ${Math.round(MIN_COVERAGE * 100)} % of the request's words in its name and description.`),
    contextTokens: flag.integer("context-tokens", "The model's context window in tokens, as for skc budget (beats [agents.<name>] context_tokens): a skill the listing leaves out past it is matched on nothing."),
    ...agentFlags,
    ...common()
  },
  mcp: {
    title: "Match a request to skills",
    description:
      "Rank the discovered skills a user request would activate: a named skill first, then BM25 over names and descriptions, boosted by recent use, each with its reason.",
    readOnly: true
  },
  load: async () => {
    const [{ match, matchDocument, MatchInput }, { renderMatch }] = await Promise.all([
      import("../app/skills/match.js"),
      import("../render/protocol.js")
    ])
    return {
      input: MatchInput,
      toInput: (o) =>
        ({
          query: o.query,
          ...(Option.isSome(o.limit) ? { limit: o.limit.value } : {}),
          ...(Option.isSome(o.threshold) ? { threshold: o.threshold.value } : {}),
          ...(Option.isSome(o.contextTokens) ? { context_tokens: o.contextTokens.value } : {}),
          ...agentFields(o)
        }),
      run: (input) => match(input).pipe(Effect.provide(UsageHistoryLive)),
      text: (result) => renderMatch(result),
      json: matchDocument,
      mcp: { output: () => import("../app/skills/match.js").then((r) => r.MatchDocument) }
    }
  }
})
