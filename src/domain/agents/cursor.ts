/**
 * Cursor (DECISIONS #51). Its documentation names the directories; it documents
 * no listing budget, said plainly by `skc budget --agent cursor`.
 */
import type { AgentProfile } from "./profile.js"

const DOCS = "https://cursor.com/docs/context/skills"

export const cursor: AgentProfile = {
  name: "cursor",
  title: "Cursor",
  homepage: DOCS,
  dirs: { project: [".cursor/skills", ".claude/skills", ".codex/skills"], user: [".cursor/skills", ".claude/skills", ".codex/skills"], source: `${DOCS} (as quoted by third-party copies; not read first-hand)` },
  fields: [{ name: "disable-model-invocation", value: { kind: "boolean" }, summary: "`true`: a slash-command-only skill, left out of the model's listing.", source: `${DOCS} (as quoted by third-party copies)` }],
  combinations: [],
  listing: {
    textFields: ["description"],
    joiner: " ",
    perEntryCap: null,
    budget: { kind: "unknown", note: "Cursor documents no listing budget" },
    manualOnlyField: "disable-model-invocation",
    commandMenuField: null,
    conditionalField: null,
    source: DOCS
  },
  escalate: [],
  notes: ["Whether Cursor also reads `.agents/skills` is reported only by third parties; skc does not assume it."]
}
