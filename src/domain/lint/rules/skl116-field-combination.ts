import { combinationFindings } from "./combinations.js"
import type { Rule } from "../types.js"

export const skl116: Rule = {
  id: "SKL116",
  name: "field-combination",
  defaultSeverity: "warning",
  category: "frontmatter",
  source: "DECISIONS #51 (issue 43); each agent's frontmatter reference, in docs/agents.md",
  summary: "Fields that only work together appear together, for the agents the skill is linted for.",
  doc: "Some fields of an agent take effect only with another: Claude Code's `agent` and `background` apply only with `context: fork`, and a skill with both `disable-model-invocation: true` and `user-invocable: false` can be invoked by nobody. Each active agent profile (`--agent`, else the project's `[build] targets`, else `claude`) lists such combinations; the message names the agent.",
  fix: "Add the field the message names, or remove the one that has no effect.",
  check: (s) => combinationFindings(s, "SKL116")
}
