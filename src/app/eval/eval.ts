/**
 * `skc eval [<skill>…]`: does each skill fire on the requests it should, and
 * stay quiet on its near misses (issue 27, docs/eval.md)? Reads the trigger
 * queries beside each skill (src/domain/eval/triggerSet.ts), asks a judge
 * which skill each query activates, and scores the answers per skill
 * (src/domain/eval/score.ts).
 *
 * Judges:
 * - `match` (default): the activation model of `skc match` over the agent's
 *   listing (DECISIONS #51, issue 43: manual-only skills left out, each
 *   entry's text as the agent lists it), top-1, without the recency boost so
 *   a run is deterministic (the access log must not change a CI verdict); a
 *   query that invokes a skill by its command (`/deploy`) activates it, as
 *   in `skc match`; a manual-only skill's other trigger queries are reported
 *   as such, since nothing else triggers it;
 * - `command`: an agent CLI run per query through the ProcessRunner (argv,
 *   never a shell), its output read by an extractor (src/domain/eval/extract.ts).
 */
import { listedDespiteProblems } from "../../domain/agents/claudeMetadata.js"
import { Effect, Option, Schema } from "effect"
import { Path } from "effect/Path"
import { InvalidOption, SkillNotFound, UsageError, Warning } from "../../domain/errors.js"
import { closest } from "../../domain/suggest.js"
import { commandFor, distinctNames, extractSkills, holdsJson, parseJsonPath, type Extractor } from "../../domain/eval/extract.js"
import {
  confusionsOf,
  majority,
  metricsOf,
  outcomeOf,
  splitMetrics,
  type Confusion,
  type Metrics,
  type QueryOutcome,
  type SplitMetrics,
  type Standing,
  type Verdict
} from "../../domain/eval/score.js"
import { contradictoryQueries, EVAL_FILE_DEFAULT_MAX_BYTES, EVALS_FILE, notUtf8, onceEach, parseEvalsFile, parseTriggerSet, NO_TRIGGERS_HINT, TRIGGERS_FILE, type TriggerQuery } from "../../domain/eval/triggerSet.js"
import { firstInvalidUtf8 } from "../../domain/markdown/utf8.js"
import type { Agent } from "../../domain/protocol/agents.js"
import { notBuiltHere, notBuiltNote, type DiscoveryScope } from "../../domain/protocol/discovery.js"
import { DEFAULT_THRESHOLD, scoreSkills, type MatchCandidate, type RankedCandidate } from "../../domain/protocol/match.js"
import { validateSkillSource } from "../../domain/protocol/metadata.js"
import { Diagnostics, type DiagnosticsService, warn } from "../../ports/Diagnostics.js"
import { Env } from "../../ports/Env.js"
import { FileSystem } from "../../ports/FileSystem.js"
import { ProcessRunner } from "../../ports/ProcessRunner.js"
import { RegexMatcher } from "../../ports/RegexMatcher.js"
import { AgentField, PluginDirsField } from "../skills/index.js"
import { agentListing, ContextTokensField, matchedTexts } from "../skills/index.js"
import { listedCut, listingFacts } from "../../domain/agents/listing.js"
import { slashInvoked } from "../../domain/agents/claudeSlash.js"
import { listedName, modelListing } from "../../domain/protocol/listing.js"
import type { AgentProfile } from "../../domain/agents/index.js"
import type { ListingLimits } from "../../domain/protocol/budget.js"
import { resolveInside, resolveSkill } from "../skills/index.js"
import { Settings, timeSlicer, touchSkill } from "../shared/index.js"

export const DEFAULT_MIN_PASS = 0.8
export const DEFAULT_EVAL_TIMEOUT_S = 120
/** Issue 45 item 2: an agent run's longest `--timeout` (one hour; Node's timers end at 2^31 ms, about 24.8 days). */
export const MAX_EVAL_TIMEOUT_S = 3600
/** Issue 45 item 2: `--repeat` at most (each run is an agent started). */
export const MAX_REPEAT = 100
/** Issue 45 item 2: `--jobs` at most. */
export const MAX_JOBS = 64
/** Where a syntax problem is (`at line 3 column 7`), or what it is (`it ends too early`); nothing when unknown. */
const syntaxDetail = (message: string): ReadonlyArray<string> => {
  const inner = /^not valid JSON \((.*)\)$/.exec(message)?.[1]
  if (inner === undefined) return []
  return [inner.startsWith("line ") ? `at ${inner}` : inner]
}

/** Issue 45 item 2: an eval file's default size cap (about 10,000 queries), `--max-file-bytes` up to MAX_EVAL_FILE_BYTES. */
export const DEFAULT_MAX_EVAL_FILE_BYTES = EVAL_FILE_DEFAULT_MAX_BYTES
export const MAX_EVAL_FILE_BYTES = 64 * 1024 * 1024
export const JUDGES = ["match", "command"] as const

const MinPass = Schema.Number.check(Schema.isGreaterThanOrEqualTo(0), Schema.isLessThanOrEqualTo(1)).annotate({
  description: `Least pass rate (0-1) every skill must reach (default ${DEFAULT_MIN_PASS}).`
})
const Skills = Schema.Array(Schema.String).annotate({ description: "Skill names or paths (default: every discovered skill with a trigger set)." })
const Threshold = Schema.Number.check(Schema.isGreaterThanOrEqualTo(0)).annotate({ description: `Match judge: least relevance (default ${DEFAULT_THRESHOLD}).` })
const Positive = Schema.Int.check(Schema.isGreaterThan(0))

export const EvalInput = Schema.Struct({
  skills: Schema.optional(Skills),
  agent: Schema.optional(AgentField),
  plugin_dirs: Schema.optional(PluginDirsField),
  context_tokens: Schema.optional(ContextTokensField),
  min_pass: Schema.optional(MinPass),
  threshold: Schema.optional(Threshold),
  judge: Schema.optional(Schema.Literals(JUDGES)),
  /** Command judge: the agent CLI's argv (what follows `--`). */
  command: Schema.optional(Schema.Array(Schema.String)),
  extract_json: Schema.optional(Schema.String),
  extract_regex: Schema.optional(Schema.String),
  repeat: Schema.optional(Positive),
  jobs: Schema.optional(Positive),
  /** Seconds per agent run. */
  timeout: Schema.optional(Positive),
  /** Size cap of each eval file (bytes). */
  max_file_bytes: Schema.optional(Positive)
})
export type EvalInput = typeof EvalInput.Type

/** The MCP tool runs the offline judge only: an agent should not start other agents through skc. */
export const EvalMcpInput = Schema.Struct({
  skills: Schema.optional(Skills),
  agent: Schema.optional(AgentField),
  plugin_dirs: Schema.optional(PluginDirsField),
  min_pass: Schema.optional(MinPass),
  threshold: Schema.optional(Threshold)
})

export interface SkillEvalReport extends Metrics {
  readonly skill: string
  /** The SKILL.md the judge saw. */
  readonly path: string
  /** The evaluation files read. */
  readonly files: ReadonlyArray<string>
  readonly meets_min_pass: boolean
  /**
   * The agent never lists the skill to the model (`disable-model-invocation:
   * true`, DECISIONS #51): only a query that invokes it by its command fires it.
   */
  readonly manual_only: boolean
  /**
   * A manual-only skill under an agent that runs skills by a command (Claude Code's `/<directory>`): that
   * command, or `null` when `user-invocable: false` takes it off the / menu too and nothing can invoke it.
   * Absent for a listed skill and for agents whose users name a skill instead.
   */
  readonly command?: string | null
  /**
   * Claude Code keeps the skill out of the listing a session starts with until a file matching its `paths:`
   * is touched: the match judge evaluates it as listed then (as `skc budget` counts it). Absent otherwise.
   */
  readonly conditional?: true
  readonly splits: SplitMetrics
  /** Every query that did not pass, with the skill that won instead. */
  readonly misses: ReadonlyArray<QueryOutcome>
}

export interface EvalResult {
  readonly agent: Agent
  readonly judge: (typeof JUDGES)[number]
  readonly min_pass: number
  /** The match judge's threshold; `null` for the command judge. */
  readonly threshold: number | null
  /** Every skill met `min_pass`: the exit status is 0. */
  readonly passed: boolean
  readonly skills: ReadonlyArray<SkillEvalReport>
  readonly confusions: ReadonlyArray<Confusion>
}

const EvalMetricsFields = {
  queries: Schema.Int,
  passed: Schema.Int,
  pass_rate: Schema.Number,
  precision: Schema.NullOr(Schema.Number),
  recall: Schema.NullOr(Schema.Number)
}

/**
 * `skc eval --format json` (issue 27, docs/eval.md) and the MCP tool's
 * `outputSchema`; the counts behind precision and recall are extra fields.
 */
export const EvalDocument = Schema.Struct({
  agent: Schema.String,
  judge: Schema.String,
  min_pass: Schema.Number,
  threshold: Schema.NullOr(Schema.Number),
  passed: Schema.Boolean,
  skills: Schema.Array(
    Schema.Struct({
      skill: Schema.String,
      path: Schema.String,
      meets_min_pass: Schema.Boolean,
      manual_only: Schema.Boolean,
      command: Schema.optionalKey(Schema.NullOr(Schema.String)),
      conditional: Schema.optionalKey(Schema.Literal(true)),
      ...EvalMetricsFields,
      misses: Schema.Array(
        Schema.Struct({
          query: Schema.String,
          should_trigger: Schema.Boolean,
          winner: Schema.NullOr(Schema.String),
          /** Match judge (issue 47 item 4): the words that decided the winner, and its margin over the runner-up. */
          decided_by: Schema.optionalKey(Schema.Array(Schema.String)),
          margin: Schema.optionalKey(Schema.Number),
          /** Match judge: the winner was named in the request (a name of several words written as words counts), so no description word decided it. */
          named: Schema.optionalKey(Schema.Literal(true)),
          /** Match judge: the winner's one-word name is a bare word of the request: no mention, it fired whatever the gates. */
          name_word: Schema.optionalKey(Schema.Literal(true)),
          /** Match judge, a should-fire miss: the skill's own score, coverage, rank and the request words it holds. */
          standing: Schema.optionalKey(
            Schema.Struct({ score: Schema.Number, coverage: Schema.Number, rank: Schema.Int, words: Schema.Array(Schema.String) })
          )
        })
      )
    })
  ),
  confusions: Schema.Array(Schema.Struct({ skill: Schema.String, winner: Schema.NullOr(Schema.String), count: Schema.Int }))
})

/** Every result is a document of `EvalDocument`: the compiler checks the two against each other (issue 28). */
export const evalDocument = (r: EvalResult): typeof EvalDocument.Type => r

interface Target {
  readonly name: string
  readonly path: string
  readonly queries: ReadonlyArray<TriggerQuery>
  readonly files: ReadonlyArray<string>
  readonly manual: boolean
  readonly conditional: boolean
}

interface Visible extends MatchCandidate {
  readonly dirs: ReadonlyArray<string>
  /** A `skc build` deployment: its runtime holds the compiled stub, the evaluation files stay with the source. */
  readonly deployed?: boolean
  /** Listed to the model; false: manual only, never a candidate. */
  readonly model: boolean
  /** Listed only once a file matching its `paths:` is touched (Claude Code): matched as listed then. */
  readonly conditional?: boolean
}

/** The trigger queries in one skill directory, or undefined when it has no evaluation file in the query form. */
const readEvalFiles = Effect.fnUntraced(function* (dir: string, maxBytes: number) {
  const fs = yield* FileSystem
  const path = yield* Path
  const queries: Array<TriggerQuery> = []
  const files: Array<string> = []
  let found = false
  for (const rel of [TRIGGERS_FILE, EVALS_FILE]) {
    // Eval files are skill files (issue 45 item 2): read as `open` reads, E012 for anything resolving outside the skill
    // (the file or the evals/ directory a symlink leading out).
    const inside = yield* resolveInside(dir, rel)
    const file = path.join(dir, ...rel.split("/"))
    if (inside.info === undefined) continue
    // A directory (or a pipe, a device) of that name: said, where it was passed over and the skill said to have
    // no trigger queries "looked for evals/triggers.json" (a judge probe).
    if (inside.info.type !== "file") {
      return yield* Effect.fail(
        new UsageError({ message: `${file} is ${inside.info.type === "directory" ? "a directory" : "not a regular file"}, not a file of trigger queries`, detail: ["see docs/eval.md for the format"] })
      )
    }
    found = true
    if (inside.info.size > maxBytes) {
      return yield* Effect.fail(
        // E100 as issue 45 item 2 asks (the cap is an option's, `--max-file-bytes`, given or by default).
        new InvalidOption({
          message: `${file} is ${inside.info.size} bytes, over the ${maxBytes}-byte cap on eval files (--max-file-bytes, default ${DEFAULT_MAX_EVAL_FILE_BYTES})`
        })
      )
    }
    const bytes = yield* fs.readFile(inside.abs).pipe(Effect.mapError((e) => new UsageError({ message: `cannot read ${file}: ${e.code}` })))
    // Not UTF-8: the queries would be judged as something nobody typed (U+FFFD for each such byte); SKL701 says the same.
    const badUtf8 = firstInvalidUtf8(bytes)
    if (badUtf8 !== undefined) {
      return yield* Effect.fail(new UsageError({ message: `${file} is ${notUtf8(badUtf8)}`, detail: ["see docs/eval.md for the format"] }))
    }
    const text = new TextDecoder().decode(bytes)
    const parsed = rel === TRIGGERS_FILE ? parseTriggerSet(text) : parseEvalsFile(text)
    if (parsed._tag === "Problem") {
      const { kind, message } = parsed.problem
      return yield* Effect.fail(
        new UsageError({
          message: kind === "syntax" ? `${file} is not valid JSON` : `${file} does not have the shape of ${rel === TRIGGERS_FILE ? "a trigger set" : "an evals file"}`,
          // A syntax error says where, never what the file holds (issue 45 item 2).
          detail: [...(kind === "syntax" ? syntaxDetail(message) : [message]), "see docs/eval.md for the format"]
        })
      )
    }
    const got = Array.isArray(parsed.value) ? (parsed.value as ReadonlyArray<TriggerQuery>) : (parsed.value as { queries: ReadonlyArray<TriggerQuery> }).queries
    if (got.length > 0) {
      // One by one: spreading 200,000 queries into push() overflows the stack (issue 45 item 2).
      for (const q of got) queries.push(q)
      files.push(file)
    }
  }
  return found ? { queries, files } : undefined
})

/**
 * The words that decided a winner: for one named in the request, the request's words its name holds (its
 * description's words did not decide it, and listing them told an author to change words that were not the
 * cause: "/xlsx write a memo as a Word document" listed "word" and "document"); else every word, largest share first.
 */
const decidedBy = (top: RankedCandidate): ReadonlyArray<string> => {
  if (!top.byName) return top.decided_by
  const inName = new Set(top.matched_terms.filter((t) => t.fields.includes("name")).map((t) => t.word))
  const named = top.decided_by.filter((w) => inName.has(w))
  return named.length > 0 ? named : top.decided_by
}

/** A skill named by path (not yet deployed): its SKILL.md as an agent would list it. */
/** A SKILL.md as an agent lists it: its frontmatter checked, and the listing facts of `profile`. */
const listedFacts = Effect.fnUntraced(function* (file: string, profile: AgentProfile) {
  const fs = yield* FileSystem
  const text = yield* fs.readFileString(file).pipe(Effect.mapError((e) => new UsageError({ message: `cannot read ${file}: ${e.code}` })))
  const checked = validateSkillSource(text)
  if (checked._tag === "Invalid") {
    // An agent that lists such a skill anyway (Claude Code: no frontmatter, named by its directory) lists it here
    // too, as discovery does; it was refused named by path and evaluated once deployed (a judge probe).
    const path = yield* Path
    const read = listedDespiteProblems(profile, text, path.basename(path.dirname(file)))
    if (read !== undefined) return { name: read.name, facts: listingFacts(profile, read.data, read.description) }
    return yield* Effect.fail(new UsageError({ message: `agents cannot load ${file}`, detail: checked.problems }))
  }
  return { name: checked.metadata.name, facts: listingFacts(profile, checked.data, checked.metadata.description) }
})

/** A skill of skc's stores (or a path) as the agent would list it from its source (its working copy), with its listing facts. */
const sourceListing = (name: string, profile: AgentProfile, limits: ListingLimits) =>
  Effect.gen(function* () {
    const path = yield* Path
    const resolved = yield* resolveSkill(name, { agentDirs: false })
    const file = path.join(resolved.sourceDir, "SKILL.md")
    const { name: listed, facts } = yield* listedFacts(file, profile)
    const visible: Visible = {
      name: listed,
      description: listedCut(profile, facts.text, limits.max_description_chars),
      scope: "project",
      path: file,
      dirs: [resolved.sourceDir],
      model: facts.model,
      conditional: facts.model && facts.paths !== null && profile.listing.layout === "claude"
    }
    return { visible, facts }
  })

const skillAtPath = (name: string, profile: AgentProfile, limits: ListingLimits) => Effect.map(sourceListing(name, profile, limits), (s) => s.visible)

/**
 * docs/eval.md: a skill of skc's stores replaces the discovered one of its name, so an author evaluates
 * the working copy. A skc deployment holds the last build's stub: when its source lists otherwise now (a
 * description edited and not built yet), the source's listing is evaluated, and said. Before, the eval
 * graded the last build without a word, and an author tuning the description saw the same misses after
 * each edit. Undefined when the build lists as the source does, or the source is not in skc's stores.
 */
const editedSinceBuild = Effect.fnUntraced(function* (v: Visible, profile: AgentProfile, limits: ListingLimits) {
  const built = yield* listedFacts(v.path, profile).pipe(Effect.option)
  const source = yield* sourceListing(v.name, profile, limits).pipe(Effect.option)
  if (Option.isNone(built) || Option.isNone(source)) return undefined
  const [now, then] = [source.value.facts, built.value.facts]
  if (now.text === then.text && now.model === then.model && JSON.stringify(now.paths) === JSON.stringify(then.paths)) return undefined
  const { visible } = source.value
  const fresh: Visible = { ...v, path: visible.path, description: visible.description, model: visible.model, conditional: visible.conditional === true }
  return { fresh, sourceFile: visible.path }
})

const compileExtractor = (input: EvalInput) =>
  Effect.gen(function* () {
    if (input.extract_json !== undefined && input.extract_regex !== undefined) {
      return yield* Effect.fail(new InvalidOption({ message: "give one of --extract-json and --extract-regex, not both" }))
    }
    if (input.extract_json !== undefined) {
      const parsed = parseJsonPath(input.extract_json)
      if (parsed === undefined) return yield* Effect.fail(new InvalidOption({ message: `--extract-json: not a JSON path: '${input.extract_json}' (e.g. $.skill or $.events[*].skill)` }))
      const extractor: Extractor = { _tag: "JsonPath", path: parsed, source: input.extract_json }
      return extractor
    }
    if (input.extract_regex !== undefined) {
      const source = input.extract_regex
      const regex = yield* Effect.try({
        try: () => new RegExp(source, "g"),
        catch: (e) => new InvalidOption({ message: `--extract-regex: ${(e as Error).message}` })
      })
      const extractor: Extractor = { _tag: "Regex", regex, source }
      return extractor
    }
    return yield* Effect.fail(
      new InvalidOption({ message: "--judge command needs --extract-json <path> or --extract-regex <re> to read the activated skill" })
    )
  })

/** One agent run of the command judge. */
const runAgent = (argv: ReadonlyArray<string>, query: string, extractor: Extractor, timeoutS: number) =>
  Effect.gen(function* () {
    const runner = yield* ProcessRunner
    const env = yield* Env
    const path = yield* Path
    const { stores } = yield* Settings
    const { args, stdin } = commandFor(argv, query)
    const [program, ...rest] = args
    // A relative program path (./agent.mjs) means the working directory, as in a shell; a bare name is looked up on PATH.
    const resolvedProgram = program!.includes("/") ? path.resolve(stores.cwd, program!) : program!
    const vars: Record<string, string> = {}
    // The agent needs the user's environment (PATH, credentials); skc passes it whole, like a shell would.
    for (const [k, v] of Object.entries(env.all())) if (v !== undefined) vars[k] = v
    const result = yield* runner.run({
      program: resolvedProgram,
      args: rest,
      cwd: stores.cwd,
      env: vars,
      timeoutMs: timeoutS * 1000,
      killGraceMs: 2000,
      headBytes: 1 << 20,
      tailBytes: 1 << 20,
      ...(stdin === undefined ? {} : { stdin })
    })
    const o = result.outcome
    if (o._tag === "SpawnFailed") {
      return yield* Effect.fail(new UsageError({ message: `cannot run '${program}': ${o.code}`, detail: [o.message] }))
    }
    const errors: Array<string> =
      o._tag === "Exited" ? (o.exitCode === 0 ? [] : [`exit ${o.exitCode}`]) : o._tag === "TimedOut" ? [`timed out after ${timeoutS} s`] : [o._tag === "Signaled" ? `killed by ${o.signal}` : "cancelled"]
    // The regex runs under the run's own deadline (issue 45 item 2): a backtracking expression ends as a failed run.
    const matcher = yield* Effect.serviceOption(RegexMatcher)
    const activated =
      extractor._tag === "Regex" && Option.isSome(matcher)
        ? yield* matcher.value.matchAll(extractor.regex, result.output, timeoutS * 1000).pipe(
            Effect.map(distinctNames),
            Effect.catch(() => {
              errors.push(`--extract-regex did not finish within ${timeoutS} s`)
              return Effect.succeed([] as ReadonlyArray<string>)
            })
          )
        : extractSkills(extractor, result.output)
    // No JSON at all in a run that otherwise ended well: the judge's command, not the skill (a probe's recall 0 said nothing).
    if (extractor._tag === "JsonPath" && errors.length === 0 && !holdsJson(result.output)) errors.push(`its output held no JSON for --extract-json ${extractor.source}`)
    const verdict: Verdict = { activated, ...(errors.length > 0 ? { errors } : {}) }
    return verdict
  })

/** Bounds of the numeric options (issue 45 item 2): E100 beyond, before anything is read or run. */
const checkBounds = (input: EvalInput) => {
  const over = (name: string, value: number | undefined, max: number) =>
    value !== undefined && value > max ? `--${name} ${value} is over the cap of ${max} (docs/eval.md)` : undefined
  const message =
    over("repeat", input.repeat, MAX_REPEAT) ??
    over("timeout", input.timeout, MAX_EVAL_TIMEOUT_S) ??
    over("jobs", input.jobs, MAX_JOBS) ??
    over("max-file-bytes", input.max_file_bytes, MAX_EVAL_FILE_BYTES)
  return message === undefined ? Effect.void : Effect.fail(new InvalidOption({ message }))
}

export const evaluate = Effect.fn("skc.eval")(function* (input: EvalInput) {
  yield* checkBounds(input)
  const path = yield* Path
  const judge = input.judge ?? "match"
  const command = input.command ?? []
  if (judge === "match" && command.length > 0) {
    return yield* Effect.fail(new InvalidOption({ message: "a command after -- needs --judge command" }))
  }
  if (judge === "command" && command.length === 0) {
    return yield* Effect.fail(new InvalidOption({ message: "--judge command needs the agent command after --, e.g. -- my-agent --print {{query}}" }))
  }
  const extractor = judge === "command" ? yield* compileExtractor(input) : undefined
  const { found, profile, limits, listing } = yield* agentListing({ agent: input.agent, plugin_dirs: input.plugin_dirs, context_tokens: input.context_tokens })
  // What each skill is matched on as the agent lists it (left out, name only, cut: matchedTexts).
  const texts = matchedTexts(listing, profile, found.skills)
  // A conditional skill (`paths:`) is not in the listing a session starts with, but is once a matching file
  // is touched: it is matched on the text it is listed with then. Before, it read as manual only ("never
  // lists it to the model", `manual_only: true`), which sent its author looking for a field it lacks.
  const conditional = new Set(listing.conditional)
  const touched = matchedTexts(
    modelListing(profile, limits, found.skills.filter((s) => conditional.has(s.name)).map((s) => ({ ...s, listing: { ...s.listing, paths: null } }))),
    profile,
    found.skills
  )
  const visible = new Map<string, Visible>()
  for (const s of found.skills) {
    // By the name the agent lists it under: Claude Code's `acme:foo` for a plugin's `foo` beside a project's.
    const name = listedName(profile, s)
    const text = texts.get(name) ?? touched.get(name)
    visible.set(name, {
      name,
      description: text ?? s.description,
      scope: s.scope as DiscoveryScope,
      path: s.path,
      dirs: [...new Set([s.dir, ...(s.link_target === null ? [] : [s.link_target])])],
      deployed: s.deployed_by_skc,
      model: text !== undefined,
      conditional: conditional.has(s.name) && text !== undefined
    })
  }
  for (const v of [...visible.values()]) {
    if (v.deployed !== true) continue
    const edited = yield* editedSinceBuild(v, profile, limits)
    if (edited === undefined) continue
    // The command judge is the agent itself, which reads the last build: nothing here decides by the source, so
    // the note says what the agent judges (it said the skill "is evaluated as its source lists it now"; a probe).
    if (judge === "command") {
      yield* warn(Warning.notice(`'${v.name}' was edited since its last build (${edited.sourceFile}); the agent judges the last build until 'skc build ${v.name}'`))
      continue
    }
    visible.set(v.name, edited.fresh)
    yield* warn(
      Warning.notice(
        `'${v.name}' is evaluated as its source lists it now (${edited.sourceFile}); agents list the last build until 'skc build ${v.name}'`
      )
    )
  }
  // Named skills an agent does not see yet (a path, the skc stores) join the set as it would list them.
  const named: Array<string> = []
  /** How each such skill was named: what resolves it again for its log (a path is not a store name). */
  const givenAs = new Map<string, string>()
  for (const name of input.skills ?? []) {
    const hit = visible.get(name)
    if (hit !== undefined) {
      named.push(hit.name)
      continue
    }
    const extra = yield* skillAtPath(name, profile, limits).pipe(
      Effect.catchTag("SkillNotFound", (e) =>
        // The close names among the skills the agent sees, besides those of skc's stores.
        Effect.fail(new SkillNotFound({ skill: name, suggestions: [...new Set([...closest(name, found.skills.map((s) => s.name)), ...(e.suggestions ?? [])])] }))
      )
    )
    visible.set(extra.name, extra)
    named.push(extra.name)
    givenAs.set(extra.name, name)
  }

  const targets: Array<Target> = []
  for (const name of named.length > 0 ? [...new Set(named)] : [...visible.keys()]) {
    const v = visible.get(name)!
    let files = undefined as { queries: ReadonlyArray<TriggerQuery>; files: ReadonlyArray<string> } | undefined
    const dirs = [...v.dirs]
    if (v.deployed === true) {
      const source = yield* resolveSkill(name, { agentDirs: false }).pipe(Effect.result)
      if (source._tag === "Success" && !dirs.includes(source.success.sourceDir)) dirs.push(source.success.sourceDir)
    }
    for (const dir of dirs) {
      files = yield* readEvalFiles(dir, input.max_file_bytes ?? DEFAULT_MAX_EVAL_FILE_BYTES)
      if (files !== undefined) break
    }
    if (files === undefined || files.queries.length === 0) {
      if (named.length === 0) continue
      const where = dirs.map((d) => path.join(d, "evals")).join(", ")
      return yield* Effect.fail(
        new UsageError({
          message: `skill '${name}' has no trigger queries`,
          detail: [`looked for ${TRIGGERS_FILE} and the query form of ${EVALS_FILE} in ${where}`, "see docs/eval.md for the format"]
        })
      )
    }
    // The same query asked to fire in one file and not in the other can never pass, as within one file.
    const contradictory = contradictoryQueries(files.queries)
    if (contradictory.length > 0) {
      return yield* Effect.fail(
        new UsageError({
          message: `skill '${name}': ${contradictory.map((q) => JSON.stringify(q)).slice(0, 3).join(", ")}${contradictory.length > 3 ? ", …" : ""} should trigger in one of ${TRIGGERS_FILE} and ${EVALS_FILE} and not in the other, so ${contradictory.length === 1 ? "it" : "they"} can never pass`,
          detail: ["keep each query in one file, with the verdict you mean"]
        })
      )
    }
    // Each query judged once (SKL703): a repeat counted each time weighed double in the pass rate.
    const { kept, repeated } = onceEach(files.queries)
    if (repeated.length > 0) {
      const copies = repeated.reduce((n, r) => n + r.times - 1, 0)
      // A query in both splits is tuned on and tested by itself: said, with the split it counts in.
      const quoted = (query: string) => JSON.stringify(query.length > 40 ? `${query.slice(0, 40)}…` : query)
      const leak = repeated.find((r) => r.inBothSplits !== undefined)
      const leakNote =
        leak === undefined ? "" : `; ${quoted(leak.query)} is listed in both train and validation and counted in ${leak.inBothSplits === "neither" ? "neither (its first copy has no split)" : `${leak.inBothSplits} alone`}`
      yield* warn(Warning.notice(`'${name}': ${copies} repeated ${copies === 1 ? "query" : "queries"} judged once (${repeated.map((r) => quoted(r.query)).slice(0, 3).join(", ")}${repeated.length > 3 ? ", …" : ""}; SKL703)${leakNote}`))
    }
    targets.push({ name, path: v.path, manual: !v.model, conditional: v.conditional === true, ...files, queries: kept })
  }
  // A fresh clone: skills deployed here whose runtime is not built are in no agent's listing, so they win
  // no query of this eval either; its figures hold only until they are built. Said, as `match` says it.
  const notBuilt = notBuiltHere(found.invalid)
  if (targets.length === 0) {
    return yield* Effect.fail(
      new UsageError({
        message: `no trigger queries found beside the ${visible.size} skill${visible.size === 1 ? "" : "s"} ${found.agent} discovers`,
        detail: [
          // A fresh clone: the committed deployment links point at runtimes not built yet.
          ...(notBuilt.length > 0 ? [notBuiltNote(notBuilt)] : []),
          NO_TRIGGERS_HINT
        ]
      })
    )
  }

  // The ones evaluated here were read from their sources (skc's stores): this eval sees them, so the note names
  // only the others (it said "neither claude nor this eval sees them" above the figures of one of them; a probe).
  const evaluated = new Set(targets.map((t) => t.name))
  const unseen = notBuilt.filter((n) => !evaluated.has(n))
  if (unseen.length > 0) yield* warn(Warning.notice(`${notBuiltNote(unseen)}; until then neither ${found.agent} nor this eval sees them`))

  // Each distinct query is judged once: which skill wins does not depend on the skill under test.
  const distinctQueries = [...new Set(targets.flatMap((t) => t.queries.map((q) => q.query)))]
  const threshold = input.threshold ?? DEFAULT_THRESHOLD
  const runs = new Map<string, ReadonlyArray<Verdict>>()
  /** Match judge: per query, how each skill under test ranked (what a should-fire miss reports). */
  const standings = new Map<string, ReadonlyMap<string, Standing>>()
  const targetNames = new Set(targets.map((t) => t.name))
  if (extractor === undefined) {
    const candidates = [...visible.values()].filter((v) => v.model).map((v): MatchCandidate => ({ name: v.name, description: v.description, scope: v.scope, path: v.path }))
    const byPath = new Map([...visible.values()].map((v) => [v.path, v]))
    /**
     * The candidates of one query: the listed ones, and each skill the query invokes by its command
     * (Claude Code's `/<directory>`, manual-only skills included, as `skc match` reads it,
     * src/domain/agents/claudeSlash.ts). Before, "/deploy now" failed a manual-only skill's eval as
     * "cannot trigger" while `skc match` said it was invoked.
     */
    const candidatesOf = (q: string): ReadonlyArray<MatchCandidate> => {
      const invoked = [...slashInvoked(listing.slashCommands, q)].filter(([p]) => byPath.has(p))
      if (invoked.length === 0) return candidates
      const extra = invoked.map(([p, as]): MatchCandidate => {
        const v = byPath.get(p)!
        return { name: v.name, description: v.description, scope: v.scope, path: v.path, explicit: true, invokedAs: as }
      })
      return [...candidates.filter((c) => !invoked.some(([p]) => p === c.path)), ...extra]
    }
    // Thousands of queries under the file cap: the event loop gets a turn now and then, so that a
    // server's other requests (a ping) are answered while the judge works (issue 45).
    const slice = yield* timeSlicer
    for (const q of distinctQueries) {
      yield* slice
      const ranked = scoreSkills(q, candidatesOf(q), { threshold, nowMs: 0 })
      const top = ranked.find((m) => m.activated)
      runs.set(q, [top === undefined ? { activated: [] } : { activated: [top.name], decided_by: decidedBy(top), margin: top.margin, ...(top.mentioned ? { named: true } : top.byName ? { name_word: true } : {}) }])
      const own = new Map<string, Standing>()
      for (const m of ranked) {
        if (targetNames.has(m.name)) own.set(m.name, { score: m.score, coverage: m.coverage, rank: m.rank, words: m.decided_by })
      }
      standings.set(q, own)
    }
  } else {
    const repeat = input.repeat ?? 1
    const timeout = input.timeout ?? DEFAULT_EVAL_TIMEOUT_S
    const jobs = distinctQueries.flatMap((q) => Array.from({ length: repeat }, () => q))
    const verdicts = yield* Effect.forEach(jobs, (q) => runAgent(command, q, extractor, timeout), { concurrency: input.jobs ?? 4 })
    jobs.forEach((q, i) => runs.set(q, [...(runs.get(q) ?? []), verdicts[i]!]))
    // What the extractor took for a skill and no skill of the agent's is called: most often the extractor picking
    // the wrong part of the output (`--extract-json '$.q'` "won by Merge these PDF files"; a judge probe), which
    // read as a real winner. Names are compared as agents write them (`/pdf`, `$pdf`, `plugin:pdf`, any case).
    const known = new Set([...visible.keys()].map((n) => n.toLowerCase()))
    const bare = (n: string) => n.toLowerCase().replace(/^[/$]/, "").replace(/^[^:]*:/, "")
    const strangers = [...new Set(verdicts.flatMap((v) => v.activated))].filter((n) => !known.has(n.toLowerCase()) && !known.has(bare(n)))
    if (strangers.length > 0) {
      const shown = strangers.slice(0, 3).map((n) => JSON.stringify(n.length > 40 ? `${n.slice(0, 40)}…` : n)).join(", ")
      yield* warn(
        Warning.notice(
          `the agent's output named ${strangers.length} skill${strangers.length === 1 ? "" : "s"} ${found.agent} does not discover (${shown}${strangers.length > 3 ? ", …" : ""}): check what ${extractor?._tag === "Regex" ? "--extract-regex" : "--extract-json"} ${extractor?.source ?? ""} picks from it`
        )
      )
    }
  }

  const minPass = input.min_pass ?? DEFAULT_MIN_PASS
  const skills = targets.map((t): SkillEvalReport => {
    const outcomes = t.queries.map((q) => {
      const verdicts = runs.get(q.query)!
      const outcome = outcomeOf(t.name, q, verdicts.length === 1 && extractor === undefined ? verdicts[0]! : majority(t.name, verdicts))
      const standing = q.should_trigger && !outcome.fired ? standings.get(q.query)?.get(t.name) : undefined
      return standing === undefined ? outcome : { ...outcome, standing }
    })
    const metrics = metricsOf(outcomes)
    return {
      skill: t.name,
      path: t.path,
      files: t.files,
      // The exact rate, not the printed one (rounded to 3 places): 2 of 3 (0.667 printed) is below 0.6669.
      meets_min_pass: (metrics.queries === 0 ? 0 : metrics.passed / metrics.queries) >= minPass,
      manual_only: t.manual,
      ...(t.manual && listing.slashCommands !== undefined ? { command: listing.slashCommands.find((c) => c.path === t.path)?.command ?? null } : {}),
      ...(t.conditional ? { conditional: true as const } : {}),
      ...metrics,
      splits: splitMetrics(outcomes),
      misses: outcomes.filter((o) => !o.pass)
    }
  })
  const result: EvalResult = {
    agent: found.agent,
    judge,
    min_pass: minPass,
    threshold: extractor === undefined ? threshold : null,
    passed: skills.every((s) => s.meets_min_pass),
    skills,
    confusions: confusionsOf(skills)
  }
  yield* logResults(result, givenAs)
  return result
})

/**
 * One `eval` row per evaluated skill, in that skill's own log (issue 27), so
 * that `skc stats <skill>` shows its latest result beside its reads. The
 * skill is resolved as `skc stats <skill>` resolves it; one that does not
 * resolve (or any logging problem) is left out quietly: logging never
 * changes an eval's outcome. `eval` is author work (not an agent read), so
 * these rows never count as reads. The skills are touched with their args;
 * the call's logging wrapper writes the rows, in one batch (issue 44 item 4).
 */
const logResults = (result: EvalResult, givenAs: ReadonlyMap<string, string>) =>
  Effect.gen(function* () {
    const diagnostics = yield* Diagnostics
    // The report already spoke of each skill: resolving it again for its log stays silent.
    const quiet: DiagnosticsService = { ...diagnostics, warn: () => Effect.void, verbose: () => Effect.void }
    for (const s of result.skills) {
      const resolved = yield* Effect.result(resolveSkill(givenAs.get(s.skill) ?? s.skill).pipe(Effect.provideService(Diagnostics, quiet)))
      if (resolved._tag === "Failure") continue
      yield* touchSkill(resolved.success, {
        command: "eval",
        args: {
          judge: result.judge,
          agent: result.agent,
          queries: s.queries,
          passed: s.passed,
          pass_rate: s.pass_rate,
          precision: s.precision,
          recall: s.recall,
          min_pass: result.min_pass,
          meets_min_pass: s.meets_min_pass
        },
        error: null
      })
    }
  }).pipe(Effect.catchCause(() => Effect.void))
