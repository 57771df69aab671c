/**
 * Which skill directory a protocol command (`permissions`, `load`) means:
 * first the skill an agent would activate under that name (the discovery
 * winner), then skc's own resolution (a path, the project store, the
 * global store; RFC-0007:C-RESOLUTION) so authors can inspect a skill
 * before deploying it. A name the agent's directory holds as skc's own
 * deployment link with no runtime built on this machine (a fresh clone
 * before `skc build --all`, DECISIONS #46, #53) is not such a skill: the
 * agent loads nothing there, so the name fails as `skc prompt <name>` does;
 * a path (`skc load .skillc/skills/<name>`) still reads the source.
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import type { Agent } from "../../domain/protocol/agents.js"
import { SkillNotFound, UsageError, Warning } from "../../domain/errors.js"
import { warn } from "../../ports/Diagnostics.js"
import { profileOf } from "../../domain/agents/index.js"
import type { Discovery, InvalidSkill } from "../../domain/protocol/discovery.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { discover } from "./discovery.js"
import { displayPath, resolveSkill, type ResolvedSkill } from "./resolve.js"
import { foreignRuntimeDir, probeAgentEntry } from "./agentDirs.js"
import { Settings, touchSkill, type TouchedSkill } from "../shared/index.js"
import { NOT_BUILT_HERE } from "./obsolete.js"

export interface LocatedSkill {
  readonly name: string
  readonly dir: string
  /** `<dir>/SKILL.md` as an agent reads it. */
  readonly path: string
  /** Discovery scope, or skc's store scope when found by resolution. */
  readonly scope: "project" | "user" | "plugin" | "global" | "path" | "agent-project" | "agent-user"
  /** skc's resolution of it, when it was found that way rather than by the agent's discovery. */
  readonly resolved?: ResolvedSkill
}

export const locateSkill = Effect.fnUntraced(function* (skill: string, agent: Agent | undefined, pluginDirs: ReadonlyArray<string> | undefined) {
  const path = yield* Path
  const found = yield* discover({ agent, plugin_dirs: pluginDirs })
  // Claude Code invokes a skill by its directory's name (`/dirname`, listed `- dirname (other-name)` when
  // the frontmatter `name` differs): that name finds it first. Before, only the frontmatter name did, and
  // `skc load dirname --agent claude` said Claude Code did not read the directory that holds it.
  const byDirectory = profileOf(found.agent).listing.layout === "claude"
  const hit = (byDirectory ? found.skills.find((s) => path.basename(s.dir) === skill) : undefined) ?? found.skills.find((s) => s.name === skill)
  if (hit !== undefined) {
    const located: LocatedSkill = { name: hit.name, dir: hit.dir, path: hit.path, scope: hit.scope }
    return located
  }
  const inPlugin = pluginSkillNamed(found, skill, path.basename)
  if (inPlugin !== undefined) {
    const located: LocatedSkill = { name: skill, dir: inPlugin.dir, path: inPlugin.path, scope: inPlugin.scope }
    return located
  }
  // Discovery above already looked through the agent's directories; a skill
  // it excluded says why (issue 13 item 2).
  const resolved = yield* resolveSkill(skill, { agentDirs: false }).pipe(
    Effect.catchTag("SkillNotFound", (e) => Effect.flatMap(whyNotFound(found, skill), (why) => Effect.fail(excludedSkill(found, skill, path.basename) ?? why ?? e)))
  )
  // The store's source is not what this agent sees under that name: its deployment link is there, unbuilt.
  if (resolved.scope !== "path") {
    const unbuilt = unbuiltDeployment(found, skill, path.basename)
    if (unbuilt !== undefined) return yield* Effect.fail(unbuilt)
    // Read from skc's store, so authors can inspect a skill before deploying it; said, since the agent lists
    // nothing under that name yet (`skc prompt` answers E001 for it: an author's probe).
    yield* warn(
      Warning.notice(
        `'${skill}' is in skc's ${resolved.scope} store, not where ${profileOf(found.agent).title} reads skills: this is its source; 'skc build ${skill}' deploys it`
      )
    )
  }
  const located: LocatedSkill = {
    name: resolved.name,
    dir: resolved.sourceDir,
    path: path.join(resolved.sourceDir, "SKILL.md"),
    scope: resolved.scope,
    resolved
  }
  return located
})

/**
 * Whose access log a protocol command's row goes to (RFC-0007:C-LOGGING: every command that resolves a
 * skill logs; DECISIONS #17): the located skill as skc's resolution names it. A skill found by skc's
 * resolution is that one; one the agent's discovery found is read as resolution reads an agent directory's
 * entry (DECISIONS #38): skc's deployment (a stub or its link) logs in its runtime beside its source, any
 * other skill in its cache directory. Undefined for an entry that is neither (nothing to log into).
 */
export const locatedLogTarget = Effect.fnUntraced(function* (located: LocatedSkill) {
  if (located.resolved !== undefined) return located.resolved as TouchedSkill
  const fs = yield* FileSystem
  const path = yield* Path
  const entry = yield* probeAgentEntry(located.dir)
  if (entry._tag === "Deployed") {
    const canonicalSourceDir = yield* fs.realPath(entry.sourceDir)
    const target: TouchedSkill = { name: path.basename(canonicalSourceDir), canonicalSourceDir, runtimeDir: entry.runtimeDir }
    return target
  }
  if (entry._tag !== "Foreign") return undefined
  const name = path.basename(located.dir)
  const target: TouchedSkill = { name, canonicalSourceDir: entry.canonicalDir, runtimeDir: yield* foreignRuntimeDir(name, entry.canonicalDir) }
  return target
})

/**
 * Tell the call's logging wrapper that the located skill was read (`touchSkill`), so that its row is
 * written with the command's `args` as for any command naming a skill. A log target that cannot be made
 * out never fails the command.
 */
export const touchLocated = (located: LocatedSkill) =>
  locatedLogTarget(located).pipe(
    Effect.flatMap((target) => (target === undefined ? Effect.void : touchSkill(target))),
    // Recovery: logging never changes a command's outcome (RFC-0007:C-LOGGING "MUST continue execution").
    Effect.orElseSucceed(() => undefined)
  )

/**
 * A plugin's skill named as Claude Code names it, `<plugin>:<skill>` (`/acme:foo`; the listing's
 * `- acme:foo`): the skill's directory name (or its frontmatter name) after its plugin's. Such a skill is
 * its own even where a project or user skill of the plain name shadows it in discovery, so the
 * shadowed copies are searched too.
 */
export const pluginSkillNamed = (found: Discovery, skill: string, basename: (p: string) => string) => {
  const colon = skill.indexOf(":")
  if (colon <= 0) return undefined
  const plugin = skill.slice(0, colon)
  const rest = skill.slice(colon + 1)
  const candidates = [...found.skills, ...found.shadowed].filter((s) => s.scope === "plugin" && s.plugin === plugin)
  return candidates.find((s) => basename(s.dir) === rest) ?? candidates.find((s) => s.name === rest)
}

/**
 * What one more look, with the agent directories, says of a name the agent does not find (one resolution
 * for both answers): a directory of that name without a SKILL.md is E010 (`notASkillNamed`); a skill skc
 * resolves in an agent directory is E001 saying where it is and what the agent's discovery (`found`) makes
 * of that directory: known under another name (Codex knows `.agents/skills/mism` by its frontmatter name),
 * skipped with discovery's reason (a SKILL.md that is a symbolic link), or not read at all (`.agents/skills/pdf`
 * under Claude Code), where "not found ... run 'skc list'" sent the caller to a list that shows it. Before,
 * every such skill was said to be in a directory the agent does not read, Codex's own `.agents/skills` too.
 */
const whyNotFound = (found: Discovery & { readonly agent: Agent }, skill: string) =>
  resolveSkill(skill).pipe(
    Effect.flatMap((r) =>
      Effect.gen(function* () {
        if (r.scope !== "agent-project" && r.scope !== "agent-user" && r.scope !== "plugin") return undefined
        const path = yield* Path
        const fs = yield* FileSystem
        const { stores } = yield* Settings
        const shown = displayPath(stores.cwd, r.sourceDir, path)
        const title = profileOf(found.agent).title
        // The same directory, however reached (a link in one agent directory, its target in another).
        const same = (dir: string) =>
          dir === r.sourceDir ? Effect.succeed(true) : Effect.map(fs.realPath(dir).pipe(unseenAs(dir)), (real) => real === r.canonicalSourceDir)
        const known = yield* Effect.findFirst(found.skills, (s) => same(s.dir))
        if (known._tag === "Some") {
          // The name the agent invokes it by: Claude Code's is the directory's, every other agent's the frontmatter's.
          const name = profileOf(found.agent).listing.layout === "claude" ? path.basename(known.value.dir) : known.value.name
          return new SkillNotFound({ skill, hint: `${shown} holds it, and ${title} knows the skill there as '${name}': name it so` })
        }
        const skipped = yield* Effect.findFirst(found.invalid, (s) => same(s.dir))
        if (skipped._tag === "Some") return new SkillNotFound({ skill, hint: `${shown} holds it, but ${title} skips it: ${skipped.value.problems.join("; ")}` })
        return new SkillNotFound({
          skill,
          hint: `${shown} holds it, but ${title} does not read that directory; name an agent that does (skc discover --agent <agent> lists what each one finds)`
        })
      })
    ),
    Effect.catchTag("NotASkill", (e) => Effect.succeed(e)),
    // Recovery: this look only explains the caller's E001; any other outcome leaves that error as it is.
    Effect.orElseSucceed(() => undefined)
  )

/**
 * A directory of that name without a SKILL.md where resolution looks (an
 * agent directory's `empty-dir/`): E010 saying so, as `skc outline` says,
 * rather than "not found". Only the error is taken from this look: what an
 * agent loads is still discovery's.
 */
export const notASkillNamed = (skill: string) =>
  resolveSkill(skill).pipe(
    Effect.map(() => undefined),
    Effect.catchTag("NotASkill", (e) => Effect.succeed(e)),
    // Recovery: any other outcome of this second look leaves the caller's own error as it is.
    Effect.orElseSucceed(() => undefined)
  )

/**
 * A skill discovery found but excluded (issue 13 item 2): the error says why
 * instead of "not found". Matched by its `name`, or by its directory when
 * it has no readable name.
 */
export const excludedSkill = (found: Discovery, skill: string, basename: (p: string) => string): UsageError | undefined => {
  const hit = found.invalid.find((s) => s.name === skill) ?? found.invalid.find((s) => s.name === null && basename(s.dir) === skill)
  return hit === undefined ? undefined : excludedError(skill, hit)
}

/**
 * skc's own deployment link of that name, excluded because its runtime is not built on this machine
 * (`notBuiltHere`'s entries): `excludedSkill`'s error for it, the step that fixes it last.
 */
const unbuiltDeployment = (found: Discovery, skill: string, basename: (p: string) => string): UsageError | undefined => {
  const hit = found.invalid.find((s) => isUnbuilt(s) && basename(s.dir) === skill)
  return hit === undefined ? undefined : excludedError(skill, hit)
}

const isUnbuilt = (s: InvalidSkill) => s.deployed_by_skc && s.name === null

const excludedError = (skill: string, hit: InvalidSkill) =>
  new UsageError({
    message: `skill '${skill}' is excluded by discovery: agents cannot load ${hit.path}`,
    // skc's own deployment link with no runtime here (a fresh clone): the problem, then the step that fixes it.
    detail: isUnbuilt(hit) ? [...hit.problems, NOT_BUILT_HERE] : hit.problems
  })
