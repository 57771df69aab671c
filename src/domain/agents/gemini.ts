/**
 * Gemini CLI (DECISIONS #51). Its documentation names the directories; it documents
 * no listing budget, said plainly by `skc budget --agent gemini`.
 */
import { descriptionListing, undocumentedBudget, type AgentProfile } from "./profile.js"

const DOCS = "https://geminicli.com/docs/cli/using-agent-skills"

export const gemini: AgentProfile = {
  name: "gemini",
  title: "Gemini CLI",
  homepage: DOCS,
  dirs: { project: [".gemini/skills", ".agents/skills"], user: [".gemini/skills", ".agents/skills"], source: `${DOCS} (Discovery tiers: .agents/skills is an alias of .gemini/skills)` },
  fields: [],
  combinations: [],
  listing: descriptionListing({ budget: undocumentedBudget("Gemini CLI"), source: DOCS }),
  escalate: [],
  notes: ["Within one tier, reports say the `.agents/skills` alias wins over `.gemini/skills`; skc lists `.gemini/skills` first (unconfirmed either way)."]
}
