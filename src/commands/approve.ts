/** `skc approve` (tool skills, docs/tool-skills.md). */
import { Effect } from "effect"
import { arg, common, defineCommand } from "./spec.js"

export const approveCommand = defineCommand({
  name: "approve",
  summary: [
    "Approve a tool skill's current SKILL.md and the skill files its tools run (one sha256 in ~/.skillc/approvals.json).",
    "A change to SKILL.md or to one of those files needs approval again."
  ],
  examples: ["skc approve git", "skc approve git --format json"],
  args: { skill: arg.one("skill", "Skill name or path (of a project or global store).") },
  flags: { ...common() },
  load: async () => {
    const [{ approve }, { renderApprove }] = await Promise.all([import("../app/tools/approve.js"), import("../render/tools.js")])
    return {
      fromFlags: (o) => Effect.succeed({ skill: o.skill }),
      run: (input) => approve(input),
      text: (result) => renderApprove(result)
    }
  }
})
