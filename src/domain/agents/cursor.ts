/**
 * Cursor (DECISIONS #51). Its documentation names the directories; it documents
 * no listing budget, said plainly by `skc budget --agent cursor`.
 */
import { descriptionListing, undocumentedBudget, type AgentProfile } from "./profile.js"

const DOCS = "https://cursor.com/docs/context/skills"

export const cursor: AgentProfile = {
  name: "cursor",
  title: "Cursor",
  homepage: DOCS,
  dirs: { project: [".cursor/skills", ".claude/skills", ".codex/skills"], user: [".cursor/skills", ".claude/skills", ".codex/skills"], source: `${DOCS} (as quoted by third-party copies; not read first-hand)` },
  fields: [{ name: "disable-model-invocation", value: { kind: "boolean" }, summary: "`true`: a slash-command-only skill, left out of the model's listing.", source: `${DOCS} (as quoted by third-party copies)` }],
  combinations: [],
  listing: descriptionListing({ budget: undocumentedBudget("Cursor"), source: DOCS, manualOnlyField: "disable-model-invocation" }),
  escalate: [],
  notes: ["Whether Cursor also reads `.agents/skills` is reported only by third parties; skc does not assume it."]
}
