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
    // skillLoader.ts `loadSkillsFromDir`: glob(['SKILL.md', '*/SKILL.md'], { ignore: ['**/node_modules/**', '**/.git/**'] }).
    ignoredDirs: ["node_modules"],
    homeEnv: {
      variable: "GEMINI_CLI_HOME",
      source: "google-gemini/gemini-cli packages/core/src/utils/paths.ts (`homedir`: `GEMINI_CLI_HOME` when set) and config/storage.ts (`getGlobalGeminiDir`, `getGlobalAgentsDir`, `getGlobalSettingsPath`); docs/reference/configuration.md"
    },
    source: `${DOCS} (Discovery tiers); ${SOURCE}`
  },
  fields: [],
  combinations: [],
  listing: { ...descriptionListing({ budget: undocumentedBudget("Gemini CLI"), source: `${DOCS}; ${SOURCE}` }), layout: "gemini", reader: "gemini" },
  escalate: [],
  notes: [
    "`skc prompt --agent gemini` prints the block as Gemini CLI's `renderAgentSkills` writes it (`packages/core/src/prompts/snippets.ts`): `# Available Agent Skills`, a sentence naming its `activate_skill` tool, then `<available_skills>` with an indented `<skill>` element per skill whose name, description and location are written as they are, nothing escaped. With a Gemini 2.5 model it uses `snippets.legacy.ts`, whose sentence reads \"you can call\"; skc prints the Gemini 3 one.",
    "Gemini CLI lists its own bundled skills first (`skill-creator` and `antigravity-support` in 0.61.0), then extensions' skills, then the user's, then the project's; a name keeps the place of its first copy and shows its last copy's description (`skc prompt`, `skc budget`).",
    "It loads the project's skills only in a trusted folder (trusted once in an interactive session, or by `GEMINI_CLI_TRUST_WORKSPACE=true` or `--skip-trust`): in a folder not trusted the headless `gemini -p` stops, and an interactive session lists the user's skills alone. skc lists the project's skills as in a trusted folder.",
    "A skill is known by its frontmatter `name`, with each of `: \\ / < > * ? \" |` made `-`; a SKILL.md with no `name` or no `description` is skipped. When the YAML's `name` and `description` are not both strings (`name: 123`, `description: true`, YAML that does not parse), it reads the text after the last `name:` and `description:` lines instead, indented lines included and quotes kept (`name: \"q:x\"` is `-q-x-`), and lists that; `description: \"\"` is listed empty. `skc discover`, `prompt` and `budget --agent gemini` list such a skill so; `skc lint` still reports it against the specification. Within one directory it lists skills in the order its file search returns them, which depends on the file system; skc lists them by name.",
    "`skills.disabled` in `~/.gemini/settings.json` or the project's `.gemini/settings.json` (names compared without case, the lists joined) keeps skills out; `skills.enabled: false` turns them all off. skc reads both files (the user's below `$GEMINI_CLI_HOME` when that is set, as are the user skill directories); the system settings file (`/etc/gemini-cli/settings.json`) and extensions are not read.",
    "It reads SKILL.md as text with a leading UTF-8 byte order mark kept and looks for `---` at its first character (skillLoader.ts `FRONTMATTER_REGEX`): a SKILL.md saved with a BOM is skipped. `skc discover --agent gemini` lists it as invalid and `skc lint --agent gemini` reports it (SKL100).",
    "A SKILL.md right in a skills directory (`.gemini/skills/SKILL.md`) is a skill too; a SKILL.md two directories down is not, nor one in a folder named `node_modules` (its file search ignores `**/node_modules/**`)."
  ]
}
