/** `skc discover` / `skc_discover` (agent-skill protocol: discovery). */
import { agentFields, agentFlags } from "./agent.js"
import { common, defineCommand } from "./spec.js"

export const discoverCommand = defineCommand({
  name: "discover",
  summary: ["List the skills an agent runtime discovers, which copy wins, and which are shadowed or invalid."],
  examples: ["skc discover", "skc discover --agent cursor --plugin-dir ./my-plugin --format json"],
  args: {},
  flags: { ...agentFlags, ...common() },
  mcp: {
    title: "Discover skills as an agent does",
    description:
      "The skills an agent runtime (default claude) discovers from the working directory: the winning copy of each name, the copies it shadows, invalid directories, the directories searched.",
    readOnly: true
  },
  load: async () => {
    const [{ discoverCommand, discoverDocument, DiscoverInput }, { renderDiscover }] = await Promise.all([
      import("../app/skills/discover.js"),
      import("../render/protocol.js")
    ])
    return {
      input: DiscoverInput,
      toInput: (o) => agentFields(o),
      run: (input) => discoverCommand(input),
      text: (result) => renderDiscover(result),
      json: discoverDocument,
      mcp: { output: () => import("../app/skills/discover.js").then((r) => r.DiscoverDocument) }
    }
  }
})
