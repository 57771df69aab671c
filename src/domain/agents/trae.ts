/**
 * Trae (DECISIONS #51). Its documentation names the directories; it documents
 * no listing budget, said plainly by `skc budget --agent trae`.
 */
import { descriptionListing, undocumentedBudget, type AgentProfile } from "./profile.js"

const DOCS = "https://docs.trae.ai/ide/skills"

export const trae: AgentProfile = {
  name: "trae",
  title: "Trae",
  homepage: DOCS,
  dirs: { project: [".trae/skills"], user: [".trae/skills"], source: `${DOCS} (SOLO mode, project skills)` },
  fields: [],
  combinations: [],
  listing: descriptionListing({ budget: undocumentedBudget("Trae"), source: DOCS }),
  escalate: [],
  notes: ["The user-level `~/.trae/skills` is reported by community posts only."]
}
