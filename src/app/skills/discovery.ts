/**
 * `skc discover`: the agent skill protocol's discovery as the chosen agent's
 * runtime performs it (agent-skill-protocol "Discovery Mechanism"):
 *
 * - project level: `<dir>/<agent skills dir>/*\/SKILL.md` for the cwd and
 *   every ancestor, nearest first, skipping the home directories (their agent
 *   directory is the user level, DECISIONS #14);
 * - user level: `<home>/<agent skills dir>` (home = $SKILLC_HOME when set);
 * - plugin level: `<plugin-root>/skills/*\/SKILL.md` for each root of the
 *   config's `[discovery] plugin_dirs`, then each `--plugin-dir`, with the
 *   paths its manifest adds and a root SKILL.md (pluginLayout.ts).
 *
 * Skill directories may be symlinks (how `skc build` deploys,
 * RFC-0001:C-DEPLOYMENT); they are followed and reported with their target.
 * Invalid metadata and broken links are reported, never fatal. One validator
 * (`validateSkillSource`, shared with lint) decides: only what an agent
 * cannot load at all is excluded (listed under `invalid`); every other
 * problem is a warning on the skill, with the lint rule that reports it.
 * An agent whose profile `listsInvalid` (Claude Code) loads more: such a
 * skill is read as it reads it (claudeMetadata.ts), its problems warnings.
 */
import { Effect, Schema } from "effect"
import { Path } from "effect/Path"
import { AGENTS, projectSkillsDirs, userSkillsDirs, type Agent } from "../../domain/protocol/agents.js"
import { CODEX_METADATA_MAX_BYTES, productExclusion, readCodexMetadata } from "../../domain/agents/codexPolicy.js"
import { listingFacts } from "../../domain/agents/listing.js"
import { hiddenByDirectoryName, namespacesPlugins } from "../../domain/protocol/listing.js"
import { listedDespiteProblems } from "../../domain/agents/claudeMetadata.js"
import { frontmatterReaderOf } from "../../domain/agents/frontmatterReader.js"
import { opencodeSkipReason } from "../../domain/agents/opencodeMetadata.js"
import { profileOf, type AgentProfile } from "../../domain/agents/index.js"
import { frontmatterDialects } from "../../domain/lint/dialects.js"
import { shellWord } from "../../domain/shellWord.js"
import { knownFieldKeys, skl109 } from "../../domain/lint/rules/skl109-frontmatter-known.js"
import { applyPrecedence, type Candidate, type DiscoveredSkill, type Discovery, type DiscoveryScope, type ShadowedSkill, type SkillLocation } from "../../domain/protocol/discovery.js"
import { nameMismatch, validateSkillSource, type MetadataWarning } from "../../domain/protocol/metadata.js"
import { readSkillSource } from "../../domain/protocol/frontmatter.js"
import { Warning } from "../../domain/errors.js"
import { Diagnostics } from "../../ports/Diagnostics.js"
import { Env } from "../../ports/Env.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { readSmallFile, Settings } from "../shared/index.js"
import { agentUserPath, extraConfigDirs } from "./agentUserDirs.js"
import { codexCandidate, geminiRead } from "./agentReading.js"
import { mainCheckoutOf } from "./gitWorktree.js"
import { noPluginSkillsWarning, PLUGIN_MANIFEST, pluginLayout, pluginsIn } from "./pluginLayout.js"
import { compareBytewise as bytewise } from "../../domain/sourcePaths.js"
import { fieldValueProblems, skl115 } from "../../domain/lint/rules/skl115-field-value.js"
import { skl116 } from "../../domain/lint/rules/skl116-field-combination.js"
import { agentCombinations, hasCombinations } from "../../domain/lint/rules/combinations.js"

export const AgentField = Schema.Literals(AGENTS).annotate({
  description: "Agent runtime (default: the client's, else claude)"
})
export const PluginDirsField = Schema.Array(Schema.String).annotate({
  description: "Plugin roots (<root>/skills/*/SKILL.md), searched last"
})

export const DiscoverInput = Schema.Struct({
  agent: Schema.optional(AgentField),
  plugin_dirs: Schema.optional(PluginDirsField),
  // Most entries of each list (skills, shadowed, invalid); over MCP 100 by default. No schema description:
  // tools/list stays within its 12 KB (docs/mcp.md "Payload budgets").
  limit: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0)))
})
export type DiscoverInput = typeof DiscoverInput.Type

export interface SearchedDir {
  readonly scope: DiscoveryScope
  readonly path: string
  readonly exists: boolean
  /** Why the agent reads this directory when it is not the usual place: `CLAUDE_CONFIG_DIR`, the main checkout of a git worktree. */
  readonly via?: string
}

export interface DiscoverResult extends Discovery {
  readonly agent: Agent
  readonly searched: ReadonlyArray<SearchedDir>
  /**
   * Where the agent stops reading project directories (Codex: the nearest directory holding `.git`;
   * `found: false`: none, so the working directory's alone); null when it reads every ancestor.
   */
  readonly project_root: { readonly path: string; readonly marker: string; readonly found: boolean } | null
  /**
   * `skc discover` only, for an agent that also loads skills below the working directory (Claude Code's
   * nested `.claude/skills`): those directories, not listed as discovered (src/app/skills/nestedSkillDirs.ts).
   */
  readonly below?: {
    readonly dirs: ReadonlyArray<{ readonly path: string; readonly under: string; readonly skills: ReadonlyArray<string> }>
    readonly truncated: boolean
  }
  /** `skc discover --limit` (over MCP 100 by default): how many of each list there were, when one was cut. */
  readonly omitted?: { readonly skills: number; readonly shadowed: number; readonly invalid: number }
}

const DiscoveryScopeSchema = Schema.Literals(["project", "user", "plugin"])

/** Where a discovered SKILL.md sits (agent-skill-protocol "Discovery Mechanism"). */
const SkillLocationFields = {
  scope: DiscoveryScopeSchema,
  dir: Schema.String,
  path: Schema.String,
  link_target: Schema.NullOr(Schema.String),
  deployed_by_skc: Schema.Boolean,
  root: Schema.optional(Schema.String).annotate({ description: "The skills directory the skill was found in" }),
  plugin: Schema.optional(Schema.NullOr(Schema.String)).annotate({
    description: "A plugin skill's plugin name (.claude-plugin/plugin.json, else the plugin directory's name); null: a manifest Claude Code cannot read"
  })
}

/** How the agent lists a skill (DECISIONS #51, issue 43). */
const ListingSchema = Schema.Struct({
  model: Schema.Boolean.annotate({ description: "Listed to the model; false: manual only (disable-model-invocation: true)" }),
  command: Schema.Boolean.annotate({ description: "In the user's command menu; false: user-invocable: false" }),
  when_to_use: Schema.NullOr(Schema.String),
  paths: Schema.NullOr(Schema.Array(Schema.String)).annotate({ description: "Globs that make the skill conditional" }),
  settings: Schema.optionalKey(Schema.Literals(["off", "user-invocable-only", "name-only"])).annotate({
    description: "The agent's own settings files: off (not loaded), user-invocable-only (manual only) or name-only (listed by name alone)"
  })
})

/**
 * `skc discover --format json` and the MCP structured content: the tool's
 * `outputSchema` (open: later fields do not break clients).
 */
export const DiscoverDocument = Schema.Struct({
  agent: Schema.String,
  searched: Schema.Array(
    Schema.Struct({
      scope: DiscoveryScopeSchema,
      path: Schema.String,
      exists: Schema.Boolean,
      via: Schema.optional(Schema.String).annotate({ description: "Why the agent reads it: CLAUDE_CONFIG_DIR, or the main checkout of a git worktree" })
    })
  ),
  project_root: Schema.NullOr(Schema.Struct({ path: Schema.String, marker: Schema.String, found: Schema.Boolean })),
  below: Schema.optional(
    Schema.Struct({
      dirs: Schema.Array(Schema.Struct({ path: Schema.String, under: Schema.String, skills: Schema.Array(Schema.String) })),
      truncated: Schema.Boolean
    })
  ).annotate({
    description:
      "Skills directories below the working directory the agent also loads once it works on files there (Claude Code's nested .claude/skills): not among `skills`, which the session starts with"
  }),
  skills: Schema.Array(
    Schema.Struct({
      ...SkillLocationFields,
      name: Schema.String,
      description: Schema.String,
      allowed_tools: Schema.NullOr(Schema.Array(Schema.String)),
      warnings: Schema.Array(Schema.Struct({ rule: Schema.String, name: Schema.String, message: Schema.String })),
      /** How the agent lists the skill (DECISIONS #51, issue 43). */
      listing: ListingSchema
    })
  ),
  shadowed: Schema.Array(
    Schema.Struct({
      ...SkillLocationFields,
      name: Schema.String,
      winner: Schema.Struct({ scope: DiscoveryScopeSchema, path: Schema.String }),
      description: Schema.String,
      listing: ListingSchema,
      /** The agent lists this copy too (Codex lists every copy of a name): not hidden by the winner. */
      also_listed: Schema.optional(Schema.Literal(true))
    })
  ),
  invalid: Schema.Array(
    Schema.Struct({
      ...SkillLocationFields,
      name: Schema.NullOr(Schema.String),
      problems: Schema.Array(Schema.String),
      source_gone: Schema.optionalKey(Schema.Literal(true)).annotate({ description: "skc's link to a skill whose source is gone from its store too: no build mends it; remove the link" })
    })
  ),
  omitted: Schema.optional(Schema.Struct({ skills: Schema.Int, shadowed: Schema.Int, invalid: Schema.Int })).annotate({
    description: "Entries left out of each list by limit"
  })
})

/** Every result is a document of `DiscoverDocument`: the compiler checks the two against each other (issue 28). */
export const discoverDocument = (r: DiscoverResult): typeof DiscoverDocument.Type => r

/** Bytewise, as every listing in skc. */

/**
 * The directories whose project skill directories the agent reads, nearest first: the cwd and every
 * ancestor, or, for an agent bounded by its project root (Codex, Claude Code: the nearest ancestor
 * holding `.git`), the cwd up to that root; when there is none, the cwd alone (Codex) or every
 * ancestor (Claude Code, `outsideProject: "ancestors"`).
 */
const projectLevels = Effect.fnUntraced(function* (agent: Agent, cwd: string, homes: ReadonlySet<string>) {
  const path = yield* Path
  const fs = yield* FileSystem
  const levels: Array<string> = []
  const stopAtHome = profileOf(agent).dirs.stopAtHome === true
  for (let dir = cwd; ; ) {
    if (stopAtHome && homes.has(dir)) break
    levels.push(dir)
    const parent = path.dirname(dir)
    if (parent === dir) break
    dir = parent
  }
  // Gemini CLI reads its workspace directory's skills directories and no ancestor's.
  if (profileOf(agent).dirs.cwdOnly === true) return { levels: levels.slice(0, 1), root: null }
  const markers = profileOf(agent).dirs.projectRoot
  if (markers === undefined) return { levels, root: null }
  for (let i = 0; i < levels.length; i++) {
    for (const marker of markers) {
      const there = yield* fs.lstatOption(path.join(levels[i]!, marker)).pipe(unseenAs(undefined))
      if (there !== undefined) return { levels: levels.slice(0, i + 1), root: { path: levels[i]!, marker, found: true } }
    }
  }
  // Outside a repository Claude Code reads every ancestor's directories, as if unbounded.
  if (profileOf(agent).dirs.outsideProject === "ancestors") return { levels, root: null }
  return { levels: [cwd], root: { path: cwd, marker: markers[0]!, found: false } }
})

/** The directories searched, in precedence order. */
export const searchDirs = Effect.fnUntraced(function* (agent: Agent, pluginDirs: ReadonlyArray<string>) {
  const path = yield* Path
  const env = yield* Env
  const { stores, config } = yield* Settings
  // Every directory the agent reads at each level, in its order of precedence (Codex: `.agents/skills`, then
  // `.codex/skills`; Gemini CLI, whose later directory wins: `.agents/skills`, then `.gemini/skills`).
  const inPrecedence = (rels: ReadonlyArray<string>) => (profileOf(agent).dirs.laterWins === true ? [...rels].reverse() : rels)
  const projectRels = inPrecedence(projectSkillsDirs(agent)).map((d) => d.split("/"))
  const userRels = inPrecedence(userSkillsDirs(agent)).map((d) => d.split("/"))
  const homes = new Set([path.resolve(env.home), path.resolve(env.realHome)])
  const dirs: Array<{ scope: DiscoveryScope; path: string; via?: string }> = []
  const { levels, root } = yield* projectLevels(agent, stores.cwd, homes)
  const readable = levels.filter((dir) => !homes.has(dir))
  // GitHub Copilot CLI walks each directory name up the levels before the next name; the others, level by level.
  if (profileOf(agent).dirs.walkByDirectory === true) {
    for (const rel of projectRels) for (const dir of readable) dirs.push({ scope: "project", path: path.join(dir, ...rel) })
  } else for (const dir of readable) for (const rel of projectRels) dirs.push({ scope: "project", path: path.join(dir, ...rel) })
  // A linked git worktree: the main checkout's project directories too, after the worktree's own.
  const main = profileOf(agent).dirs.mainWorktree === true && root?.found === true && root.marker === ".git" ? yield* mainCheckoutOf(root.path) : undefined
  if (main !== undefined) {
    for (const rel of projectRels) {
      const p = path.join(main, ...rel)
      if (!dirs.some((d) => d.path === p)) dirs.push({ scope: "project", path: p, via: "main checkout of this git worktree" })
    }
  }
  // The account's own directories, unless only the project is served (`Stores.personal`: the team server).
  if (stores.personal) {
    for (const rel of userRels) dirs.push({ scope: "user", ...(yield* agentUserPath(agent, rel.join("/"))) })
    // OpenCode's `$OPENCODE_CONFIG_DIR`: one more configuration directory, read once even when it is another's.
    for (const d of yield* extraConfigDirs(agent)) if (!dirs.some((x) => x.path === d.path)) dirs.push({ scope: "user", ...d })
    const system = profileOf(agent).dirs.system
    // Below the agent's moved home too (`$CODEX_HOME/skills/.system`).
    if (system !== undefined) dirs.push({ scope: "user", ...(yield* agentUserPath(agent, system)) })
  }
  // The configured plugin roots (`[discovery] plugin_dirs`, absolute) first, then each `--plugin-dir`; one entry per root.
  const roots = [...new Set([...config.pluginDirs, ...pluginDirs].map((p) => path.resolve(stores.cwd, p)))]
  for (const p of roots) dirs.push({ scope: "plugin", path: path.join(p, "skills") })
  return { dirs, root }
})

/** A link into `…/.skillc/runtime/<name>` is a skc deployment (RFC-0001:C-DEPLOYMENT). */
const isRuntimeDir = (target: string, path: Path) => {
  const parent = path.dirname(target)
  return path.basename(parent) === "runtime" && path.basename(path.dirname(parent)) === ".skillc"
}

/**
 * `policy.allow_implicit_invocation` of a policy file beside SKILL.md (null when missing, unreadable, too large
 * or not as expected), and why Codex ignores the file when it does: an author who wrote a policy is told, as
 * `skc lint` tells (SKL606), that the skill is offered to the model after all.
 */
const implicitPolicy = Effect.fnUntraced(function* (file: string, rel: string) {
  const read = yield* readSmallFile(file, CODEX_METADATA_MAX_BYTES)
  if (read._tag !== "Text") return { allow: null, excluded: undefined, warnings: [] as ReadonlyArray<MetadataWarning> }
  const { allowImplicit, problems, products } = readCodexMetadata(read.text)
  const warnings = [...problems].sort((a, b) => a.line - b.line || a.column - b.column).map((p): MetadataWarning => ({
    rule: "SKL606",
    name: "codex-metadata-valid",
    message: `${rel}:${p.line}:${p.column}: ${p.message}; Codex ignores the whole file, its policy included`
  }))
  return { allow: allowImplicit, excluded: productExclusion(products), warnings }
})

/** The most directories one nested scan reads (Codex's `MAX_SKILLS_DIRS_PER_ROOT`): a huge tree is cut, never walked whole. */
const NESTED_SCAN_MAX_DIRS = 2000

/** The validator's warnings, with SKL104's when the skill's name is not its directory's (the client guide: warn, load anyway). */
const withNameCheck = (warnings: ReadonlyArray<MetadataWarning>, name: string, dirName: string): ReadonlyArray<MetadataWarning> => {
  const mismatch = nameMismatch(name, dirName)
  return mismatch === undefined ? warnings : [...warnings, mismatch]
}

/**
 * What the agent's profile says of the fields it reads (DECISIONS #51): a value it misreads (SKL115) and a
 * field that takes effect only with another (SKL116), worded as `skc lint --agent <agent>` words them. Discover
 * listed `context: forked` or Claude's `agent` without `context: fork` with no warning, while lint failed the skill.
 */
const profileWarnings = (data: Readonly<Record<string, unknown>>, bodyOf: () => string, profile: AgentProfile): ReadonlyArray<MetadataWarning> => [
  ...unknownFieldWarnings(data, profile),
  ...fieldValueProblems(data, [profile]).map((p): MetadataWarning => ({ rule: "SKL115", name: skl115.name, message: p.message })),
  // SKL117 (the body's placeholders) is lint's: a warning here is about the metadata an agent lists. The body is
  // split off only for a profile with an SKL116 rule (discovery lists hundreds of skills); a warning carries no
  // line, so the body's first line is not read.
  ...(hasCombinations(profile, "SKL116")
    ? agentCombinations({ data, body: bodyOf(), bodyLine: 1 }, profile, "SKL116").map(({ message }): MetadataWarning => ({ rule: "SKL116", name: skl116.name, message }))
    : [])
]

/**
 * Fields the profile does not know, for a profile that makes them an error (`agentskills`: skills-ref fails a
 * field outside the specification's six): said as lint's SKL109 says them, so discover's "`skc lint` reports the
 * same, as errors where marked" holds (an agentskills probe: lint failed the skill, discover listed it clean).
 * A profile for which they are warnings is left to lint: agents ignore such fields.
 */
const unknownFieldWarnings = (data: Readonly<Record<string, unknown>>, profile: AgentProfile): ReadonlyArray<MetadataWarning> => {
  if (!(profile.escalate ?? []).some((e) => e.rule === "SKL109")) return []
  const known = knownFieldKeys([profile])
  // A dialect's fields (the tool-skill dialect's) count as known here: lint knows them when the dialect applies.
  for (const d of frontmatterDialects) for (const f of d.fields) known.add(f)
  return Object.keys(data)
    .filter((k) => !known.has(k))
    .map((k): MetadataWarning => ({ rule: "SKL109", name: skl109.name, message: `unknown frontmatter field: '${k}'` }))
}

/** The skill in `dir` (found as `<skills dir>/…/<name>`; `linkTarget` when `dir` is a link), or why it is none. */
const candidateAt = Effect.fnUntraced(function* (
  scope: DiscoveryScope,
  root: string,
  dir: string,
  linkTarget: string | null,
  profile: AgentProfile,
  quietWhenNone: boolean
) {
  const fs = yield* FileSystem
  const path = yield* Path
  const diagnostics = yield* Diagnostics
  const skillMd = path.join(dir, "SKILL.md")
  const location: SkillLocation = {
    scope,
    dir,
    path: skillMd,
    link_target: linkTarget,
    deployed_by_skc: linkTarget !== null && isRuntimeDir(linkTarget, path),
    root
  }
  const mdInfo = yield* fs.statOption(skillMd).pipe(unseenAs(undefined))
  if (mdInfo === undefined) {
    // skc's deployment link into a runtime with no stub: not built on this machine. A fresh clone's
    // committed link resolves once any read of the skill has logged (RFC-0007:C-LOGGING creates
    // `<runtime>/.skillc-meta/`); the agent loads nothing there, and `notBuiltHere` must still name it.
    if (location.deployed_by_skc) {
      const c: Candidate = { ...location, _tag: "Invalid", name: null, problems: [`links to skc's runtime ${linkTarget}, which holds no SKILL.md (not built)`] }
      return c
    }
    if (!quietWhenNone) yield* diagnostics.verbose(`discover: ${dir} has no SKILL.md; not a skill`)
    return undefined
  }
  if (mdInfo.type !== "file") {
    const c: Candidate = { ...location, _tag: "Invalid", name: null, problems: ["SKILL.md is not a file"] }
    return c
  }
  // Codex skips a SKILL.md that is itself a link (a dotfiles manager's layout): listed as loadable, it was not.
  if (profile.dirs.skipsLinkedSkillMd !== undefined && (yield* fs.lstatOption(skillMd).pipe(unseenAs(undefined)))?.type === "symlink") {
    // Named by its frontmatter where it reads, as every other refused skill is ("(no name)" for a valid skill: a probe).
    const linked = yield* fs.readFileString(skillMd).pipe(Effect.option)
    const read = linked._tag === "Some" ? validateSkillSource(linked.value, frontmatterReaderOf(profile)) : undefined
    const c: Candidate = {
      ...location,
      _tag: "Invalid",
      name: read === undefined ? null : read._tag === "Valid" ? read.metadata.name : (read.name ?? null),
      problems: [`SKILL.md is a symbolic link, which ${profile.title} does not load (it follows a linked skill directory): make it a regular file, or link the directory instead`]
    }
    return c
  }
  const text = yield* fs.readFileString(skillMd).pipe(Effect.result)
  if (text._tag === "Failure") {
    const c: Candidate = { ...location, _tag: "Invalid", name: null, problems: [`cannot read SKILL.md: ${text.failure.code}`] }
    return c
  }
  // Codex and Claude Code read a frontmatter YAML refuses after their own repairs (codexFrontmatter.ts,
  // claudeFrontmatter.ts), not the client guide's.
  const reading = frontmatterReaderOf(profile)
  const checked = validateSkillSource(text.success, reading)
  // Gemini CLI reads name and description its own way; what it skips is invalid, whatever the specification says.
  const agentRead = profile.listing.reader === "gemini" ? yield* geminiRead(skillMd) : undefined
  if (agentRead?._tag === "Skipped") {
    const c: Candidate = {
      ...location,
      _tag: "Invalid",
      name: checked._tag === "Valid" ? checked.metadata.name : (checked.name ?? null),
      problems: [agentRead.reason, ...(checked._tag === "Invalid" ? checked.problems : [])]
    }
    return c
  }
  // An agent or tool that refuses a SKILL.md saved with a byte order mark (its profile's `bom`: Codex, skills-ref)
  // lists it as invalid, as lint's SKL100 reports it for that profile (an agentskills probe: Codex listed it, lint failed it).
  if (profile.bom !== undefined && (yield* startsWithBom(skillMd))) {
    const c: Candidate = {
      ...location,
      _tag: "Invalid",
      name: checked._tag === "Valid" ? checked.metadata.name : (checked.name ?? null),
      problems: [`SKILL.md starts with a UTF-8 byte order mark: ${profile.title} looks for \`---\` at the file's first byte and ${profile.bom.refuses}`]
    }
    return c
  }
  const facts = checked._tag === "Valid" ? listingFacts(profile, checked.data, checked.metadata.description) : undefined
  // Codex's `agents/openai.yaml` can keep the skill out of the model's listing; read fail-open, as Codex does.
  const policyRead = profile.listing.policyFile !== undefined ? yield* implicitPolicy(path.join(dir, ...profile.listing.policyFile.split("/")), profile.listing.policyFile) : undefined
  const policy = policyRead?.allow ?? null
  /** Rules about what this agent never reads (its profile's `skips`: Codex and reserved words) warn of nothing here. */
  const skipped = new Set((profile.skips ?? []).map((k) => k.rule))
  /**
   * A listed skill with the policy file's problems and its profile's (SKL115, SKL116) of the frontmatter `data`
   * the agent read among its warnings, none of a rule the agent skips.
   */
  const withListedWarnings = (c: Candidate, data: Readonly<Record<string, unknown>> | undefined): Candidate =>
    c._tag !== "Valid"
      ? c
      : {
          ...c,
          warnings: [
            ...(c.warnings ?? []),
            ...(policyRead?.warnings ?? []),
            ...(data === undefined ? [] : profileWarnings(data, () => readSkillSource(text.success).body, profile))
          ].filter((w) => !skipped.has(w.rule))
        }
  // OpenCode skips a frontmatter it cannot parse even after quoting identifier keys' values.
  const opencodeSkip = profile.listing.reader === "opencode" ? opencodeSkipReason(text.success) : undefined
  if (opencodeSkip !== undefined) {
    const c: Candidate = { ...location, _tag: "Invalid", name: checked._tag === "Valid" ? checked.metadata.name : (checked.name ?? null), problems: [opencodeSkip, ...(checked._tag === "Invalid" ? checked.problems : [])] }
    return c
  }
  // Codex loads a skill without a name under its directory's name, and refuses a name over 64 characters.
  if (profile.listing.reader === "codex") {
    // Restricted to other products by its policy: not in a Codex session at all.
    if (policyRead?.excluded !== undefined) {
      const name = checked._tag === "Valid" ? checked.metadata.name : (checked.name ?? null)
      return { ...location, _tag: "Invalid", name, problems: [policyRead.excluded] } satisfies Candidate
    }
    const named = yield* codexCandidate(location, text.success, checked, profile, policy, dir)
    if (named !== undefined) {
      // A refused one has no warnings to add; a listed one's frontmatter as Codex reads it, repaired (codexFrontmatter.ts).
      if (named._tag !== "Valid") return named
      const read = reading(text.success).frontmatter
      return withListedWarnings(named, read._tag === "Parsed" ? read.data : undefined)
    }
  }
  // Gemini CLI lists what it read though the specification calls it invalid (`name: 123`, `description: ""`),
  // the problems kept as warnings; lint still reports them against the specification.
  /** A skill the specification calls invalid, as an agent that lists it anyway reads it: its problems kept as warnings. */
  const listedAnyway = (name: string, description: string, data: Readonly<Record<string, unknown>>, issues: ReadonlyArray<MetadataWarning>): Candidate => {
    const lenient = listingFacts(profile, data, description)
    const c: Candidate = {
      ...location,
      _tag: "Valid",
      name,
      description,
      allowedTools: undefined,
      warnings: issues,
      listing: { model: lenient.model, command: lenient.command, when_to_use: lenient.when_to_use, paths: lenient.paths }
    }
    return withListedWarnings(c, data)
  }
  if (checked._tag === "Invalid" && agentRead?._tag === "Read") {
    const read = readSkillSource(text.success)
    return listedAnyway(agentRead.name, agentRead.description, read._tag === "Parsed" ? read.data : {}, checked.issues)
  }
  // An agent that lists such a skill anyway (Claude Code) gets it as it reads it, the problems kept as warnings.
  const lenient = checked._tag === "Invalid" ? listedDespiteProblems(profile, text.success, path.basename(dir)) : undefined
  if (checked._tag === "Invalid" && lenient !== undefined) return listedAnyway(lenient.name, lenient.description, lenient.data, checked.issues)
  const c: Candidate =
    checked._tag === "Valid"
      ? {
          ...location,
          _tag: "Valid",
          // Gemini CLI's name has `: \ / < > * ? " |` made `-` (a format warning, not an error, for the specification).
          name: agentRead?._tag === "Read" ? agentRead.name : checked.metadata.name,
          description: checked.metadata.description,
          allowedTools: checked.metadata.allowedTools,
          // A SKILL.md right in a skills directory (Gemini CLI) has no directory of its own to match.
          warnings: dir === root ? checked.warnings : withNameCheck(checked.warnings, checked.metadata.name, path.basename(dir)),
          listing: { model: facts!.model && policy !== false, command: facts!.command, when_to_use: facts!.when_to_use, paths: facts!.paths }
        }
      : { ...location, _tag: "Invalid", name: checked.name ?? null, problems: checked.problems }
  return withListedWarnings(c, checked._tag === "Valid" ? checked.data : undefined)
})

/** Whether a file's first bytes are a UTF-8 byte order mark (which skc's text read drops); false when unreadable. */
const startsWithBom = Effect.fnUntraced(function* (file: string) {
  const fs = yield* FileSystem
  const bytes = yield* fs.readFile(file).pipe(Effect.result)
  return bytes._tag === "Success" && bytes.success.length >= 3 && bytes.success[0] === 0xef && bytes.success[1] === 0xbb && bytes.success[2] === 0xbf
})

const scanDir = Effect.fnUntraced(function* (scope: DiscoveryScope, skillsDir: string, profile: AgentProfile, dot = false) {
  const fs = yield* FileSystem
  const path = yield* Path
  const diagnostics = yield* Diagnostics
  const candidates: Array<Candidate> = []
  const info = yield* fs.statOption(skillsDir).pipe(unseenAs(undefined))
  if (info?.type !== "directory") return { exists: false, candidates }
  // Gemini CLI: a SKILL.md right in the skills directory is a skill of its own.
  if (profile.dirs.rootSkill === true) {
    const here = yield* candidateAt(scope, skillsDir, skillsDir, null, profile, true)
    if (here !== undefined) candidates.push(here)
    // The directory is one skill, and what is below it its files (GitHub Copilot CLI).
    if (here !== undefined && profile.dirs.stopAtSkill === true) return { exists: true, candidates }
  }
  const maxDepth = profile.dirs.depth ?? 1
  // Breadth first, as Codex walks: `[dir, depth]`; a directory reached twice (through a link) is read once.
  const queue: Array<readonly [string, number]> = [[skillsDir, 0]]
  const nested = maxDepth > 1
  const seen = new Set(nested ? [yield* fs.realPath(skillsDir).pipe(unseenAs(skillsDir))] : [])
  let truncated = false
  while (queue.length > 0) {
    const [current, depth] = queue.shift()!
    const entries = yield* fs.readDir(current).pipe(
      Effect.catch((e) =>
        diagnostics.warn(Warning.notice(`cannot read ${current}: ${e.code}; skipped`)).pipe(Effect.as([] as const))
      )
    )
    for (const entry of [...entries].sort((a, b) => bytewise(a.name, b.name))) {
      // A dot-directory is read only where the agent globs with dot files (OpenCode's `.claude`, `.agents`).
      if (entry.name.startsWith(".") && !dot) continue
      // Folders the agent's own search leaves out (Gemini CLI's glob ignores `node_modules`).
      if (profile.dirs.ignoredDirs?.includes(entry.name) === true) continue
      if (entry.type !== "directory" && entry.type !== "symlink") continue
      const dir = path.join(current, entry.name)
      let linkTarget: string | null = null
      if (entry.type === "symlink") {
        const target = yield* fs.realPath(dir).pipe(unseenAs(undefined))
        if (target === undefined) {
          // A broken link where a skill would be is reported; deeper down (a skill's own files) it is not a skill.
          if (depth === 0) {
            const raw = yield* fs.readLink(dir).pipe(unseenAs("?"))
            // A deployment link committed with the project whose runtime is not built on this machine (a fresh clone).
            const runtime = raw === "?" ? undefined : path.resolve(path.dirname(dir), raw)
            const deployed = runtime !== undefined && isRuntimeDir(runtime, path)
            // Its source gone from the store as well (`.skillc/skills/<name>` beside `.skillc/runtime/<name>`): no
            // build mends it, and "not built on this machine: run skc build --all" sent authors round (a deployment probe).
            const sourceGone =
              deployed && (yield* fs.statOption(path.join(path.dirname(path.dirname(runtime!)), "skills", path.basename(runtime!), "SKILL.md")).pipe(unseenAs(undefined))) === undefined
            candidates.push({
              scope,
              dir,
              path: path.join(dir, "SKILL.md"),
              link_target: null,
              deployed_by_skc: deployed,
              ...(sourceGone ? { source_gone: true as const } : {}),
              root: skillsDir,
              _tag: "Invalid",
              name: null,
              problems: [
                sourceGone
                  ? `broken symlink to '${raw}': skc's link to a skill whose runtime is gone and whose source is not in that store; remove it (rm ${shellWord(dir)}), or build the skill again where its source is`
                  : `broken symlink to '${raw}'`
              ]
            })
          }
          continue
        }
        const tInfo = yield* fs.statOption(target).pipe(unseenAs(undefined))
        if (tInfo?.type !== "directory") continue
        linkTarget = target
      }
      if (nested) {
        // Through links a tree can reach itself; every directory is read once.
        const real = linkTarget ?? (yield* fs.realPath(dir).pipe(unseenAs(dir)))
        if (seen.has(real)) continue
        seen.add(real)
      }
      const found = yield* candidateAt(scope, skillsDir, dir, linkTarget, profile, depth > 0)
      if (found !== undefined) candidates.push(found)
      // An agent that stops at a skill reads no SKILL.md below it as another skill.
      if (found !== undefined && profile.dirs.stopAtSkill === true) continue
      if (depth + 1 < maxDepth) {
        if (seen.size >= NESTED_SCAN_MAX_DIRS) truncated = true
        else queue.push([dir, depth + 1])
      }
    }
  }
  if (truncated) yield* diagnostics.warn(Warning.notice(`${skillsDir}: scan stopped after ${NESTED_SCAN_MAX_DIRS} directories`))
  return { exists: true, candidates: profile.dirs.laterWins === true ? laterCopiesFirst(candidates) : candidates }
})

/**
 * One directory's candidates with each name's copies in reverse order, at the place of its first copy: an agent
 * whose later copy of a name wins (Gemini CLI, whose map keeps the last copy it loads) uses the last one, as its
 * listing (geminiListing.ts) does, so `discover` names the same winner as `prompt` and `budget`.
 */
const laterCopiesFirst = (candidates: ReadonlyArray<Candidate>): ReadonlyArray<Candidate> => {
  const copies = new Map<string, Array<Candidate>>()
  const slots: Array<ReadonlyArray<Candidate>> = []
  for (const c of candidates) {
    const group = c._tag === "Valid" ? copies.get(c.name) : undefined
    if (group !== undefined) group.unshift(c)
    else {
      const fresh = [c]
      if (c._tag === "Valid") copies.set(c.name, fresh)
      slots.push(fresh)
    }
  }
  return slots.flat()
}

/**
 * A plugin's skills (pluginLayout.ts: `skills/`, the manifest's `skills` paths, a root SKILL.md), each
 * directory read added to `searched`; each skill carries the plugin's name.
 */
const scanPlugin = Effect.fnUntraced(function* (pluginRoot: string, profile: AgentProfile, searched: Array<SearchedDir>) {
  const path = yield* Path
  const diagnostics = yield* Diagnostics
  const layout = yield* pluginLayout(pluginRoot)
  for (const p of layout.problems) yield* diagnostics.warn(Warning.notice(p))
  if (layout.dirs.length === 0) {
    const expected = path.join(pluginRoot, "skills")
    searched.push({ scope: "plugin", path: expected, exists: false })
    yield* diagnostics.warn(Warning.notice(noPluginSkillsWarning(expected)))
    return []
  }
  const candidates: Array<Candidate> = []
  for (const d of layout.dirs) {
    searched.push({ scope: "plugin", path: d.path, exists: true })
    if (d.self) {
      const one = yield* candidateAt("plugin", d.path, d.path, null, profile, true)
      if (one !== undefined) candidates.push(one)
    } else candidates.push(...(yield* scanDir("plugin", d.path, profile)).candidates)
  }
  if (candidates.length > 0 && layout.name === null && profile.listing.layout === "claude") {
    yield* diagnostics.warn(Warning.notice(`${path.join(pluginRoot, ...PLUGIN_MANIFEST)} is not a plugin manifest Claude Code reads (a JSON object with a string "name"): it loads none of its skills`))
    // Not loaded, so not discovered: discover listed them as the model's beside this warning, and `load`
    // found them, while prompt, budget and match (one profile, DECISIONS #51) left them out (a probe).
    return []
  }
  return candidates.map((c) => ({ ...c, plugin: layout.name }))
})

/**
 * An agent that lists every copy of a name (Codex) knows a skill by its
 * SKILL.md's real path (openai/codex core-skills loader.rs:
 * `canonicalize_for_skill_identity`, then `retain(|s| seen.insert(s.source_path))`):
 * a copy that is the same directory as the winner or an earlier copy
 * (reached through a link) is one skill, listed once; only other directories
 * are also listed.
 */
const listedCopies = Effect.fnUntraced(function* (winners: ReadonlyArray<DiscoveredSkill>, copies: ReadonlyArray<ShadowedSkill>) {
  const fs = yield* FileSystem
  // Recovery: a directory whose real path cannot be read counts as its own (it is listed, as before).
  const real = (dir: string) => fs.realPath(dir).pipe(Effect.orElseSucceed(() => dir))
  const seen = new Map<string, Set<string>>()
  const seenOf = (name: string) => seen.get(name) ?? seen.set(name, new Set()).get(name)!
  for (const w of winners) if (copies.some((c) => c.name === w.name)) seenOf(w.name).add(yield* real(w.dir))
  const out: Array<ShadowedSkill> = []
  for (const c of copies) {
    const r = yield* real(c.dir)
    const names = seenOf(c.name)
    if (names.has(r)) out.push(c)
    else {
      names.add(r)
      out.push({ ...c, also_listed: true })
    }
  }
  return out
})

/**
 * Claude Code knows a skill by its directory's name (its listing: `- <dir> (<name>)`), not by the name
 * its frontmatter gives: a copy of a name in a directory of another name is listed beside the first
 * (`tf-copy (tf)`), as `skc prompt` and `skc budget` count it; only a copy in a directory of a name
 * already listed is hidden (the user's copy winning over the project's). A copy that is the same
 * directory as one already listed (two links to one skill: `pdf` and `pdf-tools` both leading to
 * `shared/pdf`) is one skill: Claude Code detects duplicates by the files' inodes (CHANGELOG 2.1.0, "false
 * skill duplicate detection on filesystems with large inodes"), and lists it once.
 */
const listedByDirectoryName = Effect.fnUntraced(function* (winners: ReadonlyArray<DiscoveredSkill>, copies: ReadonlyArray<ShadowedSkill>, path: Path) {
  const sameDirectory = yield* sameDirectoryCopies(winners, copies)
  const dirNames = new Set(winners.map((w) => path.basename(w.dir)))
  return copies.map((c): ShadowedSkill => {
    const dirName = path.basename(c.dir)
    if (dirNames.has(dirName) || sameDirectory.has(c.path)) return c
    dirNames.add(dirName)
    return { ...c, also_listed: true as const }
  })
})

/**
 * The copies (by SKILL.md path) whose directory is, through links, one already found: a winner's of the same
 * name or an earlier copy's. Claude Code lists such a copy once (it detects duplicates by inode); shared by
 * discovery's listing of copies and the agent listing (agentListing.ts).
 */
export const sameDirectoryCopies = Effect.fnUntraced(function* (winners: ReadonlyArray<DiscoveredSkill>, copies: ReadonlyArray<DiscoveredSkill | ShadowedSkill>) {
  const fs = yield* FileSystem
  const twice = new Set<string>()
  if (copies.length === 0) return twice
  // Recovery: a directory whose real path cannot be read counts as its own (listed, as before).
  const real = (dir: string) => fs.realPath(dir).pipe(Effect.orElseSucceed(() => dir))
  const seen = new Set<string>()
  for (const w of winners) if (copies.some((c) => c.name === w.name)) seen.add(yield* real(w.dir))
  for (const c of copies) {
    const r = yield* real(c.dir)
    if (seen.has(r)) twice.add(c.path)
    else seen.add(r)
  }
  return twice
})

export const discover = Effect.fn("skc.discover")(function* (input: DiscoverInput = {}) {
  const agent = input.agent ?? "claude"
  const diagnostics = yield* Diagnostics
  const path = yield* Path
  const { dirs, root } = yield* searchDirs(agent, input.plugin_dirs ?? [])
  const searched: Array<SearchedDir> = []
  const candidates: Array<Candidate> = []
  // The nearest level's project directories (the working directory's, in the agent's order): where a new
  // user puts project skills. Listed as missing when no project directory exists at all, so "Searched"
  // says where the agent would look instead of naming only the user's directories.
  const { stores } = yield* Settings
  const nearestPaths = new Set(projectSkillsDirs(agent).map((rel) => path.join(stores.cwd, ...rel.split("/"))))
  const nearest = dirs.filter((d) => d.scope === "project" && nearestPaths.has(d.path))
  for (const d of dirs) {
    if (d.scope === "plugin") {
      candidates.push(...(yield* scanPlugin(path.dirname(d.path), profileOf(agent), searched)))
      continue
    }
    const dot = (profileOf(agent).dirs.dotDirs ?? []).some((rel) => d.path.endsWith(path.join(path.sep, ...rel.split("/"))))
    const scanned = yield* scanDir(d.scope, d.path, profileOf(agent), dot)
    // Project-level directories that do not exist are the norm (one per level up to /); list only the ones that do.
    if (d.scope !== "project" || scanned.exists) searched.push({ scope: d.scope, path: d.path, exists: scanned.exists, ...(d.via === undefined ? {} : { via: d.via }) })
    // A plugin placed in the skills directory is a plugin, not a skill (Claude Code 2.1.157).
    const plugins = scanned.exists && profileOf(agent).dirs.pluginsInSkillsDirs === true ? yield* pluginsIn(d.path) : []
    candidates.push(...scanned.candidates.filter((c) => !plugins.includes(c.dir)))
    for (const p of plugins) candidates.push(...(yield* scanPlugin(p, profileOf(agent), searched)))
  }
  if (!searched.some((d) => d.scope === "project")) searched.unshift(...nearest.map((d) => ({ scope: d.scope, path: d.path, exists: false })))
  const byName = applyPrecedence(candidates, profileOf(agent).dirs.scopeRank, { namespacedPlugins: namespacesPlugins(profileOf(agent)) })
  // Claude Code knows a skill by its directory's name: of two skills named apart in directories named alike,
  // it lists the first alone (the user's), as `skc prompt` and `budget` say; discover listed both as live.
  const byDirectory = profileOf(agent).listing.layout === "claude" ? hiddenByDirectoryName(profileOf(agent), byName.skills) : []
  const hidden = new Set(byDirectory.map((h) => h.hidden))
  const precedence = {
    ...byName,
    skills: hidden.size === 0 ? byName.skills : byName.skills.filter((s) => !hidden.has(s)),
    shadowed: [
      ...byName.shadowed,
      ...byDirectory.map(({ hidden: { allowed_tools: _tools, warnings: _warnings, ...s }, by }): ShadowedSkill => ({ ...s, winner: { scope: by.scope, path: by.path } }))
    ]
  }
  const shadowed =
    profileOf(agent).dirs.everyCopyListed === true
      ? yield* listedCopies(precedence.skills, precedence.shadowed)
      : profileOf(agent).listing.layout === "claude"
        ? yield* listedByDirectoryName(precedence.skills, precedence.shadowed, path)
        : precedence.shadowed
  const result: DiscoverResult = { agent, searched, project_root: root, ...precedence, shadowed }
  // OpenCode keeps whichever copy of a name it finished reading last: skc cannot say which it will use.
  if (profileOf(agent).dirs.copiesRace === true) {
    // Copies that are one directory (skc's links to one build, `--target agents,opencode`) are one skill
    // whichever is read last: only copies of different directories race.
    const fs = yield* FileSystem
    const realDirs = new Map<string, Set<string>>()
    for (const s of [...result.skills.filter((k) => result.shadowed.some((x) => x.name === k.name)), ...result.shadowed]) {
      // Recovery: a copy whose real path cannot be read counts as its own directory (the warning stays).
      const real = yield* fs.realPath(s.dir).pipe(Effect.orElseSucceed(() => s.dir))
      realDirs.set(s.name, (realDirs.get(s.name) ?? new Set()).add(real))
    }
    const copies = new Map<string, number>()
    for (const s of result.shadowed) if ((realDirs.get(s.name)?.size ?? 0) > 1) copies.set(s.name, (copies.get(s.name) ?? 1) + 1)
    for (const [name, n] of copies)
      yield* diagnostics.warn(
        Warning.notice(`${profileOf(agent).title} reads the ${n} copies of '${name}' at once and keeps the one it reads last, which can change from run to run; keep one`)
      )
  }
  return result
})
