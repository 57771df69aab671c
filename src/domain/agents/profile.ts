/**
 * An agent profile (DECISIONS #51): what one agent runtime reads of a skill,
 * as plain data. Lint checks fields against it, discovery reads its
 * directories, and `discover`/`prompt`/`match`/`budget`/`eval` build the
 * skill listing the way it does. Every fact carries its source, and
 * `docs/agents.md` is generated from these values (`npm run docs:agents`),
 * so the documentation cannot drift from the code.
 *
 * Adding an agent is one file in this folder plus one line in `index.ts`;
 * adding a field is one entry in its profile.
 */

/** Where a fact comes from: a URL (with its section) or a CHANGELOG version. */
export type Source = string

/**
 * The value a field takes. Each kind has one checker in `fieldValue.ts`;
 * anything a kind cannot express goes into a profile's `combinations`.
 */
export type FieldKind =
  | { readonly kind: "string" }
  /** A YAML boolean; `words` also accepts the strings `yes`/`no`/`on`/`off` where the agent reads them so. */
  | { readonly kind: "boolean"; readonly words?: boolean }
  /** One of a fixed set of strings (compared case-sensitively, as the agents do). */
  | { readonly kind: "enum"; readonly values: ReadonlyArray<string>; readonly open?: boolean }
  /** A string, or a YAML list of strings (e.g. `allowed-tools`, `paths`). */
  | { readonly kind: "string-or-list" }
  /** Tool entries as `allowed-tools` writes them (`Read`, `Bash(git *)`), a string or a list: `disallowed-tools`. */
  | { readonly kind: "tools" }
  /** A YAML list of strings. */
  | { readonly kind: "list" }
  /** A map of string keys to string values (`metadata`). */
  | { readonly kind: "string-map" }
  /** Any YAML map (shape checked by a combination rule, e.g. `hooks`). */
  | { readonly kind: "map" }
  /** Claude Code's `hooks`: event name → list of `{ matcher?, hooks: [{ type, command (args?)|prompt|url, timeout? }] }`; `mcp_tool` hooks too. */
  | { readonly kind: "hooks"; readonly events: ReadonlyArray<string> }
  /**
   * Any YAML value, read as its text: Claude Code's `argument-hint`, where
   * `[topic: foo | bar]` parses as a list holding a map and is coerced to a
   * string (its CHANGELOG 2.1.47), so no value is misread.
   */
  | { readonly kind: "text" }
  /** Anything (the field is known, its value not checked). */
  | { readonly kind: "any" }

export interface FieldSpec {
  readonly name: string
  /**
   * Other keys the agent reads as this field, e.g. `display_name` and
   * `displayName` for Claude Code's `display-name` (its CHANGELOG 2.1.186:
   * kebab-case, snake_case and camelCase). Known to SKL109 and checked by
   * SKL115 as the field is; suggestions and completion name `name`.
   */
  readonly spellings?: ReadonlyArray<string>
  readonly value: FieldKind
  /** One line for docs/agents.md: what the agent does with it. */
  readonly summary: string
  readonly source: Source
}

/** What a combination rule sees: the frontmatter map and the SKILL.md body. */
export interface SkillFacts {
  readonly data: Readonly<Record<string, unknown>>
  readonly body: string
  /** Line of the body's first line in SKILL.md (1-based). */
  readonly bodyLine: number
}

export interface CombinationFinding {
  /** The field the finding is about (its line is reported), or `undefined` for the body. */
  readonly field?: string
  /** 1-based line in SKILL.md when the rule knows it better than the field's line. */
  readonly line?: number
  /** 1-based column on that line (UTF-16 units, as the editor counts) when the rule knows the place: `$1.00` in a table row. */
  readonly column?: number
  readonly message: string
}

/** A rule over several fields or the body, e.g. Claude's `agent` without `context: fork` (SKL116/SKL117). */
export interface CombinationRule {
  /** `SKL116` (fields that need each other) or `SKL117` (body placeholders). */
  readonly rule: "SKL116" | "SKL117"
  readonly summary: string
  readonly source: Source
  readonly check: (facts: SkillFacts) => ReadonlyArray<CombinationFinding>
}

/**
 * How the agent turns installed skills into the listing the model reads at
 * start (progressive disclosure level 1).
 */
export interface ListingRule {
  /**
   * Fields whose text makes an entry's description, in order, joined by
   * `joiner` (Claude appends `when_to_use` to `description`).
   */
  readonly textFields: ReadonlyArray<string>
  readonly joiner: string
  /** Code points kept of the joined text; null when the agent cuts nothing (or does not say). */
  readonly perEntryCap: number | null
  readonly budget: BudgetRule
  /** A boolean field that, when true, keeps the skill out of the model's listing (manual only). */
  readonly manualOnlyField: string | null
  /** A boolean field that, when false, hides the skill from the user's command menu (still listed to the model). */
  readonly commandMenuField: string | null
  /** A field that makes a skill conditional (listed only when matching files are in play). */
  readonly conditionalField: string | null
  /**
   * How entries are laid out and cut past the budget. Absent: `- name: text`
   * in discovery order, entries keep their text while the listing fits and
   * are listed by name only from the first that does not. `codex`: Codex's
   * own layout (src/domain/agents/codexListing.ts); `claude`: Claude Code's
   * (src/domain/agents/claudeListing.ts); `gemini`: Gemini CLI's order and names
   * (src/domain/agents/geminiListing.ts); `opencode`: OpenCode's, every skill by name; `copilot`:
   * GitHub Copilot CLI's, each skills directory's skills by name.
   */
  readonly layout?: "codex" | "claude" | "gemini" | "opencode" | "copilot"
  /**
   * The agent lists a skill whose frontmatter the specification calls invalid (malformed YAML, no
   * `description`, a number as `name`), reading it as claudeMetadata.ts does (Claude Code 2.1.47,
   * 2.1.69, 2.1.186): discover and the listing count it, with its problems as warnings; lint still
   * reports them. Absent: such a skill is invalid and not listed.
   */
  readonly listsInvalid?: boolean
  /**
   * The agent reads `name` and `description` its own way, from the file's bytes: `gemini`, as Gemini CLI's
   * skill loader does (geminiMetadata.ts: a SKILL.md starting with a byte order mark is skipped; a `name` or
   * `description` that is no string is read as its line's text). A skill it skips is invalid for discover and
   * the listing, with its reason (lint reports the BOM under SKL100); one it reads is listed with what it read,
   * the specification's problems as warnings (lint still reports them). `codex`: the name as OpenAI Codex
   * gives it (codexMetadata.ts: its directory's name when `name` is missing or empty; refused over 64 characters).
   * `opencode`: a frontmatter OpenCode cannot parse even after its sanitiser (opencodeMetadata.ts) is invalid.
   */
  readonly reader?: "gemini" | "codex" | "opencode" | "claude"
  /**
   * The agent selects a skill the request names as `$name` from every enabled skill, listed or not
   * (Codex: codexMentions.ts): `skc match` counts such a skill as mentioned.
   */
  readonly explicitMentions?: Source
  /**
   * A file beside SKILL.md whose `policy.allow_implicit_invocation: false`
   * keeps the skill out of the model's listing (Codex's `agents/openai.yaml`).
   */
  readonly policyFile?: string
  readonly source: Source
}

export type BudgetRule =
  /** A share of the context window (tokens × charsPerToken × fraction), or `fallbackChars` when the window is unknown. */
  | {
      readonly kind: "fraction"
      readonly fraction: number
      readonly charsPerToken: number
      readonly defaultContextTokens: number | null
      readonly fallbackChars: number | null
      /** An environment variable that replaces the budget, in characters. */
      readonly envOverride: string | null
      /**
       * The window depends on the model the agent runs (Claude Code): which model that is comes from
       * `modelEnv`, else the agent's settings (`model`), else the agent's default model; `without1MEnv`
       * set (truthy) turns the long context off. `windowOf` gives the tokens the budget is sized from and
       * why, for `defaultContextTokens` when the model is known to skc.
       */
      readonly modelWindow?: {
        readonly modelEnv: string
        readonly without1MEnv: string
        readonly windowOf: (model: string | undefined, without1M: boolean) => { readonly tokens: number; readonly why: string }
        readonly source: Source
      }
      /**
       * `tokens`: with a known window the budget is `fraction` of it in tokens,
       * each entry's cost estimated from its bytes (Codex); absent: characters.
       */
      readonly unit?: "tokens"
      readonly source: Source
    }
  /** The agent documents no limit: skc says so plainly. */
  | { readonly kind: "unknown"; readonly note: string }

export interface AgentProfile {
  /** The `--agent` / `--target` word. */
  readonly name: string
  /** How people call it. */
  readonly title: string
  readonly homepage: Source
  /**
   * A SKILL.md whose first bytes are a UTF-8 byte order mark is refused by this agent or tool, which looks
   * for `---` at the first character: what it does then, and where that is written. Lint reports it under
   * SKL100 for the profile. (Gemini CLI's is its `reader`'s, below.)
   */
  readonly bom?: { readonly refuses: string; readonly source: Source }
  /** Directories it reads skills from, in its precedence order; the first of each level is where `skc build` deploys. */
  readonly dirs: {
    readonly project: ReadonlyArray<string>
    readonly user: ReadonlyArray<string>
    /**
     * The agent's own bundled skills, under the home directory (Codex: `.codex/skills/.system`): part of
     * its listing (discover, budget, prompt), listed first; not a place skc resolves skill names from.
     */
    readonly system?: string
    /**
     * Absent: the project directories of the cwd and of every ancestor. Set: only from the project
     * root (the nearest ancestor holding one of these names, e.g. `.git`) down to the cwd; the cwd
     * alone when no ancestor holds one (Codex).
     */
    readonly projectRoot?: ReadonlyArray<string>
    /**
     * With `projectRoot`, where no ancestor holds a marker: `cwd` (the default), the working
     * directory alone (Codex); `ancestors`, every ancestor as without `projectRoot` (Claude Code).
     */
    readonly outsideProject?: "cwd" | "ancestors"
    /**
     * Which scope's copy of a name wins, lowest first; absent: project, user, plugin (the protocol's
     * order). Claude Code: the user's, then the project's ("enterprise > personal > project").
     */
    readonly scopeRank?: Readonly<Record<"project" | "user" | "plugin", number>>
    /** The walk up from the working directory stops below the home directory (Claude Code): no level at or above it. */
    readonly stopAtHome?: boolean
    /**
     * A project skills directory the agent also loads below the working directory, once it works on files
     * there (Claude Code's nested `.claude/skills`); skc lists from the working directory up, so `discover`
     * only names such directories (`below`).
     */
    readonly nestedBelow?: { readonly dir: string; readonly source: Source }
    /** Set (with its source): a skill whose SKILL.md is itself a symbolic link is not loaded (Codex); a linked directory is. */
    readonly skipsLinkedSkillMd?: Source
    /**
     * Absent: a skill is a direct child of a skills directory. Set: a SKILL.md at most this many
     * directories below it is a skill (Codex: 6, grouping folders allowed; OpenCode: any depth,
     * `Infinity`).
     */
    readonly depth?: number
    /**
     * The working directory's project directories only, never an ancestor's, with or without a
     * repository (Gemini CLI: its workspace directory's `.gemini/skills` and `.agents/skills`).
     */
    readonly cwdOnly?: boolean
    /**
     * Within one level, the directory listed later in `project` / `user` holds the copy of a name
     * that wins (Gemini CLI loads `.gemini/skills`, then `.agents/skills`, a later copy replacing an
     * earlier one). Absent: the first listed wins. The first listed is still where `skc build` deploys.
     */
    readonly laterWins?: boolean
    /** A SKILL.md directly in a skills directory is a skill too (Gemini CLI reads `<dir>/SKILL.md` and `<dir>/<name>/SKILL.md`). */
    readonly rootSkill?: boolean
    /**
     * The agent reads every copy of a name at once and keeps whichever it finished reading last
     * (OpenCode 1.18): which copy it uses can change from run to run, so `skc discover` warns.
     */
    readonly copiesRace?: boolean
    /**
     * The agent lists every copy of a name, each by its path (Codex 0.171.0,
     * test/fixtures/codex-listing/with-home): no copy hides another. `skc discover`
     * still names the first copy in resolution order (the one skc resolves the name to)
     * and reports the others as also listed, not as shadowed.
     */
    readonly everyCopyListed?: boolean
    /**
     * The project's directories are walked one name at a time: every level's first directory (the
     * cwd's, then each ancestor's), then every level's second, and so on (GitHub Copilot CLI:
     * `.github/skills`, then `.agents/skills`, then `.claude/skills`). Absent: level by level.
     */
    readonly walkByDirectory?: boolean
    /**
     * Skills directories (of `project` / `user`) whose scan also enters directories named with a leading
     * `.` (OpenCode globs `.claude` and `.agents` with `{dot:true}`, its own directories without). Absent:
     * a dot-directory is never read.
     */
    readonly dotDirs?: ReadonlyArray<string>
    /** Folder names the agent's own search never enters (Gemini CLI's glob ignores `**\/node_modules/**` and `**\/.git/**`). */
    readonly ignoredDirs?: ReadonlyArray<string>
    /** A nested scan does not look inside a skill: a SKILL.md below another skill's is that skill's file (GitHub Copilot CLI). */
    readonly stopAtSkill?: boolean
    /**
     * The home directory the agent reads its user directories and settings below moves to the directory an
     * environment variable names when it is set (Gemini CLI's `GEMINI_CLI_HOME`: `~/.gemini/skills` and
     * `~/.agents/skills` are read below it instead).
     */
    readonly homeEnv?: {
      readonly variable: string
      readonly source: Source
    }
    /**
     * The agent's user configuration directory (`home`, e.g. `.claude`) moves to the directory an
     * environment variable names when it is set (Claude Code's `CLAUDE_CONFIG_DIR`): every user
     * directory below `home` is read there instead, and so are the agent's user settings.
     */
    readonly configDirEnv?: {
      readonly variable: string
      readonly home: string
      /** What the agent reads there, for docs/agents.md ("its skills, commands and settings"). */
      readonly reads: string
      readonly source: Source
    }
    /**
     * A directory an environment variable names is one more configuration directory (OpenCode's
     * `OPENCODE_CONFIG_DIR`, read beside `~/.config/opencode`, not instead of it): these directories
     * below it are user directories too, after the others. Unset or empty: nothing more is read.
     */
    readonly extraConfigDirEnv?: { readonly variable: string; readonly dirs: ReadonlyArray<string>; readonly source: Source }
    /**
     * A directory of a skills directory holding `.claude-plugin/plugin.json` is a plugin, loaded as
     * one with no marketplace (Claude Code 2.1.157): its skills are `<plugin>:<skill>`, plugin scope.
     */
    readonly pluginsInSkillsDirs?: boolean
    /**
     * From a linked git worktree (its `.git` a file naming `<main>/.git/worktrees/<name>`), the main
     * checkout's project directories are read too, after the worktree's own (Claude Code 2.1.47).
     */
    readonly mainWorktree?: boolean
    readonly source: Source
  }
  /** Frontmatter fields it knows beyond the specification's six (which every profile knows). */
  readonly fields: ReadonlyArray<FieldSpec>
  readonly combinations: ReadonlyArray<CombinationRule>
  readonly listing: ListingRule
  /**
   * Lint rules whose findings this agent treats as fatal (it refuses the
   * skill), so lint reports them as errors whatever their default: the
   * strict `agentskills` profile makes SKL104, SKL107, SKL109 and SKL111
   * errors (skills-ref parity), Codex refuses a description over 1,024.
   */
  readonly escalate: ReadonlyArray<{ readonly rule: string; readonly why: string }>
  /**
   * Lint rules about what this agent never reads, not run when every profile the skill is linted for
   * skips them: Codex reads no `allowed-tools` (SKL601, SKL602) and reserves no words in a name (SKL604).
   * `skc discover` leaves their warnings out for it too.
   */
  readonly skips?: ReadonlyArray<{ readonly rule: string; readonly why: string }>
  /**
   * What the agent does with `allowed-tools`. Absent: the agent skill protocol's restricted mode (a
   * listed tool is allowed without approval, every other tool is unavailable). Set: the agent's own
   * reading, e.g. Claude Code's pre-approval (an unlisted tool goes through its standard approval), or
   * none: `ignored` (Codex reads no `allowed-tools`; its own approval policy decides every tool).
   */
  readonly allowedTools?:
    | {
        readonly unlisted: "ask"
        /** Tools the agent still asks for when listed (interactive ones). */
        readonly alwaysAsk: ReadonlyArray<string>
        /** File rules read the gitignore way (`~/` home, relative to the working directory) against absolute paths (tools.ts `ToolModel.files`). */
        readonly filePaths?: "gitignore"
        readonly source: Source
      }
    | { readonly ignored: true; readonly source: Source }
  /** Facts skc could not settle, said plainly in docs/agents.md. */
  readonly notes?: ReadonlyArray<string>
}

/**
 * The listing of an agent that lists each skill's `description` as written
 * (the specification's client guide): no cap, and no frontmatter field
 * besides `manualOnlyField` changes it. Most profiles are this.
 */
export const descriptionListing = (options: {
  readonly budget: BudgetRule
  readonly source: Source
  readonly manualOnlyField?: string
}): ListingRule => ({
  textFields: ["description"],
  joiner: " ",
  perEntryCap: null,
  budget: options.budget,
  manualOnlyField: options.manualOnlyField ?? null,
  commandMenuField: null,
  conditionalField: null,
  source: options.source
})

/** An agent whose documentation gives no listing budget: said plainly. */
export const undocumentedBudget = (title: string): BudgetRule => ({ kind: "unknown", note: `${title} documents no listing budget` })
