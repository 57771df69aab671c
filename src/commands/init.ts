/** `skc init` / `skc_init` (RFC-0006). */
import { Effect, Option } from "effect"
import { arg, common, defineCommand, flag } from "./spec.js"

export const initCommand = defineCommand({
  name: "init",
  summary: ["Initialize a skillc project, or create a skill from the minimal template."],
  examples: [
    "skc init                      # create .skillc/skills/ in this directory",
    "skc init my-skill             # create .skillc/skills/my-skill/SKILL.md",
    "skc init my-skill --global    # create ~/.skillc/skills/my-skill/SKILL.md"
  ],
  args: { name: arg.optional("name", "Skill name to create (lowercase letters, digits, hyphens).") },
  flags: { global: flag.boolean("global", "Create the skill in the global store (~/.skillc/skills)."), ...common() },
  fast: true,
  mcp: {
    title: "Create a skill or a project",
    description:
      "Create a skill from the minimal template in the project store or, with global, the global one; without name, initialise a project here. Never overwrites (E050).",
    readOnly: false,
    destructive: false,
    idempotent: false
  },
  load: async () => {
    const [{ init, InitParams, InitResultSchema }, { renderInit }] = await Promise.all([import("../app/build/init.js"), import("../render/init.js")])
    return {
      input: InitParams,
      fromFlags: (o) => Effect.succeed({ name: Option.getOrUndefined(o.name), global: o.global }),
      run: (input) => init(input),
      text: (result, ctx) => renderInit(result, ctx.home),
      mcp: { output: async () => InitResultSchema }
    }
  }
})
