/**
 * Options shared by the agent-protocol commands (discover, match, prompt,
 * permissions, load) and the decoding of their input Schemas (a decode
 * failure is E100, like any other invalid option).
 */
import { Options } from "@effect/cli"
import { type Effect, Option, type Schema } from "effect"
import { decodeInput as decodeWithSchema, defined, flagLabel } from "../app/decodeInput.js"
import type { InvalidOption } from "../domain/errors.js"
import { AGENTS } from "../domain/protocol/agents.js"

export const agentOption = Options.text("agent").pipe(
  Options.withDescription(`Agent runtime whose skill directories are searched: ${AGENTS.join(", ")} (default claude).`),
  Options.optional
)

export const pluginDirOption = Options.text("plugin-dir").pipe(
  Options.withDescription("A plugin root; its skills/*/SKILL.md are discovered at the lowest precedence (repeatable)."),
  Options.repeated
)

export const agentFields = (agent: Option.Option<string>, pluginDirs: ReadonlyArray<string>) => ({
  ...(Option.isSome(agent) ? { agent: agent.value } : {}),
  ...(pluginDirs.length > 0 ? { plugin_dirs: pluginDirs } : {})
})

export const decodeInput = <A, I>(schema: Schema.Schema<A, I>, raw: Record<string, unknown>): Effect.Effect<A, InvalidOption> =>
  decodeWithSchema(schema, { label: flagLabel })(defined(raw))
