/**
 * `skc budget`: what the skills an agent discovers cost its context at start,
 * per the limits of the agent's profile (DECISIONS #51, issue 43;
 * src/domain/protocol/budget.ts, docs/eval.md "skc budget"). It counts the
 * one listing `skc prompt` prints (src/app/skills/agentListing.ts).
 */
import { Effect, Schema } from "effect"
import { computeBudget, type Budget } from "../../domain/protocol/budget.js"
import { notBuiltHere } from "../../domain/protocol/discovery.js"
import type { Agent } from "../../domain/protocol/agents.js"
import { AgentField, PluginDirsField } from "../skills/index.js"
import { agentListing, ContextTokensField, warnUndeployed } from "../skills/index.js"
import { claudeLabel, listedName } from "../../domain/protocol/listing.js"
import { CLAUDE_OWN_SKILLS } from "../../domain/agents/claude.js"


/** The input field `prompt` shares (it lives with the listing both build). */
export { ContextTokensField }

export const BudgetInput = Schema.Struct({
  agent: Schema.optional(AgentField),
  plugin_dirs: Schema.optional(PluginDirsField),
  context_tokens: Schema.optional(ContextTokensField),
  /** The most skill rows shown (`--limit`; 100 over MCP): the counts, and every list of names, stay whole. */
  limit: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0)))
})
export type BudgetInput = typeof BudgetInput.Type

export interface BudgetResult extends Budget {
  readonly agent: Agent
  /** How people call the agent ("Claude Code"). */
  readonly title: string
  /** Deployment links whose runtime is not built here (`notBuiltHere`), by directory name; absent when none. */
  readonly not_built?: ReadonlyArray<string>
  /** Claude Code's own bundled skills are turned off, by this (`CLAUDE_CODE_DISABLE_BUNDLED_SKILLS` or the settings file holding `disableBundledSkills: true`); absent otherwise. */
  readonly bundled_skills_off?: string
  /** `limit`: the rows shown (`skills` holds every row, since the text's counts and notes read them all). */
  readonly limit?: number
  /**
   * Claude Code with its own bundled skills on: `room_chars` less what they take (`CLAUDE_OWN_SKILLS`, an
   * estimate of one release), negative when yours and theirs pass the budget together. `room_chars` leaves
   * them out (their set changes with every release); an author read "fits" where Claude Code cut (a probe).
   */
  readonly room_after_bundled_chars?: number
}

/** `skc budget --format json` (issue 27, docs/eval.md "skc budget") and the MCP tool's `outputSchema`. */
export const BudgetDocument = Schema.Struct({
  agent: Schema.String,
  title: Schema.String,
  layout: Schema.Literals(["entry", "codex", "claude", "gemini", "opencode", "copilot"]),
  limits: Schema.Struct({
    budget_chars: Schema.NullOr(Schema.Int),
    budget_tokens: Schema.NullOr(Schema.Int),
    context_tokens: Schema.NullOr(Schema.Int),
    max_description_chars: Schema.NullOr(Schema.Int),
    basis: Schema.String,
    source: Schema.NullOr(Schema.String)
  }),
  skills: Schema.Array(
    Schema.Struct({
      name: Schema.String,
      text_chars: Schema.Int,
      entry_chars: Schema.Int,
      truncated: Schema.Boolean,
      listed: Schema.Literals(["full", "name-only", "omitted"]),
      command: Schema.Boolean,
      paths: Schema.NullOr(Schema.Array(Schema.String)),
      listed_as: Schema.optional(Schema.String).annotate({ description: "The name the agent lists it under when not its own (Claude Code: a plugin's skill as <plugin>:<name>)" })
    })
  ),
  total_chars: Schema.Int,
  used_chars: Schema.Int,
  room_chars: Schema.NullOr(Schema.Int),
  used_tokens: Schema.NullOr(Schema.Int),
  truncated: Schema.Array(Schema.String),
  shortened: Schema.Array(Schema.String).annotate({ description: "Entries Codex shortened to fit the budget (truncated also holds those cut at the per-entry cap)" }),
  names_only: Schema.Array(Schema.String),
  names_only_by_setting: Schema.Array(Schema.String).annotate({
    description: "Of names_only, the skills the agent's settings list by name only (Claude Code's skillOverrides: name-only), whatever the budget"
  }),
  omitted: Schema.Array(Schema.String),
  manual_only: Schema.Array(Schema.String),
  conditional: Schema.Array(Schema.String).annotate({ description: "Skills kept out of the start listing until a file matching their paths: is touched (Claude Code)" }),
  off: Schema.Array(Schema.String).annotate({ description: "Skills turned off in the agent's own settings (Claude Code's skillOverrides: off)" }),
  commands: Schema.Array(Schema.Struct({ name: Schema.String, entry_chars: Schema.Int, listed: Schema.Literals(["full", "name-only"]) })).annotate({
    description: "Claude Code's legacy commands (.claude/commands), listed after the skills in the same budget"
  }),
  room_after_bundled_chars: Schema.optional(Schema.Int).annotate({
    description:
      "Claude Code with its bundled skills on: room_chars less the characters they take (an estimate of one Claude Code release); negative when they and yours pass the budget together"
  }),
  bundled_skills_off: Schema.optional(Schema.String).annotate({
    description: "Claude Code: what turned its own bundled skills off (CLAUDE_CODE_DISABLE_BUNDLED_SKILLS, or the settings file with disableBundledSkills: true), so they take none of the budget"
  }),
  skills_not_shown: Schema.optional(Schema.Int).annotate({ description: "Rows left out of skills by limit (the counts and the lists of names cover every skill)" }),
  not_built: Schema.optional(Schema.Array(Schema.String)).annotate({
    description: "Skills skc deployed to the agent's directories whose runtime is not built on this machine (a fresh clone: run skc build --all): not counted"
  })
})
/** Every result is a document of `BudgetDocument`: the compiler checks the two against each other (issue 28). */
export const budgetDocument = (r: BudgetResult): typeof BudgetDocument.Type => {
  const { limit, ...document } = r
  if (limit === undefined || r.skills.length <= limit) return document
  return { ...document, skills: r.skills.slice(0, limit), skills_not_shown: r.skills.length - limit }
}

export const budget = Effect.fn("skc.budget")(function* (input: BudgetInput = {}) {
  const { found, profile, limits, listing, bundledSkillsOff } = yield* agentListing(input)
  const notBuilt = notBuiltHere(found.invalid)
  // Skills of skc's stores deployed where this agent does not read: they cost its listing nothing yet.
  yield* warnUndeployed(found)
  const computed = computeBudget(listing, limits)
  // The skills' rows are the listing's skill entries, in order: each row's skill is found by its entry's location.
  const locations = listing.entries.filter((e) => e.kind !== "command").map((e) => e.location)
  const listedAs = (row: (typeof computed.skills)[number], i: number) => {
    const skill = [...found.skills, ...found.shadowed].find((s) => s.path === locations[i])
    // Claude Code's line names the directory, with the frontmatter name after it when they differ (`skc prompt` prints the same).
    const as = skill === undefined ? row.name : profile.listing.layout === "claude" ? claudeLabel(skill) : listedName(profile, skill)
    // Two rows named foo (a project's and a plugin's) read as one skill counted twice.
    return as === row.name ? row : { ...row, listed_as: as }
  }
  const result: BudgetResult = {
    agent: found.agent,
    title: profile.title,
    ...computed,
    skills: computed.skills.map(listedAs),
    ...(notBuilt.length > 0 ? { not_built: notBuilt } : {}),
    ...(bundledSkillsOff === undefined ? {} : { bundled_skills_off: bundledSkillsOff }),
    ...(profile.listing.layout === "claude" && bundledSkillsOff === undefined && computed.room_chars !== null && limits.budget_tokens === null
      ? { room_after_bundled_chars: computed.room_chars - CLAUDE_OWN_SKILLS.chars }
      : {}),
    ...(input.limit === undefined ? {} : { limit: input.limit })
  }
  return result
})
