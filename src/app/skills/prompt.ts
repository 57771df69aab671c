/**
 * `skc prompt [skills…]`: the block of skills an agent puts in its system
 * prompt at start-up (progressive disclosure level 1) — the agent's listing
 * as its profile builds it (DECISIONS #51, issue 43), the very one `skc
 * budget` counts: manual-only skills left out, each entry's text joined and
 * cut as the agent does, entries past the budget by name only — laid out as
 * the agent writes it (src/domain/protocol/prompt.ts `renderPromptBlock`).
 * Named skills pick their entries out of that listing.
 */
import { Effect, Schema } from "effect"
import { SkillNotFound, UsageError, Warning } from "../../domain/errors.js"
import { Diagnostics, warn } from "../../ports/Diagnostics.js"
import { notBuiltHere, notBuiltNote } from "../../domain/protocol/discovery.js"
import { claudeKey } from "../../domain/protocol/listing.js"
import { warnUndeployed } from "./undeployedNotice.js"
import type { Agent } from "../../domain/protocol/agents.js"
import type { ListingLimits } from "../../domain/protocol/budget.js"
import { renderPromptBlock, type PromptSkill } from "../../domain/protocol/prompt.js"
import { estimateTokens } from "../../domain/protocol/tokens.js"
import { Path } from "effect/Path"
import { closest } from "../../domain/suggest.js"
import { ContextTokensField } from "./agentListing.js"
import { AgentField, PluginDirsField } from "./discover.js"
import { agentListing } from "./agentListing.js"
import { excludedSkill, notASkillNamed, pluginSkillNamed } from "./locateSkill.js"

export const PromptInput = Schema.Struct({
  skills: Schema.optional(
    Schema.Array(Schema.String).annotate({ description: "Skill names to include (default: every skill listed to the model)." })
  ),
  agent: Schema.optional(AgentField),
  plugin_dirs: Schema.optional(PluginDirsField),
  context_tokens: Schema.optional(ContextTokensField)
})
export type PromptInput = typeof PromptInput.Type

export interface PromptResult {
  readonly agent: Agent
  readonly skills: ReadonlyArray<PromptSkill>
  /** Skills never listed to the model (`disable-model-invocation: true`). */
  readonly manual_only: ReadonlyArray<string>
  readonly limits: ListingLimits
  /** Codex: its table of skill roots, `r<k>` in a skill's `file` naming the k-th. */
  readonly roots?: ReadonlyArray<string>
  /** The block as the agent's model receives it (the name is historical: XML for the agents without a layout of their own, Claude Code's lines, Codex's and Gemini CLI's blocks). */
  readonly xml: string
  readonly tokens: number
}

export const prompt = Effect.fn("skc.prompt")(function* (input: PromptInput = {}) {
  const path = yield* Path
  const { found, profile, limits, listing } = yield* agentListing(input)
  // Entries the agent leaves out past the budget (Codex) are not in its listing.
  // The skills of the listing: Claude Code's legacy commands share it but are no skills.
  let chosen = listing.entries.filter((e) => e.listed !== "omitted" && e.kind !== "command")
  if (input.skills !== undefined && input.skills.length > 0) {
    const picked: Array<(typeof listing.entries)[number]> = []
    for (const name of input.skills) {
      // `<plugin>:<skill>` (Claude Code's `/acme:foo`, the listing's `- acme:foo`) picks that plugin's entry.
      const inPlugin = pluginSkillNamed(found, name, path.basename)
      // Claude Code lists and invokes a skill by its directory's name (`- dirname (name)`, `/dirname`), the key
      // its listing is made by: that name picks it first, as `load` and `permissions` take it (locateSkill).
      const inDirectory = listing.layout === "claude" ? found.skills.find((s) => s.scope !== "plugin" && claudeKey(s) === name) : undefined
      const e =
        (inDirectory === undefined ? undefined : listing.entries.find((x) => x.location === inDirectory.path && x.kind !== "command")) ??
        listing.entries.find((x) => x.name === name && x.kind !== "command") ??
        (inPlugin === undefined ? undefined : listing.entries.find((x) => x.location === inPlugin.path && x.kind !== "command"))
      if (e === undefined) {
        if (listing.off.includes(name)) {
          return yield* Effect.fail(
            new UsageError({
              message: `skill '${name}' is turned off in ${profile.title}'s settings (skillOverrides: off): it is not loaded at all`,
              detail: ["remove its skillOverrides entry (~/.claude/settings.json, .claude/settings.json or .claude/settings.local.json) to list it"]
            })
          )
        }
        // Listed to the model by its own frontmatter, so the agent's settings keep it back (skillOverrides: user-invocable-only).
        if (listing.manual_only.includes(name) && found.skills.some((s) => s.name === name && s.listing.model)) {
          return yield* Effect.fail(
            new UsageError({
              message: `skill '${name}' is manual only (skillOverrides: user-invocable-only in ${profile.title}'s settings): ${profile.title} never lists it to the model`,
              detail: [`a person invokes it as /${name}; remove its skillOverrides entry to let the model choose it`]
            })
          )
        }
        if (listing.manual_only.includes(name)) {
          const field = profile.listing.manualOnlyField
          // Codex has no such frontmatter field: its `agents/openai.yaml` says so.
          const [setting, where, how] =
            field === null && profile.listing.policyFile !== undefined
              ? ["policy.allow_implicit_invocation: false", ` in ${profile.listing.policyFile}`, `$${name}`]
              : [`${field ?? "disable-model-invocation"}: true`, "", `/${name}`]
          return yield* Effect.fail(
            new UsageError({
              message: `skill '${name}' is manual only (${setting}${where}): ${profile.title} never lists it to the model`,
              detail: [`a person invokes it as ${how}; remove '${setting}' to let the model choose it`]
            })
          )
        }
        if (listing.conditional.includes(name)) {
          return yield* Effect.fail(
            new UsageError({
              message: `skill '${name}' is conditional (paths:): ${profile.title} lists it only once a file matching its globs is touched`,
              detail: ["remove 'paths:' to list it from the start of every session"]
            })
          )
        }
        // A name the agent does not list: the listed names one typo away, else where to see what it finds (not
        // `skc list`: the agent's listing is what `discover` shows, and may differ from skc's stores).
        const listed = listing.entries.filter((x) => x.kind !== "command").map((x) => x.name)
        const near = closest(name, listed)
        return yield* Effect.fail(
          excludedSkill(found, name, path.basename) ??
            (yield* notASkillNamed(name)) ??
            (near.length > 0
              ? new SkillNotFound({ skill: name, suggestions: near })
              : new SkillNotFound({ skill: name, hint: `run 'skc discover${input.agent === undefined ? "" : ` --agent ${input.agent}`}' to see the skills ${profile.title} finds here` }))
        )
      }
      // Left out past the budget (Codex): the model never sees it, as the whole block and `budget` say.
      if (e.listed === "omitted") {
        return yield* Effect.fail(
          new UsageError({
            message: `skill '${name}' is left out of ${profile.title}'s listing past its budget: the model never sees it`,
            detail: [`run 'skc budget${input.agent === undefined ? "" : ` --agent ${input.agent}`}' for the budget and what it leaves out`]
          })
        )
      }
      if (!picked.includes(e)) picked.push(e)
    }
    chosen = picked
  }
  const asPrompt = (e: (typeof listing.entries)[number]): PromptSkill => ({
    name: e.name,
    description: e.listed === "full" ? e.text : null,
    location: e.location,
    ...(e.file === undefined ? {} : { file: e.file }),
    ...(e.line === undefined ? {} : { line: e.line })
  })
  const skills = chosen.map(asPrompt)
  const roots = listing.roots
  // The whole block holds Claude Code's legacy commands after the skills, as it lists them; named skills, those alone.
  const commands = input.skills !== undefined && input.skills.length > 0 ? [] : listing.entries.filter((e) => e.kind === "command" && e.listed !== "omitted")
  const xml = renderPromptBlock(profile.listing.layout, [...skills, ...commands.map(asPrompt)], roots)
  // Skills skc deployed whose runtime is not on this machine (a fresh clone): left out of the block, as the agent
  // leaves them out, and said with the command that builds them.
  const notBuilt = notBuiltHere(found.invalid)
  if (notBuilt.length > 0 && (input.skills === undefined || input.skills.length === 0)) yield* warn(Warning.notice(notBuiltNote(notBuilt)))
  // Skills of skc's stores deployed where this agent does not read: absent from its block, said with the build.
  if (input.skills === undefined || input.skills.length === 0) yield* warnUndeployed(found)
  if (skills.length === 0) {
    const diagnostics = yield* Diagnostics
    yield* diagnostics.warn(
      Warning.notice(`no skill is listed to ${profile.title}'s model, so there is no block of skills (an agent leaves an empty one out); skc discover shows what was found`)
    )
  }
  const result: PromptResult = { agent: found.agent, skills, manual_only: listing.manual_only, limits, ...(roots === undefined ? {} : { roots }), xml, tokens: estimateTokens(xml) }
  return result
})
