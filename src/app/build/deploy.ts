/**
 * Deployment from the SSOT runtime directory to agent skill directories
 * (RFC-0001:C-DEPLOYMENT, ADR-0002, DECISIONS #9 revised).
 *
 * Where: a project build links from the project's own agent directories
 * (`<project root>/.claude/skills/<name>` …), a global build from the
 * user-level ones under the home; directory-path targets as given.
 *
 * At `<agent dir>/<name>`: an existing symlink is replaced; a real directory
 * or file is never touched without `--force`, except a copy skc itself
 * deployed earlier (it carries our manifest for the same skill), which is
 * refreshed. Links are symlinks (junctions on Windows), relative when both
 * ends are inside the project (DECISIONS #46: a committed `.claude/skills/`
 * works in a clone); when linking fails the runtime is copied and a warning
 * says so; `--copy` always copies.
 */
import { besidePath, currentSourceHash, fsInternal, ioReason, removeStaleBeside, scanSourceTree } from "../shared/index.js"
import { Effect, Schema } from "effect"
import { Path } from "effect/Path"
import { InternalError, UsageError, Warning } from "../../domain/errors.js"
import { MANIFEST_FILE, META_DIR, parseManifest } from "../../domain/manifest.js"
import { isEditorArtifact } from "../../domain/sourcePaths.js"
import { isProfileName, profileOf } from "../../domain/agents/index.js"
import { AGENT_SKILL_DIRS, deploymentDir, type TargetSpec } from "../../domain/targets.js"
import { agentUserPath } from "../skills/index.js"
import { warn } from "../../ports/Diagnostics.js"
import { shellWord } from "../../domain/shellWord.js"
import { Env } from "../../ports/Env.js"
import { FileSystem, type FsError, unseenAs } from "../../ports/FileSystem.js"
import { Settings } from "../shared/index.js"

export const DeployMethod = Schema.Literals(["symlink", "junction", "copy"])
export type DeployMethod = typeof DeployMethod.Type

/** One deployment of a build (part of its result; the type is derived from the Schema, issue 28). */
export const Deployment = Schema.Struct({
  target: Schema.String,
  /** `<agent dir>/<name>` */
  path: Schema.String,
  method: DeployMethod,
  /** What was there before: nothing, a link, an earlier skc copy, or something replaced by `--force`. */
  replaced: Schema.Literals(["none", "symlink", "copy", "forced"])
})
export type Deployment = typeof Deployment.Type

export interface PlannedDeployment {
  readonly target: string
  readonly path: string
  readonly existing: "none" | "symlink" | "copy" | "other"
}


/** Agent directories of the targets, and what each destination holds now. Fails before anything is written. */
export const planDeployments = Effect.fnUntraced(function* (
  targets: ReadonlyArray<TargetSpec>,
  name: string,
  options: {
    readonly force: boolean
    readonly scope: "project" | "global"
    /** The canonical directory of a skill this build imports (`skc build <path>`), to name it when it is a destination. */
    readonly importing?: string
    /** The store skill's source directory (a build by name): a destination holding the same files is its adoption left half-done. */
    readonly source?: string
  }
) {
  const fs = yield* FileSystem
  const path = yield* Path
  const env = yield* Env
  const { stores } = yield* Settings
  const plans: Array<PlannedDeployment> = []
  for (const t of targets) {
    const dir = path.resolve(stores.cwd, yield* targetDir(t, options.scope, stores.projectRoot))
    const dest = path.join(dir, name)
    // Two targets of one directory (`agents` and `codex` both read `.agents/skills`) are one deployment, named
    // after both: deploying twice replaced the first link and warned of a copy that was never made.
    const same = plans.findIndex((p) => p.path === dest)
    if (same >= 0) {
      plans[same] = { ...plans[same]!, target: `${plans[same]!.target},${t.label}` }
      continue
    }
    // The agent directory itself must be one (or not yet exist): a file or a dangling link in its place made the
    // build fail with E999 "(mkdir): EEXIST" after deploying to the other targets (a deployment probe).
    const dirInfo = yield* fs.lstatOption(dir).pipe(Effect.mapError(fsInternal))
    if (dirInfo === undefined) {
      // Not there yet: made by the deployment, unless a file holds a place in its path (`.agents` a file).
      for (let up = path.dirname(dir); up !== path.dirname(up); up = path.dirname(up)) {
        // Recovery: an ancestor that cannot be examined is left for the deployment to meet.
        const above = yield* fs.statOption(up).pipe(Effect.orElseSucceed(() => undefined))
        if (above === undefined) continue
        if (above.type !== "directory") {
          return yield* Effect.fail(
            new UsageError({
              message: `cannot deploy to '${dir}': '${up}' is a file, not a directory`,
              detail: [`the ${t.label} target deploys skills into that directory; remove or rename the file, or build without --target ${t.label}`]
            })
          )
        }
        break
      }
    }
    if (dirInfo !== undefined && dirInfo.type !== "directory") {
      // Recovery: a link that cannot be followed is said to lead nowhere.
      const followed = dirInfo.type === "symlink" ? yield* fs.statOption(dir).pipe(Effect.orElseSucceed(() => undefined)) : dirInfo
      if (followed?.type !== "directory") {
        return yield* Effect.fail(
          new UsageError({
            message: `cannot deploy to '${dir}': it is ${dirInfo.type === "symlink" ? (followed === undefined ? "a link that leads nowhere" : "a link to a file") : "a file"}, not a directory`,
            detail: [`the ${t.label} target deploys skills into that directory; remove or rename what is there, or build without --target ${t.label}`]
          })
        )
      }
    }
    const info = yield* fs.lstatOption(dest).pipe(Effect.mapError(fsInternal))
    let existing: PlannedDeployment["existing"] = "none"
    if (info?.type === "symlink") {
      existing = "symlink"
      // Adopting a skill kept as a link (`.claude/skills/ext -> ../../shared/ext`): skc's link would take its
      // place and the project's copy stop following the shared one, said nowhere, not even where it led (a
      // team-layout probe); a real directory in its place is refused without --force, and so is this.
      // Recovery: a link that cannot be followed is no import's.
      const real = options.importing === undefined || options.force ? undefined : yield* fs.realPath(dest).pipe(Effect.orElseSucceed(() => undefined))
      if (real !== undefined && real === options.importing) {
        // Recovery: a link whose text cannot be read is named by where it leads.
        const to = yield* fs.readLink(dest).pipe(Effect.orElseSucceed(() => real))
        return yield* Effect.fail(
          new UsageError({
            message: `'${dest}' is a link to '${to}', the skill this build imports, and skc's link to the build would take its place: the skill would no longer follow '${to}'`,
            detail: [`run it again with --force to import a copy into the ${options.scope} store and link the build there (restore with: rm ${shellWord(dest)} && ln -s ${shellWord(to)} ${shellWord(dest)})`]
          })
        )
      }
    } else if (info?.type === "file" && info.size < 4096 && (yield* gitLinkStandIn(dest, name, options.scope))) {
      // A clone made without symlinks (git's core.symlinks=false, Windows' default) checks skc's committed link out
      // as a file holding its target: every build refused it as "not a link made by skc" (a deployment probe).
      yield* warn(Warning.notice(`'${dest}' is git's stand-in for skc's link (a clone with core.symlinks=false): replaced by the link`))
      existing = "symlink"
    } else if (info !== undefined) {
      const manifest = info.type === "directory"
        ? yield* fs.readFileString(path.join(dest, META_DIR, MANIFEST_FILE)).pipe(
            Effect.map(parseManifest),
            // Recovery: a copy whose manifest cannot be read or parsed is not ours, so it counts as "other" (refused without --force).
            Effect.orElseSucceed(() => undefined)
          )
        : undefined
      existing = manifest?.skill === name ? "copy" : "other"
      // An adoption (`skc build .claude/skills/x --force`) killed after copying the directory into the store and
      // before linking: the store's copy resolved by the name, E002 said "run 'skc build x'", and that build
      // refused the directory and asked for --force "(its contents will be deleted)" (a kill -9 probe). Files
      // identical to the store's lose nothing: the link takes their place, as the adoption would have.
      if (existing === "other" && !options.force && options.source !== undefined && info.type === "directory" && (yield* sameFiles(dest, options.source))) {
        yield* warn(Warning.notice(`'${dest}' holds the same files as the ${options.scope} store's '${name}' (an adoption interrupted earlier): replaced by skc's link`))
        plans.push({ target: t.label, path: dest, existing })
        continue
      }
      // Adopting with --force (`skc build .claude/skills/x --force`): the directory's files go to the store first,
      // but an import copies the skill's files only (no `.git`, no name that is not UTF-8, no FIFO), and what it
      // leaves was deleted with the directory (a hostile probe: a clone's .git gone). Refused, naming them.
      if (existing === "other" && options.force && options.importing !== undefined && info.type === "directory") {
        // Recovery: a destination whose real path cannot be read is not the imported directory.
        const real = yield* fs.realPath(dest).pipe(Effect.orElseSucceed(() => undefined))
        const left = real === options.importing ? yield* notImported(dest) : []
        if (left.length > 0) {
          return yield* Effect.fail(
            new UsageError({
              message: `'${dest}' holds what an import does not copy into the ${options.scope} store (${shownList(left)}), which --force would delete with the directory`,
              detail: [`move ${left.length === 1 ? "it" : "them"} out of '${dest}', then run the build again (or copy the skill into the store yourself and run: skc build ${name})`]
            })
          )
        }
      }
      if (existing === "other" && !options.force) {
        // Adopting a skill kept in an agent directory (`skc build .claude/skills/pdf`): the destination is the
        // very directory being imported. Its files go to the store first, so --force loses none of them.
        // Recovery: a destination whose real path cannot be read is refused as any other directory.
        const real = options.importing === undefined ? undefined : yield* fs.realPath(dest).pipe(Effect.orElseSucceed(() => undefined))
        return yield* Effect.fail(
          real !== undefined && real === options.importing
            ? new UsageError({
                message: `'${dest}' is the skill this build imports, and skc's link to the build would take its place`,
                detail: [`run it again with --force: its files are copied into the ${options.scope} store first, then the directory is replaced by the link`]
              })
            : new UsageError({
                message: `'${dest}' already exists and is not a link made by skc`,
                detail: ["use --force to replace it (its contents will be deleted)"]
              })
        )
      }
    }
    plans.push({ target: t.label, path: dest, existing })
  }
  return plans
})

/**
 * What an import of `dir` leaves behind (`importSkill` copies the scanned tree's files): paths from `dir` of
 * `.git` and the like, names that are not UTF-8, FIFOs, sockets and devices. A link leading out of the skill
 * is E012's, not listed here.
 */
const notImported = Effect.fnUntraced(function* (dir: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const tree = yield* scanSourceTree(dir, { onEscape: "skip" })
  const copied = new Set<string>([...tree.files.map((f) => f.path), ...tree.dirs, ...tree.escaping])
  const left: Array<string> = []
  const walk = (abs: string, rel: string): Effect.Effect<void, FsError> =>
    Effect.gen(function* () {
      for (const entry of yield* fs.readDir(abs)) {
        const at = rel === "" ? entry.name : `${rel}/${entry.name}`
        // An editor's swap or backup file is no part of a skill (isEditorArtifact): an open vim must not block adoption.
        if (!copied.has(at) && !isEditorArtifact(entry.name)) left.push(at)
        else if (entry.type === "directory") yield* walk(path.join(abs, entry.name), at)
      }
    })
  yield* walk(dir, "").pipe(Effect.mapError(fsInternal))
  return left
})

/**
 * Whether the file at `dest` is what git writes for a symbolic link where it makes none: the link's text alone,
 * here naming this skill's runtime directory (relative to the file's directory, or absolute).
 */
const gitLinkStandIn = Effect.fnUntraced(function* (dest: string, name: string, scope: "project" | "global") {
  const fs = yield* FileSystem
  const path = yield* Path
  const { stores } = yield* Settings
  const runtimeStore = scope === "global" ? stores.globalRuntime : stores.projectRuntime
  if (runtimeStore === undefined) return false
  // Recovery: a file that cannot be read is no stand-in; it is refused as any other.
  const text = yield* fs.readFileString(dest).pipe(Effect.orElseSucceed(() => undefined))
  if (text === undefined || text.includes("\n") || text.trim() === "") return false
  return path.resolve(path.dirname(dest), text) === path.join(runtimeStore, name)
})

/** Whether two directories hold the same files, byte for byte (their source hashes); false when either cannot be read. */
const sameFiles = (a: string, b: string) =>
  Effect.gen(function* () {
    const [x, y] = [yield* currentSourceHash(a), yield* currentSourceHash(b)]
    return x.hash === y.hash
  }).pipe(
    // Recovery: a directory that cannot be read or hashed is not known to be a copy: refused as before.
    Effect.orElseSucceed(() => false)
  )

/**
 * The stub and the manifest into `dest` (logs and indexes stay in the SSOT), each written whole through a
 * rename: the manifest first, so that a copy whose stub could not be written yet is still recognised as
 * skc's by the next build, which refreshes it.
 */
const copyRuntime = Effect.fnUntraced(function* (runtimeDir: string, dest: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  yield* fs.makeDirectory(path.join(dest, META_DIR), { recursive: true })
  for (const file of [path.join(META_DIR, MANIFEST_FILE), "SKILL.md"]) {
    yield* fs.writeFileAtomic(path.join(dest, file), yield* fs.readFile(path.join(runtimeDir, file)))
  }
})

/** The entries of skc's copy at `dest` besides its stub and metadata (first 5 in the message). */
const handFiles = (dest: string) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const entries = yield* fs.readDir(dest).pipe(unseenAs([]))
    return entries.map((e) => e.name).filter((n) => n !== "SKILL.md" && n !== META_DIR).sort()
  })

const shownList = (names: ReadonlyArray<string>): string => (names.length <= 5 ? names.join(", ") : `${names.slice(0, 5).join(", ")} and ${names.length - 5} more`)

/**
 * Whether the copy's SKILL.md differs from the runtime's stub while both were built from the same source
 * (their manifests' `source_hash`): then the difference is a hand's, not a new build's.
 */
const editedByHand = (dest: string, runtimeDir: string) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const path = yield* Path
    const read = (dir: string, file: string) => fs.readFileString(path.join(dir, file)).pipe(unseenAs(undefined))
    const [copyManifest, runtimeManifest] = [yield* read(dest, path.join(META_DIR, MANIFEST_FILE)), yield* read(runtimeDir, path.join(META_DIR, MANIFEST_FILE))]
    const [a, b] = [copyManifest === undefined ? undefined : parseManifest(copyManifest), runtimeManifest === undefined ? undefined : parseManifest(runtimeManifest)]
    if (a === undefined || b === undefined || a.source_hash !== b.source_hash) return false
    const [mine, built] = [yield* read(dest, "SKILL.md"), yield* read(runtimeDir, "SKILL.md")]
    return mine !== undefined && built !== undefined && mine !== built
  })

/** Codes of a rename onto a directory entry that is there now. */
const OCCUPIED: ReadonlySet<string> = new Set(["EEXIST", "ENOTEMPTY", "EISDIR", "ENOTDIR", "EPERM"])

/**
 * A first copy at `dest`: its directory appears with its manifest already in it (made beside it, then
 * renamed into place), so a concurrent build finds skc's copy, never a bare directory it would refuse as
 * someone else's; then its stub. What is staged holds no SKILL.md, so an entry a kill leaves beside the
 * skill is no skill to an agent that lists hidden directories (OpenCode); the next deployment of the skill
 * removes it. A copy another build put in place meanwhile is refreshed instead; a link, left as it is.
 */
const freshCopy = Effect.fnUntraced(function* (runtimeDir: string, dest: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const staging = yield* besidePath(dest, "deploy")
  const dropStaging = fs.remove(staging, { recursive: true }).pipe(Effect.ignore)
  yield* fs.makeDirectory(path.join(staging, META_DIR), { recursive: true }).pipe(Effect.tapError(() => dropStaging))
  const manifest = path.join(META_DIR, MANIFEST_FILE)
  yield* fs.writeFileAtomic(path.join(staging, manifest), yield* fs.readFile(path.join(runtimeDir, manifest))).pipe(Effect.tapError(() => dropStaging))
  const placed = yield* fs.rename(staging, dest).pipe(
    Effect.as(true),
    Effect.catchIf((e) => OCCUPIED.has(e.code), () => Effect.succeed(false)),
    Effect.tapError(() => dropStaging)
  )
  if (!placed) {
    yield* dropStaging
    if ((yield* fs.lstatOption(dest))?.type === "symlink") return
    return yield* copyRuntime(runtimeDir, dest)
  }
  yield* fs.writeFileAtomic(path.join(dest, "SKILL.md"), yield* fs.readFile(path.join(runtimeDir, "SKILL.md")))
})

/** How old a staged first copy must be to count as one a killed build left (a live one lives milliseconds). */
const STAGING_STALE_MS = 10 * 60_000

/** Link failures a copy would meet as well: the copy fallback is for file systems without links, not these. */
const NO_WRITE: ReadonlySet<string> = new Set(["EROFS", "EACCES", "ENOSPC", "EDQUOT"])

export const deploy = Effect.fnUntraced(function* (runtimeDir: string, plan: PlannedDeployment, options: { readonly copy: boolean; readonly force?: boolean }) {
  const fs = yield* FileSystem
  const path = yield* Path
  const env = yield* Env
  // RFC-0005: an IO failure is E999, with the system's reason (its code, else its message) and what was being done.
  const cannot = (e: FsError) =>
    // The operation, not its path: that may be the runtime copied from.
    new InternalError({ message: `cannot deploy to '${plan.path}' (${e.op}): ${ioReason(e)}`, cause: e })
  const replaced: Deployment["replaced"] =
    plan.existing === "none" ? "none" : plan.existing === "other" ? "forced" : plan.existing
  const linkType = env.platform === "win32" ? ("junction" as const) : ("dir" as const)
  // DECISIONS #46: a link inside the project tree is relative, so the committed tree works in every clone.
  // (Junctions take absolute paths.)
  const { stores } = yield* Settings
  const root = stores.projectRoot
  const inside = (p: string) => root !== undefined && !path.relative(root, p).startsWith("..") && !path.isAbsolute(path.relative(root, p))
  // A relative link is resolved from the directory that really holds it: an agent directory that is itself a
  // link (`.claude/skills -> ../config/ai/skills`, a dotfiles manager's layout) holds it two levels deeper
  // than its path says, and `../../.skillc/runtime/x` written from the path reached nothing (the build said
  // "Built", discover "not built", and the next build kept the same broken link). Made first, so its real
  // place is known; held outside the project, the link is absolute.
  yield* fs.makeDirectory(path.dirname(plan.path), { recursive: true }).pipe(Effect.mapError(cannot))
  // Recovery: a holder whose real path cannot be read is taken as written (the link then as before).
  const holder = yield* fs.realPath(path.dirname(plan.path)).pipe(Effect.orElseSucceed(() => path.dirname(plan.path)))
  const target = linkType === "dir" && inside(runtimeDir) && inside(plan.path) && inside(holder) ? path.relative(holder, runtimeDir) : runtimeDir
  // What a killed first copy left beside the skill (a staged directory holding its manifest alone), whatever
  // this deployment then does.
  yield* removeStaleBeside(path.dirname(plan.path), path.basename(plan.path), ["deploy"], STAGING_STALE_MS)
  // The link already there says exactly what a new one would: nothing to write (an agent directory
  // mounted read-only, or shared by a team, still builds).
  if (!options.copy && plan.existing === "symlink") {
    // Recovery: a link that cannot be read is replaced as before.
    const current = yield* fs.readLink(plan.path).pipe(Effect.orElseSucceed(() => undefined))
    if (current === target) {
      const kept: Deployment = { target: plan.target, path: plan.path, method: linkType === "junction" ? "junction" : "symlink", replaced }
      return kept
    }
  }
  // (Past the unchanged link above: said when the link is made or changed, not at every build.)
  // A project build whose agent directory is a link out of the project (`.claude/skills -> ../../shared/skills`):
  // the link made there is every sharing project's, and each one's build replaced the other's without a word,
  // its agents then reading the other project's skill (a team-layout probe). Said, and so is a replaced link to
  // another build of the skill.
  // Only a directory the project names (its path inside the project) that really lies outside it: a target the
  // user named outside the project (`--target ~/agents/skills`) is theirs, and the warning then read
  // "'/x' is '/x', outside the project" (a fresh-machine probe).
  if (inside(runtimeDir) && inside(path.dirname(plan.path)) && !inside(holder)) {
    yield* warn(Warning.notice(`'${path.dirname(plan.path)}' is '${holder}', outside the project: the link made there is shared by every project reading that directory, and another project's build of '${path.basename(plan.path)}' replaces it`))
    if (plan.existing === "symlink") {
      // Recovery: a link that cannot be followed is no other build's.
      const was = yield* fs.realPath(plan.path).pipe(Effect.orElseSucceed(() => undefined))
      // Recovery: a runtime whose real path cannot be read is compared as written.
      const mine = yield* fs.realPath(runtimeDir).pipe(Effect.orElseSucceed(() => runtimeDir))
      if (was !== undefined && was !== mine) yield* warn(Warning.notice(`'${plan.path}' led to '${was}', another build of '${path.basename(plan.path)}': replaced by this project's`))
    }
  }
  // An earlier skc copy replaced by a copy is refreshed in place, a file at a time through a rename
  // (`copyRuntime`): a full disk or a kill mid-copy leaves the working copy. Removing it first had left a stub
  // without its manifest, which the next build refused. No copy of a SKILL.md is ever staged beside the
  // destination: an agent directory is read by agents that list hidden directories too (OpenCode), and a
  // kill would leave them a second copy of the skill (`freshCopy`).
  const refreshInPlace = options.copy && plan.existing === "copy"
  // What a hand put into skc's copy (DECISIONS #38: a build never deletes what it does not deploy): files of
  // its own are refused a link's place without --force, and left beside a refreshed copy with a word; an
  // edit to its SKILL.md the build replaces is said. A probe's `mine.md` stayed without a word beside a
  // SKILL.md whose edit was gone, and the next link build deleted both.
  if (plan.existing === "copy") {
    const extra = yield* handFiles(plan.path)
    const edited = yield* editedByHand(plan.path, runtimeDir)
    // A link in the copy's place deletes both: refused without --force (a hostile probe lost an edited SKILL.md so).
    if ((extra.length > 0 || edited) && !refreshInPlace && options.force !== true) {
      const what = [...(edited ? ["a SKILL.md edited by hand since the last build"] : []), ...(extra.length > 0 ? [`files skc did not put there (${shownList(extra)})`] : [])].join(" and ")
      return yield* Effect.fail(
        new UsageError({
          message: `'${plan.path}' is skc's copy of the skill but holds ${what}, which a link in its place would delete`,
          detail: ["move what you wrote into the skill's source (or elsewhere), or use --force to replace the directory (it will be deleted), or build with --copy to keep the copy"]
        })
      )
    }
    if (extra.length > 0 && refreshInPlace) yield* warn(Warning.notice(`'${plan.path}' holds files skc did not put there (${shownList(extra)}): left as they are beside the refreshed copy; a skill's files belong in its source`))
    if (refreshInPlace && edited) yield* warn(Warning.notice(`'${path.join(plan.path, "SKILL.md")}' was edited by hand since the last build: replaced by the build's; edit the skill's source instead`))
  }
  if (plan.existing !== "none" && !refreshInPlace) {
    yield* fs.remove(plan.path, { recursive: plan.existing !== "symlink" }).pipe(Effect.mapError(cannot))
  }
  let method: DeployMethod = "copy"
  /** Why the link could not be made, said once the copy in its place is made (a copy that then failed was "copied instead"). */
  let linkRefused: string | undefined
  if (!options.copy) {
    const linked = yield* fs.symlink(target, plan.path, linkType).pipe(
      Effect.as(true),
      Effect.catch((e) =>
        Effect.gen(function* () {
          // Another build of the same skill made the same link meanwhile (concurrent first builds): it is this
          // build's link. Before, it was "copied instead", and the copy went through that link onto the runtime.
          if (e.code === "EEXIST") {
            // Recovery: a link that cannot be read is no link this build made; the copy fallback follows.
            const there = yield* fs.readLink(plan.path).pipe(Effect.orElseSucceed(() => undefined))
            if (there === target) return true
          }
          // A directory no file can be written to (read-only, not ours, full) takes no copy either: say why, not what the copy then hit.
          if (NO_WRITE.has(e.code)) return yield* Effect.fail(cannot(e))
          linkRefused = e.code
          return false
        })
      )
    )
    if (linked) method = linkType === "junction" ? "junction" : "symlink"
  }
  if (method === "copy") yield* (refreshInPlace ? copyRuntime(runtimeDir, plan.path) : freshCopy(runtimeDir, plan.path)).pipe(Effect.mapError(cannot))
  if (linkRefused !== undefined) yield* warn(Warning.notice(`cannot link '${plan.path}' (${linkRefused}); copied instead, so rebuild after each change`))
  const result: Deployment = { target: plan.target, path: plan.path, method, replaced }
  return result
})

/**
 * The directory a target deploys to: the project's agent directory for a project build, else the
 * user-level one where the agent reads it. Claude Code reads `~/.claude` at `$CLAUDE_CONFIG_DIR` when
 * that is set (CHANGELOG 1.0.6), so a global build there went to a directory Claude Code never read.
 */
const targetDir = Effect.fnUntraced(function* (t: TargetSpec, scope: "project" | "global", projectRoot: string | undefined) {
  const path = yield* Path
  const env = yield* Env
  const builtin = t.agent === undefined ? undefined : AGENT_SKILL_DIRS[t.agent]
  if ((scope === "global" || projectRoot === undefined) && t.agent !== undefined && builtin !== undefined && isProfileName(t.agent) && t.dir === `~/${builtin.user}`) {
    return (yield* agentUserPath(t.agent, builtin.user)).path
  }
  return deploymentDir(t, { scope, projectRoot }, env.home, path.join)
})

/**
 * What a project build finds of the skill under the home's agent directories (one look at each target's
 * user-level entry):
 * - `oldLinks`: links that still point at this project's runtime (deployed before DECISIONS #9 was
 *   revised). They are reported, never removed: the user may rely on them.
 * - `userFirst`: other copies of the skill (a link elsewhere, a copy, a folder) in the user directory of
 *   an agent whose own order puts the user's skills first (Claude Code: "enterprise > personal >
 *   project"): that agent lists them instead of the one just deployed.
 */
/**
 * The agent profile of `t` when that agent lists the user's copy of a name before the project's (Claude
 * Code); undefined otherwise, and for the `agents` target (.agents/skills), which is no profile of its own.
 */
const userFirstProfile = (t: TargetSpec) => {
  if (t.agent === undefined || !isProfileName(t.agent)) return undefined
  const profile = profileOf(t.agent)
  const rank = profile.dirs.scopeRank
  return rank !== undefined && rank.user <= rank.project ? profile : undefined
}

/**
 * A global build of a project's skill (`skc build my-skill --global`): the project's own deployments of the
 * name in the agent directories whose agent lists the user's copy first (Claude Code). The copy just put under
 * the home now hides each of them in this project, which only a later project build used to say (a
 * README-truth probe). Empty outside a project.
 */
export const shadowedProjectCopies = Effect.fnUntraced(function* (targets: ReadonlyArray<TargetSpec>, name: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const { stores } = yield* Settings
  const shadowed: Array<{ readonly path: string; readonly title: string }> = []
  if (stores.projectRoot === undefined) return shadowed
  for (const t of targets) {
    const profile = userFirstProfile(t)
    if (profile === undefined) continue
    const dest = path.resolve(stores.cwd, path.join(yield* targetDir(t, "project", stores.projectRoot), name))
    if ((yield* fs.lstatOption(dest).pipe(unseenAs(undefined))) !== undefined) shadowed.push({ path: dest, title: profile.title })
  }
  return shadowed
})

export const homeCopies = Effect.fnUntraced(function* (targets: ReadonlyArray<TargetSpec>, name: string, runtimeDir: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const env = yield* Env
  const oldLinks: Array<string> = []
  const userFirst: Array<{ readonly path: string; readonly title: string }> = []
  const runtime = yield* fs.realPath(runtimeDir).pipe(unseenAs(runtimeDir))
  for (const t of targets) {
    if (t.agent === undefined) continue
    const dest = path.join(yield* targetDir(t, "global", undefined), name)
    const info = yield* fs.lstatOption(dest).pipe(unseenAs(undefined))
    if (info === undefined) continue
    const real = yield* fs.realPath(dest).pipe(unseenAs(undefined))
    if (real === runtime) {
      if (info.type === "symlink") oldLinks.push(dest)
      continue
    }
    const profile = userFirstProfile(t)
    if (profile !== undefined) userFirst.push({ path: dest, title: profile.title })
  }
  return { oldLinks, userFirst }
})
