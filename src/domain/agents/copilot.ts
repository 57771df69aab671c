/**
 * GitHub Copilot (DECISIONS #51). Its documentation names the directories; it documents
 * no listing budget, said plainly by `skc budget --agent copilot`.
 */
import { descriptionListing, undocumentedBudget, type AgentProfile } from "./profile.js"

const DOCS = "https://docs.github.com/en/copilot/how-tos/copilot-cli/customize-copilot/create-skills"

export const copilot: AgentProfile = {
  name: "copilot",
  title: "GitHub Copilot",
  homepage: DOCS,
  dirs: { project: [".github/skills", ".claude/skills", ".agents/skills"], user: [".copilot/skills", ".claude/skills", ".agents/skills"], source: DOCS },
  fields: [],
  combinations: [],
  listing: descriptionListing({ budget: undocumentedBudget("GitHub Copilot"), source: DOCS }),
  escalate: [],
  notes: ["The cloud agent reads only `~/.copilot/skills` and `~/.agents/skills` at user level (docs.github.com …/customize-cloud-agent/add-skills)."]
}
