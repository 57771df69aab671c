/**
 * Where a plugin's skills are, as Claude Code reads a plugin directory
 * (DECISIONS #51; its CHANGELOG, version per rule):
 *
 * - `<plugin>/skills/*` always (2.1.136: a `skills` entry in the manifest no
 *   longer hides it);
 * - each path of the manifest's `skills` (a string or a list), relative to
 *   the plugin and inside it: a directory holding skills, or, when it holds a
 *   SKILL.md itself (`"./"`), one skill named by its frontmatter (2.1.94);
 *   `"."` is a path like any other (2.1.221); a file is reported (2.1.136);
 * - without `skills/` and without manifest paths, a SKILL.md at the plugin's
 *   root is the plugin's one skill (2.1.142).
 *
 * The plugin is named by `.claude-plugin/plugin.json`'s `name`, its
 * directory's name without a manifest, and null when the manifest is not a
 * JSON object with a string `name` (Claude Code then loads none of it).
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { readSmallFile } from "../shared/index.js"

/** Where a plugin names itself (Claude Code's plugin layout). */
export const PLUGIN_MANIFEST = [".claude-plugin", "plugin.json"] as const
/** A manifest larger than this is no manifest: never read whole. */
const PLUGIN_MANIFEST_MAX_BYTES = 1024 * 1024

export interface PluginSkillsDir {
  readonly path: string
  /** The directory is one skill (its own SKILL.md), not a directory of skills. */
  readonly self: boolean
}

export interface PluginLayout {
  readonly name: string | null
  readonly dirs: ReadonlyArray<PluginSkillsDir>
  /** What Claude Code reports about the plugin's layout (a `skills` path it cannot use). */
  readonly problems: ReadonlyArray<string>
}

/** The manifest's `name` (undefined: no manifest; null: unreadable) and its `skills` paths. */
const readManifest = Effect.fnUntraced(function* (pluginRoot: string) {
  const path = yield* Path
  const read = yield* readSmallFile(path.join(pluginRoot, ...PLUGIN_MANIFEST), PLUGIN_MANIFEST_MAX_BYTES)
  if (read._tag === "Missing") return { name: path.basename(pluginRoot), skills: [] as ReadonlyArray<unknown> }
  if (read._tag !== "Text") return { name: null, skills: [] as ReadonlyArray<unknown> }
  let manifest: unknown
  try {
    manifest = JSON.parse(read.text)
  } catch {
    // Recovery: Claude Code loads nothing of a plugin whose manifest is no JSON; so does skc.
    return { name: null, skills: [] as ReadonlyArray<unknown> }
  }
  if (typeof manifest !== "object" || manifest === null || Array.isArray(manifest)) return { name: null, skills: [] as ReadonlyArray<unknown> }
  const { name, skills } = manifest as { name?: unknown; skills?: unknown }
  return {
    name: typeof name === "string" && name !== "" ? name : null,
    skills: skills === undefined ? [] : Array.isArray(skills) ? (skills as ReadonlyArray<unknown>) : [skills]
  }
})

/** What discover and list say of a plugin root where no skill is found (its `skills/`, the usual place, named). */
export const noPluginSkillsWarning = (expected: string): string => `plugin skills directory not found: ${expected}`

export const pluginLayout = Effect.fnUntraced(function* (pluginRoot: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const manifest = yield* readManifest(pluginRoot)
  const kind = (p: string) => fs.statOption(p).pipe(unseenAs(undefined), Effect.map((i) => i?.type))
  const holdsSkill = (dir: string) => Effect.map(kind(path.join(dir, "SKILL.md")), (t) => t === "file")
  const problems: Array<string> = []
  const dirs: Array<PluginSkillsDir> = []
  const add = (d: PluginSkillsDir) => {
    if (!dirs.some((x) => x.path === d.path)) dirs.push(d)
  }
  const defaultDir = path.join(pluginRoot, "skills")
  const hasDefault = (yield* kind(defaultDir)) === "directory"
  if (hasDefault) add({ path: defaultDir, self: false })
  const manifestFile = path.join(pluginRoot, ...PLUGIN_MANIFEST)
  for (const entry of manifest.skills) {
    if (typeof entry !== "string" || entry.trim() === "") {
      problems.push(`${manifestFile}: a "skills" entry must be a path string; ignored`)
      continue
    }
    const target = path.resolve(pluginRoot, entry)
    if (target !== pluginRoot && !target.startsWith(pluginRoot.endsWith(path.sep) ? pluginRoot : pluginRoot + path.sep)) {
      problems.push(`${manifestFile}: skills path '${entry}' escapes the plugin directory; ignored`)
      continue
    }
    const type = yield* kind(target)
    if (type === undefined) problems.push(`${manifestFile}: skills path '${entry}' not found`)
    else if (type !== "directory") problems.push(`${manifestFile}: skills path '${entry}' is a file, not a directory; name the directory holding it`)
    else add({ path: target, self: yield* holdsSkill(target) })
  }
  // A plugin that is one skill: its root SKILL.md, when nothing else says where its skills are.
  if (!hasDefault && manifest.skills.length === 0 && (yield* holdsSkill(pluginRoot))) add({ path: pluginRoot, self: true })
  return { name: manifest.name, dirs, problems } satisfies PluginLayout
})

/**
 * The plugins inside a skills directory (`<dir>/<plugin>/.claude-plugin/plugin.json`), which Claude
 * Code loads without a marketplace (CHANGELOG 2.1.157), sorted by name.
 */
export const pluginsIn = Effect.fnUntraced(function* (skillsDir: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const entries = yield* fs.readDir(skillsDir).pipe(unseenAs([] as const))
  const out: Array<string> = []
  for (const e of entries) {
    if (e.name.startsWith(".") || (e.type !== "directory" && e.type !== "symlink")) continue
    const root = path.join(skillsDir, e.name)
    const manifest = yield* fs.statOption(path.join(root, ...PLUGIN_MANIFEST)).pipe(unseenAs(undefined))
    if (manifest?.type === "file") out.push(root)
  }
  return out.sort()
})
