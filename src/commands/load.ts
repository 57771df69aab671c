/** `skc load` / `skc_load` (agent-skill protocol: progressive loading). */
import { Effect, Option } from "effect"
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
      "Load a skill as an agent runtime does: its SKILL.md body, then the files it references, depth levels deep, within a token budget.",
    readOnly: true
  },
  load: async () => {
    const [{ load, loadDocument, loadLogArgs, LoadInput }, { renderLoadContent, renderLoadSummary, loadLeftOutStep }] = await Promise.all([
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
      // The skill as the caller named it rides along for the next step's `open` (a path given resolves; the
      // name of a skill found by path may not); the JSON document is the result alone.
      run: (input) => Effect.map(load(input), (result) => ({ result, asked: input.skill })),
      // DECISIONS #17: a row in the loaded skill's log, with what was loaded (#18).
      log: { args: (input, loaded) => loadLogArgs(input, loaded?.result) },
      text: ({ result, asked }) => renderLoadContent(result) + "\n" + renderLoadSummary(result, "cli", asked),
      json: ({ result }) => loadDocument(result),
      mcp: {
        output: () => import("../app/skills/load.js").then((r) => r.LoadDocument),
        // The next step as the tool call (`skc_open skill=… path=…`), in the text and, for clients that give
        // their model only the structured content, in its `notices`.
        text: ({ result, asked }) => renderLoadContent(result) + "\n" + renderLoadSummary(result, "tools", asked),
        notices: ({ result, asked }) => {
          const step = loadLeftOutStep(result, "tools", asked)
          return step === undefined ? [] : [step]
        }
      }
    }
  }
})
