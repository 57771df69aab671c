/**
 * `skc match "<request>"`: which discovered skill a request would activate,
 * ranked by the protocol's selection strategy (src/domain/protocol/match.ts),
 * with the access log's last use of each skill as the recency signal. The
 * candidates are the agent's listing (DECISIONS #51, issue 43): a manual-only
 * skill is never matched, and a request is scored against each entry's text
 * as the agent lists it (Claude: description and `when_to_use`, cut at the
 * entry cap; `matchedTexts` says which text past the budget). An agent that
 * selects `$name` mentions from every enabled skill (Codex) gets them too,
 * listed or not, as mentioned.
 */
import { Clock, Effect, Schema } from "effect"
import { Path } from "effect/Path"
import { EmptyQuery } from "../../domain/errors.js"
import { DEFAULT_MATCH_LIMIT, DEFAULT_THRESHOLD, rankSkills, scoreSkills, type SkillMatch } from "../../domain/protocol/match.js"
import type { Agent } from "../../domain/protocol/agents.js"
import { notBuiltHere, notBuiltNote, type DiscoveredSkill } from "../../domain/protocol/discovery.js"
import { listedName, modelListing, type ModelListing } from "../../domain/protocol/listing.js"
import type { AgentProfile } from "../../domain/agents/index.js"
import type { ListingLimits } from "../../domain/protocol/budget.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { UsageHistory } from "../../ports/UsageHistory.js"
import { AgentField, PluginDirsField } from "./discover.js"
import { agentListing, ContextTokensField, matchedTexts } from "./agentListing.js"
import { warnUndeployed } from "./undeployedNotice.js"
import { explicitlyMentioned, unselectedMentions } from "../../domain/agents/codexMentions.js"
import { closest, didYouMean } from "../../domain/suggest.js"
import { Warning } from "../../domain/errors.js"
import { warn } from "../../ports/Diagnostics.js"
import { slashInvoked } from "../../domain/agents/claudeSlash.js"
import { Settings } from "../shared/index.js"
import { requestTerms } from "../../domain/protocol/text.js"
import { NOT_BUILT_HERE } from "./obsolete.js"

export const MatchInput = Schema.Struct({
  query: Schema.String.annotate({ description: "The user request" }),
  limit: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0)).annotate({ description: `Most results (default ${DEFAULT_MATCH_LIMIT}).` })),
  threshold: Schema.optional(
    Schema.Number.check(Schema.isGreaterThanOrEqualTo(0)).annotate({ description: `Least relevance score kept (default ${DEFAULT_THRESHOLD}).` })
  ),
  agent: Schema.optional(AgentField),
  plugin_dirs: Schema.optional(PluginDirsField),
  // The window budget and prompt are told: a skill the listing leaves out past it is matched on nothing.
  context_tokens: Schema.optional(ContextTokensField)
})
export type MatchInput = typeof MatchInput.Type

export interface MatchResult {
  readonly query: string
  readonly agent: Agent
  readonly threshold: number
  /** `call_as`: the name skc's other commands and tools resolve the skill by (its directory's), when not `name`. */
  readonly results: ReadonlyArray<SkillMatch & { readonly call_as?: string }>
  /**
   * No skill activated: the candidate that came closest (any relevance), with
   * its score, coverage and words, so "no match" says which gate it missed
   * (the threshold, or the share of the request's words, issue 47 item 4).
   * With results: the candidate that scored above all of them and was held
   * back by a gate, when there is one.
   */
  readonly nearest?: Nearest
  /**
   * No skill is listed to this agent here at all (skills only in `.agents/skills`, which Claude Code does not
   * read): "No skill matches" read as "none fits", and a search's hint sent agents to this command (a
   * search probe over 97 skills). True only then.
   */
  readonly none_listed?: true
  /**
   * The request holds no word the judge weighs (function words or punctuation only, `"?!?"`): no gate was
   * missed; the text said so and the JSON looked like any miss. True only then, with no result.
   */
  readonly no_words?: true
}

export interface Nearest {
  readonly name: string
  readonly score: number
  readonly coverage: number
  readonly decided_by: ReadonlyArray<string>
  /** The gate it missed: the relevance `threshold`, else the share of the request's words (`coverage`). */
  readonly gate: "threshold" | "coverage"
  /** Beside results (not with none): it scored above every one of them and was held back by `gate`. */
  readonly held_back?: true
}

/** `skc match --format json` and the MCP tool's `outputSchema` (open: later fields do not break clients). */
export const MatchDocument = Schema.Struct({
  query: Schema.String,
  agent: Schema.String,
  threshold: Schema.Number,
  results: Schema.Array(
    Schema.Struct({
      name: Schema.String,
      scope: Schema.Literals(["project", "user", "plugin"]),
      path: Schema.String,
      score: Schema.Number,
      relevance: Schema.Number,
      mentioned: Schema.Boolean,
      recency_boost: Schema.Number,
      last_used: Schema.NullOr(Schema.String),
      matched_terms: Schema.Array(
        Schema.Struct({ word: Schema.String, stem: Schema.String, fields: Schema.Array(Schema.Literals(["name", "description", "when_to_use"])) })
      ),
      reason: Schema.String,
      call_as: Schema.optional(Schema.String).annotate({
        description: "The name skc's other commands and tools take for this skill (its directory's), when not name"
      })
    })
  ),
  nearest: Schema.optionalKey(
    Schema.Struct({
      name: Schema.String,
      score: Schema.Number,
      coverage: Schema.Number,
      decided_by: Schema.Array(Schema.String),
      gate: Schema.Literals(["threshold", "coverage"]),
      held_back: Schema.optionalKey(Schema.Literal(true))
    })
  ),
  none_listed: Schema.optionalKey(Schema.Literal(true)).annotate({ description: "No skill is listed to this agent here at all (skc_discover shows where it looks)" }),
  // No description: tools/list stays within its budget (docs/mcp.md "Payload budgets"); the field says itself.
  no_words: Schema.optionalKey(Schema.Literal(true))
})

/** Every result is a document of `MatchDocument`: the compiler checks the two against each other (issue 28). */
export const matchDocument = (r: MatchResult): typeof MatchDocument.Type => r

/**
 * The newest access of a discovered skill: its deployment's own runtime
 * directory (a symlink into `.skillc/runtime/<name>`), else the project and
 * global runtime stores.
 */
const lastUsed = Effect.fnUntraced(function* (skill: DiscoveredSkill) {
  const fs = yield* FileSystem
  const path = yield* Path
  const history = yield* UsageHistory
  const { stores } = yield* Settings
  const runtimeDirs = new Set<string>()
  runtimeDirs.add(skill.link_target ?? skill.dir)
  // A plugin's skill is not the stores' skill of its plain name (Claude Code lists it as `<plugin>:<name>`).
  if (skill.scope !== "plugin") {
    if (stores.projectRuntime !== undefined) runtimeDirs.add(path.join(stores.projectRuntime, skill.name))
    runtimeDirs.add(path.join(stores.globalRuntime, skill.name))
  }
  let newest: number | undefined
  for (const dir of runtimeDirs) {
    const db = path.join(dir, ".skillc-meta", "logs.db")
    const info = yield* fs.statOption(db).pipe(unseenAs(undefined))
    if (info?.type !== "file") continue
    const t = yield* history.lastAccess(db, path.basename(dir))
    if (t !== undefined && (newest === undefined || t > newest)) newest = t
  }
  return newest
})

/**
 * A `$name` that selects no skill is said, not silent (the user meant one): a name no skill has, with a
 * did-you-mean, and a name two skills share, which the agent resolves to neither. Notices (stderr; the
 * JSON document has no place for them and keeps its shape); the results are unchanged.
 */
const reportUnselected = Effect.fnUntraced(function* (
  query: string,
  skills: ReadonlyArray<{ readonly name: string; readonly path: string }>,
  title: string,
  notBuilt: ReadonlyArray<string>
) {
  const told: Array<string> = []
  for (const m of unselectedMentions(query, skills, closest)) {
    if (m._tag === "NoSkill" && notBuilt.includes(m.name)) {
      // A teammate's clone before `skc build --all`: the name is right, the build is missing (DECISIONS #46).
      told.push(m.name)
      yield* warn(Warning.notice(`'$${m.name}' names a skill deployed here but ${NOT_BUILT_HERE}`))
    } else if (m._tag === "NoSkill") {
      const hint = didYouMean(m.suggestions.map((n) => `$${n}`))
      yield* warn(Warning.notice(`'$${m.name}' names no skill ${title} sees, so it selects none${hint === undefined ? "" : `; ${hint}`}`))
    } else {
      yield* warn(Warning.notice(`'$${m.name}' names ${m.paths.length} skills (${m.paths.join(", ")}): ${title} selects ${m.paths.length === 2 ? "neither" : "none of them"}; rename one, or mention it by path as [$${m.name}](<path>)`))
    }
  }
  return told
})

/**
 * Skills the request would select were they listed, said beside the answer (`eval` judges them so too):
 * a conditional skill (`paths:`), listed once a file matching its globs is touched, matched on the text it
 * is listed with then; a manual-only skill (`disable-model-invocation`), which only the user's `/name` runs.
 * Left out silently, they made `match` contradict `eval` ("No skill matches", where eval counted a fire).
 */
const sayUnlistedMatches = Effect.fnUntraced(function* (
  query: string,
  at: { readonly listing: ModelListing; readonly profile: AgentProfile; readonly limits: ListingLimits; readonly skills: ReadonlyArray<DiscoveredSkill> },
  ranking: { readonly threshold: number; readonly nowMs: number; readonly results: ReadonlyArray<SkillMatch> }
) {
  const { listing, profile, limits, skills } = at
  const conditional = new Set(listing.conditional)
  const manual = new Set(listing.manual_only)
  if (conditional.size === 0 && manual.size === 0) return
  // Each as it would be listed: the conditional ones with their globs met, the manual-only ones as if listed.
  const unlisted = skills
    .filter((s) => conditional.has(s.name) || manual.has(s.name))
    .map((s) => ({ ...s, listing: { ...s.listing, paths: null, model: true } }))
  const texts = matchedTexts(modelListing(profile, limits, unlisted), profile, unlisted)
  const candidates = unlisted
    .filter((s) => texts.has(s.name))
    .map((s) => ({ name: s.name, description: texts.get(s.name)!, ...describedUpTo(profile, s), scope: s.scope, path: s.path }))
  const best = ranking.results[0]?.score ?? 0
  const answered = new Set(ranking.results.map((m) => m.path))
  for (const m of rankSkills(query, candidates, { threshold: ranking.threshold, nowMs: ranking.nowMs })) {
    // In the answer already (a `/name`, Codex's `$name`), or named where the agent's own `$name` rule decides
    // (said by reportUnselected): nothing to add.
    if (answered.has(m.path) || (m.mentioned && profile.listing.explicitMentions !== undefined)) continue
    const place = m.score > best ? "first" : "among the results"
    const paths = skills.find((s) => s.path === m.path)?.listing.paths
    // Claude Code runs a skill by its directory's name (`/dirname`), and not at all when `user-invocable: false`
    // takes it off the / menu too (SKL116): then neither the model nor a person can invoke it.
    const command = listing.slashCommands?.find((c) => c.path === m.path)?.command
    const manualOnly =
      profile.listing.layout !== "claude"
        ? "but is manual only: the model never selects it; the user names it"
        : command !== undefined
          ? `but is manual only: the model never selects it; the user runs it as /${command}`
          : "but nothing can invoke it: manual only (the model never selects it) and off the / menu (user-invocable: false)"
    yield* warn(
      Warning.notice(
        conditional.has(m.name)
          ? `'${m.name}' would match (${place}, score ${m.score}) once a file matching its paths (${(paths ?? []).join(", ")}) is touched: ${profile.title} lists it only then`
          : `'${m.name}' would match (${place}, score ${m.score}) ${manualOnly}`
      )
    )
  }
})

/**
 * Where the skill's own description ends in its listed text, when the agent lists `when_to_use` after it:
 * the words past it are reported as `when_to_use`'s (they read "(description)" before, and an author
 * tuning the listing edited the wrong field).
 */
const describedUpTo = (profile: AgentProfile, s: Pick<DiscoveredSkill, "description" | "listing">) =>
  s.listing.when_to_use === null || !profile.listing.textFields.includes("when_to_use") ? {} : { descriptionEnd: s.description.length }

export const match = Effect.fn("skc.match")(function* (input: MatchInput) {
  if (input.query.trim().length === 0) return yield* Effect.fail(new EmptyQuery())
  const { found, listing, profile, limits } = yield* agentListing({ agent: input.agent, plugin_dirs: input.plugin_dirs, context_tokens: input.context_tokens })
  const texts = matchedTexts(listing, profile, [...found.skills, ...found.shadowed])
  // Codex's `$name` selects from every enabled skill, every copy counted (a shared name selects none), listed or not.
  const explicit =
    profile.listing.explicitMentions === undefined ? [] : explicitlyMentioned(input.query, [...found.skills, ...found.shadowed.filter((s) => s.also_listed === true)])
  const chosen = new Set(explicit.map((s) => s.path))
  // Skills skc deployed whose runtime is not on this machine (a fresh clone): the agent sees none of them, so neither
  // does the ranking; said once, with the command that builds them, instead of a bare "No skill matches".
  const notBuilt = notBuiltHere(found.invalid)
  const told =
    profile.listing.explicitMentions !== undefined
      ? yield* reportUnselected(input.query, [...found.skills, ...found.shadowed.filter((s) => s.also_listed === true)], profile.title, notBuilt)
      : []
  const untold = notBuilt.filter((n) => !told.includes(n))
  if (untold.length > 0) yield* warn(Warning.notice(notBuiltNote(untold)))
  // Claude Code's `/command`s run those skills, manual-only ones too (src/domain/agents/claudeSlash.ts).
  const slashed = slashInvoked(listing.slashCommands, input.query)
  for (const path of slashed.keys()) chosen.add(path)
  // The copy a command runs may be one skc's discovery shadows (Claude Code lets the user's copy of a directory name win).
  // A skill by the name the agent lists it under: Claude Code's `acme:foo` for a plugin's `foo`.
  const nameOf = (s: Pick<DiscoveredSkill, "name" | "scope" | "plugin">) => listedName(profile, s)
  const copies = found.shadowed
    .filter((s) => slashed.has(s.path) && !found.skills.some((w) => nameOf(w) === nameOf(s) && slashed.has(w.path)))
    .map((s): DiscoveredSkill => ({ ...s, allowed_tools: null, warnings: [] }))
  const listed = [...found.skills.filter((s) => !copies.some((c) => nameOf(c) === nameOf(s))), ...copies].filter((s) => texts.has(nameOf(s)) || chosen.has(s.path))
  const candidates = yield* Effect.forEach(listed, (s) =>
    Effect.map(lastUsed(s), (lastUsedMs) => ({
      name: nameOf(s),
      description: texts.get(nameOf(s)) ?? s.description,
      ...describedUpTo(profile, s),
      scope: s.scope,
      path: s.path,
      lastUsedMs,
      ...(chosen.has(s.path) ? { explicit: true } : {}),
      ...(slashed.has(s.path) ? { invokedAs: slashed.get(s.path)! } : {})
    }))
  )
  const nowMs = yield* Clock.currentTimeMillis
  const threshold = input.threshold ?? DEFAULT_THRESHOLD
  const dollarSelects = profile.listing.explicitMentions !== undefined
  const results = rankSkills(input.query, candidates, { threshold, limit: input.limit ?? DEFAULT_MATCH_LIMIT, nowMs, dollarSelects })
  yield* sayUnlistedMatches(input.query, { listing, profile, limits, skills: found.skills }, { threshold, nowMs, results })
  // The same ranking over every candidate when none activated: what the nearest one missed. And when some did,
  // a candidate that scored above every one of them but was held back by a gate: an agent's probe asked "write an
  // implementation plan for adding OAuth login" and got brainstorming (4.7) alone, writing-plans (7.1, 18 % of
  // the request's words) unmentioned, and `--threshold 0` could not bring it back (the coverage gate).
  const top = results.reduce((best, m) => Math.max(best, m.score), 0)
  const near =
    results.length === 0
      ? scoreSkills(input.query, candidates, { threshold, nowMs, dollarSelects }).find((m) => m.relevance > 0)
      : scoreSkills(input.query, candidates, { threshold, nowMs, dollarSelects }).find((m) => !m.activated && m.relevance > 0 && m.score > top)
  // No match and skills skc built for another agent only (`--target agents` while matching for Claude Code, which
  // reads no `.agents/skills`): said, with the build that deploys them here, as discover says it. An agent's
  // probe got "No skill matches" for pdf and pptx, deployed and even named, and skipped both.
  if (results.length === 0) yield* warnUndeployed(found, ` (or match for the agent that reads them: --agent <name>; over MCP, the argument agent)`)
  // No match while the agent's listing budget cut what it lists (Codex: every description shortened, then names
  // only): said, since the match reads what the agent reads. A probe over 104 skills got "No skill matches" for
  // 9 of 20 tasks, descriptions cut to 15-80 characters, with nothing pointing at the budget.
  if (results.length === 0 && profile.listing.layout !== "claude") {
    const skills = listing.entries.filter((e) => e.kind !== "command")
    const cut = skills.filter((e) => e.listed !== "full" || e.entry_chars < e.whole_chars).length
    if (cut > 0) {
      yield* warn(
        Warning.notice(
          `${cut} of the ${skills.length} skills ${profile.title} lists ${cut === 1 ? "is" : "are"} shortened or left out to fit its listing budget, and matched as listed: skc budget --agent ${found.agent} shows the cuts${input.context_tokens === undefined ? "; --context-tokens <n> gives the model's window" : ""}`
        )
      )
    }
  }
  // A skill whose frontmatter names it otherwise than its directory (`vercel-react-best-practices` in
  // `react-best-practices/`): skc_outline and skc_show resolve the directory's name and answered E001 to the
  // name match gave (an agent's probe: a wasted call each time). Said beside it.
  const path = yield* Path
  const called = results.map((m) => {
    // `path` is the SKILL.md an agent reads: its directory names the skill for skc.
    const dir = path.basename(path.dirname(m.path))
    return m.scope === "plugin" || dir === m.name ? m : { ...m, call_as: dir }
  })
  const result: MatchResult = {
    query: input.query,
    agent: found.agent,
    threshold,
    results: called,
    ...(near === undefined
      ? {}
      : {
          nearest: {
            name: near.name,
            score: near.score,
            coverage: near.coverage,
            decided_by: near.decided_by,
            gate: near.score < threshold ? ("threshold" as const) : ("coverage" as const),
            ...(results.length > 0 ? { held_back: true as const } : {})
          }
        }),
    ...(candidates.length === 0 ? { none_listed: true as const } : {}),
    ...(called.length === 0 && requestTerms(input.query).length === 0 ? { no_words: true as const } : {})
  }
  return result
})
