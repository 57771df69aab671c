/**
 * The skills of skc's own stores that an agent does not find (issue 43's
 * profiles, DECISIONS #53): built for Claude Code only, a skill is nowhere
 * Codex reads, and `skc discover --agent codex` said "No skills discovered"
 * without a word of why or of the one command that deploys it. Pure: the
 * store's skills and the agent's discovery in, the note (or nothing) out.
 */
import { SHARED_SKILLS_DIR, SHARED_TARGET, profileOf, type ProfileName } from "../agents/index.js"
import type { Discovery } from "./discovery.js"
import { describeNameProblem, nameProblem, suggestedName, type NameProblem } from "../skillName.js"

/** A skill of the project or global source store. */
export interface StoreSkill {
  readonly name: string
  readonly scope: "project" | "global"
}

/** The directory name of a path (either separator). */
const baseName = (dir: string): string => dir.slice(Math.max(dir.lastIndexOf("/"), dir.lastIndexOf("\\")) + 1)

/**
 * The store skills whose name the agent finds nowhere: not listed, not
 * shadowed, not even an invalid directory of that name (a deployed skill
 * that does not load is said by `discover` itself, and a runtime not built
 * here by `notBuiltNote`).
 */
export const undeployed = (store: ReadonlyArray<StoreSkill>, found: Discovery): ReadonlyArray<StoreSkill> => {
  // A store entry is named by its folder, which the deployment link keeps (`.claude/skills/beta2`), while
  // discovery names a skill by its frontmatter (`beta`): either found means deployed. By the name alone, a
  // skill whose folder and name differ was "nowhere claude reads" after every build that deployed it.
  const names = new Set<string>([
    ...found.skills.map((s) => s.name),
    ...found.skills.map((s) => baseName(s.dir)),
    ...found.shadowed.map((s) => s.name),
    ...found.shadowed.map((s) => baseName(s.dir)),
    ...found.invalid.map((i) => i.name ?? baseName(i.dir)),
    ...found.invalid.map((i) => baseName(i.dir))
  ])
  const seen = new Set<string>()
  return store.filter((s) => {
    if (names.has(s.name) || seen.has(s.name)) return false
    seen.add(s.name)
    return true
  })
}

/**
 * The build target that puts a skill of `scope` where `agent` reads it: the
 * shared `.agents/skills` (target `agents`) for an agent that reads it there,
 * so one deployment serves every such agent; else the agent's own directory.
 */
export const targetFor = (agent: ProfileName, scope: StoreSkill["scope"]): string => {
  const dirs = profileOf(agent).dirs
  return (scope === "project" ? dirs.project : dirs.user).includes(SHARED_SKILLS_DIR) ? SHARED_TARGET : agent
}

const NAMES_SHOWN = 5

/**
 * One line for `skills` (non-empty): how many, which (five at most), and
 * the command that deploys them where `agent` reads them while keeping the
 * targets they are built for now (a build deploys to the targets it is
 * given: `configured`, the `[build] targets` of the configuration, else
 * claude). With `[build] targets` configured, the way is to add the target
 * there.
 */
export const undeployedNote = (agent: ProfileName, skills: ReadonlyArray<StoreSkill>, configured: ReadonlyArray<string>): string => {
  const shown = skills.slice(0, NAMES_SHOWN).map((s) => `${s.name} (${s.scope})`).join(", ") + (skills.length > NAMES_SHOWN ? ", …" : "")
  const now = configured.length > 0 ? configured : ["claude"]
  // A folder whose name is no skill name (`Clash`): the build advised refused it ("invalid skill name"), so it
  // is told to rename the folder instead (a hostile probe).
  const misnamed = skills.flatMap((s) => {
    const problem = nameProblem(s.name)
    return problem === undefined ? [] : [{ name: s.name, problem }]
  })
  const buildable = skills.filter((s) => !misnamed.some((m) => m.name === s.name))
  const way = (scope: StoreSkill["scope"]): ReadonlyArray<string> => {
    const of = buildable.filter((s) => s.scope === scope)
    if (of.length === 0) return []
    const target = targetFor(agent, scope)
    const has = now.includes(target)
    const build = `skc build ${of.length > NAMES_SHOWN ? "--all" : of.map((s) => s.name).join(" ")}${scope === "global" ? " --global" : ""}`
    if (has) return [build]
    if (configured.length > 0) return [`add ${target} to [build] targets, then ${build}`]
    return [`${build} --target ${[...now, target].join(",")}`]
  }
  const count = `${skills.length} ${skills.length === 1 ? "skill" : "skills"}`
  const ways = [...way("project"), ...way("global")]
  const deploy = buildable.length === 0 ? [] : [`to deploy ${buildable.length === 1 ? "it" : "them"} there: ${ways.join("; ")}`]
  return `${count} of skc's stores ${skills.length === 1 ? "is" : "are"} nowhere ${agent} reads (${shown}); ${[...deploy, ...renames(misnamed)].join("; ")}`
}

/** What a misnamed store folder needs before any build deploys it: its name's problem, and a name to give it. */
const renames = (misnamed: ReadonlyArray<{ readonly name: string; readonly problem: NameProblem }>): ReadonlyArray<string> =>
  misnamed.slice(0, NAMES_SHOWN).map(({ name, problem }) => {
    const better = suggestedName(name)
    return `no build deploys '${name}' (${describeNameProblem(name, problem)}): rename its folder${better === undefined ? "" : ` (e.g. '${better}')`}`
  })
