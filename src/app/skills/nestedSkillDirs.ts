/**
 * The skills directories an agent also loads *below* the working directory
 * (Claude Code: a nested `.claude/skills`, loaded once the session works on
 * files under it, CHANGELOG 2.1.6, 2.1.178). skc lists and resolves skills
 * from the working directory up, what a session starts with; from a
 * monorepo's root, `skc discover` said nothing of `packages/api/.claude/skills`
 * and an author could not tell why their package's skills were missing.
 * `discover` names them (`below`), without listing them as discovered.
 *
 * The walk is bounded, since the working directory may hold a large tree:
 * at most MAX_NESTED_DEPTH directories down and MAX_NESTED_VISITS directories
 * read. It never enters a dot-directory (`.git`, `.venv`, the agents' own
 * directories) or `node_modules` (Claude Code skips gitignored directories,
 * CHANGELOG 2.1.69; skc reads no `.gitignore`, so `truncated` and the text
 * say the walk is partial when a bound was reached).
 *
 * Nor does it walk from the file system's root, a home directory or a
 * directory holding one (`/home`, `/Users`): there
 * no session works on a project (MCP clients start servers there, DECISIONS
 * #47: Claude Desktop in `/`, others in the home), and the walk read up to
 * 2,000 directories of the machine, then served another project's skill
 * found in them as if it were in scope.
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { Env } from "../../ports/Env.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { isWithin } from "../shared/index.js"

/** Directories below the working directory the walk goes, at most. */
export const MAX_NESTED_DEPTH = 6
/** Directories the walk reads, at most. */
export const MAX_NESTED_VISITS = 2000

export interface NestedSkillsDir {
  /** The skills directory, relative to the working directory (`packages/api/.claude/skills`). */
  readonly path: string
  /** The directory holding it, relative to the working directory (`packages/api`). */
  readonly under: string
  /** The names of its skill directories (each holding a SKILL.md), sorted. */
  readonly skills: ReadonlyArray<string>
}

export interface NestedSkillsDirs {
  readonly dirs: ReadonlyArray<NestedSkillsDir>
  /** A bound was reached: deeper or later directories were not read. */
  readonly truncated: boolean
}

const skipped = (name: string) => name.startsWith(".") || name === "node_modules"

/** The `rel` skills directories (e.g. `.claude/skills`) below `cwd`, not `cwd`'s own, each with its skills. */
export const nestedSkillDirs = Effect.fnUntraced(function* (cwd: string, rel: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const env = yield* Env
  const here = path.resolve(cwd)
  // The root, a home, or a directory holding a home (`/home`, `/Users`): every user's projects are below it.
  const holdsHome = [env.home, env.realHome].some((h) => isWithin(here, path.resolve(h), path.sep))
  if (holdsHome || here === path.parse(here).root) return { dirs: [], truncated: false } satisfies NestedSkillsDirs
  const parts = rel.split("/")
  const found: Array<NestedSkillsDir> = []
  let truncated = false
  let visits = 0
  // Breadth first: the shallow packages of a monorepo come before a deep tree's bound is reached.
  let level: Array<string> = [""]
  for (let depth = 0; depth <= MAX_NESTED_DEPTH && level.length > 0; depth++) {
    const next: Array<string> = []
    for (const dir of level) {
      if (visits >= MAX_NESTED_VISITS) {
        truncated = true
        break
      }
      visits++
      const abs = dir === "" ? cwd : path.join(cwd, ...dir.split("/"))
      const entries = yield* fs.readDir(abs).pipe(unseenAs([]))
      if (dir !== "") {
        const skillsDir = path.join(abs, ...parts)
        const children = yield* fs.readDir(skillsDir).pipe(unseenAs([]))
        const skills: Array<string> = []
        for (const c of children) {
          if (c.type !== "directory" && c.type !== "symlink") continue
          const md = yield* fs.statOption(path.join(skillsDir, c.name, "SKILL.md")).pipe(unseenAs(undefined))
          if (md?.type === "file") skills.push(c.name)
        }
        if (skills.length > 0) found.push({ path: `${dir}/${rel}`, under: dir, skills: skills.sort() })
      }
      if (depth === MAX_NESTED_DEPTH) {
        if (entries.some((e) => e.type === "directory" && !skipped(e.name))) truncated = true
        continue
      }
      for (const e of entries) if (e.type === "directory" && !skipped(e.name)) next.push(dir === "" ? e.name : `${dir}/${e.name}`)
    }
    if (truncated && visits >= MAX_NESTED_VISITS) break
    level = next.sort()
  }
  const result: NestedSkillsDirs = { dirs: found, truncated }
  return result
})
