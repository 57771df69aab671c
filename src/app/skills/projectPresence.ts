/**
 * Whether a directory is in no project at all (issue 46 item 3, as a user
 * of agent skill directories meets it): no `.skillc/` there or above it,
 * and no agent's project skills directory (`.claude/skills`,
 * `.agents/skills`, … from src/domain/agents) there or above it. The MCP
 * server says so when it starts in such a directory, since clients start
 * servers in `/` or the home directory, where a missing project looks like
 * a project with no skills. A directory holding only `.claude/skills` is a
 * project as far as skills are concerned: its skills are served (DECISIONS
 * #38), and saying "only global skills are served" there would be false.
 */
import { Effect } from "effect"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { findProjectRoot } from "../shared/index.js"
import { agentSkillRoots } from "./agentDirs.js"

export const inNoProject = Effect.gen(function* () {
  if ((yield* findProjectRoot) !== undefined) return false
  const fs = yield* FileSystem
  for (const root of yield* agentSkillRoots) {
    if (root.scope !== "agent-project") continue
    const info = yield* fs.statOption(root.dir).pipe(unseenAs(undefined))
    if (info?.type === "directory") return false
  }
  return true
})
