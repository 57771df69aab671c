/**
 * Skill resolution (RFC-0007:C-RESOLUTION, RFC-0005 resolution hierarchy,
 * DECISIONS #14).
 *
 * 1. `<skill>` as a path (cwd-relative or absolute) to a directory with SKILL.md;
 * 2. the project source store `<root>/.skillc/skills/<skill>`;
 * 3. the global source store `<home>/.skillc/skills/<skill>`;
 * 4. the agent skill directories (DECISIONS #38, order in agentDirs.ts):
 *    a skc deployment resolves to its manifest's source and runtime, a
 *    foreign skill to its own directory with runtime data in the cache;
 *    skipped with `{ agentDirs: false }` (`skc build`, which must never
 *    replace a directory it did not deploy);
 * 5. E010 if any of those was a directory without SKILL.md, else E001.
 *
 * The runtime directory follows the source: a skill of the global store
 * builds into the global runtime, anything else into the project runtime
 * when there is a project and the global runtime otherwise.
 */
import { fsInternal, touchSkill } from "../shared/index.js"
import { Effect } from "effect"
import { Path } from "effect/Path"
import { NotASkill, SkillNotFound, Warning } from "../../domain/errors.js"
import { closest } from "../../domain/suggest.js"
import { quoteArg } from "../../domain/tools/template.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { PendingRebuild } from "../../ports/PendingRebuild.js"
import { verbose, warn } from "../../ports/Diagnostics.js"
import { Settings, servedGlobalSkills, type Stores } from "../shared/index.js"
import { agentSkillRoots, foreignRuntimeDir, probeAgentEntry, type AgentDirScope } from "./agentDirs.js"
import { readSkillFrontmatter } from "./skillFrontmatter.js"
import { nestedSkillDirs } from "./nestedSkillDirs.js"
import { profileOf } from "../../domain/agents/index.js"
import { sameUnicodeText } from "../../domain/unicodeForm.js"
import { nameProblem } from "../../domain/skillName.js"
import { isAscii } from "../../domain/ascii.js"
import { caseVariantHint, skillMdCaseVariant } from "./skillMdCase.js"

export type SkillScope = "project" | "global" | "path" | AgentDirScope

export interface ResolvedSkill {
  /** The directory basename: the skill's name everywhere skc stores things. */
  readonly name: string
  /** Absolute path of the source directory as resolved (symlinks kept). */
  readonly sourceDir: string
  /** Canonical source path (symlinks resolved), used for logging and index identity. */
  readonly canonicalSourceDir: string
  readonly scope: SkillScope
  /** `<runtime-store>/<name>`; for a foreign skill its cache directory. */
  readonly runtimeDir: string
  /**
   * Found in an agent directory and not built by skc (DECISIONS #38): its
   * directory is read-only to skc; `search`/`show` build its index in the
   * cache on demand.
   */
  readonly foreign?: boolean
  /**
   * A stub skc deployed whose source is not on this machine (DECISIONS #46):
   * the source path its manifest names. Only the stub's headings can be served.
   */
  readonly missingSource?: string
}

/** DECISIONS #46: what outline, show, search, open and sources say of a stub whose source is elsewhere. */
export const missingSourceWarning = (skill: ResolvedSkill) =>
  Warning.notice(
    `'${skill.name}' is a stub deployed by skc whose source (${skill.missingSource}) is not here: only the stub's own headings ` +
      `can be served; where the source is, run 'skc build ${skill.name}' (in a clone: 'skc build --all')`
  )

export interface ResolveOptions {
  /** Also look in the agent skill directories (default true). */
  readonly agentDirs?: boolean
  /**
   * A path to skc's deployment resolves to the skill it deploys (default: as `agentDirs`). False for `lint`,
   * which lints a path as given and says of a compiled one which command lints its source (SKL001).
   */
  readonly deploymentPaths?: boolean
}


/** Names usable as a store entry: a single path segment. */
export const isStoreName = (s: string) => s.length > 0 && s !== "." && s !== ".." && !/[\\/]/.test(s) && !s.includes("\0")

const runtimeStoreFor = (stores: Stores, scope: SkillScope): string =>
  scope === "global" || stores.projectRuntime === undefined ? stores.globalRuntime : stores.projectRuntime

/**
 * Which store, if any, holds the skill directly: its real directory's parent, or the real parent of the
 * path it was reached by (`given`): a store entry that is a symlink to a folder elsewhere
 * (`.skillc/skills/lnk -> ~/src/lnk`) is that store's skill, as its name resolves it. By its real path
 * alone it read as a path to import: `skc build --all`, which names each entry by its store path, failed
 * E050 on it ("already exists"), and the `--force` it suggested replaced the author's link with a copy.
 */
export const scopeOf = Effect.fnUntraced(function* (canonicalDir: string, given: string = canonicalDir) {
  const fs = yield* FileSystem
  const path = yield* Path
  const { stores } = yield* Settings
  const canon = (p: string | undefined) =>
    p === undefined ? Effect.succeed(undefined) : fs.realPath(p).pipe(unseenAs(undefined))
  const parents = new Set([path.dirname(canonicalDir)])
  if (given !== canonicalDir) {
    const parent = yield* canon(path.dirname(given))
    if (parent !== undefined) parents.add(parent)
  }
  const project = yield* canon(stores.projectSkills)
  if (project !== undefined && parents.has(project)) return "project" as const
  const global = yield* canon(stores.globalSkills)
  if (global !== undefined && parents.has(global)) return "global" as const
  return "path" as const
})

/**
 * `skc build --global` puts a project skill's runtime in the global store
 * (RFC-0001:C-DEPLOYMENT). When the default runtime holds no build but the
 * global one holds a build of this very source (its manifest's
 * `source_path`), that is the skill's runtime: its index, logs and manifest
 * live there. One stat in the common case.
 */
export const builtRuntimeDir = Effect.fnUntraced(function* (defaultDir: string, globalDir: string, canonicalSourceDir: string) {
  if (defaultDir === globalDir) return defaultDir
  const fs = yield* FileSystem
  const path = yield* Path
  const manifestAt = (dir: string) => path.join(dir, ".skillc-meta", "manifest.json")
  if ((yield* fs.statOption(manifestAt(defaultDir)).pipe(unseenAs(undefined))) !== undefined) return defaultDir
  const text = yield* fs.readFileString(manifestAt(globalDir)).pipe(unseenAs(undefined))
  if (text === undefined) return defaultDir
  try {
    const manifest = JSON.parse(text) as { source_path?: unknown }
    return manifest.source_path === canonicalSourceDir ? globalDir : defaultDir
  } catch {
    return defaultDir
  }
})

/**
 * A skill's name: its store entry's when it stands in a store (a link there named `git-bisect` to a folder
 * named `bisect-src` elsewhere is `git-bisect`, as `skc list` lists it and the user names it), else its real
 * directory's. Before, such a link was built as `bisect-src` (runtime, deployment link), warned of with a
 * false SKL104, and its own new deployment was then called orphaned with an `rm` of its runtime and access
 * log (a build probe).
 */
const storedName = Effect.fnUntraced(function* (sourceDir: string, canonicalSourceDir: string, scope: SkillScope) {
  const path = yield* Path
  const real = path.basename(canonicalSourceDir)
  const entry = path.basename(sourceDir)
  if (entry === real || (scope !== "project" && scope !== "global")) return real
  const fs = yield* FileSystem
  const { stores } = yield* Settings
  const store = scope === "project" ? stores.projectSkills : stores.globalSkills
  if (store === undefined) return real
  const parent = yield* fs.realPath(path.dirname(sourceDir)).pipe(unseenAs(undefined))
  const storeReal = yield* fs.realPath(store).pipe(unseenAs(undefined))
  return parent !== undefined && parent === storeReal ? entry : real
})

/** Resolve a skill directory that is known to hold SKILL.md. */
export const describeSkillDir = Effect.fnUntraced(function* (dir: string, scopeHint?: SkillScope) {
  const fs = yield* FileSystem
  const path = yield* Path
  const { stores } = yield* Settings
  const sourceDir = path.resolve(stores.cwd, dir)
  const canonicalSourceDir = yield* fs.realPath(sourceDir).pipe(Effect.mapError(fsInternal))
  const scope = scopeHint ?? (yield* scopeOf(canonicalSourceDir, sourceDir))
  const name = yield* storedName(sourceDir, canonicalSourceDir, scope)
  const runtimeDir = yield* builtRuntimeDir(
    path.join(runtimeStoreFor(stores, scope), name),
    path.join(stores.globalRuntime, name),
    canonicalSourceDir
  )
  const skill: ResolvedSkill = { name, sourceDir, canonicalSourceDir, scope, runtimeDir }
  return skill
})

/** Resolve `skill` by the rules above. */
export const resolveSkill = (skill: string, options: ResolveOptions = {}) => resolveOnDisk(skill, options)

/**
 * Resolve the skill a command is about (its `skill` input) and tell the
 * call's `TouchedSkills` (issue 44 item 4): the logging wrapper writes that
 * skill's access-log row from this resolution, not from a second look at the
 * disk. Other resolutions (a scope's skills, a watch loop's) touch nothing.
 */
export const resolveCommandSkill = (skill: string, options: ResolveOptions = {}) =>
  Effect.tap(resolveOnDisk(skill, options), (r) => touchSkill(r))

/**
 * The longest `skill` that can name anything: a path (PATH_MAX, 4,096 bytes on Linux; a name is at most 64
 * characters). A longer one is E001 at once: a 1 MB name over MCP took 2.4 s of path work (several
 * normalizations and lookups of it) and held every other session of the server meanwhile (an MCP probe).
 */
const LONGEST_SKILL_ARGUMENT = 4096

/**
 * A name longer than any path is refused before any lookup. One holding U+FFFD, when not found, is said
 * to stand for a folder name's bytes that are not valid UTF-8 (`build --all` names such a folder so):
 * "did you mean 'tr\uFFFDs'?" named the same unopenable folder (a build probe).
 */
const resolveOnDisk = (skill: string, options: ResolveOptions) => {
  if (skill.length > LONGEST_SKILL_ARGUMENT) {
    return Effect.fail(new SkillNotFound({ skill, hint: `no skill name or path is longer than ${LONGEST_SKILL_ARGUMENT} characters` }))
  }
  if (!skill.includes("\uFFFD")) return resolveNamed(skill, options)
  return Effect.catchTag(resolveNamed(skill, options), "SkillNotFound", () =>
    Effect.fail(new SkillNotFound({ skill, hint: "\uFFFD stands for bytes of a folder's name that are not valid UTF-8, which skc cannot open: rename the folder in UTF-8" }))
  )
}

/**
 * A name typed in one Unicode form (`café` composed, as keyboards write it) for a directory saved in the
 * other (decomposed, as macOS and files copied from it name it) is the same letters, so the same skill:
 * E001 said "not found … use 'café'", a name that looks identical. Looked for only once a name is not found.
 */
const resolveNamed = (skill: string, options: ResolveOptions) =>
  Effect.catchTag(resolveAsTyped(skill, options), "SkillNotFound", (notFound) =>
    Effect.flatMap(unicodeTwinName(skill), (twin) => (twin === undefined ? byFrontmatterName(skill, options, notFound) : resolveAsTyped(twin, options)))
  )

/**
 * A name no directory has, but exactly one skill's frontmatter says (`.claude/skills/realdir` with
 * `name: other-name`): discover, match, prompt and load list the skill under that name, so an agent asks
 * for it by it, and E001 cost every such agent a call to read the hint. A reading command resolves it as
 * its directory's name would, when that finds this very directory (a store skill of the directory's name
 * shadowing it is another skill). Of two claimants, the first in resolution order (directories in name
 * order), as `discover` and `load` take it. Not for a build, an eval or a watch (no agent directories,
 * DECISIONS #38): the E001 being raised says which name to use.
 */
const byFrontmatterName = (skill: string, options: ResolveOptions, notFound: SkillNotFound) =>
  Effect.gen(function* () {
    // The directory the E001 was raised for (`directoryNaming`'s first claimant): not looked for again.
    const claimant = claimants.get(notFound)
    if (options.agentDirs === false || claimant === undefined) return yield* Effect.fail(notFound)
    const fs = yield* FileSystem
    const path = yield* Path
    const dirName = path.basename(claimant)
    if (nameProblem(dirName) !== undefined) return yield* Effect.fail(notFound)
    const resolved = yield* resolveAsTyped(dirName, options)
    const real = (p: string) => fs.realPath(p).pipe(unseenAs(p))
    if ((yield* real(resolved.sourceDir)) !== (yield* real(claimant))) return yield* Effect.fail(notFound)
    yield* verbose(`resolved '${skill}' by its frontmatter name: ${resolved.sourceDir} (directory '${dirName}')`)
    return resolved
  })

/**
 * The directory an E001 for a frontmatter name was raised with (`resolveAsTyped`): `byFrontmatterName`
 * resolves it without a second scan of up to NAMING_SCAN_MAX frontmatters. Keyed by the error itself, so
 * nothing outlives it.
 */
const claimants = new WeakMap<SkillNotFound, string>()

/** The one skill directory whose name is `skill` in the other Unicode form, if there is one. */
const unicodeTwinName = Effect.fnUntraced(function* (skill: string) {
  if (!isStoreName(skill) || isAscii(skill)) return undefined
  const { stores } = yield* Settings
  // Recovery: directories that cannot be listed hold no twin; the E001 being raised stands.
  const roots = yield* nameRoots(stores).pipe(Effect.orElseSucceed(() => [stores.projectSkills, servedGlobalSkills(stores)]))
  const twins = new Set((yield* knownSkillNames(roots).pipe(Effect.orElseSucceed(() => []))).filter((n) => n !== skill && sameUnicodeText(n, skill)))
  return twins.size === 1 ? [...twins][0] : undefined
})

/** How long, at most, a watched store skill's SKILL.md is looked for again once the watcher has seen it gone. */
const SAVE_GAP_MS = 1_000
const SAVE_GAP_STEP_MS = 50

/**
 * Whether a watched store skill's SKILL.md is back: the watcher settles first (false at once without one,
 * or when it does not watch `dir`), then the file is looked for every SAVE_GAP_STEP_MS up to SAVE_GAP_MS.
 * The watcher's own rebuild of the gap fails at once (no SKILL.md), so its settling alone came back before
 * the editor had written the new file.
 */
const backUnderWatch = <E, R>(dir: string, probe: (dir: string) => Effect.Effect<boolean, E, R>) =>
  Effect.gen(function* () {
    const watched = yield* Effect.flatMap(Effect.service(PendingRebuild), (pending) => pending.settle([dir]))
    if (!watched) return false
    for (let waited = 0; waited < SAVE_GAP_MS; waited += SAVE_GAP_STEP_MS) {
      if (yield* probe(dir)) return true
      yield* Effect.sleep(SAVE_GAP_STEP_MS)
    }
    return yield* probe(dir)
  })

const resolveAsTyped = Effect.fnUntraced(function* (skill: string, options: ResolveOptions) {
  const fs = yield* FileSystem
  const path = yield* Path
  const { stores } = yield* Settings
  let dirWithoutSkillMd: string | undefined

  // A symbolic link that loops (ELOOP) leads to nothing, so `statOption` probes it as absent (the port decides it,
  // for every command alike): a skill directory that loops is not found (E001), a SKILL.md that loops is missing
  // (E010), never E999.
  const statOrAbsent = (p: string) => fs.statOption(p).pipe(Effect.mapError(fsInternal))
  const probe = (dir: string) =>
    Effect.gen(function* () {
      const info = yield* statOrAbsent(dir)
      if (info?.type !== "directory") return false
      const md = yield* statOrAbsent(path.join(dir, "SKILL.md"))
      if (md?.type === "file") return true
      dirWithoutSkillMd ??= dir
      return false
    })

  if (skill.length > 0 && !skill.includes("\0")) {
    const asPath = path.resolve(stores.cwd, skill)
    if (yield* probe(asPath)) {
      // A reading command naming skc's deployment by its path (`.claude/skills/api-guide`) reads the skill, as its
      // name through the agent directory does (rule 4): it read the stub, whose headings are the gateway's (a probe).
      const deployed = options.agentDirs === false || options.deploymentPaths === false ? undefined : yield* deployedAt(asPath)
      if (deployed !== undefined) {
        yield* verbose(`resolved '${skill}' as a path to skc's deployment: source ${deployed.sourceDir}, runtime ${deployed.runtimeDir}`)
        return deployed
      }
      const resolved = yield* describeSkillDir(asPath)
      yield* verbose(`resolved '${skill}' as a path: ${resolved.sourceDir} (${resolved.scope})`)
      return resolved
    }
  }
  if (isStoreName(skill)) {
    for (const [store, scope] of [
      [stores.projectSkills, "project"],
      [servedGlobalSkills(stores), "global"]
    ] as const) {
      if (store === undefined) continue
      const dir = path.join(store, skill)
      // A store skill whose SKILL.md is gone for a moment (an editor's save: vim renames it to `SKILL.md~`, then
      // writes the new one): under `--watch` the call waits for the watcher's rebuild and looks again, as a
      // stale index's call does (docs/mcp.md "Calls wait for the pending rebuild"); without one it settles at once.
      if ((yield* probe(dir)) || (dirWithoutSkillMd === dir && (yield* backUnderWatch(dir, probe)))) {
        const resolved = yield* describeSkillDir(dir, scope)
        yield* verbose(`resolved '${skill}' in the ${scope} store: ${resolved.sourceDir}; runtime ${resolved.runtimeDir}`)
        return resolved
      }
    }
  }
  // The store directory found without SKILL.md, if any: its deployed stub is no answer for it.
  const storeDirWithoutSkillMd = dirWithoutSkillMd
  let unusable: { readonly entry: string; readonly reason: string } | undefined
  if (isStoreName(skill) && options.agentDirs !== false) {
    const found = yield* resolveInAgentDirs(skill)
    // The stub skc deployed from that very store directory: served, it answered searches with the stub's own
    // headings as if they were the skill (an editor's save caught mid-way: no error, wrong content). The
    // source is there without its SKILL.md, which E010 below says.
    const stubOfMissing =
      found._tag === "Resolved" && storeDirWithoutSkillMd !== undefined && found.skill.missingSource !== undefined
        ? (yield* fs.realPath(storeDirWithoutSkillMd).pipe(unseenAs(storeDirWithoutSkillMd))) === found.skill.missingSource ||
          storeDirWithoutSkillMd === found.skill.missingSource
        : false
    if (found._tag === "Resolved" && !stubOfMissing) return found.skill
    if (found.dirWithoutSkillMd !== undefined) dirWithoutSkillMd ??= found.dirWithoutSkillMd
    unusable = found.unusable
    // A skill of a nested `.claude/skills` below the working directory (a monorepo's `packages/api`), which
    // Claude Code loads once the session works on files there, from the root it started in: its stub says
    // `skc show api-guide …`, which answered E001 there (a probe). One such skill of the name is read; several
    // are named in the E001 below.
    if (found._tag !== "Resolved" && dirWithoutSkillMd === undefined && unusable === undefined) {
      const nested = yield* nestedOfName(skill)
      if (nested.length === 1) {
        const entry = path.join(stores.cwd, ...nested[0]!.split("/"))
        const resolved = (yield* deployedAt(entry)) ?? (yield* describeSkillDir(entry))
        yield* verbose(`resolved '${skill}' in ${nested[0]} below the working directory: source ${resolved.sourceDir}, runtime ${resolved.runtimeDir}`)
        return resolved
      }
      if (nested.length > 1) {
        return yield* Effect.fail(
          new SkillNotFound({ skill, hint: `several skills of that name are below the working directory (${nested.map((n) => quoteArg(n)).join(", ")}): name one by its path` })
        )
      }
    }
  }
  if (dirWithoutSkillMd !== undefined) {
    // A SKILL.md that is there but no regular file (a FIFO, a socket, a directory): said, where "missing
    // SKILL.md" alone sent the author looking for a file that exists.
    const there = yield* (yield* FileSystem).statOption(path.join(dirWithoutSkillMd, "SKILL.md")).pipe(unseenAs(undefined))
    const kind = there === undefined || there.type === "file" ? undefined : there.type === "directory" ? "a directory" : "not a regular file (a FIFO, a socket or a device)"
    const shown = displayPath(stores.cwd, dirWithoutSkillMd, path)
    // A folder of skills (a repository's `skills/`, `skills/.curated/*`, `plugins/*/skills/*`) named as one:
    // "missing SKILL.md" called it a broken skill. Say where the skills are instead.
    // Recovery: the look only decorates the E010 being raised; a directory that cannot be read leaves it without.
    const below = kind === undefined ? yield* skillsBelow(dirWithoutSkillMd).pipe(Effect.orElseSucceed(() => [])) : []
    const variant = kind === undefined ? yield* skillMdCaseVariant(dirWithoutSkillMd) : undefined
    const hint =
      kind !== undefined
        ? `its SKILL.md is ${kind}: make it a regular file`
        : variant !== undefined
          ? caseVariantHint(variant)
          : below.length > 0
          ? `it is a folder of skills, not a skill: ${below.length >= SKILLS_BELOW_MAX ? `${SKILLS_BELOW_MAX} or more` : below.length} below it (${below
              .slice(0, 3)
              .map((d) => quoteArg(displayPath(stores.cwd, d, path)))
              .join(", ")}${below.length > 3 ? ", …" : ""}); name them, e.g. ${quoteArg(path.join(shown, path.relative(dirWithoutSkillMd, path.dirname(below[0]!))))}/* (the shell lists them)`
          : undefined
    return yield* Effect.fail(new NotASkill({ path: shown, ...(hint === undefined ? {} : { hint }) }))
  }
  // A directory of that name that is no usable skill (its frontmatter does not parse): E001 says why, since
  // skc_discover lists it (with SKL100) and an agent would otherwise be sent to a list that leaves it out.
  if (unusable !== undefined) {
    const where = displayPath(stores.cwd, unusable.entry, path)
    return yield* Effect.fail(
      new SkillNotFound({ skill, hint: `${quoteArg(where)} is there, but skc cannot read it as a skill: ${unusable.reason}; run 'skc lint ${quoteArg(where)}'` })
    )
  }
  // A file named where a skill's folder is meant (`skc lint skills/pdf/SKILL.md`, as a pre-commit hook passes the
  // files it changed, or `skc show skills/pdf/forms.md`): resolution takes directories only, and "run 'skc list'"
  // sent the author to a list that had the skill in it. Say which folder holds the file.
  // Recovery: the hint only decorates the E001 being raised; a path that cannot be read leaves the error without it.
  const fileHint = yield* fileInSkillHint(stores.cwd, skill).pipe(Effect.orElseSucceed(() => undefined))
  if (fileHint !== undefined) return yield* Effect.fail(new SkillNotFound({ skill, hint: fileHint }))
  // A skill whose frontmatter says this name from a directory of another name (`.claude/skills/pdf` with
  // `name: internal-comms`): discover, match, prompt and load list it under the frontmatter's name, so an
  // agent asks for it by that name: a reading command resolves it there (resolveOnDisk, `byFrontmatterName`).
  // A build, an eval or a watch (no agent directories, DECISIONS #38) gets the E001 saying which name to use.
  // The directories a name may be found in, walked once for both looks below.
  // Recovery: both looks only decorate the E001 being raised; agent directories that cannot be found leave the stores'.
  const roots = yield* nameRoots(stores).pipe(Effect.orElseSucceed(() => [stores.projectSkills, servedGlobalSkills(stores)]))
  // Recovery: the hint only decorates the E001 being raised; stores that cannot be read leave the error without it.
  const named = yield* directoryNaming(roots, skill).pipe(Effect.orElseSucceed(() => undefined))
  if (named !== undefined) {
    const where = displayPath(stores.cwd, named, path)
    const dirName = path.basename(named)
    // A directory whose name no build takes (`Case-Dir`, as case-blind file systems keep it): "use 'Case-Dir'"
    // sent the author to `skc build Case-Dir`, which refuses the name. The fix is the directory's name.
    const way = nameProblem(dirName) === undefined ? `: use '${dirName}'` : `, and '${dirName}' is no valid skill name: rename the directory to '${skill}'`
    const notFound = new SkillNotFound({
      skill,
      hint: `${quoteArg(where)}/SKILL.md names itself '${skill}', but skc finds a skill by its directory${way} (SKL104: the name should match the directory)`
    })
    claimants.set(notFound, named)
    return yield* Effect.fail(notFound)
  }
  // A skill an agent finds grouped deeper (`.agents/skills/tools/<name>`, docs/resolution.md step 4): skc
  // resolves a name at `<agent dir>/<name>` only, so E001 says where it is and to name it by its path.
  // Recovery: the hint only decorates the E001 being raised; directories that cannot be read leave the error without it.
  // Not for a resolution that leaves the agent directories out (build, eval, watch: DECISIONS #38).
  const grouped = options.agentDirs === false ? undefined : yield* groupedSkill(roots.slice(2), skill).pipe(Effect.orElseSucceed(() => undefined))
  if (grouped !== undefined) {
    const where = displayPath(stores.cwd, grouped, path)
    return yield* Effect.fail(
      new SkillNotFound({
        skill,
        hint: `${quoteArg(where)} is a skill grouped below an agent directory, and skc resolves a name only directly in one: name it by its path (e.g. 'skc outline ${quoteArg(where)}')`
      })
    )
  }
  // Issue 25 item 3: the close names among the skills that resolve here.
  // Recovery: the close names only decorate the E001 being raised; a store that cannot be listed leaves the error without them.
  const known = yield* knownSkillNames(roots).pipe(Effect.orElseSucceed(() => []))
  return yield* Effect.fail(new SkillNotFound({ skill, suggestions: closest(skill, known) }))
})

/**
 * The names a skill may be given here, for suggestions: the directories of
 * the project and global stores and of the agent skill directories. Names
 * only (no SKILL.md is read), so a failed lookup stays quiet and cheap.
 */
const knownSkillNames = Effect.fnUntraced(function* (roots: ReadonlyArray<string | undefined>) {
  const fs = yield* FileSystem
  const names: Array<string> = []
  for (const root of roots) {
    if (root === undefined) continue
    for (const e of yield* fs.readDir(root).pipe(unseenAs([]))) {
      if (!e.name.startsWith(".") && (e.type === "directory" || e.type === "symlink")) names.push(e.name)
    }
  }
  return names.sort()
})

/** Where a skill's directory may be, in resolution order: the stores, then the agent directories. */
const nameRoots = (stores: Stores) =>
  Effect.map(agentSkillRoots, (agent): ReadonlyArray<string | undefined> => [stores.projectSkills, servedGlobalSkills(stores), ...agent.map((r) => r.dir)])

/** Skills listed at most below a folder named as a skill (only an E010 pays for the look). */
const SKILLS_BELOW_MAX = 50

/** How many folders above a named file are looked at for the skill holding it. */
const FILE_IN_SKILL_DEPTH = 8

/**
 * The hint of an E001 for `skill` naming a file rather than a folder: the folder of the skill holding it
 * (the nearest one above it with a SKILL.md), or that a skill is named by its folder. Undefined when `skill`
 * names no file.
 */
const fileInSkillHint = Effect.fnUntraced(function* (cwd: string, skill: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const named = path.resolve(cwd, skill)
  const info = yield* fs.statOption(named).pipe(unseenAs(undefined))
  if (info === undefined || info.type === "directory") return undefined
  // A link to a skill's file (`link.md` -> `skills/pdf/SKILL.md`): the skill is the one holding its target.
  const file = yield* fs.realPath(named).pipe(unseenAs(named))
  let dir = path.dirname(file)
  for (let i = 0; i < FILE_IN_SKILL_DEPTH; i++) {
    const held = yield* fs.statOption(path.join(dir, "SKILL.md")).pipe(unseenAs(undefined))
    if (held?.type === "file") {
      const shown = displayPath(cwd, dir, path)
      return `${quoteArg(skill)} is a file of the skill in ${quoteArg(shown)}: name the skill by its folder, ${quoteArg(shown)}`
    }
    const up = path.dirname(dir)
    if (up === dir) break
    dir = up
  }
  return `${quoteArg(skill)} is a file: name a skill by its folder (the one holding its SKILL.md) or by its name`
})

/**
 * Skill directories one or two levels below `dir` (`dir/<skill>`, `dir/<group>/<skill>`: a repository's
 * `skills/.curated/pdf`, `plugins/x/skills`), in name order, at most SKILLS_BELOW_MAX.
 */
const skillsBelow = Effect.fnUntraced(function* (dir: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const found: Array<string> = []
  const isSkill = (d: string) => Effect.map(fs.statOption(path.join(d, "SKILL.md")).pipe(unseenAs(undefined)), (i) => i?.type === "file")
  const dirsIn = (d: string) =>
    Effect.map(fs.readDir(d).pipe(unseenAs([])), (entries) =>
      entries.filter((e) => e.type === "directory" && e.name !== "node_modules" && e.name !== ".git").map((e) => path.join(d, e.name)).sort()
    )
  for (const first of (yield* dirsIn(dir)).slice(0, 256)) {
    if (found.length >= SKILLS_BELOW_MAX) break
    if (yield* isSkill(first)) {
      found.push(first)
      continue
    }
    for (const second of (yield* dirsIn(first)).slice(0, 256)) {
      if (found.length >= SKILLS_BELOW_MAX) break
      if (yield* isSkill(second)) found.push(second)
    }
  }
  return found
})

/** Entries read at most looking for a frontmatter name (only an E001 pays for it). */
const NAMING_SCAN_MAX = 256

/**
 * The first skill directory (stores, then agent directories, each one's entries in name order) whose
 * SKILL.md's `name` is `skill` under another directory name; undefined when none is, or past the scan's bound.
 */
const directoryNaming = Effect.fnUntraced(function* (roots: ReadonlyArray<string | undefined>, skill: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  let read = 0
  for (const root of roots) {
    if (root === undefined) continue
    // In name order, as the listings are: the first of two claimants is the same on every file system.
    const entries = [...(yield* fs.readDir(root).pipe(unseenAs([])))].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    for (const e of entries) {
      if (e.name.startsWith(".") || e.name === skill || (e.type !== "directory" && e.type !== "symlink")) continue
      if (++read > NAMING_SCAN_MAX) return undefined
      const dir = path.join(root, e.name)
      const fm = yield* readSkillFrontmatter(path.join(dir, "SKILL.md"), "asAgentsRead")
      // A name typed composed for one written decomposed (macOS) is the same name.
      if (fm._tag === "Valid" && typeof fm.data.name === "string" && sameUnicodeText(fm.data.name, skill)) return dir
    }
  }
  return undefined
})

/** Directories read at most looking for a grouped skill (only an E001 pays for it). */
const GROUPED_SCAN_MAX = 512
/** How many levels below an agent directory a grouped skill is looked for: Codex reads 6. */
const GROUPED_DEPTH = 6

/**
 * The first `<group>/…/<skill>/SKILL.md` below an agent directory, level by level: a group is a directory
 * without a SKILL.md (one with it is a skill, whose own folders hold no skills); directories only, never
 * through a symbolic link (no cycles), dot directories skipped as the agents skip them.
 */
const groupedSkill = Effect.fnUntraced(function* (roots: ReadonlyArray<string | undefined>, skill: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  let read = 0
  for (const root of roots) {
    if (root === undefined) continue
    let level: ReadonlyArray<string> = [root]
    for (let depth = 0; depth <= GROUPED_DEPTH && level.length > 0; depth++) {
      const next: Array<string> = []
      for (const dir of level) {
        if (++read > GROUPED_SCAN_MAX) return undefined
        const entries = yield* fs.readDir(dir).pipe(unseenAs([]))
        if (dir !== root && entries.some((e) => e.name === "SKILL.md")) {
          if (path.basename(dir) === skill) return dir
          continue
        }
        // The agent directory's own `<skill>` entry is resolution's, already looked at.
        for (const e of entries) if (e.type === "directory" && !e.name.startsWith(".") && !(dir === root && e.name === skill)) next.push(path.join(dir, e.name))
      }
      level = next
    }
  }
  return undefined
})

/** A path as a user would type it: relative to the cwd when below it, else absolute. */
export const displayPath = (cwd: string, p: string, path: { relative: (a: string, b: string) => string; isAbsolute: (p: string) => boolean }) => {
  const rel = path.relative(cwd, p)
  return rel === "" ? "." : rel.startsWith("..") || path.isAbsolute(rel) ? p : rel
}

/**
 * A foreign skill (DECISIONS #38) as messages that offer its adoption name
 * it: where it is, as a shell argument (cwd-relative when below the cwd),
 * and the sentence saying what it is. `skc build <where> --force` adopts it.
 */
export const foreignSkillNote = Effect.fnUntraced(function* (skill: ResolvedSkill) {
  const path = yield* Path
  const { stores } = yield* Settings
  const rel = path.relative(stores.cwd, skill.sourceDir)
  const where = quoteArg(rel === "" || rel.startsWith("..") || path.isAbsolute(rel) ? skill.sourceDir : rel)
  return { where, what: `'${skill.name}' is a skill in an agent directory that skc did not build (${where})` }
})

/**
 * An agent directory entry as the skill a name resolves to (rule 4): skc's deployment as its source and
 * runtime; a foreign skill as its own directory, its runtime data in the cache, warned of when it is a stub
 * whose source is not here. Undefined for no skill (missing, invalid).
 */
const entrySkill = Effect.fnUntraced(function* (probed: Effect.Success<ReturnType<typeof probeAgentEntry>>, scope: SkillScope) {
  const fs = yield* FileSystem
  const path = yield* Path
  if (probed._tag === "Deployed") {
    const canonicalSourceDir = yield* fs.realPath(probed.sourceDir).pipe(Effect.mapError(fsInternal))
    const skill: ResolvedSkill = { name: path.basename(canonicalSourceDir), sourceDir: probed.sourceDir, canonicalSourceDir, scope, runtimeDir: probed.runtimeDir }
    return skill
  }
  if (probed._tag !== "Foreign") return undefined
  const name = path.basename(probed.entry)
  const skill: ResolvedSkill = {
    name,
    sourceDir: probed.entry,
    canonicalSourceDir: probed.canonicalDir,
    scope,
    runtimeDir: yield* foreignRuntimeDir(name, probed.canonicalDir),
    foreign: true,
    ...(probed.missingSource === undefined ? {} : { missingSource: probed.missingSource })
  }
  if (skill.missingSource !== undefined) yield* warn(missingSourceWarning(skill))
  return skill
})

/**
 * skc's deployment at `entry` (a link to a runtime, or `--copy`'s stub) named by its path, as the skill it
 * deploys; a stub whose source is gone, with the warning its name gives (a hostile probe got only E020's "no
 * heading is close" for the stub's own headings). Undefined for anything else: a foreign skill's path is
 * read as written.
 */
const deployedAt = Effect.fnUntraced(function* (entry: string) {
  const probed = yield* probeAgentEntry(entry)
  const stub = probed._tag === "Deployed" || (probed._tag === "Foreign" && probed.missingSource !== undefined)
  return stub ? yield* entrySkill(probed, "path") : undefined
})

/** The entries named `name` of the nested `.claude/skills` below the working directory, as paths from it (Claude Code's `nestedBelow`). */
const nestedOfName = Effect.fnUntraced(function* (name: string) {
  const { stores } = yield* Settings
  const nested = profileOf("claude").dirs.nestedBelow
  if (nested === undefined) return [] as ReadonlyArray<string>
  // Recovery: the walk only adds a way to find the skill; a tree that cannot be read adds none.
  const below = yield* nestedSkillDirs(stores.cwd, nested.dir).pipe(Effect.orElseSucceed(() => ({ dirs: [], truncated: false })))
  return below.dirs.filter((d) => d.skills.includes(name)).map((d) => `${d.path}/${name}`)
})

/** Rule 4 (DECISIONS #38): the first agent directory entry named `name`. */
const resolveInAgentDirs = Effect.fnUntraced(function* (name: string) {
  const path = yield* Path
  let dirWithoutSkillMd: string | undefined
  // The first entry of the name whose SKILL.md skc cannot use (its frontmatter), said in the E001 it ends in.
  let unusable: { readonly entry: string; readonly reason: string } | undefined
  for (const root of yield* agentSkillRoots) {
    const entry = path.join(root.dir, name)
    const probed = yield* probeAgentEntry(entry)
    if (probed._tag === "Missing") continue
    if (probed._tag === "NotASkill") {
      yield* verbose(`agent directory entry ${entry} is not a usable skill (${probed.reason}); skipped`)
      if (probed.reason === "missing SKILL.md") dirWithoutSkillMd ??= entry
      else unusable ??= { entry, reason: probed.reason }
      continue
    }
    const skill = (yield* entrySkill(probed, root.scope))!
    yield* verbose(
      probed._tag === "Deployed"
        ? `resolved '${name}' through the ${root.scope} directory ${root.dir} (${root.agent}): deployed by skc; source ${skill.sourceDir}, runtime ${skill.runtimeDir}`
        : `resolved '${name}' through the ${root.scope} directory ${root.dir} (${root.agent}): foreign skill ${skill.canonicalSourceDir}; index and log in ${skill.runtimeDir}`
    )
    return { _tag: "Resolved", skill } as const
  }
  return { _tag: "NotFound", dirWithoutSkillMd, unusable } as const
})
