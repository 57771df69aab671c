/**
 * After a project build deployed: skc's own links to the built skills' runtimes that an earlier build
 * left in the project's other known target directories (`.claude/skills/pdf` after `--target agents`),
 * said once (src/domain/staleLinks.ts). A warning when an agent then finds a skill twice (the agent
 * profiles say who reads which directory, as for the build's own targets: targetOverlap.ts); with
 * `-v` otherwise. Nothing is removed (DECISIONS #38: a build never deletes what it does not deploy).
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { SHARED_TARGET } from "../../domain/agents/index.js"
import { Warning } from "../../domain/errors.js"
import { describeStaleLinks, type StaleLink } from "../../domain/staleLinks.js"
import { MANIFEST_FILE, META_DIR, parseManifest } from "../../domain/manifest.js"
import { seenTwice, targetOverlap, type DeployedDir } from "../../domain/targetOverlap.js"
import { AGENT_SKILL_DIRS, DEFAULT_TARGET } from "../../domain/targets.js"
import { verbose, warn } from "../../ports/Diagnostics.js"
import { Env } from "../../ports/Env.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { displayPath } from "../skills/index.js"
import { shellWord } from "../../domain/shellWord.js"
import { Settings } from "../shared/index.js"
import { agentReads, deployedDirs, dirShower, skillsWho } from "./targetOverlap.js"

/** The project's known target directories (absolute), each with the target words naming it (`agents` first for `.agents/skills`). */
const knownDirs = (root: string, join: (...p: Array<string>) => string, level: "project" | "user" = "project"): ReadonlyArray<DeployedDir> => {
  const byDir = new Map<string, Array<string>>()
  for (const [label, dirs] of Object.entries(AGENT_SKILL_DIRS)) {
    const dir = join(root, ...dirs[level].split("/"))
    byDir.set(dir, [...(byDir.get(dir) ?? []), label])
  }
  // The shared directory is the `agents` target's (DECISIONS #53): named so, not after the first agent reading it.
  return [...byDir].map(([dir, labels]) => ({ dir, labels: [...labels.filter((l) => l === SHARED_TARGET), ...labels.filter((l) => l !== SHARED_TARGET)] }))
}

/** One skill's links to `runtimeDir` in the known directories `deployedDirs` leaves out. */
const staleLinksOf = Effect.fnUntraced(function* (skill: string, runtimeDir: string, deployedDirs: ReadonlyArray<string>, known: ReadonlyArray<DeployedDir>) {
  const fs = yield* FileSystem
  const path = yield* Path
  const runtime = yield* fs.realPath(runtimeDir).pipe(unseenAs(runtimeDir))
  const found: Array<StaleLink> = []
  for (const dir of known) {
    if (deployedDirs.includes(dir.dir)) continue
    const link = path.join(dir.dir, skill)
    // Links only: a copy or a folder there may be anyone's (a copy skc made is refreshed by the build that targets it).
    if ((yield* fs.lstatOption(link).pipe(unseenAs(undefined)))?.type !== "symlink") continue
    if ((yield* fs.realPath(link).pipe(unseenAs(undefined))) === runtime) found.push({ skill, link, dir })
  }
  return found
})

/**
 * Say (once for the call) which of the `built` skills' runtimes are still linked from known target
 * directories of the project this build did not deploy to. `given`: the `--target` of the call
 * (undefined: the configuration's `[build] targets`, else claude).
 */
export const warnStaleLinks = Effect.fnUntraced(function* (
  built: ReadonlyArray<{ readonly skill: string; readonly runtime: string; readonly deployments: ReadonlyArray<{ readonly target: string; readonly path: string }> }>,
  given: string | undefined
) {
  const path = yield* Path
  const { stores, config } = yield* Settings
  if (stores.projectRoot === undefined || built.length === 0) return
  const known = knownDirs(stores.projectRoot, path.join)
  const deployed = yield* deployedDirs(built[0]!.deployments)
  const links: Array<StaleLink> = []
  for (const b of built) links.push(...(yield* staleLinksOf(b.skill, b.runtime, b.deployments.map((d) => path.dirname(d.path)), known)))
  if (links.length === 0) return
  const staleDirs = links.map((l) => l.dir).filter((d, i, all) => all.indexOf(d) === i)
  const agents = yield* agentReads("project")
  // Who finds a skill twice because of a link left: an agent reading one of them and another place it is.
  const affected = seenTwice([...deployed, ...staleDirs], agents).filter((t) => t.seen.some((d) => staleDirs.includes(d)))
  // Keeping the links as targets is offered only when that build would not warn in turn (its targets one
  // agent reads twice, some of which could go): then the way out is removing them.
  const union = targetOverlap([...staleDirs, ...deployed], agents)
  const fromConfig = given === undefined && config.buildTargets.length > 0
  const current = given ?? (fromConfig ? config.buildTargets.join(",") : DEFAULT_TARGET)
  const staleLabels = staleDirs.map((d) => d.labels[0]!)
  const keepWith =
    union?._tag === "Droppable"
      ? undefined
      : fromConfig
        ? `add ${staleLabels.join(", ")} to [build] targets`
        : `build with --target ${[...current.split(",").map((w) => w.trim()), ...staleLabels].join(",")}`
  const skills = [...new Set(links.map((l) => l.skill))]
  // A link can go when every agent reading its directory still finds the skill: where this build deployed,
  // or in a link kept for an agent that reads none of those. Per skill, the links to keep are chosen for the
  // agents this build deploys nowhere for, the one most of them read first: `.agents/skills` serves Codex and
  // Gemini CLI both, so `.gemini/skills` can go (it was kept, and Gemini CLI still found the skill twice).
  const deployedPaths = deployed.map((d) => d.dir)
  const readsElsewhere = (a: (typeof agents)[number]) => a.dirs.some((d) => deployedPaths.includes(d))
  const kept = new Set<StaleLink>()
  const onlyReaders = new Set<string>()
  for (const skill of skills) {
    const own = links.filter((l) => l.skill === skill)
    const uncovered = new Set(agents.filter((a) => !readsElsewhere(a) && own.some((l) => a.dirs.includes(l.dir.dir))))
    for (const a of uncovered) onlyReaders.add(a.title)
    while (uncovered.size > 0) {
      const reach = (l: StaleLink) => [...uncovered].filter((a) => a.dirs.includes(l.dir.dir)).length
      const best = own.filter((l) => !kept.has(l)).reduce<StaleLink | undefined>((b, l) => (b === undefined || reach(l) > reach(b) ? l : b), undefined)
      if (best === undefined || reach(best) === 0) break
      kept.add(best)
      for (const a of [...uncovered]) if (a.dirs.includes(best.dir.dir)) uncovered.delete(a)
    }
  }
  const removable = links.filter((l) => !kept.has(l))
  const message = describeStaleLinks({
    removable,
    onlyReaders: [...onlyReaders],
    links,
    affected,
    keepWith,
    who: skillsWho(skills),
    show: yield* dirShower("project"),
    fromCwd: (p) => displayPath(stores.cwd, p, path)
  })
  // No agent finds a skill twice: the links are harmless, said with --verbose only.
  if (affected.length === 0) yield* verbose(message)
  else yield* warn(Warning.notice(message))
})

/** Whether a runtime's manifest names the source directory it was built from, and that directory's SKILL.md is there. */
const builtFromElsewhere = Effect.fnUntraced(function* (runtime: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  // Recovery: an unreadable or foreign manifest names no source, and the runtime is judged by the store alone.
  const manifest = yield* fs.readFileString(path.join(runtime, META_DIR, MANIFEST_FILE)).pipe(
    Effect.map(parseManifest),
    Effect.orElseSucceed(() => undefined)
  )
  if (manifest?.source_path === undefined || manifest.skill !== path.basename(runtime)) return false
  return (yield* fs.statOption(path.join(manifest.source_path, "SKILL.md")).pipe(unseenAs(undefined)))?.type === "file"
})

/**
 * `skc build --all` in a project (or `--global`): skc's links in the project's known target directories (the
 * home's, for the global store) to a runtime whose skill is no longer in the store (its folder deleted or
 * renamed). Agents still load the old stub through them and nothing said so (a deploy probe: `discover`
 * listed it as any other skill; an author's probe: `build --all --global` said "0 skills" and nothing of
 * `~/.claude/skills/gx`). Said with the commands that remove the links and the runtime; nothing is removed
 * (DECISIONS #38).
 */
export const warnOrphanedLinks = Effect.fnUntraced(function* (scope: "project" | "global" = "project") {
  const fs = yield* FileSystem
  const path = yield* Path
  const { stores } = yield* Settings
  const where =
    scope === "global"
      ? { root: (yield* Env).home, level: "user" as const, runtimeDir: stores.globalRuntime, store: stores.globalSkills, storeName: "the global store" }
      : stores.projectRoot === undefined || stores.projectRuntime === undefined || stores.projectSkills === undefined
        ? undefined
        : { root: stores.projectRoot, level: "project" as const, runtimeDir: stores.projectRuntime, store: stores.projectSkills, storeName: "the project store" }
  if (where === undefined) return
  const runtime = yield* fs.realPath(where.runtimeDir).pipe(unseenAs(undefined))
  if (runtime === undefined) return
  const orphans: Array<{ readonly link: string; readonly name: string }> = []
  const broken: Array<string> = []
  for (const d of knownDirs(where.root, path.join, where.level)) {
    for (const e of yield* fs.readDir(d.dir).pipe(unseenAs([]))) {
      if (e.type !== "symlink") continue
      const link = path.join(d.dir, e.name)
      const real = yield* fs.realPath(link).pipe(unseenAs(undefined))
      if (real === undefined) {
        // A link to a runtime that is gone with its source (both removed by hand): agents list a skill they
        // cannot load, `discover` said "not built: run skc build --all", which never mends it (a build probe).
        const target = yield* fs.readLink(link).pipe(unseenAs(undefined))
        const into = target === undefined ? undefined : path.dirname(path.resolve(path.dirname(link), target))
        const skillMd = path.join(where.store, e.name, "SKILL.md")
        if ((into === where.runtimeDir || into === runtime) && (yield* fs.statOption(skillMd).pipe(unseenAs(undefined))) === undefined) broken.push(link)
        continue
      }
      if (path.dirname(real) !== runtime) continue
      const name = path.basename(real)
      // Orphaned only when its SKILL.md is known to be gone: a skill this user cannot read (a teammate's, made
      // under umask 077) is there, and the advice to remove its links and runtime broke the teammate's deploy.
      const skillMd = yield* fs.statOption(path.join(where.store, name, "SKILL.md")).pipe(
        Effect.map((i) => (i === undefined ? "absent" : i.type === "file" ? "present" : "absent")),
        Effect.catchTag("FsError", (e) => Effect.succeed(e.code === "ENOENT" || e.code === "ENOTDIR" ? "absent" : "unreadable"))
      )
      if (skillMd !== "absent") continue
      // A skill of another store built into this runtime (`skc build <project skill> --global`) has its source
      // where its manifest says: not an orphan while that SKILL.md is there (a deployment probe: every global
      // build advised removing the links that build had just made).
      if (yield* builtFromElsewhere(real)) continue
      orphans.push({ link, name })
    }
  }
  const shown = (p: string) => shellWord(displayPath(stores.cwd, p, path))
  if (broken.length > 0) {
    yield* warn(
      Warning.notice(
        `${broken.map((l) => displayPath(stores.cwd, l, path)).join(", ")} ${broken.length === 1 ? "is a link" : "are links"} to a runtime that is gone, ` +
          `of a skill no longer in ${where.storeName}: agents list a skill they cannot load; remove ${broken.length === 1 ? "it" : "them"} (rm ${broken.map(shown).join(" ")})`
      )
    )
  }
  if (orphans.length === 0) return
  const names = [...new Set(orphans.map((o) => o.name))]
  const runtimes = names.map((n) => path.join(where.runtimeDir, n))
  // A runtime holds its skill's only access log: the advice removed a renamed skill's whole read history without
  // a word (a team-server probe: about 200 reads of two users). Said, with the command that still reads it.
  const logged: Array<string> = []
  for (const r of runtimes) if ((yield* fs.statOption(path.join(r, ".skillc-meta", "logs.db")).pipe(unseenAs(undefined)))?.type === "file") logged.push(r)
  const history =
    logged.length === 0
      ? `; remove ${orphans.length === 1 ? "it" : "them"} (rm ${orphans.map((o) => shown(o.link)).join(" ")}; rm -r ${runtimes.map(shown).join(" ")})`
      : `; remove the ${orphans.length === 1 ? "link" : "links"} (rm ${orphans.map((o) => shown(o.link)).join(" ")}). ` +
        `${logged.map(shown).join(", ")} ${logged.length === 1 ? "holds its" : "hold their"} access log (what agents read; ${logged.map((r) => `skc stats ${shown(r)}`).join(", ")} still reads it): ` +
        `remove ${runtimes.length === 1 ? "the runtime" : "the runtimes"} once ${logged.length === 1 ? "it is" : "they are"} no longer wanted (rm -r ${runtimes.map(shown).join(" ")})`
  yield* warn(
    Warning.notice(
      `${orphans.map((o) => displayPath(stores.cwd, o.link, path)).join(", ")} still ${orphans.length === 1 ? "deploys" : "deploy"} ${names.map((n) => `'${n}'`).join(", ")}, ` +
        `whose source is no longer in ${where.storeName} (its folder deleted or renamed): agents load the old stub${history}`
    )
  )
})
