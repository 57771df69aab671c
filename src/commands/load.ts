/** `skc load` / `skc_load` (agent-skill protocol: progressive loading). */
import { Option } from "effect"
import { agentFields, agentFlags } from "./agent.js"
import { arg, common, defineCommand, flag } from "./spec.js"

export const loadCommand = defineCommand({
  name: "load",
  summary: ["Load a skill as an agent runtime does: SKILL.md body, then referenced files, within a token budget."],
  examples: ["skc load pdf-forms", "skc load pdf-forms --budget 4000 --depth 2 --format json"],
  args: { skill: arg.one("skill", "Skill name (as discovered) or path.") },
  flags: {
    budget: flag.integer("budget", "Context budget in estimated tokens (default 10000)."),
    depth: flag.integer("depth", "Reference levels to follow (default 1)."),
    ...agentFlags,
    ...common()
  },
  mcp: {
    title: "Load a skill progressively",
    description:
      "Load a discovered skill as an agent runtime does: the SKILL.md body, then the files it references, depth levels deep, within a token budget; says what was left out.",
    readOnly: true
  },
  load: async () => {
    const [{ load, loadDocument, LoadInput }, { renderLoadContent, renderLoadSummary }] = await Promise.all([
      import("../app/skills/load.js"),
      import("../render/protocol.js")
    ])
    return {
      input: LoadInput,
      toInput: (o) =>
        ({
          skill: o.skill,
          ...(Option.isSome(o.budget) ? { budget: o.budget.value } : {}),
          ...(Option.isSome(o.depth) ? { depth: o.depth.value } : {}),
          ...agentFields(o)
        }),
      run: (input) => load(input),
      text: (result) => renderLoadContent(result) + "\n" + renderLoadSummary(result),
      json: loadDocument,
      mcp: { output: () => import("../app/skills/load.js").then((r) => r.LoadDocument) }
    }
  }
})
