/**
 * Configuration values and their resolution (RFC-0009).
 *
 * Pure: the app layer reads the files and the environment, this module
 * validates each file's parsed TOML, merges per key (RFC-0009:C-RESOLUTION)
 * and reports every problem as a message instead of failing.
 */
import { Schema } from "effect"
import { parse as parseToml } from "smol-toml"
import { isProfileName, PROFILE_NAMES } from "./agents/names.js"
import { AGENT_SKILL_DIRS, BUILTIN_TARGETS } from "./targets.js"
import { closest, didYouMean } from "./suggest.js"
import { jsonSchemaDraft07 } from "./jsonSchema.js"

/** The shape of a lint rule id (RFC-0008:C-REGISTRY): `SKL` and three digits, read without case. */
const LINT_RULE_ID = /^SKL\d{3}$/i

export const SUPPORTED_CONFIG_VERSION = 1

export type Tokenizer = "ascii" | "cjk"
export const TOKENIZERS: ReadonlyArray<Tokenizer> = ["ascii", "cjk"]

export type LintSetting = {
  readonly severity: "off" | "warning" | "error" | undefined
  readonly options: Readonly<Record<string, unknown>>
  /**
   * The global file's values of the options the project file sets too: what an invalid project value falls
   * back to (RFC-0009:C-RESOLUTION, a value not validly set does not override a lower layer's).
   */
  readonly fallback?: Readonly<Record<string, unknown>>
  /** The file that set the rule (the project's when both did), as messages name it. */
  readonly from?: string
  /** The file that set each option, as messages name it: with a global and a project file, which one to fix. */
  readonly optionsFrom?: Readonly<Record<string, string>>
}

/** What one config file says; every key optional so merging is per key. */
export interface ConfigLayer {
  readonly tokenizer?: Tokenizer
  /** `[search] max_file_bytes`: files larger than this are not indexed (issue 29 item 3). */
  readonly maxFileBytes?: number
  readonly targets?: Readonly<Record<string, string>>
  readonly lint?: Readonly<Record<string, LintSetting>>
  /** `[discovery] plugin_dirs` as written (relative paths resolved by the app layer). */
  readonly pluginDirs?: ReadonlyArray<string>
  /** `[team] database`: the team PostgreSQL URL (issue 18). */
  readonly teamDatabase?: string
  /** `[build] targets`: the default of `skc build --target`, and the agents lint checks against (DECISIONS #51). */
  readonly buildTargets?: ReadonlyArray<string>
  /** `[agents.<name>]`: overrides of an agent profile's listing facts (DECISIONS #51). */
  readonly agents?: Readonly<Record<string, AgentOverrides>>
}

/**
 * What `[agents.<name>]` may override of a profile's listing (DECISIONS
 * #51): facts an agent lets its users set (Claude Code's
 * skillListingBudgetFraction, skillListingMaxDescChars) or that skc could not
 * settle from its documentation.
 */
export interface AgentOverrides {
  /** Share of the context window the listing gets (0 < f ≤ 1). */
  readonly listing_fraction?: number
  /** Code points kept of each entry's text. */
  readonly entry_cap?: number
  /** A fixed listing budget in characters (replaces the fraction). */
  readonly budget_chars?: number
  /** The model's context window in tokens. */
  readonly context_tokens?: number
}

/** Files above this size are hashed but not indexed unless `[search] max_file_bytes` says otherwise: 10 MiB. */
export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024

export interface ResolvedConfig {
  readonly tokenizer: Tokenizer
  /** The largest file indexed (`[search] max_file_bytes`, project over global; DEFAULT_MAX_FILE_BYTES). */
  readonly maxFileBytes: number
  /** Where each tokenizer value came from, for `-v` output. */
  readonly tokenizerSource: "cli" | "env" | "project" | "global" | "default"
  readonly targets: Readonly<Record<string, string>>
  readonly lint: Readonly<Record<string, LintSetting>>
  /**
   * Plugin roots (`[discovery] plugin_dirs`): the project file's first, then
   * the global file's, duplicates dropped. Absolute once the app layer has
   * resolved each file's relative paths (src/app/shared/Settings.ts).
   */
  readonly pluginDirs: ReadonlyArray<string>
  /**
   * `[team] database` (issue 18): the team PostgreSQL database of
   * `skc sync --team` and `skc stats --team`; the project file's over the
   * global file's. Absent when neither names one.
   */
  readonly teamDatabase?: { readonly url: string; readonly source: "project" | "global" }
  /** `[build] targets`, the project file's over the global file's; empty when neither sets it (then `claude`). */
  readonly buildTargets: ReadonlyArray<string>
  /** `[agents.<name>]` overrides, merged key by key (project over global). */
  readonly agents: Readonly<Record<string, AgentOverrides>>
}

export interface ConfigProblem {
  readonly level: "warning" | "error"
  readonly message: string
}

export interface ParsedConfigFile {
  readonly layer: ConfigLayer
  readonly problems: ReadonlyArray<ConfigProblem>
}

/** `search.tokenizer` (RFC-0009:C-TOKENIZER, DECISIONS #7). */
export const TokenizerSchema = Schema.Literals(["ascii", "cjk"]).annotate({
  description: "Tokenizer of the search index: ascii (Porter stemming) or cjk (CJK characters as words)."
})

/** A lint rule's severity; `warn` is accepted for `warning`. */
export const SeveritySchema = Schema.Literals(["off", "warning", "error", "warn"])

/**
 * `[team] database` (issue 18): a `postgres://` or `postgresql://` URL. The
 * password belongs in PGPASSWORD or ~/.pgpass, not here (a project file is
 * usually committed).
 */
export const TeamDatabaseSchema = Schema.String.check(Schema.isPattern(/^postgres(ql)?:\/\/\S+$/)).annotate({
  description:
    "The team PostgreSQL database that `skc sync --team` pushes to and `skc stats --team` reads (postgres://user@host:port/db). " +
    "Leave the password out: the driver reads PGPASSWORD or ~/.pgpass, as psql does."
})

/** Whether a database URL carries a password (`postgres://user:secret@…`, or `password=` in its query). */
export const urlHasPassword = (url: string): boolean => {
  try {
    const u = new URL(url)
    return u.password !== "" || u.searchParams.has("password")
  } catch {
    return false
  }
}

/**
 * One rule's setting under `[lint]` (DECISIONS #35): a severity, a boolean
 * (false turns the rule off), or a table of options with an optional
 * severity. The options of each rule are the rule's own business.
 */
export const LintRuleSettingSchema = Schema.Union([
  SeveritySchema,
  Schema.Boolean,
  Schema.StructWithRest(Schema.Struct({ severity: Schema.optional(SeveritySchema) }), [Schema.Record(Schema.String, Schema.Unknown)])
]).annotate({ description: 'A severity ("off", "warning", "error"), false to turn the rule off, or a table of options with an optional severity.' })

const positiveInt = (description: string) => Schema.Number.check(Schema.isInt(), Schema.isGreaterThan(0)).annotate({ description })

/** `[agents.<name>]` (DECISIONS #51). */
export const AgentOverridesSchema = Schema.Struct({
  listing_fraction: Schema.optional(
    Schema.Number.check(Schema.isGreaterThan(0), Schema.isLessThanOrEqualTo(1)).annotate({
      description: "Share of the context window the skill listing gets (Claude Code: skillListingBudgetFraction, 0.01)."
    })
  ),
  entry_cap: Schema.optional(positiveInt("Characters kept of each listing entry (Claude Code: skillListingMaxDescChars, 1536).")),
  budget_chars: Schema.optional(positiveInt("A fixed listing budget in characters, instead of the share of the context window.")),
  context_tokens: Schema.optional(positiveInt("The model's context window in tokens (`--context-tokens` wins)."))
})

/**
 * A config file, `.skillc/config.toml` or the global one (RFC-0009:C-FILES).
 * The one description of the file: validation below walks these fields
 * (unknown keys are reported), and docs/config.schema.json is generated
 * from it (`npm run docs:config`).
 */
export const ConfigFileSchema = Schema.Struct({
  version: Schema.optional(
    Schema.Number.check(Schema.isInt(), Schema.isGreaterThan(0)).annotate({
      description: `Config format version (${SUPPORTED_CONFIG_VERSION}); a newer one is read for the fields known here.`
    })
  ),
  search: Schema.optional(
    Schema.Struct({
      tokenizer: Schema.optional(TokenizerSchema),
      max_file_bytes: Schema.optional(
        Schema.Number.check(Schema.isInt(), Schema.isGreaterThan(0)).annotate({
          description:
            "Largest file the search index takes, in bytes (default 10485760, 10 MiB): a larger file is hashed for the build " +
            "but not indexed, with a warning naming it (SKILL.md is always indexed)."
        })
      )
    })
  ),
  targets: Schema.optional(
    Schema.Record(Schema.String, Schema.NonEmptyString).annotate({
      description: "Named deploy targets for `skc build --target`: name = agent skills directory."
    })
  ),
  lint: Schema.optional(
    Schema.Record(Schema.String, LintRuleSettingSchema).annotate({
      description: "Lint rules by id (SKL108 = \"off\", SKL201 = { max-lines = 300 })."
    })
  ),
  discovery: Schema.optional(
    Schema.Struct({
      plugin_dirs: Schema.optional(
        Schema.Array(Schema.NonEmptyString).annotate({
          description:
            "Plugin roots whose skills/*/SKILL.md agents see at the lowest precedence: the default of `skc discover --plugin-dir`, " +
            "and the last rule of name resolution, `skc list` and the MCP server (scope plugin). Relative paths resolve against " +
            "the project root (project file) or the skc home (global file); ~/… is the skc home."
        })
      )
    })
  ),
  team: Schema.optional(Schema.Struct({ database: Schema.optional(TeamDatabaseSchema) })),
  build: Schema.optional(
    Schema.Struct({
      targets: Schema.optional(
        // At least one: an empty list is refused with a warning (parseConfigFile), and the schema says so too.
        Schema.Array(Schema.NonEmptyString).check(Schema.isMinLength(1)).annotate({
          description:
            "The default of `skc build --target` (agent names such as claude, codex, agents, [targets] names or directory paths), " +
            "and the agents `skc lint` checks skills against (docs/agents.md). Unset: claude."
        })
      )
    })
  ),
  agents: Schema.optional(
    Schema.Record(Schema.String, AgentOverridesSchema).annotate({
      description: "Per agent profile (claude, codex, …): overrides of its listing facts for discover, prompt, match, budget and eval."
    })
  )
}).annotate({ title: "skc config.toml", description: "A skc configuration file (project .skillc/config.toml or the global one)." })

/** The JSON Schema of a config file (docs/config.schema.json). */
/** The configuration file's JSON Schema (draft-07): an object schema, its tables under `properties`. */
export const configJsonSchema = (): { readonly type: "object"; readonly properties: Readonly<Record<string, unknown>>; readonly [k: string]: unknown } => {
  const schema = jsonSchemaDraft07(ConfigFileSchema)
  return { ...schema, type: "object", properties: (schema.properties ?? {}) as Readonly<Record<string, unknown>> }
}

const KNOWN_TOP = new Set(Object.keys(ConfigFileSchema.fields))
/** The fields of an optional table (`Schema.optional(Schema.Struct(…))`). */
const tableFields = <F extends Schema.Struct.Fields>(field: Schema.optional<Schema.Struct<F>>): F => field.schema.members[0].fields
const KNOWN_SEARCH = new Set(Object.keys(tableFields(ConfigFileSchema.fields.search)))
const KNOWN_DISCOVERY = new Set(Object.keys(tableFields(ConfigFileSchema.fields.discovery)))
const KNOWN_TEAM = new Set(Object.keys(tableFields(ConfigFileSchema.fields.team)))
const KNOWN_BUILD = new Set(Object.keys(tableFields(ConfigFileSchema.fields.build)))
const KNOWN_AGENT_OVERRIDES = new Set(Object.keys(AgentOverridesSchema.fields))
const isTeamDatabase = Schema.is(TeamDatabaseSchema)
const isTokenizer = Schema.is(TokenizerSchema)
const isTable = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)
const isTarget = Schema.is(Schema.NonEmptyString)
const decodeLintSetting = Schema.decodeUnknownOption(LintRuleSettingSchema)

/**
 * Validate one file's text. `label` names the file in messages (a display
 * path such as `.skillc/config.toml`).
 */
/** A value as a warning quotes it: JSON, save what JSON cannot say (NaN and infinities read "null"; a bigint throws). */
const shown = (v: unknown): string => (typeof v === "bigint" || (typeof v === "number" && !Number.isFinite(v)) ? String(v) : JSON.stringify(v) ?? String(v))

/** `; did you mean 'build'?` for a key that reads as a typo of a known one (`buidl`), else nothing. */
const meant = (key: string, known: ReadonlyArray<string>, prefix = ""): string => {
  const hint = didYouMean(closest(key, known, 1).map((k) => `${prefix}${k}`))
  return hint === undefined ? "" : `; ${hint}`
}

export const parseConfigFile = (text: string, label: string): ParsedConfigFile => {
  let doc: Record<string, unknown>
  try {
    // Integers past 2^53 (valid TOML, 64-bit) as bigints: refused as numbers, they voided the whole file.
    doc = parseToml(text, { integersAsBigInt: "asNeeded" }) as Record<string, unknown>
  } catch (e) {
    const msg = e instanceof Error ? e.message.split("\n")[0] : String(e)
    // Where: the parser's line and column (smol-toml's TomlError), so one mistake in a team's file is found
    // without bisecting it; the whole file was ignored with no hint where.
    const at = e as { readonly line?: unknown; readonly column?: unknown }
    const where = typeof at.line === "number" && typeof at.column === "number" ? ` (line ${at.line}, column ${at.column})` : ""
    return { layer: {}, problems: [{ level: "error", message: `invalid TOML in ${label}${where}: ${msg}; file ignored` }] }
  }
  const problems: Array<ConfigProblem> = []
  if ("version" in doc) {
    const v = doc.version
    const isPositiveInt = (typeof v === "bigint" && v > 0n) || Schema.is(ConfigFileSchema.fields.version.schema.members[0])(v)
    if (!isPositiveInt) {
      // RFC-0009:C-FILES: a version that is not a positive integer voids the whole file.
      return {
        layer: {},
        problems: [{ level: "error", message: `invalid version in ${label}: expected a positive integer; file ignored` }]
      }
    }
    if (Number(v) > SUPPORTED_CONFIG_VERSION) {
      problems.push({
        level: "warning",
        message: `${label} has version ${String(v)}, newer than supported version ${SUPPORTED_CONFIG_VERSION}; using recognised fields only`
      })
    }
  }
  for (const key of Object.keys(doc)) {
    if (!KNOWN_TOP.has(key)) problems.push({ level: "warning", message: `unknown key '${key}' in ${label} ignored${meant(key, [...KNOWN_TOP])}` })
  }
  /** The entries of table `[name]`; a value that is not a table is a warning and reads as absent. */
  const tableEntries = (name: string): Array<[string, unknown]> | undefined => {
    const value = doc[name]
    if (value === undefined) return undefined
    if (!isTable(value)) {
      problems.push({ level: "warning", message: `[${name}] in ${label} must be a table; ignored` })
      return undefined
    }
    return Object.entries(value)
  }
  /** Each entry of table `[name]` in file order: a key the schema knows goes to `take`, any other is a warning. */
  const eachKnown = (name: string, known: ReadonlySet<string>, take: (value: unknown, key: string) => void): void => {
    for (const [k, v] of tableEntries(name) ?? []) {
      if (known.has(k)) take(v, k)
      else problems.push({ level: "warning", message: `unknown key '${name}.${k}' in ${label} ignored${meant(k, [...known], `${name}.`)}` })
    }
  }
  let tokenizer: Tokenizer | undefined
  let maxFileBytes: number | undefined
  eachKnown("search", KNOWN_SEARCH, (v, key) => {
    if (key === "max_file_bytes") {
      if (typeof v === "number" && Number.isSafeInteger(v) && v > 0) maxFileBytes = v
      else problems.push({ level: "warning", message: `invalid search.max_file_bytes ${shown(v)} in ${label} (expected a whole number of bytes above 0); ignored` })
    } else if (isTokenizer(v)) tokenizer = v
    else problems.push({ level: "warning", message: `invalid search.tokenizer ${shown(v)} in ${label} (expected "ascii" or "cjk"); ignored` })
  })
  const targetEntries = tableEntries("targets")
  let targets: Record<string, string> | undefined
  if (targetEntries !== undefined) {
    targets = {}
    for (const [k, v] of targetEntries) {
      // A NUL byte is no path (the build failed E999 on every skill, `stat` refusing it), as in plugin_dirs and [build] targets.
      // A name that is a built-in target's (`claude`) replaces it: no --target reaches the agent's own directory
      // any more, and the advice about links left there named it in vain (a config probe).
      if (isTarget(v) && !v.includes("\0") && BUILTIN_TARGETS[k] !== undefined) {
        problems.push({ level: "warning", message: `targets.${k} in ${label} replaces the built-in target '${k}' (${AGENT_SKILL_DIRS[k]!.project} in a project, ${BUILTIN_TARGETS[k]} for a global skill): a build naming ${k} deploys to ${v} instead; give the directory another name to keep both` })
      }
      if (isTarget(v) && !v.includes("\0")) targets[k] = v
      else problems.push({ level: "warning", message: `targets.${k} in ${label} must be a path string${typeof v === "string" && v.includes("\0") ? " without a NUL byte" : ""}; ignored` })
    }
  }
  const lintEntries = tableEntries("lint")
  let lint: Record<string, LintSetting> | undefined
  if (lintEntries !== undefined) {
    lint = {}
    for (const [rule, v] of lintEntries) {
      const setting = parseLintSetting(v, label)
      // A rule written twice in two cases (`SKL201` and `skl201`): the second silently replaced the first.
      if (setting !== undefined && lint[rule.toUpperCase()] !== undefined) {
        problems.push({ level: "warning", message: `lint.${rule} in ${label} sets ${rule.toUpperCase()} again (rule ids are read without case); this one is used` })
      }
      if (setting !== undefined) lint[rule.toUpperCase()] = setting
      else {
        // A table whose `severity` is no severity (`{ severity = "fatal" }`) was told it must be "a table of
        // options", which it was (a team's probe): the key at fault, named.
        const severity = typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>).severity : undefined
        problems.push({
          level: "warning",
          message:
            // A key that is no rule id (`bogus_key = 1`) was told its value must be a severity, as if the rule
            // existed (a new-user probe): the key is what is wrong, said as the lint runner says of `SKL999`.
            !LINT_RULE_ID.test(rule)
              ? `unknown lint rule '${rule}' in [lint] of ${label} (rule ids are SKL and three digits); ignored`
              : severity !== undefined
              ? `lint.${rule}.severity in ${label} must be "off", "warning" or "error" (got ${JSON.stringify(severity)}); the rule's setting is ignored`
              : `lint.${rule} in ${label} must be "off", "warning", "error" or a table of options; ignored`
        })
      }
    }
  }
  let pluginDirs: Array<string> | undefined
  eachKnown("discovery", KNOWN_DISCOVERY, (v) => {
    if (!Array.isArray(v)) {
      problems.push({ level: "warning", message: `discovery.plugin_dirs in ${label} must be an array of paths; ignored` })
      return
    }
    const dirs: Array<string> = []
    for (const d of v) {
      if (isTarget(d) && !d.includes("\0")) dirs.push(d)
      else problems.push({ level: "warning", message: `discovery.plugin_dirs entry ${shown(d)} in ${label} must be a path string; ignored` })
    }
    pluginDirs = dirs
  })
  let teamDatabase: string | undefined
  eachKnown("team", KNOWN_TEAM, (v) => {
    if (!isTeamDatabase(v)) {
      // The value is not repeated: it may hold a password.
      problems.push({ level: "warning", message: `team.database in ${label} must be a postgres:// URL; ignored` })
      return
    }
    teamDatabase = v
    if (urlHasPassword(v)) {
      problems.push({ level: "warning", message: `team.database in ${label} holds a password: leave it out and set PGPASSWORD or ~/.pgpass instead` })
    }
  })
  let buildTargets: Array<string> | undefined
  eachKnown("build", KNOWN_BUILD, (v) => {
    if (!Array.isArray(v) || v.length === 0 || !v.every((t) => isTarget(t) && !t.includes("\0"))) {
      problems.push({ level: "warning", message: `build.targets in ${label} must be a non-empty array of target names or paths; ignored` })
      return
    }
    buildTargets = v as Array<string>
  })
  let agents: Record<string, AgentOverrides> | undefined
  for (const [name, table] of tableEntries("agents") ?? []) {
    // RFC-0009:C-FILES: an unknown section is a warning; `[agents.claud]` was taken in silence and changed nothing.
    if (!isProfileName(name)) {
      problems.push({ level: "warning", message: `unknown agent '${name}' in [agents.${name}] of ${label} ignored (agents: ${PROFILE_NAMES.join(", ")})` })
      continue
    }
    if (!isTable(table)) {
      problems.push({ level: "warning", message: `[agents.${name}] in ${label} must be a table; ignored` })
      continue
    }
    const o: { -readonly [K in keyof AgentOverrides]: AgentOverrides[K] } = {}
    for (const [k, v] of Object.entries(table)) {
      if (!KNOWN_AGENT_OVERRIDES.has(k)) {
        problems.push({ level: "warning", message: `unknown key 'agents.${name}.${k}' in ${label} ignored` })
        continue
      }
      const n = typeof v === "bigint" ? Number(v) : v
      const ok = typeof n === "number" && Number.isFinite(n) && n > 0 && (k === "listing_fraction" ? n <= 1 : Number.isSafeInteger(n))
      if (!ok) {
        problems.push({
          level: "warning",
          message: `agents.${name}.${k} in ${label} must be ${k === "listing_fraction" ? "a number above 0 and at most 1" : "a whole number above 0"}; ignored`
        })
        continue
      }
      o[k as keyof AgentOverrides] = n
    }
    agents = { ...(agents ?? {}), [name]: o }
  }
  const layer: { -readonly [K in keyof ConfigLayer]: ConfigLayer[K] } = {}
  if (buildTargets !== undefined) layer.buildTargets = buildTargets
  if (agents !== undefined) layer.agents = agents
  if (tokenizer !== undefined) layer.tokenizer = tokenizer
  if (maxFileBytes !== undefined) layer.maxFileBytes = maxFileBytes
  if (targets !== undefined) layer.targets = targets
  if (lint !== undefined) layer.lint = lint
  if (pluginDirs !== undefined) layer.pluginDirs = pluginDirs
  if (teamDatabase !== undefined) layer.teamDatabase = teamDatabase
  return { layer, problems }
}

const normaliseSeverity = (s: string): "off" | "warning" | "error" => (s === "warn" ? "warning" : (s as "off" | "warning" | "error"))

const parseLintSetting = (v: unknown, label: string): LintSetting | undefined => {
  const decoded = decodeLintSetting(v)
  if (decoded._tag === "None") return undefined
  const setting = decoded.value
  if (typeof setting === "string") return { severity: normaliseSeverity(setting), options: {}, from: label }
  if (typeof setting === "boolean") return { severity: setting ? undefined : "off", options: {}, from: label }
  const { severity, ...options } = setting
  return {
    severity: severity === undefined ? undefined : normaliseSeverity(severity),
    options,
    from: label,
    optionsFrom: Object.fromEntries(Object.keys(options).map((k) => [k, label]))
  }
}

/** Per-key merge: cli > env > project > global > default (RFC-0009:C-RESOLUTION). */
export const resolveConfig = (input: {
  readonly cliTokenizer?: Tokenizer | undefined
  readonly envTokenizer?: Tokenizer | undefined
  readonly project?: ConfigLayer | undefined
  readonly global?: ConfigLayer | undefined
}): ResolvedConfig => {
  const pick = (): Pick<ResolvedConfig, "tokenizer" | "tokenizerSource"> => {
    if (input.cliTokenizer !== undefined) return { tokenizer: input.cliTokenizer, tokenizerSource: "cli" }
    if (input.envTokenizer !== undefined) return { tokenizer: input.envTokenizer, tokenizerSource: "env" }
    if (input.project?.tokenizer !== undefined) return { tokenizer: input.project.tokenizer, tokenizerSource: "project" }
    if (input.global?.tokenizer !== undefined) return { tokenizer: input.global.tokenizer, tokenizerSource: "global" }
    return { tokenizer: "ascii", tokenizerSource: "default" }
  }
  // Tables merge key by key too: a project target overrides only that target.
  const targets = { ...(input.global?.targets ?? {}), ...(input.project?.targets ?? {}) }
  const lint: Record<string, LintSetting> = { ...(input.global?.lint ?? {}) }
  for (const [rule, setting] of Object.entries(input.project?.lint ?? {})) {
    const base = lint[rule]
    const under = Object.fromEntries(Object.keys(setting.options).filter((k) => base?.options[k] !== undefined).map((k) => [k, base!.options[k]]))
    const optionsFrom = { ...(base?.optionsFrom ?? {}), ...(setting.optionsFrom ?? {}) }
    const from = setting.from ?? base?.from
    lint[rule] = {
      severity: setting.severity ?? base?.severity,
      options: { ...(base?.options ?? {}), ...setting.options },
      ...(Object.keys(under).length === 0 ? {} : { fallback: under }),
      ...(from === undefined ? {} : { from }),
      ...(Object.keys(optionsFrom).length === 0 ? {} : { optionsFrom })
    }
  }
  // Lists concatenate, most specific first: a project adds plugins to the global ones.
  const pluginDirs = [...new Set([...(input.project?.pluginDirs ?? []), ...(input.global?.pluginDirs ?? [])])]
  // One value: the project's team database wins over the global one.
  const teamDatabase =
    input.project?.teamDatabase !== undefined
      ? { url: input.project.teamDatabase, source: "project" as const }
      : input.global?.teamDatabase !== undefined
        ? { url: input.global.teamDatabase, source: "global" as const }
        : undefined
  const maxFileBytes = input.project?.maxFileBytes ?? input.global?.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES
  const buildTargets = input.project?.buildTargets ?? input.global?.buildTargets ?? []
  const agents: Record<string, AgentOverrides> = { ...(input.global?.agents ?? {}) }
  for (const [name, o] of Object.entries(input.project?.agents ?? {})) agents[name] = { ...(agents[name] ?? {}), ...o }
  return { ...pick(), maxFileBytes, targets, lint, pluginDirs, buildTargets, agents, ...(teamDatabase === undefined ? {} : { teamDatabase }) }
}

/** SKILLC_TOKENIZER: an invalid value is a warning and is ignored (RFC-0009:C-RESOLUTION). */
export const parseTokenizerEnv = (
  value: string | undefined
): { readonly tokenizer?: Tokenizer; readonly problem?: ConfigProblem } => {
  if (value === undefined || value === "") return {}
  if (value === "ascii" || value === "cjk") return { tokenizer: value }
  return {
    problem: {
      level: "warning",
      message: `invalid SKILLC_TOKENIZER value '${value}' (expected 'ascii' or 'cjk'); ignored`
    }
  }
}
