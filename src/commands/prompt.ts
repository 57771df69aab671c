/** `skc prompt` (agent-skill protocol: the block of skills in the agent's system prompt, as its profile lists and lays it out: DECISIONS #51). */
import { Option } from "effect"
import { agentFields, agentFlags } from "./agent.js"
import { arg, common, defineCommand, flag } from "./spec.js"

export const promptCommand = defineCommand({
  name: "prompt",
  summary: [
    // The first line is what `skc --help` lists: a whole sentence.
    "Print the block of skills an agent puts in its system prompt at start-up: each skill's name, description and location.",
    "As the agent's profile lists them: manual-only skills left out, texts cut, past the budget by name only (what `skc budget` counts).",
    "Laid out as the agent writes it: Gemini CLI's and OpenCode's <available_skills> with their own headings, values as they are;",
    "Codex's `## Skills` lines; Claude Code's `- name: text` lines (its legacy commands after the skills); other agents' <available_skills> XML.",
    "--format json's `xml` is the block as the model receives it."
  ],
  examples: ["skc prompt", "skc prompt pdf-forms git-helper"],
  args: { skills: arg.many("skill", "Skill names (default: all discovered).") },
  flags: {
    contextTokens: flag.integer("context-tokens", "The model's context window in tokens, for the listing budget (as `skc budget`)."),
    ...agentFlags,
    ...common()
  },
  load: async () => {
    const [{ prompt, PromptInput }, { renderPromptText }] = await Promise.all([import("../app/skills/prompt.js"), import("../render/protocol.js")])
    return {
      input: PromptInput,
      toInput: (o) => ({
        ...(o.skills.length > 0 ? { skills: o.skills } : {}),
        ...(Option.isSome(o.contextTokens) ? { context_tokens: o.contextTokens.value } : {}),
        ...agentFields(o)
      }),
      run: (input) => prompt(input),
      text: (result) => renderPromptText(result)
    }
  }
})
