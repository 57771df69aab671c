/**
 * Claude Code's legacy commands, which share its skill listing
 * (src/domain/agents/claudeCommands.ts): every `.md` file below
 * `.claude/commands` at each project level Claude Code reads skills from
 * (the working directory up to the repository root), then below
 * `~/.claude/commands` (`$CLAUDE_CONFIG_DIR/commands` when that is set). Bounded: at most 8 directories deep and 2,000 files
 * a directory tree; a file over 1 MiB or one that cannot be read is skipped
 * with a word; dot entries are never read.
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { claudeCommand, type ClaudeCommand } from "../../domain/agents/claudeCommands.js"
import type { Agent } from "../../domain/protocol/agents.js"
import { compareBytewise } from "../../domain/sourcePaths.js"
import { Warning } from "../../domain/errors.js"
import { Diagnostics } from "../../ports/Diagnostics.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { readSmallFile, Settings } from "../shared/index.js"
import { agentUserPath } from "./agentUserDirs.js"
import { searchDirs } from "./discovery.js"

const MAX_DEPTH = 8
const MAX_FILES = 2000
const MAX_BYTES = 1024 * 1024

/** The `.md` files below `root`, as paths relative to it (`/`-separated), sorted. */
const commandFiles = Effect.fnUntraced(function* (root: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const diagnostics = yield* Diagnostics
  const out: Array<string> = []
  const queue: Array<readonly [string, string, number]> = [[root, "", 0]]
  while (queue.length > 0 && out.length < MAX_FILES) {
    const [dir, rel, depth] = queue.shift()!
    const entries = yield* fs.readDir(dir).pipe(Effect.catch(() => Effect.succeed([] as const)))
    for (const e of [...entries].sort((a, b) => compareBytewise(a.name, b.name))) {
      if (e.name.startsWith(".")) continue
      const relative = rel === "" ? e.name : `${rel}/${e.name}`
      if (e.type === "directory" && depth + 1 < MAX_DEPTH) queue.push([path.join(dir, e.name), relative, depth + 1])
      else if ((e.type === "file" || e.type === "symlink") && e.name.endsWith(".md")) out.push(relative)
    }
  }
  if (out.length >= MAX_FILES) yield* diagnostics.warn(Warning.notice(`${root}: read the first ${MAX_FILES} command files only`))
  return out.slice(0, MAX_FILES)
})

/** The commands Claude Code lists for `agent`'s project levels and the user (empty for other agents). */
export const claudeCommands = Effect.fnUntraced(function* (agent: Agent) {
  const fs = yield* FileSystem
  const path = yield* Path
  const diagnostics = yield* Diagnostics
  const { dirs } = yield* searchDirs(agent, [])
  const roots = [
    // Not the main checkout's, read from a git worktree for skills and agents only (CHANGELOG 2.1.47).
    ...dirs.filter((d) => d.scope === "project" && d.via === undefined && d.path.endsWith(path.join(".claude", "skills"))).map((d) => path.join(path.dirname(d.path), "commands")),
    // The user's own commands, unless only the project is served (`Stores.personal`: the team server).
    ...((yield* Settings).stores.personal ? [(yield* agentUserPath(agent, ".claude/commands")).path] : [])
  ]
  const out: Array<ClaudeCommand> = []
  for (const root of [...new Set(roots)]) {
    const info = yield* fs.statOption(root).pipe(unseenAs(undefined))
    if (info?.type !== "directory") continue
    for (const relative of yield* commandFiles(root)) {
      const file = path.join(root, ...relative.split("/"))
      const read = yield* readSmallFile(file, MAX_BYTES)
      if (read._tag === "TooLarge") yield* diagnostics.warn(Warning.notice(`${file} is over 1 MiB; not counted as a command`))
      else if (read._tag === "Unreadable") yield* diagnostics.warn(Warning.notice(`cannot read ${file}: ${read.code}; not counted as a command`))
      else if (read._tag === "Text") out.push(claudeCommand(relative, file, read.text))
    }
  }
  return out
})
