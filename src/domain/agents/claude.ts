/**
 * Claude Code (DECISIONS #51). Facts from its skills documentation
 * (code.claude.com/docs/en/skills, read 2026-09 at v2.1.273 of its text) and
 * its CHANGELOG (anthropics/claude-code, versions named per fact).
 */
import type { AgentProfile, CombinationRule, FieldSpec, SkillFacts } from "./profile.js"
import { booleanValue } from "./fieldValue.js"

const DOCS = "https://code.claude.com/docs/en/skills"
const FM = `${DOCS} (Frontmatter reference)`

/** Hook events Claude Code's CHANGELOG names up to 2.1.240 (skills take the settings `hooks` format). */
export const CLAUDE_HOOK_EVENTS: ReadonlyArray<string> = [
  "PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest", "PermissionDenied", "Notification",
  "UserPromptSubmit", "Stop", "StopFailure", "SubagentStart", "SubagentStop", "PreCompact", "PostCompact",
  "SessionStart", "SessionEnd", "Setup", "TeammateIdle", "TaskCreated", "TaskCompleted", "ConfigChange",
  "WorktreeCreate", "WorktreeRemove", "InstructionsLoaded", "Elicitation", "ElicitationResult", "CwdChanged",
  "FileChanged", "MessageDisplay", "DirectoryAdded"
]

/** A key's other spellings as Claude Code reads them (CHANGELOG 2.1.186): `display_name` and `displayName` for `display-name`; none for a one-word key. */
const caseSpellings = (kebab: string): ReadonlyArray<string> | undefined => {
  const others = [kebab.replace(/-/g, "_"), kebab.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())].filter((k) => k !== kebab)
  return others.length === 0 ? undefined : others
}

const fields: ReadonlyArray<FieldSpec> = [
  { name: "when_to_use", value: { kind: "string" }, summary: "Appended to `description` in the skill listing; counts toward the 1,536-character entry cap.", source: FM },
  { name: "argument-hint", value: { kind: "text" }, summary: "Autocomplete hint for arguments, e.g. `[issue-number]`; a YAML list (even `[topic: foo | bar]`, a list holding a map) is read as text.", source: `${FM}; CHANGELOG 1.0.54, 2.1.47` },
  { name: "arguments", value: { kind: "string-or-list" }, summary: "Named positional arguments (`$name` in the body): a space-separated string or a list.", source: FM },
  { name: "disable-model-invocation", value: { kind: "boolean", words: true }, summary: "`true`: only a person can invoke the skill; it leaves the model's listing.", source: `${FM}; CHANGELOG 2.1.110, 2.1.218 (yes, no, on, off, 1, 0), 2.1.222` },
  { name: "user-invocable", value: { kind: "boolean", words: true }, summary: "`false`: hidden from the `/` menu; the model still sees and invokes it.", source: `${FM}; CHANGELOG 2.1.0` },
  { name: "allowed-tools", value: { kind: "string-or-list" }, summary: "Tools granted without a prompt during the invoking turn (string or YAML list).", source: `${FM}; CHANGELOG 2.1.0` },
  { name: "disallowed-tools", value: { kind: "tools" }, summary: "Tools removed from the model while the skill is active.", source: `${FM}; CHANGELOG 2.1.152` },
  { name: "model", value: { kind: "string" }, summary: "A `/model` value (alias or full id) or `inherit`, for the rest of the turn or the fork.", source: FM },
  { name: "effort", value: { kind: "enum", values: ["low", "medium", "high", "xhigh", "max"] }, summary: "Effort level while the skill runs; omit it to inherit (there is no `inherit` value).", source: `${FM}; CHANGELOG 2.1.80` },
  { name: "context", value: { kind: "enum", values: ["fork"] }, summary: "`fork` runs the skill in a forked subagent; omitted, it runs inline.", source: `${FM}; CHANGELOG 2.1.0` },
  { name: "agent", value: { kind: "string" }, summary: "Subagent type for `context: fork` (`Explore`, `Plan`, `general-purpose` or a custom agent).", source: `${FM}; CHANGELOG 2.1.0` },
  { name: "background", value: { kind: "boolean", words: true }, summary: "With `context: fork`: `false` waits for the fork in the same turn (default `true`).", source: `${FM}; CHANGELOG 2.1.218` },
  { name: "hooks", value: { kind: "hooks", events: CLAUDE_HOOK_EVENTS }, summary: "Hooks registered while the skill is active, in the settings `hooks` format.", source: `${FM}; CHANGELOG 2.1.0` },
  { name: "paths", value: { kind: "string-or-list" }, summary: "Globs (comma-separated or a list): the skill is loaded automatically only around matching files.", source: `${FM}; CHANGELOG 2.1.84` },
  { name: "shell", value: { kind: "enum", values: ["bash", "powershell"] }, summary: "Shell for `!`-command blocks: `bash` (default) or `powershell`.", source: FM },
  // CHANGELOG 2.1.186 names three keys the skills reference does not describe, each read in kebab-case,
  // snake_case or camelCase: known (no SKL109), their values unchecked (what they take is not documented).
  ...(["display-name", "default-enabled", "fallback"] as const).map(
    (name): FieldSpec => {
      const spellings = caseSpellings(name)
      return {
        name,
        ...(spellings === undefined ? {} : { spellings }),
        value: { kind: "any" },
        summary: "Read by Claude Code; not described in its skills reference, so skc does not check its value.",
        source: "CHANGELOG 2.1.186"
      }
    }
  )
]

const has = (data: Readonly<Record<string, unknown>>, key: string) => Object.prototype.hasOwnProperty.call(data, key) && data[key] !== null

const forkOnly = (field: string, what: string): CombinationRule => ({
  rule: "SKL116",
  summary: `\`${field}\` takes effect only with \`context: fork\`.`,
  source: FM,
  check: ({ data }) =>
    has(data, field) && data.context !== "fork"
      ? [{ field, message: `'${field}' has no effect without 'context: fork' (${what}); add 'context: fork' or remove '${field}'` }]
      : []
})

/** `$ARGUMENTS`, `$ARGUMENTS[0]`, `$0`…: Claude Code substitutes them everywhere in the body, code blocks included. */
const PLACEHOLDERS = /(?<![\\$\w])\$(ARGUMENTS(?:\[\d+\])?|\d+)(?![\w])/g

/**
 * What makes `$N` an amount to a reader: decimals or thousands (`$5.00`, `$1,200`), as in a price table,
 * or a unit or currency after it (`$20/month`, `$5 per seat`, `$30 USD`, as a published skill's plan
 * table writes prices), or a `+` for "or more" (`sweeps $200+ of orders`, a probe of published skills).
 */
const AMOUNT_TAIL = /^(?:\+(?![\w$])|(?:[.,]\d+)+(?:\/[A-Za-z]+)?|\/(?:mo|month|yr|year|user|seat|hr|hour|day|week|mtok|gb|tb)\b|(?=\s(?:per|a|each)\s+[a-z]|\s(?:USD|EUR|GBP|dollars?)\b))/i

/** `$ARGUMENTS.0`: the indexed form Claude Code dropped in 2.1.19 for `$ARGUMENTS[0]`. */
const LEGACY_INDEXED = /(?<![\\$\w])\$ARGUMENTS\.(\d+)(?![\w])/

/**
 * A body written for Claude Code before 2.1.19 ("Changed indexed argument syntax from `$ARGUMENTS.0` to
 * `$ARGUMENTS[0]`"): today `$ARGUMENTS.0` is every argument followed by a literal `.0`, whether or not
 * the skill declares its arguments. The first such place is named.
 */
const legacyIndexed: CombinationRule = {
  rule: "SKL117",
  summary: "Indexed arguments are `$ARGUMENTS[N]`: `$ARGUMENTS.N` is every argument followed by `.N` since Claude Code 2.1.19.",
  source: `${FM}; CHANGELOG 2.1.19`,
  check: ({ body, bodyLine }: SkillFacts) => {
    for (const [i, line] of body.split("\n").entries()) {
      const m = LEGACY_INDEXED.exec(line)
      if (m === null) continue
      return [
        {
          line: bodyLine + i,
          column: m.index + 1,
          message: `the body uses '$ARGUMENTS.${m[1]}', the indexed form Claude Code dropped in 2.1.19: it now puts every argument in place of '$ARGUMENTS' and leaves '.${m[1]}' after them; write '$ARGUMENTS[${m[1]}]'`
        }
      ]
    }
    return []
  }
}

const placeholders: CombinationRule = {
  rule: "SKL117",
  summary: "A body that takes arguments declares them (`argument-hint` or `arguments`).",
  source: `${DOCS} (Available string substitutions); CHANGELOG 2.1.19, 2.1.163`,
  check: ({ data, body, bodyLine }: SkillFacts) => {
    if (has(data, "argument-hint") || has(data, "arguments")) return []
    const lines = body.split("\n")
    let amount: { readonly line: number; readonly column: number; readonly text: string; readonly index: number } | undefined
    let amounts = 0
    for (const [i, line] of lines.entries()) {
      for (const m of line.matchAll(PLACEHOLDERS)) {
        const after = AMOUNT_TAIL.exec(line.slice(m.index + m[0].length))
        // `$5.00` in a price table: a reader sees an amount, Claude Code the sixth argument. The one
        // with the lowest index is named: the fewest arguments replace it.
        if (/^\d+$/.test(m[1]!) && after !== null) {
          amounts++
          const index = Number(m[1])
          if (amount === undefined || index < amount.index) amount = { line: bodyLine + i, column: m.index + 1, text: `$${m[1]}${after[0]}`, index }
          continue
        }
        return [
          {
            line: bodyLine + i,
            column: m.index + 1,
            message: `the body uses '$${m[1]}', which Claude Code replaces with the invocation's arguments, but the skill declares no 'argument-hint' or 'arguments' (write '\\$' for a literal dollar sign)`
          }
        ]
      }
    }
    if (amount === undefined) return []
    const nth = amount.index + 1
    return [
      {
        line: amount.line,
        column: amount.column,
        message:
          `the body has '${amount.text}', an amount to a reader, but Claude Code replaces '$${amount.index}' with argument ${nth} ` +
          `of an invocation that has ${nth} or more ('$0' is the first); write '\\${amount.text}' for the amount` +
          (amounts > 1 ? ` (${amounts} amounts written so)` : "")
      }
    ]
  }
}

const unreachable: CombinationRule = {
  rule: "SKL116",
  summary: "A skill is invocable by someone: not both `disable-model-invocation: true` and `user-invocable: false`.",
  source: FM,
  check: ({ data }) =>
    booleanValue(data["disable-model-invocation"]) === true && booleanValue(data["user-invocable"]) === false
      ? [{ field: "user-invocable", message: "with 'disable-model-invocation: true' and 'user-invocable: false' neither the model nor a person can invoke the skill" }]
      : []
}

/**
 * Claude Code's own skills in its listing (dataviz, code-review, loop, …): 13 lines, 6,211 characters
 * with their newlines, in 2.1.332 at a 200,000-token window with nothing turned off. They always keep
 * their text and count toward the same budget; skc says so beside the budget rather than counting them,
 * as the set changes from release to release (and with CLAUDE_CODE_DISABLE_BUNDLED_SKILLS=1 it is gone).
 */
export const CLAUDE_OWN_SKILLS = { version: "2.1.332", skills: 13, chars: 6211 } as const

/**
 * Models Claude Code 2.1.332 gives a 200,000-token window (recorded: test/fixtures/claude-listing/windows):
 * the Claude 3 family, Opus 4 and Sonnet 4, and the 4.5 and 4.6 models, with or without a date or `-latest`.
 * Opus 4.0 and 4.1 are not among them: Claude Code sends its default model in their place.
 */
const WINDOW_200K = /^claude-(?:3(?:-\d+)?-(?:opus|sonnet|haiku)|(?:opus|sonnet)-4(?:-[56])?|haiku-4-5)(?:-\d{8}|-latest)?$/

/** Opus 4.0 and 4.1: Claude Code 2.1.332 sends its default model in their place (recorded). */
const RETIRED = /^claude-opus-4-[01](?:-\d{8})?$/

/**
 * A cloud provider's id of a model as the Anthropic API names it (an assumption: only API ids were
 * recorded): Bedrock's `[<region>.]anthropic.<id>-v<n>[:<m>]` and Vertex AI's `<id>@<date>`.
 */
const providerless = (id: string | undefined): string | undefined =>
  id?.replace(/^(?:[a-z]{2,}\.)?anthropic\.(claude-.+?)-v\d+(?::\d+)?$/, "$1").replace(/^(claude-[^@]+)@(\d{8})$/, "$1-$2")

/**
 * The window Claude Code 2.1.332 sizes its skill listing's budget from, for the model it runs (run offline
 * against a recording server, every skill of a generated set in the listing it sent: the budget 1 % of this
 * × 4 characters to the character; test/fixtures/claude-listing/windows):
 * - its default model (`claude-opus-5-5` with an API key), an alias (`sonnet`, `opus`, `haiku`,
 *   `opusplan`), Opus 4.7, the 5 family and any model id it does not know: 750,000 tokens (30,000
 *   characters), three quarters of their 1M context; 150,000 (6,000) with CLAUDE_CODE_DISABLE_1M_CONTEXT;
 * - a 200,000-token model (`WINDOW_200K`): 200,000 (8,000 characters), or 1,000,000 (40,000) when named
 *   with the `[1m]` suffix, unless CLAUDE_CODE_DISABLE_1M_CONTEXT is set (recorded for Sonnet 4.5; the
 *   other 200,000-token models are assumed to take the suffix alike).
 * Bedrock and Vertex AI ids are read as the API id they carry (`providerless`; not recorded).
 */
export const claudeListingWindow = (model: string | undefined, without1M: boolean): { readonly tokens: number; readonly why: string } => {
  const named = model?.trim()
  const id = named?.toLowerCase()
  const long = id?.endsWith("[1m]") === true
  const base = providerless(long ? id!.slice(0, -4) : id)
  if (base !== undefined && WINDOW_200K.test(base)) {
    if (long && !without1M) return { tokens: 1_000_000, why: `${named}'s 1M context` }
    return { tokens: 200_000, why: `${named}'s 200,000 tokens${long ? ", its 1M context turned off" : ""}` }
  }
  if (base !== undefined && RETIRED.test(base)) {
    const context = without1M ? "200,000 tokens, its 1M context turned off" : "1M context"
    return { tokens: without1M ? 150_000 : 750_000, why: `three quarters of the ${context} of the default model Claude Code runs in place of ${named}` }
  }
  const which = named === undefined || named === "" ? "Claude Code's default model" : named
  return without1M
    ? { tokens: 150_000, why: `three quarters of ${which}'s 200,000 tokens, its 1M context turned off` }
    : { tokens: 750_000, why: `three quarters of ${which}'s 1M context` }
}

export const claude: AgentProfile = {
  name: "claude",
  title: "Claude Code",
  homepage: DOCS,
  dirs: {
    project: [".claude/skills"],
    user: [".claude/skills"],
    // Claude Code 2.1.332, run against a recording server: inside a git repository it reads the project
    // directories up to the repository root only; outside one, every ancestor's.
    projectRoot: [".git"],
    outsideProject: "ancestors",
    // ... and never at or above the home directory (its `getProjectDirsUpToHome`).
    stopAtHome: true,
    nestedBelow: {
      dir: ".claude/skills",
      source:
        "CHANGELOG 2.1.6 (nested .claude/skills discovered when working with files in subdirectories), 2.1.69 (not from gitignored directories such as node_modules), 2.1.178 (a clashing name as <dir>:<name>)"
    },
    // The user's copy of a name wins over the project's (its docs: "enterprise > personal > project"; 2.1.332 lists it so).
    scopeRank: { user: 0, project: 1, plugin: 2 },
    // `~/.claude` (skills, commands, settings.json) is `$CLAUDE_CONFIG_DIR` when that is set.
    // "Plugins in `.claude/skills` directories are now automatically loaded, no marketplace required" (CHANGELOG 2.1.157).
    pluginsInSkillsDirs: true,
    // "project-level .claude/agents/ and .claude/skills/ from the main repository are now included" from a git worktree (CHANGELOG 2.1.47).
    mainWorktree: true,
    configDirEnv: { variable: "CLAUDE_CONFIG_DIR", home: ".claude", reads: "its skills, commands and settings", source: "CHANGELOG 1.0.6 (Respect CLAUDE_CONFIG_DIR everywhere), 2.1.111 (its settings.json), 2.1.208" },
    source: `${DOCS} (Where skills live); it reads no .agents/skills; the repository-root bound as Claude Code 2.1.332 reads it (test/fixtures/claude-listing)`
  },
  fields,
  combinations: [forkOnly("agent", "the subagent type of a forked skill"), forkOnly("background", "whether a forked skill runs in the background"), unreachable, placeholders, legacyIndexed],
  listing: {
    textFields: ["description", "when_to_use"],
    // Claude Code 2.1.332 lists `description - when_to_use` (its source, and test/fixtures/claude-listing).
    joiner: " - ",
    perEntryCap: 1536,
    budget: {
      kind: "fraction",
      fraction: 0.01,
      charsPerToken: 4,
      defaultContextTokens: 750_000,
      fallbackChars: 8_000,
      envOverride: "SLASH_COMMAND_TOOL_CHAR_BUDGET",
      // The model decides the window: ANTHROPIC_MODEL, else `model` in its settings, else its default model.
      modelWindow: {
        modelEnv: "ANTHROPIC_MODEL",
        without1MEnv: "CLAUDE_CODE_DISABLE_1M_CONTEXT",
        windowOf: claudeListingWindow,
        source: "Claude Code 2.1.332 run against a recording server (test/fixtures/claude-listing/windows); CHANGELOG 2.1.197 (Sonnet 5, a native 1M-token window, the default model)"
      },
      source: `${DOCS} (Skill descriptions are cut short): 1 % of the context window (setting skillListingBudgetFraction), 8,000 characters when unknown; CHANGELOG 2.1.32 said 2 %, since lowered`
    },
    manualOnlyField: "disable-model-invocation",
    commandMenuField: "user-invocable",
    conditionalField: "paths",
    layout: "claude",
    // A frontmatter its YAML parser refuses is read again with values quoted (claudeFrontmatter.ts).
    reader: "claude",
    // CHANGELOG 2.1.47 (numbers coerced), 2.1.69 (no description), 2.1.186 (malformed YAML: empty metadata).
    listsInvalid: true,
    source: `${DOCS} (Skill descriptions are cut short; Control who invokes a skill); CHANGELOG 2.1.105 (1,536-character entries)`
  },
  // Pre-approval, not restriction: listed tools are allow rules while the skill is active (a managed `ask`
  // rule still wins, CHANGELOG 2.1.74), anything else goes through the normal permission flow, and an
  // interactive tool is never auto-allowed even when listed (2.1.69).
  // Read/Edit rules follow the gitignore specification (`~/path`, `//path`, a path relative to the working
  // directory), matched against the absolute paths its tools use (CHANGELOG 2.1.176: `Read(~/.ssh/**)`, `Edit(src/**)`).
  allowedTools: { unlisted: "ask", alwaysAsk: ["AskUserQuestion"], filePaths: "gitignore", source: `${FM}; CHANGELOG 2.1.69, 2.1.74, 2.1.176` },
  escalate: [],
  notes: [
    "`allowed-tools` pre-approves the tools it lists while the skill is active; it restricts nothing: an unlisted tool goes through the normal permission flow, and an interactive tool such as `AskUserQuestion` still asks when listed (CHANGELOG 2.1.69, 2.1.74). `skc permissions --agent claude` decides requests so (`ask`, not `deny`); `disallowed-tools` is what removes a tool (2.1.152). In both fields an MCP server's tools are named all at once as `mcp__<server>` or `mcp__<server>__*`, and every MCP tool as `mcp__*` (2.0.70, 2.1.78, 2.1.178); `skc permissions` and SKL114 read them so. File rules (`Read`, `Edit`, `Write`, …) follow the gitignore specification as Claude Code reads them: `~/path` from the home directory, `//path` from the file system's root, `/path` from the project's root, a relative path from the working directory, a name without a slash (`.env`) at any depth below it, and a rule naming a directory covers what is in it (POSIX paths); `skc permissions --check` matches them against the path as the tool would ask for it, absolute (`Read(/home/me/.ssh/id_rsa)` is covered by `Read(~/.ssh/**)`; CHANGELOG 2.1.176). Other profiles keep the agent skill protocol's restricted mode, where an unlisted tool is denied.",
    "Booleans are read as true/false, yes/no, on/off or 1/0 in any case (CHANGELOG 2.1.218).",
    "`display-name`, `default-enabled` and `fallback` (and keys under `metadata`) are read in kebab-case, snake_case or camelCase (CHANGELOG 2.1.186); the skills reference does not describe the three, so skc knows them without checking their values.",
    "The separator between `description` and `when_to_use` is not documented; Claude Code 2.1.332 joins them with ` - `, and skc does.",
    "The listing, as Claude Code 2.1.332 builds it (run offline against a recording server; test/fixtures/claude-listing): the user's skills first, then the project's (the working directory's, then each ancestor's up to the repository root), each directory's by name; the user's copy of a name wins over the project's; each line `- <directory name>: <text>`, with ` (<name>)` after the directory name when the frontmatter `name` differs; a text over the cap keeps cap − 1 characters and ends with `…`; the budget counts display columns (a wide East Asian character takes 2) and one per newline between lines.",
    "Claude Code renders the SKILL.md it loads before the model reads it: `$ARGUMENTS`, `$ARGUMENTS[N]`, `$N` and the names of `arguments` become the invocation's arguments, and each `` !`command` `` (or a block fenced with ` ```! `) runs, its output put in its place (the skills reference: Pass arguments to skills, Inject dynamic context). For a skill skc builds that file is the stub: the stub then carries `$ARGUMENTS` in an Arguments section, `skc show` finds a listed heading in its substituted form, and the build warns about the `!` commands, which a stub of headings cannot run (src/domain/agents/claudeBody.ts).",
    "Files a SKILL.md names the way Claude Code reads them are the skill's files for skc: `${CLAUDE_SKILL_DIR}/path`, in text or as a Markdown link's target, is `path` from the skill's root (Claude Code puts the skill's directory there, CHANGELOG 2.1.69), and `@path` (its file reference, as CLAUDE.md imports write it) is `path`; lint's reach (SKL401) and link checks (SKL301, SKL303), `skc load`, `show`'s named files and the editor server's go-to-definition follow both.",
    "Past the budget, Claude Code lists every skill by name, then gives each its text back in order while the text still fits what is left (ranked by use, which a new session does not have): a long description early in the order does not take the room of shorter ones after it.",
    "Claude Code's own bundled skills (`dataviz`, `code-review`, `loop` and others in 2.1.332: about 6,200 characters) are listed after yours, count toward the same budget and always keep their text, so your skills share about 23,800 of the default model's 30,000 characters (about 1,800 of a 200,000-token model's 8,000); skc does not count them, as their set changes from release to release. `CLAUDE_CODE_DISABLE_BUNDLED_SKILLS=1` (or the `disableBundledSkills` setting, CHANGELOG 2.1.169) turns them off, and `skc budget` then leaves its note about them out.",
    "Claude Code lists a skill the specification calls invalid: without `name` under its directory's name, without `description` (2.1.69) with the first line of its body (skc's assumption, as for legacy commands: the CHANGELOG says such a skill is listed, not with which text), a bare number as `name` or `description` coerced to text (2.1.47), and malformed YAML frontmatter as empty metadata (2.1.186). `discover`, `budget` and the listing count such a skill as Claude Code lists it, its problems as warnings; `skc lint` still reports them against the specification.",
    "A frontmatter its YAML parser refuses is first read again with the value of each top-level `key: value` line quoted when it holds `{ } [ ] * & # ! | > % @`, a backtick or `: ` and is not quoted already; only when that fails too is the metadata empty. So `argument-hint: [env] [version]` (the shape Claude Code's own documentation writes), `description: [WIP] Generate charts` and `description: Triggers include: X, Y` load with those values, and a `disable-model-invocation: true` beside them keeps the skill manual-only (Claude Code 2.1.332, recorded: test/fixtures/claude-listing/frontmatter-repair; src/domain/agents/claudeFrontmatter.ts). `skc discover`, `budget`, `prompt` and `match` read such a skill so, with a warning naming the value; `skc lint` keeps the YAML error, since `skc build` and readers following the specification refuse the frontmatter, and says what Claude Code reads. The quoting skips a line ending in a carriage return (a CRLF file), whose frontmatter then loads as empty metadata. Its parser takes a key written twice with the last value, as skc's reading does, and accepts tabs as indentation, which skc reads as malformed.",
    "`paths` is a comma-separated string or a YAML list of globs: a string is split at the commas outside braces, and each `{a,b}` group expanded (`src/**/*.{ts,tsx}` is two patterns; CHANGELOG 2.1.217), white space kept inside a pattern. A skill whose every pattern is `**` applies everywhere and is listed at start (Claude Code 2.1.332, recorded).",
    "Claude Code also loads the skills of `.claude/skills` directories below the working directory once it works on files there, outside gitignored directories, a name clash showing as `<dir>:<name>` (CHANGELOG 2.1.6, 2.1.69, 2.1.178); skc lists and resolves from the working directory up, what a session starts with, so run skc from the package directory (or pass a skill's path) to reach such a skill; `skc discover` names those directories below (`below`: at most 6 levels and 2,000 directories read, never a dot-directory or node_modules, and nothing from the file system's root, a home directory or a directory holding one, where MCP clients start servers outside any project; skc reads no `.gitignore`, so a directory git ignores is listed there though Claude Code skips it, and the text says so).",
    "Claude Code's own settings change its listing, and skc reads them: `~/.claude/settings.json` (`$CLAUDE_CONFIG_DIR/settings.json` when that is set), then the working directory's `.claude/settings.json` and `.claude/settings.local.json`, the later winning (2.1.332: a repository root's settings do not apply from a directory below it). `skillListingBudgetFraction` and `skillListingMaxDescChars` set the budget's share and the entry cap; `skillOverrides` maps a skill's directory name to `on`, `off` (not loaded), `user-invocable-only` (manual only) or `name-only` (always `- name`), merged skill by skill. Managed settings (`/etc/claude-code`) are not read. `skc discover` shows what they make of each skill (`listing.settings`: `off`, `user-invocable-only` or `name-only` in JSON; \"off (settings)\", \"manual only (settings)\", \"name only (settings)\" in its LISTING column), as it does for Gemini CLI's `skills.disabled` (`off`); `skc match` matches a `name-only` skill on its name alone.",
    "The budget follows the model Claude Code runs (2.1.332, recorded: test/fixtures/claude-listing/windows): 1 % of 750,000 tokens × 4, 30,000 characters, for its default model, its aliases, Opus 4.7, the 5 family and model ids it does not know (three quarters of their 1M context; 6,000 with `CLAUDE_CODE_DISABLE_1M_CONTEXT=1`); 8,000 for a 200,000-token model (the Claude 3 family, Opus 4, Sonnet 4 and the 4.5 and 4.6 models), 40,000 for one named with `[1m]`. Recorded with Anthropic API model ids; skc reads a Bedrock id (`us.anthropic.claude-sonnet-4-5-20250929-v1:0`) or a Vertex AI one (`claude-sonnet-4-5@20250929`) as the API id it carries, and assumes `[1m]` works for every 200,000-token model as it does for Sonnet 4.5. skc reads the model from `ANTHROPIC_MODEL`, else `model` in Claude Code's settings files; `claude --model` and `/model` are the session's, so give skc the same with `ANTHROPIC_MODEL` (or `--context-tokens`).",
    "`[agents.claude]` in skc's configuration overrides the listing fraction, the entry cap and the budget, over Claude Code's own settings.",
    "A plugin's skills (`--plugin-dir`) are listed after the project's as `<plugin>:<skill>`, the plugin named by `.claude-plugin/plugin.json` (its directory's name without one), so they never shadow another skill; a manifest that is not a JSON object with a string `name` loads none of the plugin's skills. `skc load`, `permissions` and `prompt` take that `<plugin>:<skill>` name (as `/acme:foo` invokes it), which reaches the plugin's skill even where a project or user skill has the plain name.",
    "A plugin's skills are in its `skills/` directory and in each path of its manifest's `skills` (a string or a list, inside the plugin; `.` allowed), which adds to `skills/` without hiding it (CHANGELOG 2.1.136, 2.1.221); a path holding a SKILL.md itself (`\"skills\": [\"./\"]`) is one skill named by its frontmatter `name` (2.1.94); a plugin with neither, but a SKILL.md at its root, is that one skill (2.1.142). A plugin inside a `.claude/skills` directory (`.claude/skills/<plugin>/.claude-plugin/plugin.json`) is loaded so too, with no marketplace (2.1.157).",
    "From a linked git worktree Claude Code also reads the main checkout's `.claude/skills` (CHANGELOG 2.1.47); skc does, after the worktree's own project directories, and names it in the searched directories.",
    "`claude --add-dir <dir>` also lists the skills of `<dir>/.claude/skills` after the project's; one whose name another skill has becomes `<dir>:<name>` with a note saying it is scoped to that directory (2.1.332). skc has no such option.",
    "Legacy commands (`.claude/commands/**/*.md` from the working directory up to the repository root, and `~/.claude/commands`, `$CLAUDE_CONFIG_DIR/commands` when that is set) share the listing and its budget: after the skills, all by name, `sub/x.md` as `sub:x`, the text their `description` (then ` - ` and `when_to_use`), else the first line of the body without its `#`s (over 100 characters: 97 and `...`), else \"Custom command\"; one named like a skill, or with `disable-model-invocation: true`, is left out. `skc budget` counts them (JSON `commands`); `prompt` prints their lines after the skills' (not when skills are named), and `match` and `eval` leave them out, as they are no skills.",
    "A request starting with `/<command>` runs that skill (the command its directory's name, `plugin:dir` for a plugin's), a manual-only one too: that is how a person invokes it (CHANGELOG 2.1.110, 2.1.222); stacked `/a /b do X` loads each leading one, up to 5 (2.1.199); a `/<command>` word later in the request invokes its skill too (2.1.110: manual-only skills \"invoked via `/<skill>` mid-message\"), a path such as `/usr/bin` being none. `skc match` counts such skills as invoked (`invoked as /deploy`), before any the model would choose; a skill hidden from the / menu (`user-invocable: false`) or turned off is no command. The model itself never selects a manual-only skill (DECISIONS #51).",
    "`skc prompt --agent claude` prints the listing as Claude Code 2.1.332 sent it to its model, line for line (test/fixtures/claude-listing/): `- <dir>: <text>`, `- <dir> (<name>): <text>` when the frontmatter name differs, `- <dir>` alone past the budget, values as they are. It leaves out the sentence before them (\"The following skills are available for use with the Skill tool:\").",
    "A skill with `paths:` is left out of the listing a session starts with, even with a matching file present, until such a file is touched (2.1.332: 'conditional skills stored (activated when matching files are touched)')."
  ]
}
