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

/**
 * Its configuration directories (OpenCode 1.18.33's binary: `[Path.config, ...up({targets:[".opencode"],start:cwd,
 * stop:worktree}), ...up({targets:[".opencode"],start:Path.home,stop:Path.home}), ...OPENCODE_CONFIG_DIR ? [...] : []]`).
 */
const CONFIG_PATHS = "sst/opencode packages/opencode/src/config (ConfigPaths.directories); checked against OpenCode 1.18.33's binary"

export const opencode: AgentProfile = {
  name: "opencode",
  title: "OpenCode",
  homepage: DOCS,
  dirs: {
    project: [".opencode/skills", ".opencode/skill", ".claude/skills", ".agents/skills"],
    // Its configuration directories in its order (ConfigPaths.directories): `~/.config/opencode`, then `~/.opencode`
    // (found from the home directory as a project's `.opencode` is), then `$OPENCODE_CONFIG_DIR` (extraConfigDirEnv).
    user: [".config/opencode/skills", ".config/opencode/skill", ".opencode/skills", ".opencode/skill", ".claude/skills", ".agents/skills"],
    projectRoot: [".git"],
    outsideProject: "ancestors",
    depth: Infinity,
    rootSkill: true,
    copiesRace: true,
    // Its external directories are globbed `skills/**/SKILL.md` with `{dot:true}`; its own config directories without.
    dotDirs: [".claude/skills", ".agents/skills"],
    configDirEnv: {
      variable: "XDG_CONFIG_HOME",
      home: ".config",
      reads: "its `opencode/skills` and `opencode/skill`",
      source: `${CONFIG_PATHS} (\`Global.Path.config\`: \`$XDG_CONFIG_HOME/opencode\`, else \`~/.config/opencode\`)`
    },
    extraConfigDirEnv: {
      variable: "OPENCODE_CONFIG_DIR",
      dirs: ["skills", "skill"],
      source: `${CONFIG_PATHS} (\`...OPENCODE_CONFIG_DIR ? [OPENCODE_CONFIG_DIR] : []\` after the others, each scanned with \`{skill,skills}/**/SKILL.md\`)`
    },
    source: `${DOCS} (project directories walked up to the git worktree; global under ~/.config/opencode); ${SOURCE}; ${CONFIG_PATHS} (\`~/.opencode\` too)`
  },
  fields: [],
  combinations: [],
  listing: { ...descriptionListing({ budget: undocumentedBudget("OpenCode"), source: `${DOCS}; ${SOURCE}` }), layout: "opencode", reader: "opencode" },
  escalate: [],
  notes: [
    "`skc prompt --agent opencode` prints the block as OpenCode 1.18.33 writes it: two sentences on its skill tool, then `<available_skills>` with an indented `<skill>` element per skill, name and description as they are, the location alone escaped (`'` as `&#39;`); `skc budget` counts the same elements. With no skill OpenCode writes \"No skills are currently available.\" there; skc prints nothing.",
    "OpenCode ignores unknown fields and lists skills in `<available_skills>` of its system prompt, every skill by name (a locale's order: `bee` before `Other` before `zed`), each with its description and its SKILL.md's path; its own `customize-opencode` skill among them. A skill without a `description` is loaded but not listed.",
    "When a name has several copies, OpenCode reads them all at once and keeps whichever it finished reading last: in four runs of the same tree, three different copies won. `skc discover --agent opencode` warns of every such name; skc lists the copy its own order puts first.",
    "A value holding an unquoted `: ` does not parse as YAML; OpenCode then quotes it, but only for a key of letters, digits and `_` (`description: Use when: …` loads, `argument-hint: usage: foo` does not, and the skill is skipped). `skc discover --agent opencode` lists such a skill as invalid.",
    "It parses frontmatter with gray-matter, whose js-yaml 3 reads YAML 1.1 types: a `name` or `description` written as a date (`name: 2024-01-01`) or a base-60 number (`description: 12:30`) is no text, and OpenCode skips the skill (`isSkillFrontmatter` wants strings). `skc discover --agent opencode` lists such a skill as invalid, saying to quote the value.",
    "In `.claude/skills` and `.agents/skills` it also finds skills in directories whose names start with `.` (globbed with `{dot:true}`), in its own `.opencode` and `~/.config/opencode` directories not; skc does the same.",
    "Outside a git repository OpenCode walks up to the file system's root. It also reads the skills of `skills.paths` and `skills.urls` in its `opencode.json`, which skc does not; `OPENCODE_DISABLE_CLAUDE_CODE_SKILLS` (or `OPENCODE_DISABLE_CLAUDE_CODE`) turns off the `.claude` directories, `OPENCODE_DISABLE_EXTERNAL_SKILLS` the `.claude` and `.agents` ones; skc reads them all."
  ]
}
