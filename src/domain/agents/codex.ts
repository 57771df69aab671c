/**
 * OpenAI Codex (DECISIONS #51, #53). Facts from its skills page
 * (developers.openai.com/codex/skills) and its loader and listing code
 * (openai/codex `codex-rs/core-skills/src/loader.rs`, `render.rs`).
 */
import { CODEX_METADATA_FILE } from "./codexPolicy.js"
import { descriptionListing, type AgentProfile, type BudgetRule } from "./profile.js"

const DOCS = "https://developers.openai.com/codex/skills"
const LOADER = "openai/codex codex-rs/core-skills/src/loader.rs"
const RENDER = "openai/codex codex-rs/core-skills/src/render.rs (default_skill_metadata_budget, render_lines_with_description_budget)"
const MODEL = "openai/codex codex-rs/core-skills/src/model.rs (allow_implicit_invocation)"

/** 2 % of the window in tokens (each line's bytes ÷ 4, rounded up), or 8,000 characters without a window. */
const CODEX_BUDGET: BudgetRule = {
  kind: "fraction",
  fraction: 0.02,
  charsPerToken: 4,
  defaultContextTokens: null,
  fallbackChars: 8_000,
  envOverride: null,
  unit: "tokens",
  source: `${DOCS} ("at most 2% of the model's context window, or 8,000 characters when the context window is unknown"); ${RENDER}`
}

export const codex: AgentProfile = {
  name: "codex",
  title: "OpenAI Codex",
  homepage: DOCS,
  dirs: {
    // `.agents/skills` from the repository root down to the cwd; `.codex/skills` is the project config layer's; `~/.codex/skills` is kept "for backward compatibility".
    project: [".agents/skills", ".codex/skills"],
    user: [".agents/skills", ".codex/skills"],
    // The skills Codex installs with itself (skill-creator, imagegen, …): in its listing, first. Not a place skc resolves names from.
    system: ".codex/skills/.system",
    // Both project directories are read from the repository root (its default marker, `.git`) down to the cwd.
    projectRoot: [".git"],
    // A SKILL.md up to six directories below a skills directory is a skill (grouping folders allowed).
    depth: 6,
    // Its listing keeps every copy of a name (it knows skills by path): see the recorded listing.
    everyCopyListed: true,
    source: `${DOCS} (Where to save skills); ${LOADER} (repo_agents_skill_roots, skill_roots_from_layer_stack, find_project_root, MAX_SCAN_DEPTH, discover_skills_under_root)`
  },
  // Codex reads `name`, `description` and `metadata.short-description`; every other key is ignored (serde default).
  fields: [],
  combinations: [],
  // Codex's order, line (with the SKILL.md path), token estimate and cuts (src/domain/agents/codexListing.ts), and its `agents/openai.yaml` policy.
  listing: {
    ...descriptionListing({ budget: CODEX_BUDGET, source: `${DOCS}; ${RENDER}` }),
    layout: "codex",
    policyFile: CODEX_METADATA_FILE,
    source: `${DOCS}; ${RENDER}; ${LOADER} (load_skill_metadata); ${MODEL}`
  },
  escalate: [
    { rule: "SKL107", why: "Codex refuses to load a skill whose description is over 1,024 characters" },
    { rule: "SKL103", why: "Codex refuses to load a skill whose name is over 64 characters" }
  ],
  notes: [
    "Codex lists `- name: description (file: r<k>/<dir>/SKILL.md)`, the description on one line (each run of white space one space) and `r<k>` a skills directory named once in a table of roots; its own system skills first (`~/.codex/skills/.system`), then the repository's, then the user's, each by name. Each line counts against the budget, the table does not (checked against `codex debug prompt-input` of Codex 0.171.0).",
    "Past the budget, Codex shortens every description, one character at a time to each skill in turn; when even the lines without descriptions do not fit, it leaves skills out. skc reports both.",
    "`policy.allow_implicit_invocation: false` in the skill's `agents/openai.yaml` keeps it out of the model's listing (a person calls it with `$name`); skc reads that file as Codex does, ignoring it when it is not the YAML Codex expects.",
    "A skill `skc build` deploys is its runtime's stub, and RFC-0001:C-OUTPUT keeps source files out of the runtime: `agents/openai.yaml` stays with the source, where Codex does not read it. `skc build` for Codex says so.",
    "Codex's home is `~/.codex`; skc does not read `CODEX_HOME` when it points elsewhere.",
    "Codex does not read `.claude/skills`."
  ]
}
