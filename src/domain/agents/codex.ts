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
/** The per-entry cap: `MAX_DEFAULT_CONTEXT_SKILL_DESCRIPTION_CHARS = 1_024`, `TRUNCATED_SKILL_DESCRIPTION_SUFFIX = "..."`. */
const CAP = "openai/codex codex-rs/core-skills/src/model_visible.rs and codex-rs/ext/skills/src/host_render.rs (truncate_skill_description: over 1,024 characters, the first 1,021 and `...`)"
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
  // Its loader compares the first line, trimmed, with `---`; Rust's trim keeps U+FEFF, so a SKILL.md saved with a BOM is skipped.
  bom: {
    refuses: 'skips it: "missing YAML frontmatter delimited by ---"',
    source: `${LOADER} (extract_frontmatter: \`line.trim() == "---"\`); openai/codex#13918 (open)`
  },
  dirs: {
    // `.agents/skills` from the repository root down to the cwd; `.codex/skills` is the project config layer's; `~/.codex/skills` is kept "for backward compatibility".
    project: [".agents/skills", ".codex/skills"],
    user: [".agents/skills", ".codex/skills"],
    // The skills Codex installs with itself (skill-creator, imagegen, …): in its listing, first. Not a place skc resolves names from.
    system: ".codex/skills/.system",
    // `~/.codex` is wherever `$CODEX_HOME` names (its own skill-installer installs into `$CODEX_HOME/skills`).
    configDirEnv: {
      variable: "CODEX_HOME",
      home: ".codex",
      reads: "its skills, its own in `skills/.system` too",
      source: "openai/skills skills/.system/skill-installer (`os.environ.get(\"CODEX_HOME\", os.path.expanduser(\"~/.codex\"))`; installs into `$CODEX_HOME/skills`)"
    },
    // Both project directories are read from the repository root (its default marker, `.git`) down to the cwd.
    projectRoot: [".git"],
    // A SKILL.md up to six directories below a skills directory is a skill (grouping folders allowed), and one
    // right in it too: the scan reads the root's own entries first (discover_skills_under_root's queue starts
    // with the root; an agentskills probe found `.agents/skills/SKILL.md` listed by Codex and not by skc).
    depth: 6,
    rootSkill: true,
    // Its listing keeps every copy of a name (it knows skills by path): see the recorded listing.
    everyCopyListed: true,
    // The scanner follows a linked skill directory, not a SKILL.md that is itself a link (file symlinks are skipped).
    skipsLinkedSkillMd: "openai/codex#31592 (2026-07, open), #15756 (open); loader.rs discover_skills_under_root follows symlinks to directories only",
    source: `${DOCS} (Where to save skills); ${LOADER} (repo_agents_skill_roots, skill_roots_from_layer_stack, find_project_root, MAX_SCAN_DEPTH, discover_skills_under_root)`
  },
  // Codex reads `name`, `description` and `metadata.short-description`; every other key is ignored (serde default).
  fields: [],
  combinations: [],
  // Codex's order, line (with the SKILL.md path), token estimate and cuts (src/domain/agents/codexListing.ts), and its `agents/openai.yaml` policy.
  listing: {
    ...descriptionListing({ budget: CODEX_BUDGET, source: `${DOCS}; ${RENDER}` }),
    // Each description over 1,024 characters is listed as its first 1,021 and `...` (codexCut).
    perEntryCap: 1_024,
    layout: "codex",
    policyFile: CODEX_METADATA_FILE,
    reader: "codex",
    explicitMentions: "openai/codex codex-rs/core-skills/src/injection.rs (collect_explicit_skill_mentions, extract_tool_mentions)",
    source: `${DOCS}; ${RENDER}; ${LOADER} (load_skill_metadata); ${MODEL}; ${CAP}`
  },
  escalate: [
    { rule: "SKL107", why: "older Codex versions refuse to load a skill whose description is over 1,024 characters (loader.rs `validate_len(&description, MAX_DESCRIPTION_LEN, ...)`); current ones list it cut to 1,021 characters and `...`" },
    { rule: "SKL103", why: "Codex refuses to load a skill whose name is over 64 characters" }
  ],
  skips: [
    { rule: "SKL601", why: "Codex reads no `allowed-tools` (its frontmatter is `name`, `description` and `metadata.short-description`; loader.rs `SkillFrontmatter`): the field grants and restricts nothing there" },
    { rule: "SKL602", why: "Codex reads no `allowed-tools`, and its own tools have other names (`shell`, `apply_patch`) than the ones SKL602 knows" },
    { rule: "SKL604", why: "Codex reserves no word in a skill's name (no check in loader.rs)" }
  ],
  allowedTools: { ignored: true, source: `${LOADER} (SkillFrontmatter: name, description, metadata.short-description)` },
  notes: [
    "Its loader compares a SKILL.md's first line, trimmed, with `---` (loader.rs `extract_frontmatter`); Rust's `trim` keeps a byte order mark, so a SKILL.md saved with one is skipped (openai/codex#13918, open). `skc discover --agent codex` lists it as invalid and `skc lint --agent codex` reports it (SKL100). Its scan also reads the skills directory's own entries: a SKILL.md right in `.agents/skills` is a skill.",
    "Codex follows a skill directory that is a symbolic link, but skips a skill whose `SKILL.md` is itself one (a dotfiles manager's layout; openai/codex#31592, #15756, open): `skc discover --agent codex` lists such a skill as invalid, saying so.",
    "`skc prompt --agent codex` prints the skills section as Codex's `render_available_skills_body` lays it out (`codex-rs/core-skills/src/render.rs`): `## Skills`, `### Skill roots` with a line `` - `r<k>` = `<directory>` `` per root, `### Available skills` and the lines `skc budget` counts. It leaves out the sentence under `## Skills`, the `### How to use skills` guidance and the `<skills_instructions>` tags: fixed prose whose wording changes between Codex releases.",
    "Codex lists `- name: description (file: r<k>/<dir>/SKILL.md)`, the description on one line (each run of white space one space) and `r<k>` a skills directory named once in a table of roots; its own system skills first (`~/.codex/skills/.system`), then the repository's, then the user's, each by name. Each line counts against the budget, the table does not (checked against `codex debug prompt-input` of Codex 0.171.0).",
    "Past the budget, Codex shortens every description, one character at a time to each skill in turn; when even the lines without descriptions do not fit, it leaves skills out. skc reports both.",
    "`policy.allow_implicit_invocation: false` in the skill's `agents/openai.yaml` keeps it out of the model's listing (a person calls it with `$name`); skc reads that file as Codex does, ignoring it when it is not the YAML Codex expects, and `skc discover --agent codex` and `skc lint` then say why (SKL606).",
    "`$name` in a request selects the skill of that name from every enabled skill, listed or not: names of `[A-Za-z0-9_:-]` compared exactly, a name two skills share selecting neither, `$PATH`, `$HOME` and other common environment variables ignored, `[$name](path)` selecting by path (injection.rs). `skc match --agent codex` counts such a skill as mentioned, and says (a notice on stderr) when a `$name` selects nothing: no skill has the name (with a did-you-mean) or two share it.",
    "A skill `skc build` deploys is its runtime's stub, and RFC-0001:C-OUTPUT keeps source files out of the runtime: `agents/openai.yaml` stays with the source, where Codex does not read it. `skc build` for Codex says so.",
    "`policy.products` in `agents/openai.yaml` limits a skill to some OpenAI products; a list without `codex` (in any case) keeps it out of a Codex session whole, listing and `$name` alike (manager.rs `filter_skill_load_outcome_for_product` with `Product::Codex`): `skc discover --agent codex` lists it as not loaded, saying why. A product name Codex does not know is taken as a name, not as an error (the Codex versions read disagree on whether such a file is ignored).",
    "`metadata.short-description`, Codex's one key under `metadata`, is held to 1,024 characters as the name is held to 64: over it Codex does not load the skill (loader.rs `validate_len`); `skc discover --agent codex` lists it as not loaded and `skc lint --agent codex` reports it (SKL107, an error for Codex).",
    "Codex reads no `allowed-tools`: `skc lint --agent codex` does not run SKL601 and SKL602 on it, and `skc permissions --agent codex` decides every tool as without the field (standard), saying so; nor does it reserve words in a name (SKL604).",
    "Codex also loads the skills an administrator puts in `/etc/codex/skills` (its system configuration layer's `skills`, scope `Admin`): listed after its own bundled skills and before the repository's, and the copy a name resolves to last (loader.rs `skill_roots_from_layer_stack`, `scope_rank`; render.rs `prompt_scope_rank`). skc does not read that machine-wide directory, as it reads no agent's configuration under `/etc`: `skc discover`, `budget` and `prompt --agent codex` leave such skills out.",
    "Codex does not read `.claude/skills`.",
    "A frontmatter Codex's YAML parser refuses is repaired before Codex gives up (openai/codex PR #28628, first in Codex 0.142.0 by its release notes; parser.rs `repair_frontmatter_scalar_fields`): a line whose unquoted value holds `:` and white space (`description: Build for AWS: ECS`), or starts with `[`, `{`, `@` or a backtick and is no YAML (`description: [WIP] Does things fast`), has its value single-quoted, and the YAML is read again; quoted values and `|`/`>` block scalars are left alone, a ` #` comment stays a comment. `skc discover`, `budget` and `prompt --agent codex` list such a skill with the value Codex reads and a warning; `skc lint --agent codex` reports it as a warning (SKL100), with any other profile as the YAML error it is. Codex before 0.142.0 skips such a skill.",
    "A skill with no `name` (or an empty one) is loaded under its directory's name; a name over 64 characters is refused and the skill not loaded (loader.rs `validate_len`). `skc discover`, `budget` and `prompt --agent codex` do the same."
  ]
}
