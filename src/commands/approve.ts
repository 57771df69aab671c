/** `skc approve` (tool skills, docs/tool-skills.md). */
import { Effect } from "effect"
import { PrompterLive } from "../layers.js"
import { arg, common, defineCommand, flag } from "./spec.js"

export const approveCommand = defineCommand({
  name: "approve",
  summary: [
    "Approve a tool skill's current SKILL.md and the skill files its tools run (one sha256 in ~/.skillc/approvals.json).",
    "A change to SKILL.md or to one of those files needs approval again."
  ],
  examples: ["skc approve git", "skc approve git --format json", "skc approve echo --yes"],
  args: { skill: arg.one("skill", "Skill name or path (of a project or global store).") },
  flags: {
    yes: flag.boolean("yes", "Approve a skill that declares free_text_anywhere without being asked (read its declarations first).", "y"),
    ...common()
  },
  load: async () => {
    const [{ approve }, { renderApprove }] = await Promise.all([import("../app/tools/approve.js"), import("../render/tools.js")])
    return {
      fromFlags: (o) => Effect.succeed({ skill: o.skill, ...(o.yes ? { yes: true } : {}) }),
      run: (input) => approve(input).pipe(Effect.provide(PrompterLive)),
      // RFC-0007:C-LOGGING: a command that resolves a skill writes its row (DECISIONS #17).
      log: { args: (input) => ({ yes: input.yes === true }) },
      text: (result) => renderApprove(result)
    }
  }
})
