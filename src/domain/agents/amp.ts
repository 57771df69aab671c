/**
 * Amp (DECISIONS #51). Its documentation names the directories; it documents
 * no listing budget, said plainly by `skc budget --agent amp`.
 */
import { descriptionListing, undocumentedBudget, type AgentProfile } from "./profile.js"

const DOCS = "https://ampcode.com/manual#agent-skills"

export const amp: AgentProfile = {
  name: "amp",
  title: "Amp",
  homepage: DOCS,
  dirs: { project: [".agents/skills", ".claude/skills"], user: [".config/agents/skills", ".agents/skills", ".config/amp/skills", ".claude/skills"], source: `${DOCS} (as listed by community tables; not read first-hand)` },
  fields: [],
  combinations: [],
  listing: descriptionListing({ budget: undocumentedBudget("Amp"), source: DOCS }),
  escalate: [],
  notes: ["Amp's directories come from community tables; the official manual was not reachable when this profile was written."]
}
