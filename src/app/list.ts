/**
 * `skc list` (RFC-0007:C-LIST, DECISIONS #33): every valid skill of the
 * project source store (the nearest `.skillc/` walking up from the cwd,
 * DECISIONS #14) and of the global source store, with its build status.
 *
 * - A valid skill is a directory holding a SKILL.md whose frontmatter parses
 *   and has `name` and `description`; anything else in a store is skipped
 *   with a warning (hidden entries and plain files silently).
 * - Status (fast): `normal` when `<runtime>/.skillc-meta/manifest.json`
 *   (DECISIONS #1) is a JSON object with a `source_hash`, else `not-built`.
 *   With `check_obsolete`, a manifest whose `source_hash` differs from the
 *   current sources makes the skill `obsolete`. Asking for
 *   `status: obsolete` turns the check on: nothing is obsolete without it.
 * - Ordering: project before global, then name (bytewise).
 * - `total` counts discovered skills before filters, `filtered` after the
 *   filters and before `limit`.
 */
import { Effect, Schema } from "effect"
import { Path } from "@effect/platform/Path"
import picomatch from "picomatch"
import { InvalidOption } from "../domain/errors.js"
import { Warning } from "../domain/errors.js"
import { FileSystem } from "../ports/FileSystem.js"
import { Diagnostics } from "../ports/Diagnostics.js"
import { Settings } from "./Settings.js"
import { readSkillFrontmatter } from "./skillFrontmatter.js"
import { manifestPath, readManifestSourceHash, sourceHashOf } from "./obsolete.js"

export const ListScope = Schema.Literal("project", "global", "all")
export const ListStatusFilter = Schema.Literal("normal", "not-built", "obsolete", "all")
export const SkillStatus = Schema.Literal("normal", "not-built", "obsolete")
export type SkillStatus = typeof SkillStatus.Type

export const ListInput = Schema.Struct({
  scope: Schema.optional(ListScope.annotations({ description: "Which source stores to list: project, global or all (default all)." })),
  status: Schema.optional(
    ListStatusFilter.annotations({
      description: "Only skills with this build status: normal, not-built, obsolete or all (default all). 'obsolete' implies check_obsolete."
    })
  ),
  limit: Schema.optional(Schema.Int.pipe(Schema.positive()).annotations({ description: "Return at most this many skills (default unlimited)." })),
  pattern: Schema.optional(Schema.String.annotations({ description: "Glob matched against skill names, e.g. 'git-*'." })),
  check_obsolete: Schema.optional(
    Schema.Boolean.annotations({
      description: "Compare each built skill's source hash with its manifest to report 'obsolete' (slower: reads every source file)."
    })
  )
}).annotations({ title: "skc_list", description: "Filters for listing skills." })
export type ListInput = typeof ListInput.Type

export const ListedSkill = Schema.Struct({
  name: Schema.String,
  scope: Schema.Literal("project", "global"),
  status: SkillStatus,
  source_path: Schema.String,
  runtime_path: Schema.String
})
export type ListedSkill = typeof ListedSkill.Type

/** The JSON document of `skc list --format json` and the MCP structured content. */
export const ListResult = Schema.Struct({
  skills: Schema.Array(ListedSkill),
  total: Schema.Int,
  filtered: Schema.Int
})
export type ListResult = typeof ListResult.Type

/** A skill found in a store, before status and filters. */
export interface DiscoveredSkill {
  readonly name: string
  readonly scope: "project" | "global"
  readonly sourceDir: string
  readonly runtimeDir: string
  /** The SKILL.md frontmatter as parsed (at least `name` and `description`). */
  readonly frontmatter: Readonly<Record<string, unknown>>
}

const compareNames = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * Every valid skill of the project and global source stores, project first,
 * then by name. Shared by `list` and the MCP skills resources.
 */
export const discoverSkills = (scope: "project" | "global" | "all" = "all") =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const path = yield* Path
    const diagnostics = yield* Diagnostics
    const { stores } = yield* Settings
    const found: Array<DiscoveredSkill> = []
    const storesToScan = [
      ["project", stores.projectSkills, stores.projectRuntime],
      ["global", stores.globalSkills, stores.globalRuntime]
    ] as const
    for (const [storeScope, skillsDir, runtimeStore] of storesToScan) {
      if (skillsDir === undefined || runtimeStore === undefined) continue
      if (scope !== "all" && scope !== storeScope) continue
      const entries = yield* fs.readDir(skillsDir).pipe(Effect.orElseSucceed(() => []))
      const inStore: Array<DiscoveredSkill> = []
      for (const entry of entries) {
        if (entry.name.startsWith(".")) continue
        const dir = path.join(skillsDir, entry.name)
        const info = entry.type === "symlink" ? yield* fs.statOption(dir).pipe(Effect.orElseSucceed(() => undefined)) : entry
        if (info?.type !== "directory") continue
        const fm = yield* readSkillFrontmatter(path.join(dir, "SKILL.md"))
        if (fm._tag === "Problem") {
          yield* diagnostics.warn(Warning.notice(`skipping '${dir}': ${fm.message}`))
          continue
        }
        inStore.push({
          name: entry.name,
          scope: storeScope,
          sourceDir: dir,
          runtimeDir: path.join(runtimeStore, entry.name),
          frontmatter: fm.data
        })
      }
      inStore.sort((a, b) => compareNames(a.name, b.name))
      found.push(...inStore)
    }
    return found as ReadonlyArray<DiscoveredSkill>
  })

/** Fast status: is there a usable manifest? With `checkObsolete`, does it match the sources? */
export const statusOf = (skill: DiscoveredSkill, checkObsolete: boolean) =>
  Effect.gen(function* () {
    const recorded = yield* readManifestSourceHash(manifestPath(skill.runtimeDir))
    if (recorded === undefined) return "not-built" as SkillStatus
    if (!checkObsolete) return "normal" as SkillStatus
    const current = yield* sourceHashOf(skill.sourceDir)
    return (current === recorded ? "normal" : "obsolete") as SkillStatus
  })

const compilePattern = (pattern: string | undefined) => {
  if (pattern === undefined) return Effect.succeed((_: string) => true)
  return Effect.try({
    try: () => picomatch(pattern, { dot: true }),
    catch: () => new InvalidOption({ message: `--pattern: invalid glob '${pattern}'` })
  })
}

export const list = (input: ListInput) =>
  Effect.gen(function* () {
    const scope = input.scope ?? "all"
    const wanted = input.status ?? "all"
    const checkObsolete = input.check_obsolete === true || wanted === "obsolete"
    const matches = yield* compilePattern(input.pattern)
    const discovered = yield* discoverSkills("all")
    const total = discovered.length
    const selected: Array<ListedSkill> = []
    for (const skill of discovered) {
      if (scope !== "all" && skill.scope !== scope) continue
      if (!matches(skill.name)) continue
      const status = yield* statusOf(skill, checkObsolete)
      if (wanted !== "all" && status !== wanted) continue
      selected.push({
        name: skill.name,
        scope: skill.scope,
        status,
        source_path: skill.sourceDir,
        runtime_path: skill.runtimeDir
      })
    }
    const result: ListResult = {
      skills: input.limit === undefined ? selected : selected.slice(0, input.limit),
      total,
      filtered: selected.length
    }
    return result
  })
