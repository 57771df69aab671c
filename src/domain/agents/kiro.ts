/**
 * Kiro (DECISIONS #51). Its documentation names the directories; it documents
 * no listing budget, said plainly by `skc budget --agent kiro`.
 */
import { descriptionListing, undocumentedBudget, type AgentProfile } from "./profile.js"

const DOCS = "https://kiro.dev/docs/skills"

export const kiro: AgentProfile = {
  name: "kiro",
  title: "Kiro",
  homepage: DOCS,
  dirs: { project: [".kiro/skills"], user: [".kiro/skills"], source: `${DOCS} (Skill scope)` },
  fields: [],
  combinations: [],
  listing: descriptionListing({ budget: undocumentedBudget("Kiro"), source: DOCS }),
  escalate: [],
  notes: ["Kiro is not known to read `.agents/skills`."]
}
