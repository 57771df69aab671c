/** `skc prompt` (agent-skill protocol: the <available_skills> block). */
import { agentFields, agentFlags } from "./agent.js"
import { arg, common, defineCommand } from "./spec.js"

export const promptCommand = defineCommand({
  name: "prompt",
  summary: ["Print the <available_skills> block an agent loads at start-up (name, description, location of each skill)."],
  examples: ["skc prompt", "skc prompt pdf-forms git-helper"],
  args: { skills: arg.many("skill", "Skill names (default: all discovered).") },
  flags: { ...agentFlags, ...common() },
  load: async () => {
    const [{ prompt, PromptInput }, { decodeFlags }] = await Promise.all([import("../app/prompt.js"), import("./decode.js")])
    return {
      input: PromptInput,
      fromFlags: (o) => decodeFlags(PromptInput, { ...(o.skills.length > 0 ? { skills: o.skills } : {}), ...agentFields(o) }),
      run: (input) => prompt(input),
      text: (result) => result.xml
    }
  }
})
