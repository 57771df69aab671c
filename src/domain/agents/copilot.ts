/**
 * GitHub Copilot (DECISIONS #51). Its documentation names the directories;
 * what its CLI does with them was checked against the real client (GitHub
 * Copilot CLI 1.0.102 from npm, run offline with `COPILOT_OFFLINE=true` and
 * its "bring your own key" provider pointed at a local server, which
 * recorded the skills block of the system prompt; docs/agents.md "GitHub
 * Copilot"): the walk up to the git root one directory name at a time, the
 * user's directories, skills at any depth but never inside another, the
 * listing's order. It has no listing budget, said plainly by
 * `skc budget --agent copilot`.
 */
import { descriptionListing, undocumentedBudget, type AgentProfile } from "./profile.js"

const DOCS = "https://docs.github.com/en/copilot/how-tos/copilot-cli/customize-copilot/create-skills"
/** VS Code's documentation of the same skills (microsoft/vscode-docs `docs/agent-customization/agent-skills.md`, approved 2026-05-28). */
const VSCODE = "https://code.visualstudio.com/docs/agent-customization/agent-skills"
/** What the client says of itself (`/skills` help) and how it was checked. */
const CLIENT = "GitHub Copilot CLI 1.0.102 (`/skills` help: \"Project: .github/skills/, .agents/skills/, or .claude/skills/; Personal: ~/.copilot/skills/ or ~/.agents/skills/\"), checked against its system prompt"

export const copilot: AgentProfile = {
  name: "copilot",
  title: "GitHub Copilot",
  homepage: DOCS,
  dirs: {
    project: [".github/skills", ".agents/skills", ".claude/skills"],
    user: [".copilot/skills", ".agents/skills"],
    projectRoot: [".git"],
    outsideProject: "ancestors",
    walkByDirectory: true,
    depth: Infinity,
    rootSkill: true,
    stopAtSkill: true,
    source: `${DOCS}; ${CLIENT}`
  },
  // VS Code's documentation ("Header" table, "Use skills as slash commands"); Copilot CLI honours
  // `disable-model-invocation` since 1.0.74 (its changelog as quoted in github/copilot-cli#4438). skc called
  // these fields unknown (SKL109) and a manual-only skill offered to Copilot's model (a profile probe).
  fields: [
    { name: "disable-model-invocation", value: { kind: "boolean" }, summary: "`true`: a slash-command-only skill, left out of the model's listing.", source: VSCODE },
    { name: "user-invocable", value: { kind: "boolean" }, summary: "`false`: hidden from the `/` menu; the model still loads it when relevant.", source: VSCODE },
    { name: "argument-hint", value: { kind: "text" }, summary: "Hint shown in the chat input when the skill is invoked as a slash command.", source: VSCODE },
    { name: "context", value: { kind: "enum", values: ["fork"] }, summary: "`fork` (experimental in VS Code) runs the skill in a subagent; omitted, inline.", source: VSCODE }
  ],
  combinations: [],
  listing: {
    ...descriptionListing({ budget: undocumentedBudget("GitHub Copilot"), source: `${DOCS}; ${CLIENT}; ${VSCODE}`, manualOnlyField: "disable-model-invocation" }),
    layout: "copilot"
  },
  escalate: [],
  notes: [
    "GitHub Copilot CLI reads the project's `.github/skills` from the working directory up to the git root (every ancestor outside a repository), then `.agents/skills` the same way, then `.claude/skills`, then the user's `~/.copilot/skills` and `~/.agents/skills`; the first copy of a name wins. It does not read `~/.claude/skills`.",
    "It lists, for each of the project's directory names in turn, the working directory's skills by name, then every ancestor's (up to the git root) together by name; then the user's directories', each by name. Names are in code-unit order (`Bb` before `aa`). Each skill is a `<skill>` element whose description is XML-escaped and whose location is its scope (`project`, `user`); its own skills come last (`customize-cloud-agent`, `github-pr-media` in 1.0.102).",
    "A SKILL.md at any depth below a skills directory is a skill, but none inside another skill; a SKILL.md right in a skills directory makes the whole directory one skill.",
    "It lists a SKILL.md without `name` under its directory's name and one without `description` with text from its body; skc reports both as invalid (SKL101, SKL105), as the specification does.",
    "The cloud agent reads only `~/.copilot/skills` and `~/.agents/skills` at user level (docs.github.com …/customize-cloud-agent/add-skills).",
    "Copilot in VS Code also reads `~/.claude/skills` at user level, only the workspace's own skills directories unless `chat.useCustomizationsInParentRepositories` is on, and more locations from `chat.agentSkillsLocations` (its documentation); skc models the CLI's directories, checked first-hand."
  ]
}
