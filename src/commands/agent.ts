/**
 * Flags shared by the agent-protocol commands (discover, match, prompt,
 * permissions, load): which agent runtime, and extra plugin roots.
 */
import { Option } from "effect"
import { AGENTS } from "../domain/protocol/agents.js"
import { flag } from "./spec.js"

export const agentFlags = {
  agent: flag.text("agent", `Agent runtime whose skill directories are searched: ${AGENTS.join(", ")} (default claude).`, { choices: AGENTS }),
  pluginDir: flag.repeated("plugin-dir", "A plugin root; its skills/*/SKILL.md are discovered at the lowest precedence (repeatable).")
}

/** The use case's `agent` and `plugin_dirs` fields, present only when given. */
export const agentFields = (o: { readonly agent: Option.Option<string>; readonly pluginDir: ReadonlyArray<string> }) => ({
  ...(Option.isSome(o.agent) ? { agent: o.agent.value } : {}),
  ...(o.pluginDir.length > 0 ? { plugin_dirs: o.pluginDir } : {})
})
