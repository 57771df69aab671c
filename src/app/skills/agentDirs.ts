/**
 * The agent skill directories as a skill source (DECISIONS #38,
 * RFC-0007:C-RESOLUTION): after the project and global stores, a name
 * resolves through the directories agents read skills from, in this one
 * documented order:
 *
 * 1. project level: for the cwd and each ancestor, nearest first (the home
 *    directories excluded: their agent directories are the user level), each
 *    agent of `AGENTS` in order (claude, codex, copilot, cursor, gemini,
 *    kiro, opencode, trae, amp, agentskills), each directory its profile
 *    reads there, `<dir>/<agent project dir>` (so `.agents/skills` comes
 *    with codex, right after `.claude/skills`; a directory is visited once);
 *    From a linked git worktree, then the main checkout's directories of
 *    the agents that read them (Claude Code);
 * 2. user level: each agent in the same order, `<home>/<agent user dir>`
 *    (or where its profile's variable moves it: `$CLAUDE_CONFIG_DIR`);
 * 3. plugin level: `<plugin>/skills` for each plugin kept in a skills
 *    directory of an agent that loads such plugins (Claude Code), then
 *    `<plugin root>/skills` for each root of the config's
 *    `[discovery] plugin_dirs`, in the order resolved (project file first,
 *    then the global file). Plugin skills are foreign unless skc deployed
 *    them (scope `plugin`).
 *
 * An entry there is either a skc deployment (its real directory holds
 * `.skillc-meta/manifest.json`): it stands for the manifest's source and
 * runtime; or a foreign skill (installed by another tool, a plugin, copied
 * by hand): its own directory is the source, never written to, and its
 * runtime data (index, access log) lives in the cache
 * `$SKILLC_HOME/.skillc/cache/<name>-<hash8 of its real path>/`.
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { MANIFEST_FILE, META_DIR, parseManifest, type Manifest } from "../../domain/manifest.js"
import { AGENTS, projectSkillsDirs, userSkillsDirs, type Agent } from "../../domain/protocol/agents.js"
import { SHARED_SKILLS_DIR, SHARED_TARGET } from "../../domain/agents/index.js"
import { validateSkillSource } from "../../domain/protocol/metadata.js"
import { Env } from "../../ports/Env.js"
import { FileSystem, isRegularFile, unseenAs } from "../../ports/FileSystem.js"
import { Hasher } from "../../ports/Hasher.js"
import { homeDirs, Settings } from "../shared/index.js"
import { agentUserPath, extraConfigDirs } from "./agentUserDirs.js"
import { mainCheckoutAbove } from "./gitWorktree.js"
import { pluginsIn } from "./pluginLayout.js"
import { profileOf } from "../../domain/agents/index.js"

export type AgentDirScope = "agent-project" | "agent-user" | "plugin"

export interface AgentSkillsRoot {
  readonly scope: AgentDirScope
  /** The agent the directory belongs to; `agents` for the shared `.agents/skills` (DECISIONS #53); `plugin` for a plugin root. */
  readonly agent: Agent | "agents" | "plugin"
  /** The agent skills directory, e.g. `<project>/.claude/skills`. */
  readonly dir: string
}

/** The shared `.agents/skills` is no one agent's: it is named `agents` (DECISIONS #53). */
const ownerOf = (agent: Agent, rel: string): Agent | "agents" => (rel === SHARED_SKILLS_DIR ? SHARED_TARGET : agent)

/** Every agent skills directory visible from the cwd, in resolution order (existing or not). */
export const agentSkillRoots = Effect.gen(function* () {
  const path = yield* Path
  const env = yield* Env
  const { stores, config } = yield* Settings
  const homes = new Set([path.resolve(env.home), path.resolve(env.realHome)])
  const roots: Array<AgentSkillsRoot> = []
  const seen = new Set<string>()
  const add = (scope: AgentDirScope, agent: AgentSkillsRoot["agent"], dir: string) => {
    if (seen.has(dir)) return
    seen.add(dir)
    roots.push({ scope, agent, dir })
  }
  for (let dir = stores.cwd; ; ) {
    if (!homes.has(dir)) for (const agent of AGENTS) for (const rel of projectSkillsDirs(agent)) add("agent-project", ownerOf(agent, rel), path.join(dir, ...rel.split("/")))
    const parent = path.dirname(dir)
    if (parent === dir) break
    dir = parent
  }
  // From a linked git worktree, the agents that read the main checkout's project skills (Claude Code,
  // CHANGELOG 2.1.47), after the worktree's own: as `skc discover` lists them, a name resolves there too.
  const main = yield* mainCheckoutAbove(stores.cwd)
  if (main !== undefined) {
    for (const agent of AGENTS) {
      if (profileOf(agent).dirs.mainWorktree !== true) continue
      for (const rel of projectSkillsDirs(agent)) add("agent-project", ownerOf(agent, rel), path.join(main, ...rel.split("/")))
    }
  }
  // The account's own (user-level) directories, unless only the project is served (`Stores.personal`).
  for (const agent of stores.personal ? AGENTS : []) {
    for (const rel of userSkillsDirs(agent)) add("agent-user", ownerOf(agent, rel), (yield* agentUserPath(agent, rel)).path)
    for (const d of yield* extraConfigDirs(agent)) add("agent-user", agent, d.path)
  }
  // Plugins kept in an agent's skills directory (`.claude/skills/<plugin>/.claude-plugin/plugin.json`,
  // Claude Code 2.1.157): their `skills/` at the plugin level, as discover lists them.
  for (const r of [...roots]) {
    if (r.agent === "plugin" || r.agent === SHARED_TARGET || profileOf(r.agent).dirs.pluginsInSkillsDirs !== true) continue
    for (const plugin of yield* pluginsIn(r.dir)) add("plugin", "plugin", path.join(plugin, "skills"))
  }
  // Config paths are absolute already (src/app/shared/Settings.ts); resolve keeps a stray relative one deterministic.
  for (const root of config.pluginDirs) add("plugin", "plugin", path.join(path.resolve(stores.cwd, root), "skills"))
  return roots as ReadonlyArray<AgentSkillsRoot>
})

/** What an entry `<agent dir>/<name>` stands for. */
export type AgentEntry =
  | {
      readonly _tag: "Deployed"
      /** The entry as found (a link, or skc's copy). */
      readonly entry: string
      readonly sourceDir: string
      readonly runtimeDir: string
    }
  | {
      readonly _tag: "Foreign"
      readonly entry: string
      /** Canonical path of the skill directory. */
      readonly canonicalDir: string
      readonly description: string
      /**
       * A stub skc deployed (it carries skc's manifest) whose source is neither at
       * `source_path` nor at `source_rel` in the project holding it (DECISIONS #46):
       * the source it was built from. Only the stub's own headings can be served.
       */
      readonly missingSource?: string
    }
  | { readonly _tag: "Missing" }
  /** A directory, but no SKILL.md (counts for E010) or invalid metadata. */
  | { readonly _tag: "NotASkill"; readonly entry: string; readonly reason: string }

/**
 * The file of a foreign skill's cache directory that names the skill it
 * belongs to: its real path, one line (issue 29 item 5).
 */
export const CACHE_OWNER_FILE = "skill_path"

/**
 * `$SKILLC_HOME/.skillc/cache/<name>-<hash8>`: a foreign skill's runtime
 * data, outside its directory (DECISIONS #38). Eight hex digits are 32 bits:
 * two skills of one name can share them. The directory records the real
 * path of the skill that wrote it first (`.skillc-meta/skill_path`,
 * `recordCacheOwner`); when it names another skill, this one's data lives in
 * `<name>-<hash16>` instead, so two skills never share an index or a log. A
 * directory without the record (written before it existed, or not yet
 * written) is this skill's. Never writes.
 */
export const foreignRuntimeDir = Effect.fnUntraced(function* (name: string, canonicalDir: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const hasher = yield* Hasher
  const { stores } = yield* Settings
  const hash = hasher.sha256Hex(canonicalDir)
  const short = path.join(foreignCacheDir(stores.globalDir, path), `${name}-${hash.slice(0, 8)}`)
  const owner = yield* fs.readFileString(path.join(short, META_DIR, CACHE_OWNER_FILE)).pipe(unseenAs(undefined))
  // An empty record is one whose write never finished (a full disk, a kill): not yet written.
  if (owner === undefined || owner === "" || owner.replace(/\n$/, "") === canonicalDir) return short
  return path.join(foreignCacheDir(stores.globalDir, path), `${name}-${hash.slice(0, 16)}`)
})

/** Where foreign skills' runtime directories live: `<home>/.skillc/cache` (DECISIONS #38). */
export const foreignCacheDir = (globalDir: string, path: Pick<Path, "join">): string => path.join(globalDir, "cache")

/** Whether `runtimeDir` is a foreign skill's cache directory (one `recordCacheOwner` records the owner of). */
export const inForeignCache = (runtimeDir: string, globalDir: string, path: Pick<Path, "join" | "dirname">): boolean =>
  path.dirname(runtimeDir) === foreignCacheDir(globalDir, path)

/**
 * Before skc writes into a foreign skill's cache directory (its index, its
 * log), record whose it is, once (`foreignRuntimeDir` reads it). Any other
 * runtime directory is left alone. Never fails: a cache that cannot be
 * written fails the write that follows, which has its own fallback.
 */
export const recordCacheOwner = Effect.fnUntraced(function* (runtimeDir: string, canonicalDir: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const { stores } = yield* Settings
  if (!inForeignCache(runtimeDir, stores.globalDir, path)) return
  const record = path.join(runtimeDir, META_DIR, CACHE_OWNER_FILE)
  if ((yield* fs.statOption(record)) !== undefined) return
  yield* fs.makeDirectory(path.dirname(record), { recursive: true })
  // Exclusive: when two first writers race, the record of the first stays. A write that failed after creating
  // the file (a full disk) takes it away again, so the next run records the owner.
  yield* fs.writeFile(record, `${canonicalDir}\n`, { exclusive: true }).pipe(
    Effect.tapError((e) => (e.code === "EEXIST" ? Effect.void : fs.remove(record).pipe(Effect.ignore)))
  )
}, (effect) => effect.pipe(Effect.catchCause(() => Effect.void)))

/** The runtime of a source in a `.skillc/skills` store: the sibling `.skillc/runtime/<name>`. */
const runtimeBesideSource = (sourceDir: string, path: Path): string | undefined => {
  const store = path.dirname(sourceDir)
  if (path.basename(store) !== "skills" || path.basename(path.dirname(store)) !== ".skillc") return undefined
  return path.join(path.dirname(store), "runtime", path.basename(sourceDir))
}

/**
 * The global runtime directory a copied stub (`--copy`) was copied from, when its manifest there is the
 * copy's own (the same build: source and build time): skc wrote it on this machine, in this user's store,
 * so unlike a committed stub's manifest its source may be trusted. Undefined otherwise.
 */
const copiedFromOwnRuntime = Effect.fnUntraced(function* (manifest: Manifest, entry: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const { stores } = yield* Settings
  const dir = path.join(stores.globalRuntime, path.basename(entry))
  const text = yield* fs.readFileString(path.join(dir, META_DIR, MANIFEST_FILE)).pipe(unseenAs(undefined))
  const own = text === undefined ? undefined : parseManifest(text)
  return own !== undefined && own.source_path === manifest.source_path && own.built_at === manifest.built_at ? dir : undefined
})

/** Classify `<agent dir>/<name>` (symlinks followed). Never writes. */
export const probeAgentEntry = Effect.fnUntraced(function* (entry: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const { stores } = yield* Settings
  const info = yield* fs.statOption(entry).pipe(unseenAs(undefined))
  if (info?.type !== "directory") return { _tag: "Missing" } as AgentEntry
  const real = yield* fs.realPath(entry).pipe(unseenAs(entry))
  const skillMd = path.join(real, "SKILL.md")
  if (!(yield* isRegularFile(skillMd))) return { _tag: "NotASkill", entry, reason: "missing SKILL.md" } as AgentEntry
  const manifestText = yield* fs.readFileString(path.join(real, META_DIR, MANIFEST_FILE)).pipe(unseenAs(undefined))
  const manifest = manifestText === undefined ? undefined : parseManifest(manifestText)
  const source = manifest === undefined ? undefined : yield* sourceOfStub(manifest, entry, real)
  const sourceDir = source !== undefined && "dir" in source ? source.dir : undefined
  if (manifest !== undefined && sourceDir !== undefined) {
    const linked = (yield* fs.lstatOption(entry).pipe(unseenAs(undefined)))?.type === "symlink"
    // A link points at the runtime itself; skc's copy (`--copy`) only carries the stub and manifest.
    const runtimeDir = linked
      ? real
      : manifest.scope === "global"
        ? path.join(stores.globalRuntime, path.basename(entry))
        : ((yield* copiedFromOwnRuntime(manifest, entry)) ?? runtimeBesideSource(sourceDir, path) ?? path.join(stores.globalRuntime, path.basename(entry)))
    return { _tag: "Deployed", entry, sourceDir, runtimeDir } as AgentEntry
  }
  const text = yield* fs.readFileString(skillMd).pipe(unseenAs(undefined))
  const checked = text === undefined ? undefined : validateSkillSource(text)
  if (checked?._tag !== "Valid") {
    const reason = checked === undefined ? "unreadable SKILL.md" : checked.problems.join("; ")
    return { _tag: "NotASkill", entry, reason } as AgentEntry
  }
  // Issue 45 item 6: a source found outside the project is named as such, and never read.
  const missingSource =
    manifest?.skill !== path.basename(entry)
      ? undefined
      : source !== undefined && "outside" in source
        ? `${source.outside}, outside the project holding the stub`
        : manifest.source_path
  return {
    _tag: "Foreign",
    entry,
    canonicalDir: real,
    description: checked.metadata.description,
    ...(missingSource === undefined ? {} : { missingSource })
  } as AgentEntry
})

/** How far above a stub its project root may be (`<root>/.claude/skills/<name>` is two levels; nested agent dirs more). */
const STUB_DEPTH = 6

/**
 * The directories a stub's source may be in (issue 45 item 6): the
 * project holding the stub — the nearest directory above it with a
 * `.skillc/` directory, the homes skipped (as the project root is found) —,
 * for a deployed link also the project holding the runtime it points at,
 * and for a global skill the global source store. Canonical paths.
 */
const stubSourceRoots = Effect.fnUntraced(function* (manifest: Manifest, entry: string, real: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const env = yield* Env
  const { stores } = yield* Settings
  const homes = homeDirs(env, path)
  const roots: Array<string> = []
  const add = function* (dir: string) {
    const canonical = yield* fs.realPath(dir).pipe(unseenAs(undefined))
    if (canonical !== undefined && !roots.includes(canonical)) roots.push(canonical)
  }
  const projectAbove = function* (start: string) {
    let dir = path.resolve(start)
    for (let level = 0; level < STUB_DEPTH; level++) {
      if (!homes.has(dir) && (yield* fs.statOption(path.join(dir, ".skillc")).pipe(unseenAs(undefined)))?.type === "directory") {
        return dir
      }
      const parent = path.dirname(dir)
      if (parent === dir) break
      dir = parent
    }
    return undefined
  }
  const holder = yield* projectAbove(path.dirname(entry))
  if (holder !== undefined) yield* add(holder)
  // A link into this user's own global runtime store (`skc build <project skill> --global` links
  // `~/.claude/skills/<name>` there): skc wrote its manifest on this machine, no repository carries it, so
  // the source it names is read. Its source was "outside the project holding the stub" and never read:
  // search answered from an empty cache index and list said `foreign`.
  const runtimeStore = yield* fs.realPath(stores.globalRuntime).pipe(unseenAs(undefined))
  if (runtimeStore !== undefined && real !== path.resolve(entry) && path.dirname(real) === runtimeStore && manifest.source_path !== undefined) {
    yield* add(manifest.source_path)
  }
  // A copy (`--copy`) of a build in this user's own global runtime store: that runtime's manifest, which skc
  // wrote here, is the copy's own (`copiedFromOwnRuntime`), so the source it names is read as a link's is.
  // Without it, `skc build <project skill> --global --copy` left a deployment whose sections no other
  // directory could read (E020, "outside the project holding the stub"), where the same build linked worked.
  if (real === path.resolve(entry) && manifest.source_path !== undefined && (yield* copiedFromOwnRuntime(manifest, entry)) !== undefined) {
    yield* add(manifest.source_path)
  }
  if (real !== path.resolve(entry)) {
    const runtimeHolder = yield* projectAbove(path.dirname(real))
    if (runtimeHolder !== undefined) yield* add(runtimeHolder)
  }
  if (manifest.scope === "global") yield* add(stores.globalSkills)
  return roots
})

/**
 * The source of a stub skc deployed (DECISIONS #46): its manifest's
 * `source_path` when that holds a SKILL.md, else `source_rel` from the
 * nearest directory above the stub that holds it (the project the stub was
 * committed in, on whatever machine it is now). Issue 45 item 6: a
 * manifest is part of a committed stub, so what it names is used only when
 * its canonical path (symlinks followed) is inside the project holding the
 * stub (`stubSourceRoots`); one that resolves elsewhere — an absolute
 * `source_path` into another directory, a `source_rel` through a committed
 * symlink — is `outside`, never read. Undefined when nothing is found.
 */
const sourceOfStub = Effect.fnUntraced(function* (manifest: Manifest, entry: string, real: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  let roots: ReadonlyArray<string> | undefined
  const inside = function* (dir: string) {
    roots ??= yield* stubSourceRoots(manifest, entry, real)
    const canonical = yield* fs.realPath(dir).pipe(unseenAs(undefined))
    return canonical !== undefined && roots.some((r) => canonical === r || canonical.startsWith(r.endsWith(path.sep) ? r : r + path.sep))
  }
  let outside: string | undefined
  if (manifest.source_path !== undefined && (yield* isRegularFile(path.join(manifest.source_path, "SKILL.md")))) {
    if (yield* inside(manifest.source_path)) return { dir: manifest.source_path }
    outside = manifest.source_path
  }
  const rel = manifest.source_rel
  if (rel === undefined || path.isAbsolute(rel) || rel.split("/").includes("..")) return outside === undefined ? undefined : { outside }
  let dir = path.dirname(entry)
  for (let level = 0; level < STUB_DEPTH; level++) {
    const candidate = path.join(dir, ...rel.split("/"))
    if (yield* isRegularFile(path.join(candidate, "SKILL.md"))) {
      if (yield* inside(candidate)) return { dir: candidate }
      outside ??= candidate
    }
    const parent = path.dirname(dir)
    if (parent === dir) break
    dir = parent
  }
  return outside === undefined ? undefined : { outside }
})
