/**
 * Gemini CLI (DECISIONS #51). Its documentation names the directories; what
 * it does with them was checked against the real client (Gemini CLI 0.61.0
 * from npm, run with a local server standing in for the Gemini API, which
 * recorded the skills listing of its first request; docs/agents.md "Gemini
 * CLI"): the working directory's directories only, a later directory's copy
 * winning, the listing's order and names (src/domain/agents/geminiListing.ts).
 * It has no listing budget, said plainly by `skc budget --agent gemini`.
 */
import { descriptionListing, undocumentedBudget, type AgentProfile } from "./profile.js"

const DOCS = "https://geminicli.com/docs/cli/using-agent-skills"
/** Where the facts checked against the client are in its source (google-gemini/gemini-cli). */
const SOURCE = "google-gemini/gemini-cli packages/core/src/skills/skillManager.ts (discoverSkills, addSkillsWithPrecedence) and skillLoader.ts (loadSkillsFromDir); checked against Gemini CLI 0.61.0"

export const gemini: AgentProfile = {
  name: "gemini",
  title: "Gemini CLI",
  homepage: DOCS,
  dirs: {
    project: [".gemini/skills", ".agents/skills"],
    user: [".gemini/skills", ".agents/skills"],
    cwdOnly: true,
    laterWins: true,
    rootSkill: true,
    source: `${DOCS} (Discovery tiers); ${SOURCE}`
  },
  fields: [],
  combinations: [],
  listing: { ...descriptionListing({ budget: undocumentedBudget("Gemini CLI"), source: `${DOCS}; ${SOURCE}` }), layout: "gemini" },
  escalate: [],
  notes: [
    "Gemini CLI lists its own bundled skills first (`skill-creator` and `antigravity-support` in 0.61.0), then extensions' skills, then the user's, then the project's; a name keeps the place of its first copy and shows its last copy's description (`skc prompt`, `skc budget`).",
    "It loads the project's skills only in a trusted folder (trusted once in an interactive session, or by `GEMINI_CLI_TRUST_WORKSPACE=true` or `--skip-trust`): in a folder not trusted the headless `gemini -p` stops, and an interactive session lists the user's skills alone. skc lists the project's skills as in a trusted folder.",
    "A skill is known by its frontmatter `name`, with each of `: \\ / < > * ? \" |` made `-`; a SKILL.md with no `name` or no `description` is skipped. Within one directory it lists skills in the order its file search returns them, which depends on the file system; skc lists them by name.",
    "`skills.disabled` in `~/.gemini/settings.json` or the project's `.gemini/settings.json` (names compared without case, the lists joined) keeps skills out; `skills.enabled: false` turns them all off. skc reads both files; the system settings file (`/etc/gemini-cli/settings.json`) and extensions are not read.",
    "A SKILL.md right in a skills directory (`.gemini/skills/SKILL.md`) is a skill too; a SKILL.md two directories down is not."
  ]
}
