/** `skc discover` / `skc_discover` (agent-skill protocol: discovery). */
import { agentFields, agentFlags } from "./agent.js"
import { Option } from "effect"
import { common, defineCommand, flag } from "./spec.js"

/** The entries of each list an MCP `skc_discover` answers with when the call gives no `limit` (300 skills were 224 KB). */
export const MCP_DISCOVER_LIMIT = 100

export const discoverCommand = defineCommand({
  name: "discover",
  summary: ["List the skills an agent runtime discovers, which copy wins, and which are shadowed or invalid."],
  examples: ["skc discover", "skc discover --agent cursor --plugin-dir ./my-plugin --format json"],
  args: {},
  flags: { limit: flag.integer("limit", "Most entries of each list (skills, shadowed, invalid); all by default (100 over MCP)."), ...agentFlags, ...common() },
  mcp: {
    title: "Discover skills as an agent does",
    description:
      "The skills an agent runtime (default claude) finds from the working directory: each name's winning copy, shadowed copies, invalid directories, directories searched.",
    readOnly: true
  },
  load: async () => {
    const [{ discoverCommand, discoverDocument, DiscoverInput }, { renderDiscover }] = await Promise.all([
      import("../app/skills/discover.js"),
      import("../render/protocol.js")
    ])
    return {
      input: DiscoverInput,
      toInput: (o) => ({ ...agentFields(o), ...(Option.isSome(o.limit) ? { limit: o.limit.value } : {}) }),
      run: (input) => discoverCommand(input),
      text: (result) => renderDiscover(result),
      json: discoverDocument,
      mcp: {
        output: () => import("../app/skills/discover.js").then((r) => r.DiscoverDocument),
        // Over MCP an answer has a bound unless the call names its own (docs/mcp.md "Payload budgets").
        defaults: (input) => (input.limit === undefined ? { ...input, limit: MCP_DISCOVER_LIMIT } : input)
      }
    }
  }
})
