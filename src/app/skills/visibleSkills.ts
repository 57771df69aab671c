/**
 * Every skill that resolves by name from the cwd (RFC-0007:C-RESOLUTION,
 * DECISIONS #38), with its scope: the project and global stores, then the
 * agent skill directories in resolution order (src/app/skills/agentDirs.ts).
 *
 * Both stores are listed whole, as `skc list` always did: a global skill
 * with the name of a project skill is listed with `shadowed: true` (the
 * name resolves to the project one; reach it by its path). From the agent
 * directories only names that resolve there are listed: the first entry of
 * a name, and none whose name a store already holds. A skc deployment in an agent
 * directory whose source is already listed is that same skill, never a
 * second row, and another agent-directory name of a directory already listed
 * (`.claude/skills/linked` and `.agents/skills/realskill`, links to one
 * directory) is named on that row (`alsoNamed`): each name an agent sees is
 * listed, the directory once; a deployment of a skill from elsewhere (another project, an
 * old link under home) is listed with its agent-directory scope, and a
 * foreign skill with `foreign: true`.
 *
 * `skc list`, the MCP server's `skc_list`, `skills/list` and `skill://`
 * resources, and `search --all` enumerate skills through this function.
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { Diagnostics } from "../../ports/Diagnostics.js"
import { agentSkillRoots, foreignRuntimeDir, probeAgentEntry, type AgentDirScope } from "./agentDirs.js"
import { discoverSkills } from "./storeSkills.js"
import { readSkillFrontmatter } from "./skillFrontmatter.js"
import { compareBytewise as bytewise } from "../../domain/sourcePaths.js"

export type VisibleScope = "project" | "global" | AgentDirScope | "plugin"

export interface VisibleSkill {
  readonly name: string
  readonly scope: VisibleScope
  /** The source directory as found (symlinks kept). */
  readonly sourceDir: string
  /** Where its manifest, index and log live (the cache for a foreign skill). */
  readonly runtimeDir: string
  /** Not built by skc: its directory is read-only to skc. */
  readonly foreign: boolean
  /** The agent directory entry it was found through, for agent scopes. */
  readonly agentEntry?: string
  /** The SKILL.md frontmatter as parsed (at least `name` and `description`). */
  readonly frontmatter: Readonly<Record<string, unknown>>
  /** An earlier entry has the same name: `resolveSkill(name)` gives that one. */
  readonly shadowed: boolean
  /** Other agent-directory names of this same directory (links to it under another name), in resolution order. */
  readonly alsoNamed?: ReadonlyArray<string>
  /**
   * A stub skc deployed whose source is not on this machine (DECISIONS #46): where its manifest says the
   * source was. Only the stub's headings can be served.
   */
  readonly missingSource?: string
}


export const visibleSkills = Effect.fnUntraced(function* (options: { readonly agentDirs?: boolean } = {}) {
  const fs = yield* FileSystem
  const path = yield* Path
  const diagnostics = yield* Diagnostics
  const canonical = (p: string) => fs.realPath(p).pipe(unseenAs(p))
  const out: Array<VisibleSkill> = []
  const names = new Set<string>()
  // Each listed directory's row, by its real path.
  const sources = new Map<string, number>()
  // The directories left out for their frontmatter, by real path.
  const skipped = new Set<string>()
  for (const s of yield* discoverSkills("all")) {
    const shadowed = names.has(s.name)
    names.add(s.name)
    const real = yield* canonical(s.sourceDir)
    if (!sources.has(real)) sources.set(real, out.length)
    out.push({ name: s.name, scope: s.scope, sourceDir: s.sourceDir, runtimeDir: s.runtimeDir, foreign: false, frontmatter: s.frontmatter, shadowed })
  }
  if (options.agentDirs === false) return out as ReadonlyArray<VisibleSkill>
  for (const root of yield* agentSkillRoots) {
    // Most agents' skill directories do not exist here: a stat that finds nothing costs a tenth of a
    // listing that fails (an exception and an error value each; 16 of them were most of a
    // cross-skill search over MCP, issue 25).
    const info = yield* fs.statOption(root.dir).pipe(unseenAs(undefined))
    if (info?.type !== "directory") continue
    const entries = yield* fs.readDir(root.dir).pipe(unseenAs([]))
    for (const e of [...entries].sort((a, b) => bytewise(a.name, b.name))) {
      if (e.name.startsWith(".") || (e.type !== "directory" && e.type !== "symlink")) continue
      if (names.has(e.name)) continue
      const entry = path.join(root.dir, e.name)
      const probed = yield* probeAgentEntry(entry)
      if (probed._tag === "Missing" || probed._tag === "NotASkill") continue
      const sourceDir = probed._tag === "Deployed" ? probed.sourceDir : probed.entry
      const real = probed._tag === "Deployed" ? yield* canonical(probed.sourceDir) : probed.canonicalDir
      names.add(e.name)
      // The directory of a row already listed (skc's deployment of a store skill, or a second link to one
      // directory): one skill. A name of its own is named on that row, not hidden: the agent sees it so.
      const row = sources.get(real)
      if (row !== undefined) {
        const first = out[row]!
        if (first.name !== e.name && first.alsoNamed?.includes(e.name) !== true) out[row] = { ...first, alsoNamed: [...(first.alsoNamed ?? []), e.name] }
        continue
      }
      // A directory already skipped under another name is skipped under this one too.
      if (skipped.has(real)) continue
      // An agent directory's skill is read as agents read it, as probeAgentEntry read it.
      const fm = yield* readSkillFrontmatter(path.join(sourceDir, "SKILL.md"), "asAgentsRead")
      if (fm._tag === "Problem") {
        skipped.add(real)
        yield* diagnostics.verbose(`skipping '${entry}': ${fm.message}`)
        continue
      }
      // Its row's index, set as the row is made: a directory skipped above has no row for a later name to join.
      sources.set(real, out.length)
      out.push({
        name: e.name,
        scope: root.scope,
        sourceDir,
        runtimeDir: probed._tag === "Deployed" ? probed.runtimeDir : yield* foreignRuntimeDir(e.name, real),
        foreign: probed._tag === "Foreign",
        agentEntry: entry,
        frontmatter: fm.data,
        shadowed: false,
        ...(probed._tag === "Foreign" && probed.missingSource !== undefined ? { missingSource: probed.missingSource } : {})
      })
    }
  }
  return out as ReadonlyArray<VisibleSkill>
})
