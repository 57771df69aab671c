/** `skc tools` (tool skills, docs/tool-skills.md). */
import { Effect, Option } from "effect"
import { printJson, printStderr, printText } from "./output.js"
import { arg, common, defineCommand, flag } from "./spec.js"

export const toolsCommand = defineCommand({
  name: "tools",
  summary: ["List the tools a tool skill declares (### tool_name blocks), with their parameters."],
  examples: [
    "skc tools git                     # tools and parameters",
    "skc tools git --mode Dev          # only if the skill supports the Dev mode",
    "skc tools git --format json       # function-calling definitions (JSON Schema parameters)",
    "skc tools git --format prompt     # the [Skills] manifest text for a system prompt"
  ],
  args: { skill: arg.one("skill", "Skill name or path.") },
  flags: {
    mode: flag.text("mode", "Context mode (default Global).", { choices: ["Global", "Dev", "Meeting"] }),
    ...common(["text", "json", "prompt"])
  },
  load: async () => {
    const [{ tools }, { renderTools, renderToolsPrompt, toolsPromptNotice }] = await Promise.all([import("../app/tools/tools.js"), import("../render/tools.js")])
    return {
      fromFlags: (o) => Effect.succeed({ skill: o.skill, mode: Option.getOrUndefined(o.mode) }),
      run: (input) => tools(input),
      // RFC-0007:C-LOGGING: a command that resolves a skill writes its row (DECISIONS #17).
      log: { args: (input) => ({ mode: input.mode ?? null }) },
      text: (result) => renderTools(result),
      emit: (result, ctx) => {
        if (ctx.format !== "prompt") return ctx.format === "json" ? printJson(result) : printText(renderTools(result))
        // The manifest goes into a model's prompt: only tools that can run; the author is told of the others on stderr.
        const notice = toolsPromptNotice(result)
        return Effect.andThen(notice === undefined ? Effect.void : printStderr(notice), printText(renderToolsPrompt(result)))
      }
    }
  }
})
