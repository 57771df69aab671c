/**
 * OpenCode (DECISIONS #51). Its documentation names the directories; it documents
 * no listing budget, said plainly by `skc budget --agent opencode`.
 */
import { descriptionListing, undocumentedBudget, type AgentProfile } from "./profile.js"

const DOCS = "https://opencode.ai/docs/skills"

export const opencode: AgentProfile = {
  name: "opencode",
  title: "OpenCode",
  homepage: DOCS,
  dirs: { project: [".opencode/skills", ".claude/skills", ".agents/skills"], user: [".config/opencode/skills", ".claude/skills", ".agents/skills"], source: `${DOCS} (project directories walked up to the git worktree; global under ~/.config/opencode)` },
  fields: [],
  combinations: [],
  listing: descriptionListing({ budget: undocumentedBudget("OpenCode"), source: DOCS }),
  escalate: [],
  notes: ["OpenCode ignores unknown fields and lists skills in `<available_skills>` through its skill tool."]
}
