/**
 * OpenCode (DECISIONS #51). Its documentation names the directories; what it
 * does with them was checked against the real client (OpenCode 1.18.33 from
 * npm, run with a local server standing in for its model's API, which
 * recorded the skills block of the system prompt; docs/agents.md
 * "OpenCode"): the walk up to the git worktree, `.opencode/skill` beside
 * `.opencode/skills`, any depth, the listing by name. It has no listing
 * budget, said plainly by `skc budget --agent opencode`.
 */
import { descriptionListing, undocumentedBudget, type AgentProfile } from "./profile.js"

const DOCS = "https://opencode.ai/docs/skills"
/** Where the facts checked against the client are in its source (sst/opencode). */
const SOURCE = "sst/opencode packages/opencode/src/skill (discovery: externals `.claude`, `.agents` with `skills/**/SKILL.md`, config directories with `{skill,skills}/**/SKILL.md`; the listing sorted by name); checked against OpenCode 1.18.33"

export const opencode: AgentProfile = {
  name: "opencode",
  title: "OpenCode",
  homepage: DOCS,
  dirs: {
    project: [".opencode/skills", ".opencode/skill", ".claude/skills", ".agents/skills"],
    user: [".config/opencode/skills", ".config/opencode/skill", ".claude/skills", ".agents/skills"],
    projectRoot: [".git"],
    outsideProject: "ancestors",
    depth: Infinity,
    rootSkill: true,
    copiesRace: true,
    source: `${DOCS} (project directories walked up to the git worktree; global under ~/.config/opencode); ${SOURCE}`
  },
  fields: [],
  combinations: [],
  listing: { ...descriptionListing({ budget: undocumentedBudget("OpenCode"), source: `${DOCS}; ${SOURCE}` }), layout: "opencode" },
  escalate: [],
  notes: [
    "OpenCode ignores unknown fields and lists skills in `<available_skills>` of its system prompt, every skill by name (a locale's order: `bee` before `Other` before `zed`), each with its description and its SKILL.md's path; its own `customize-opencode` skill among them. A skill without a `description` is loaded but not listed.",
    "When a name has several copies, OpenCode reads them all at once and keeps whichever it finished reading last: in four runs of the same tree, three different copies won. `skc discover --agent opencode` warns of every such name; skc lists the copy its own order puts first.",
    "Outside a git repository OpenCode walks up to the file system's root. It also reads the skills of `skills.paths` and `skills.urls` in its `opencode.json`, which skc does not; `OPENCODE_DISABLE_CLAUDE_CODE_SKILLS` (or `OPENCODE_DISABLE_CLAUDE_CODE`) turns off the `.claude` directories, `OPENCODE_DISABLE_EXTERNAL_SKILLS` the `.claude` and `.agents` ones; skc reads them all."
  ]
}
