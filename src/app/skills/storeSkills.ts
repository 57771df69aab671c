/**
 * Every valid skill of the project and global source stores (RFC-0007:C-LIST,
 * DECISIONS #14): a directory holding a SKILL.md whose frontmatter parses and
 * has `name` and `description`; anything else is skipped with a warning
 * (hidden entries and plain files silently). Project first, then by name.
 */
import { visible } from "../../domain/visible.js"
import { Effect } from "effect"
import { Path } from "effect/Path"
import { Warning } from "../../domain/errors.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { Diagnostics } from "../../ports/Diagnostics.js"
import { isGone, Settings, servedGlobalSkills } from "../shared/index.js"
import { readSkillFrontmatter } from "./skillFrontmatter.js"

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

/** A store entry that is a link whose target is gone (lint --all, build --all, list): said, never left out silently. */
export const danglingLinkNotice = (name: string) => Warning.notice(`skipping '${name}': a link that leads nowhere`)

/**
 * Every valid skill of the project and global source stores, project first,
 * then by name. Shared by `list` and the MCP skills resources.
 */
export const discoverSkills = Effect.fnUntraced(function* (scope: "project" | "global" | "all" = "all") {
  const fs = yield* FileSystem
  const path = yield* Path
  const diagnostics = yield* Diagnostics
  const { stores } = yield* Settings
  const found: Array<DiscoveredSkill> = []
  const storesToScan = [
    ["project", stores.projectSkills, stores.projectRuntime],
    ["global", servedGlobalSkills(stores), stores.globalRuntime]
  ] as const
  for (const [storeScope, skillsDir, runtimeStore] of storesToScan) {
    if (skillsDir === undefined || runtimeStore === undefined) continue
    if (scope !== "all" && scope !== storeScope) continue
    // A store that is not there holds no skill; one that cannot be read (EACCES: checked out by another user
    // with umask 077) is said, where it counted as empty and `skc list` answered "No skills found".
    const entries = yield* fs.readDir(skillsDir).pipe(
      Effect.catch((e) =>
        isGone(e)
          ? Effect.succeed([])
          : Effect.as(diagnostics.warn(Warning.notice(`cannot read the ${storeScope} store '${skillsDir}' (${e.code}): its skills are not listed`)), [])
      )
    )
    const inStore: Array<DiscoveredSkill> = []
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue
      const dir = path.join(skillsDir, entry.name)
      const info = entry.type === "symlink" ? yield* fs.statOption(dir).pipe(unseenAs(undefined)) : entry
      // A link in the store whose target is gone: said, where it was left out without a word (a team's probe).
      if (info === undefined) yield* diagnostics.warn(danglingLinkNotice(dir))
      if (info?.type !== "directory") continue
      const fm = yield* readSkillFrontmatter(path.join(dir, "SKILL.md"))
      if (fm._tag === "Problem") {
        yield* diagnostics.warn(Warning.notice(`skipping '${visible(dir)}': ${fm.message}`))
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

