/** `skc permissions` (agent-skill protocol: allowed-tools). */
import { agentFields, agentFlags } from "./agent.js"
import { arg, common, defineCommand, flag } from "./spec.js"

export const permissionsCommand = defineCommand({
  name: "permissions",
  summary: ["Show a skill's allowed-tools and decide tool requests as the protocol enforces them."],
  examples: ["skc permissions git-helper", 'skc permissions git-helper --check "Bash(git status)" --check Write'],
  args: { skill: arg.one("skill", "Skill name (as discovered) or path.") },
  flags: { check: flag.repeated("check", 'A tool request to decide, e.g. "Bash(git status)".'), ...agentFlags, ...common() },
  load: async () => {
    const [{ permissions, permissionsLogArgs, PermissionsInput }, { renderPermissions }] = await Promise.all([
      import("../app/skills/permissions.js"),
      import("../render/protocol.js"),
    ])
    return {
      input: PermissionsInput,
      toInput: (o) => ({ skill: o.skill, ...(o.check.length > 0 ? { check: o.check } : {}), ...agentFields(o) }),
      run: (input) => permissions(input),
      // DECISIONS #17: a row in the skill's log (author work: it reads the frontmatter, not for an agent).
      log: { args: (input) => permissionsLogArgs(input) },
      text: (result) => renderPermissions(result)
    }
  }
})
