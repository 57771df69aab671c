/**
 * The protocol's discovery precedence ("Discovery Algorithm"), as a pure
 * function over what the scanner found: project > user > plugin; within the
 * project level the directory nearest the cwd first, within the plugin level
 * the plugins in the order given. The first copy of a name wins; every later
 * copy is reported as shadowed by it. Invalid skills are never registered
 * and never shadow anything.
 */
import type { MetadataWarning } from "./metadata.js"
import type { AllowedTools } from "./tools.js"

export type DiscoveryScope = "project" | "user" | "plugin"

export const SCOPE_RANK: Readonly<Record<DiscoveryScope, number>> = { project: 0, user: 1, plugin: 2 }

export interface SkillLocation {
  readonly scope: DiscoveryScope
  /** The skill directory as found in the agent directory (symlinks kept). */
  readonly dir: string
  /** `<dir>/SKILL.md`: the location an agent reads. */
  readonly path: string
  /** Where a symlinked skill directory points (canonical), `null` for a plain directory. */
  readonly link_target: string | null
  /** The link points into a skc runtime store (`.skillc/runtime/<name>`): a `skc build` deployment. */
  readonly deployed_by_skc: boolean
  /** The skills directory it was found in (`<project>/.agents/skills`); absent where not known. */
  readonly root?: string
  /**
   * A plugin's skill: the plugin's name, from `<plugin>/.claude-plugin/plugin.json` (its directory's
   * name without one), which Claude Code puts before the skill's (`plugin:skill`); null when that
   * manifest is not a JSON object with a string `name` (Claude Code then loads no skill of it).
   */
  readonly plugin?: string | null
}

/**
 * What the chosen agent's listing makes of a skill (DECISIONS #51, issue 43;
 * `listingFacts` of src/domain/agents/listing.ts).
 */
export interface SkillListing {
  /** The model sees it; false: manual only (`disable-model-invocation: true`), never listed nor matched. */
  readonly model: boolean
  /** People can call it as a command; false: `user-invocable: false` (not in the `/` menu, still listed to the model). */
  readonly command: boolean
  /** The text joined after the description (Claude's `when_to_use`), null when none. */
  readonly when_to_use: string | null
  /** Globs that make it conditional (`paths:`), null when it always applies. */
  readonly paths: ReadonlyArray<string> | null
  /**
   * What the agent's own settings files make of it, beside its frontmatter (`skc discover` only): `off`, not
   * loaded (Claude Code's `skillOverrides: off`, Gemini CLI's `skills.disabled`); `user-invocable-only`,
   * manual only; `name-only`, listed by name alone. Absent when no setting names it.
   */
  readonly settings?: "off" | "user-invocable-only" | "name-only"
}

/** A skill every agent lists: no field of a profile says otherwise. */
export const PLAIN_LISTING: SkillListing = { model: true, command: true, when_to_use: null, paths: null }

export type Candidate =
  | (SkillLocation & {
      readonly _tag: "Valid"
      readonly name: string
      readonly description: string
      readonly allowedTools: AllowedTools | undefined
      /** Problems that do not stop an agent loading the skill, with the lint rule that reports each. */
      readonly warnings?: ReadonlyArray<MetadataWarning>
      /** The agent's listing facts; absent: `PLAIN_LISTING`. */
      readonly listing?: SkillListing
    })
  | (SkillLocation & { readonly _tag: "Invalid"; readonly name: string | null; readonly problems: ReadonlyArray<string>; readonly source_gone?: true })

export interface DiscoveredSkill extends SkillLocation {
  readonly name: string
  readonly description: string
  /** The raw entries, `null` when the skill has no `allowed-tools` field. */
  readonly allowed_tools: ReadonlyArray<string> | null
  /** Non-blocking metadata problems (issue 13 item 2): the lint rule id, its name and the message. */
  readonly warnings: ReadonlyArray<MetadataWarning>
  /** How the chosen agent lists it. */
  readonly listing: SkillListing
}

export interface ShadowedSkill extends SkillLocation {
  readonly name: string
  readonly winner: { readonly scope: DiscoveryScope; readonly path: string }
  /** The copy's own description and listing facts: an agent that keeps every copy (Codex) lists it too. */
  readonly description: string
  readonly listing: SkillListing
  /** Present (true) when the agent lists this copy beside the first one (`everyCopyListed`): it hides nothing. */
  readonly also_listed?: true
}

export interface InvalidSkill extends SkillLocation {
  readonly name: string | null
  readonly problems: ReadonlyArray<string>
  /** skc's dangling link to a skill whose source is gone from its store too: no build mends it (additive). */
  readonly source_gone?: true
}

/**
 * The skills skc deployed to an agent's directories whose runtime is not on this machine: a deployment
 * link committed with the project, left dangling in a fresh clone until `skc build --all`. By directory name.
 */
export const notBuiltHere = (invalid: ReadonlyArray<InvalidSkill>): ReadonlyArray<string> =>
  invalid.filter((i) => i.deployed_by_skc && i.name === null && i.source_gone !== true).map((i) => i.dir.slice(Math.max(i.dir.lastIndexOf("/"), i.dir.lastIndexOf("\\")) + 1))

/** The line `budget` and `eval` add for them (the words `list` and `show` use: NOT_BUILT_HERE). */
export const notBuiltNote = (names: ReadonlyArray<string>): string => {
  const shown = names.length > 5 ? `${names.slice(0, 5).join(", ")}, …` : names.join(", ")
  return `${names.length} ${names.length === 1 ? "skill" : "skills"} deployed here (${shown}) not built on this machine: run \`skc build --all\``
}

export interface Discovery {
  readonly skills: ReadonlyArray<DiscoveredSkill>
  readonly shadowed: ReadonlyArray<ShadowedSkill>
  readonly invalid: ReadonlyArray<InvalidSkill>
}

const locationOf = (c: SkillLocation): SkillLocation => ({
  scope: c.scope,
  dir: c.dir,
  path: c.path,
  link_target: c.link_target,
  deployed_by_skc: c.deployed_by_skc,
  ...(c.root === undefined ? {} : { root: c.root }),
  ...(c.plugin === undefined ? {} : { plugin: c.plugin })
})

/**
 * A skill's name where plugin skills are named after their plugin (`namespaced`: Claude Code's
 * `acme:foo`); every other skill's, and a plugin's whose manifest names none (`plugin: null`), is its own.
 */
export const nameUnder = (s: { readonly name: string; readonly scope: DiscoveryScope; readonly plugin?: string | null }, namespaced: boolean): string =>
  namespaced && s.scope === "plugin" && typeof s.plugin === "string" ? `${s.plugin}:${s.name}` : s.name

/**
 * `candidates` in scan order; a name's first copy in `rank`'s order of scopes wins (the protocol's
 * `scope.priority`: project, user, plugin unless the agent says otherwise; Claude Code puts the
 * user's skills first). The result keeps that order.
 */
export const applyPrecedence = (
  candidates: ReadonlyArray<Candidate>,
  rank: Readonly<Record<DiscoveryScope, number>> = SCOPE_RANK,
  options: { readonly namespacedPlugins?: boolean } = {}
): Discovery => {
  // Claude Code names a plugin's skill `<plugin>:<skill>`, so it competes with no project or user skill of
  // the plain name (`namespacedPlugins`); the protocol's plugin level is shadowed like any other.
  const keyOf = (c: Candidate & { _tag: "Valid" }): string => nameUnder(c, options.namespacedPlugins === true)
  const ordered = [...candidates].map((c, i) => ({ c, i })).sort((a, b) => rank[a.c.scope] - rank[b.c.scope] || a.i - b.i)
  const winners = new Map<string, DiscoveredSkill>()
  const skills: Array<DiscoveredSkill> = []
  const shadowed: Array<ShadowedSkill> = []
  const invalid: Array<InvalidSkill> = []
  for (const { c } of ordered) {
    if (c._tag === "Invalid") {
      invalid.push({ ...locationOf(c), name: c.name, problems: c.problems, ...(c.source_gone === true ? { source_gone: true as const } : {}) })
      continue
    }
    const winner = winners.get(keyOf(c))
    if (winner !== undefined) {
      shadowed.push({ ...locationOf(c), name: c.name, winner: { scope: winner.scope, path: winner.path }, description: c.description, listing: c.listing ?? PLAIN_LISTING })
      continue
    }
    const skill: DiscoveredSkill = {
      ...locationOf(c),
      name: c.name,
      description: c.description,
      allowed_tools: c.allowedTools === undefined ? null : c.allowedTools.map((t) => t.raw),
      warnings: c.warnings ?? [],
      listing: c.listing ?? PLAIN_LISTING
    }
    winners.set(keyOf(c), skill)
    skills.push(skill)
  }
  return { skills, shadowed, invalid }
}
