/**
 * `skc list` (RFC-0007:C-LIST, DECISIONS #33, #38): every valid skill of the
 * project source store (the nearest `.skillc/` walking up from the cwd,
 * DECISIONS #14), of the global source store, and every other skill that
 * resolves through the agent skill directories (scope `agent-project`,
 * `agent-user`, or `plugin` for the config's `[discovery] plugin_dirs`; see
 * visibleSkills.ts), with its build status.
 *
 * - A valid skill is a directory holding a SKILL.md whose frontmatter parses
 *   and has `name` and `description`; anything else in a store is skipped
 *   with a warning (hidden entries and plain files silently).
 * - Status (fast): `normal` when `<runtime>/.skillc-meta/manifest.json`
 *   (DECISIONS #1) is a JSON object with a `source_hash`, else `not-built`.
 *   With `check_obsolete`, a manifest whose `source_hash` differs from the
 *   current sources makes the skill `obsolete`. Asking for
 *   `status: obsolete` turns the check on: nothing is obsolete without it.
 *   A skill skc did not build (found in an agent directory) is `foreign`.
 * - `scope: agent` keeps the rows found through agent directories.
 * - Ordering: project, global, then the agent directories in resolution
 *   order; by name (bytewise) within each.
 * - `total` counts discovered skills before filters, `filtered` after the
 *   filters and before `limit`.
 */
import { Effect, Schema } from "effect"
import { Path } from "effect/Path"
import { Warning } from "../../domain/errors.js"
import { Diagnostics } from "../../ports/Diagnostics.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { builtRuntimeDir } from "./resolve.js"
import { checkedGlob, Settings } from "../shared/index.js"
import { noPluginSkillsWarning, pluginLayout } from "./pluginLayout.js"
import { builtElsewhere, manifestPath, NOT_BUILT_HERE, readManifestSourceHash, runtimeTakenBy, sourceHashOf, takenHint } from "./obsolete.js"
import { type DiscoveredSkill } from "./storeSkills.js"
import { visibleSkills } from "./visibleSkills.js"

export const ListScope = Schema.Literals(["project", "global", "agent", "all"])
export const ListStatusFilter = Schema.Literals(["normal", "not-built", "obsolete", "foreign", "all"])
export const SkillStatus = Schema.Literals(["normal", "not-built", "obsolete", "foreign"])
export type SkillStatus = typeof SkillStatus.Type

export const ListInput = Schema.Struct({
  scope: Schema.optional(ListScope.annotate({ description: "Default all" })),
  status: Schema.optional(
    ListStatusFilter.annotate({
      description: "Only this status (default all); obsolete implies check_obsolete"
    })
  ),
  limit: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0)).annotate({ description: "At most this many skills" })),
  pattern: Schema.optional(Schema.String.annotate({ description: "Glob matched against skill names, e.g. 'git-*'." })),
  check_obsolete: Schema.optional(
    Schema.Boolean.annotate({
      description: "Report obsolete skills (reads every source file)"
    })
  )
}).annotate({ title: "skc_list", description: "Filters for listing skills." })
export type ListInput = typeof ListInput.Type

export const ListedSkill = Schema.Struct({
  name: Schema.String,
  scope: Schema.Literals(["project", "global", "agent-project", "agent-user", "plugin"]),
  status: SkillStatus,
  source_path: Schema.String,
  runtime_path: Schema.String,
  /** Why a `not-built` skill is (issue 46 item 2): its project was built on another machine or copied. */
  hint: Schema.optional(Schema.String),
  /**
   * Present (true) when an earlier entry has this name (a global skill named like a project one,
   * docs/resolution.md "Enumeration"): its name resolves to that one, so `show`/`search` of it never read this.
   */
  shadowed: Schema.optional(Schema.Literal(true)),
  /**
   * The other names agents see this directory under (a second link to it in an agent directory, e.g.
   * `.agents/skills/realskill` beside `.claude/skills/linked`): one skill, listed once, each name said.
   */
  also_named: Schema.optional(Schema.Array(Schema.String))
})
export type ListedSkill = typeof ListedSkill.Type

/** The JSON document of `skc list --format json` and the MCP structured content. */
export const ListResult = Schema.Struct({
  skills: Schema.Array(ListedSkill),
  total: Schema.Int,
  filtered: Schema.Int
})
export type ListResult = typeof ListResult.Type

export { discoverSkills, type DiscoveredSkill } from "./storeSkills.js"

/**
 * Fast status: is there a usable manifest, of this copy of the project
 * (issue 46 item 2: a copied project's manifests name the original's
 * sources, and its indexes are keyed by them)? With `checkObsolete`, does
 * it match the sources?
 */
export const statusOf = Effect.fn("skc.statusOf")(function* (
  skill: Pick<DiscoveredSkill, "runtimeDir" | "sourceDir" | "name"> & { readonly scope: string; readonly foreign?: boolean },
  checkObsolete: boolean
) {
  if (skill.foreign === true) return "foreign" as SkillStatus
  const recorded = yield* readManifestSourceHash(manifestPath(skill.runtimeDir))
  if (recorded === undefined) return "not-built" as SkillStatus
  if (yield* builtElsewhere(skill)) return "not-built" as SkillStatus
  if (!checkObsolete) return "normal" as SkillStatus
  const current = yield* sourceHashOf(skill.sourceDir)
  return (current === recorded ? "normal" : "obsolete") as SkillStatus
})

const compilePattern = (pattern: string | undefined) => (pattern === undefined ? Effect.succeed((_: string) => true) : checkedGlob(pattern))

/**
 * A configured plugin root (`[discovery] plugin_dirs`) with no skills is said, in discover's words: list
 * showed nothing of it without a word while discover, match, prompt and budget warned. Only here and in
 * discover: every other command resolves through the same roots and would repeat it on each call.
 */
const warnMissingPluginRoots = Effect.gen(function* () {
  const { config, stores } = yield* Settings
  if (config.pluginDirs.length === 0) return
  const path = yield* Path
  const diagnostics = yield* Diagnostics
  for (const root of new Set(config.pluginDirs.map((p) => path.resolve(stores.cwd, p)))) {
    const layout = yield* pluginLayout(root)
    if (layout.dirs.length === 0) yield* diagnostics.warn(Warning.notice(noPluginSkillsWarning(path.join(root, "skills"))))
  }
})

export const list = Effect.fn("skc.list")(function* (input: ListInput) {
  const scope = input.scope ?? "all"
  const wanted = input.status ?? "all"
  const checkObsolete = input.check_obsolete === true || wanted === "obsolete"
  const matches = yield* compilePattern(input.pattern)
  const discovered = yield* visibleSkills()
  yield* warnMissingPluginRoots
  const total = discovered.length
  const selected: Array<ListedSkill> = []
  const fs = yield* FileSystem
  const path = yield* Path
  const { stores } = yield* Settings
  for (const found of discovered) {
    // A project skill built with --global has its runtime in the global store, as resolution finds it
    // (`builtRuntimeDir`); `skc list` called it not-built (RFC-0007:C-LIST: `normal` with a manifest). Here,
    // not in the store scan: the scan serves every cross-skill call, which resolves each skill anyway.
    const skill =
      found.scope === "project"
        ? { ...found, runtimeDir: yield* builtRuntimeDir(found.runtimeDir, path.join(stores.globalRuntime, found.name), yield* fs.realPath(found.sourceDir).pipe(unseenAs(found.sourceDir))) }
        : found
    const scopeGroup = skill.scope === "project" || skill.scope === "global" ? skill.scope : "agent"
    if (scope !== "all" && scopeGroup !== scope) continue
    if (![skill.name, ...(skill.alsoNamed ?? [])].some((n) => matches(n))) continue
    const status = yield* statusOf(skill, checkObsolete)
    if (wanted !== "all" && status !== wanted) continue
    const elsewhere = status === "not-built" && (yield* builtElsewhere(skill))
    // Another skill of this machine built into this one's runtime (`build --global` of a project skill).
    const taker = elsewhere ? yield* runtimeTakenBy(skill) : undefined
    selected.push({
      name: skill.name,
      scope: skill.scope,
      status,
      source_path: skill.sourceDir,
      runtime_path: skill.runtimeDir,
      ...(elsewhere ? { hint: taker === undefined ? NOT_BUILT_HERE : takenHint(taker, skill.sourceDir) } : {}),
      ...(found.shadowed ? { shadowed: true as const } : {}),
      ...(found.alsoNamed === undefined ? {} : { also_named: found.alsoNamed })
    })
  }
  const result: ListResult = {
    skills: input.limit === undefined ? selected : selected.slice(0, input.limit),
    total,
    filtered: selected.length
  }
  return result
})
