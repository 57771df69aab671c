/**
 * OpenAI Codex (DECISIONS #51, #53). Facts from its skills page
 * (developers.openai.com/codex/skills) and its loader and listing code
 * (openai/codex `codex-rs/core-skills/src/loader.rs`, `render.rs`).
 */
import { descriptionListing, type AgentProfile } from "./profile.js"

const DOCS = "https://developers.openai.com/codex/skills"
const LOADER = "openai/codex codex-rs/core-skills/src/loader.rs"
const RENDER = "openai/codex codex-rs/core-skills/src/render.rs (default_skill_metadata_budget)"

export const codex: AgentProfile = {
  name: "codex",
  title: "OpenAI Codex",
  homepage: DOCS,
  dirs: {
    // `.agents/skills` from the repository root down to the cwd; `.codex/skills` is the project config layer's; `~/.codex/skills` is kept "for backward compatibility".
    project: [".agents/skills", ".codex/skills"],
    user: [".agents/skills", ".codex/skills"],
    source: `${DOCS} (Where to save skills); ${LOADER} (repo_agents_skill_roots, skill_roots_from_layer_stack)`
  },
  // Codex reads `name`, `description` and `metadata.short-description`; every other key is ignored (serde default).
  fields: [],
  combinations: [],
  listing: descriptionListing({
    budget: {
      kind: "fraction",
      fraction: 0.02,
      charsPerToken: 4,
      defaultContextTokens: null,
      fallbackChars: 8_000,
      envOverride: null,
      source: `${DOCS} ("at most 2% of the model's context window, or 8,000 characters when the context window is unknown"); ${RENDER}`
    },
    source: `${DOCS}; ${RENDER}`
  }),
  escalate: [
    { rule: "SKL107", why: "Codex refuses to load a skill whose description is over 1,024 characters" },
    { rule: "SKL103", why: "Codex refuses to load a skill whose name is over 64 characters" }
  ],
  notes: [
    "Past the budget, Codex first shortens descriptions, then leaves skills out; skc reports the skills that would lose their description.",
    "Implicit invocation can be turned off in the skill's `agents/openai.yaml` (`policy.allow_implicit_invocation`), not in SKILL.md; skc does not read that file yet.",
    "Codex does not read `.claude/skills`."
  ]
}
