/**
 * `skc prompt [skills…]`: the `<available_skills>` block an agent puts in its
 * system prompt at start-up — every discovered skill's name, description and
 * location (progressive disclosure level 1), or only the named ones.
 */
import { Effect, Schema } from "effect"
import { SkillNotFound } from "../domain/errors.js"
import type { Agent } from "../domain/protocol/agents.js"
import { renderAvailableSkills, type PromptSkill } from "../domain/protocol/prompt.js"
import { estimateTokens } from "../domain/protocol/tokens.js"
import { Path } from "effect/Path"
import { AgentField, discover, PluginDirsField } from "./discover.js"
import { excludedSkill } from "./services/locateSkill.js"

export const PromptInput = Schema.Struct({
  skills: Schema.optional(
    Schema.Array(Schema.String).annotate({ description: "Skill names to include (default: every discovered skill)." })
  ),
  agent: Schema.optional(AgentField),
  plugin_dirs: Schema.optional(PluginDirsField)
})
export type PromptInput = typeof PromptInput.Type

export interface PromptResult {
  readonly agent: Agent
  readonly skills: ReadonlyArray<PromptSkill>
  readonly xml: string
  readonly tokens: number
}

export const prompt = (input: PromptInput = {}) =>
  Effect.gen(function* () {
    const path = yield* Path
    const found = yield* discover({ agent: input.agent, plugin_dirs: input.plugin_dirs })
    let chosen = found.skills
    if (input.skills !== undefined && input.skills.length > 0) {
      const picked: Array<(typeof found.skills)[number]> = []
      for (const name of input.skills) {
        const s = found.skills.find((x) => x.name === name)
        if (s === undefined) return yield* Effect.fail(excludedSkill(found, name, path.basename) ?? new SkillNotFound({ skill: name }))
        if (!picked.includes(s)) picked.push(s)
      }
      chosen = picked
    }
    const skills = chosen.map((s): PromptSkill => ({ name: s.name, description: s.description, location: s.path }))
    const xml = renderAvailableSkills(skills)
    const result: PromptResult = { agent: found.agent, skills, xml, tokens: estimateTokens(xml) }
    return result
  })
