/**
 * The one skill listing an agent shows its model at start (progressive
 * disclosure level 1), as its profile builds it (DECISIONS #51, issue 43):
 * `skc prompt` renders it, `skc budget` counts it, `skc match` and `skc eval`
 * score against it, so they can never disagree. Pure.
 *
 * By default, in discovery order: a manual-only skill (`disable-model-invocation:
 * true`) is left out and reported apart; each entry's text is the profile's
 * text fields joined, cut at the per-entry cap; entries keep their text while
 * the listing fits the budget, and every entry from the first that does not
 * fit is listed by name only. Claude Code and Codex lay out, order and cut
 * their listings their own way, as their real clients do
 * (src/domain/agents/claudeListing.ts, codexListing.ts).
 */
import { claudeListing, claudeOneLine, type ClaudeSkill } from "../agents/claudeListing.js"
import type { ClaudeCommand } from "../agents/claudeCommands.js"
import type { SkillOverride } from "../agents/claudeSettings.js"
import { codexCut, codexListing, singleLine, type CodexSkill } from "../agents/codexListing.js"
import { codePoints, cutAt } from "../agents/listing.js"
import { compareBytewise } from "../sourcePaths.js"
import type { AgentProfile } from "../agents/profile.js"
import type { ListingLimits } from "./budget.js"
import { nameUnder, SCOPE_RANK, type DiscoveredSkill } from "./discovery.js"
import { baseName, copilotModelListing, geminiModelListing, openCodeModelListing } from "./wholeListings.js"

export interface ListingEntry {
  readonly name: string
  /** `<dir>/SKILL.md` as the agent reads it. */
  readonly location: string
  /** The text as listed: joined, then cut at the cap (even for a name-only entry: what it would show). */
  readonly text: string
  /** Code points of `description` alone. */
  readonly description_chars: number
  /** Code points of the joined text before the cut. */
  readonly text_chars: number
  readonly truncated: boolean
  /** `- name: text` and a newline, with the cut text (Codex: its line, with the text it keeps). */
  readonly entry_chars: number
  /** The same with the whole text: what the entry takes when nothing is cut for the budget. */
  readonly whole_chars: number
  /** `- name` and a newline (Codex: its line without the description). */
  readonly bare_chars: number
  /** `command`: one of Claude Code's legacy commands (`.claude/commands`), which share its listing; absent for a skill. */
  readonly kind?: "command"
  /** `name-only`: past the budget, listed without its text; `omitted`: past the budget, not listed at all (Codex). */
  readonly listed: "full" | "name-only" | "omitted"
  /** What the entry takes of the budget as listed, in the listing's unit (0 when omitted). */
  readonly cost: number
  /** People can call it as a command; false: `user-invocable: false` (still listed to the model). */
  readonly command: boolean
  /** Globs that make it conditional; null when it always applies. */
  readonly paths: ReadonlyArray<string> | null
  /** Codex: the SKILL.md as its line names it (`r1/pdf/SKILL.md`, `r<k>` the k-th of `roots`). */
  readonly file?: string
  /** Claude Code: the entry's line as listed (`- dir (name): text`, or `- dir` by name only). */
  readonly line?: string
  /** Listed by name only by the agent's settings (Claude Code's `skillOverrides: name-only`), whatever the budget. */
  readonly nameOnlySetting?: true
}

export interface ModelListing {
  /** In the agent's order (discovery order; Codex: by scope, then name). */
  readonly entries: ReadonlyArray<ListingEntry>
  /** What `cost` counts: characters, or estimated tokens when the budget is in tokens (Codex with a known window). */
  readonly unit: "characters" | "tokens"
  /**
   * `codex`: Codex's layout (src/domain/agents/codexListing.ts); `claude`: Claude Code's (claudeListing.ts);
   * `gemini`: Gemini CLI's (geminiListing.ts); `opencode`: OpenCode's, by name; `copilot`: GitHub Copilot
   * CLI's, each skills directory's skills by name; `entry`: every other agent's.
   */
  readonly layout: "entry" | "codex" | "claude" | "gemini" | "opencode" | "copilot"
  /** Skills never listed to the model (`disable-model-invocation: true`), in discovery order. */
  readonly manual_only: ReadonlyArray<string>
  /**
   * Skills left out of the listing a session starts with because they are conditional (`paths:`):
   * Claude Code lists one once a file matching its globs is touched. Empty for other agents.
   */
  readonly conditional: ReadonlyArray<string>
  /** Skills turned off in the agent's own settings (Claude Code's `skillOverrides: off`): not loaded at all. */
  readonly off: ReadonlyArray<string>
  /** Codex: its table of skill roots, the skills directories its lines' `r<k>` aliases name, in alias order. */
  readonly roots?: ReadonlyArray<string>
  /**
   * Claude Code: the skills a person can invoke by typing `/<command>` (the directory's name, `plugin:dir`
   * for a plugin's), one per command as it loads them: listed, manual-only and conditional ones alike;
   * none turned off, none hidden from the / menu (`user-invocable: false`).
   */
  readonly slashCommands?: ReadonlyArray<{ readonly command: string; readonly path: string }>
}

const entryChars = (name: string, text: string | null) => codePoints(name) + 3 + (text === null ? 0 : 2 + codePoints(text))

/** A discovered skill's entry text as the profile joins it: `description`, then the other text fields (`when_to_use`). */
/**
 * The name an agent lists a skill under: Claude Code puts a plugin's name before its skills'
 * (`acme:foo`, so a plugin's `foo` and the project's `foo` are two skills); every other name, and every
 * other agent's, is the skill's own. The plugin's skills Claude Code cannot load (`plugin: null`) keep it.
 */
export const listedName = (profile: AgentProfile, s: Pick<DiscoveredSkill, "name" | "scope" | "plugin">): string =>
  nameUnder(s, namespacesPlugins(profile))

/** Whether the agent names a plugin's skills after their plugin (Claude Code's layout). */
export const namespacesPlugins = (profile: AgentProfile): boolean => profile.listing.layout === "claude"

export const entryText = (profile: AgentProfile, skill: Pick<DiscoveredSkill, "description" | "listing">): string =>
  skill.listing.when_to_use === null ? skill.description : `${skill.description}${profile.listing.joiner}${skill.listing.when_to_use}`

export const modelListing = (
  profile: AgentProfile,
  limits: ListingLimits,
  skills: ReadonlyArray<DiscoveredSkill>,
  /** Claude Code's `skillOverrides` (its settings files), by directory name. */
  overrides: ReadonlyMap<string, SkillOverride> = new Map(),
  /** Claude Code's legacy commands, which follow the skills in its listing. */
  commands: ReadonlyArray<ClaudeCommand> = [],
  /** Gemini CLI's `skills.disabled` (its settings files), names compared without case; `all`: `skills.enabled: false`. */
  disabled: ReadonlySet<string> | "all" = new Set(),
  /** The working directory the skills were discovered from (GitHub Copilot CLI lists its skills apart). */
  cwd?: string
): ModelListing =>
  profile.listing.layout === "codex"
    ? codexModelListing(profile, limits, skills)
    : profile.listing.layout === "claude"
      ? claudeModelListing(profile, limits, skills, overrides, commands)
      : profile.listing.layout === "gemini"
        ? geminiModelListing(profile, skills, disabled)
        : profile.listing.layout === "opencode"
          ? openCodeModelListing(skills)
          : profile.listing.layout === "copilot"
            ? copilotModelListing(profile, skills, cwd)
            : entryListing(profile, limits, skills)


/** A plugin skill that is a plugin path itself (a root SKILL.md, `"skills": ["./"]`) goes by its frontmatter name (Claude Code 2.1.94), not the plugin directory's. */
const claudeDirName = (s: Pick<DiscoveredSkill, "dir" | "scope" | "root" | "name">): string =>
  s.dir === "" || (s.scope === "plugin" && s.dir === s.root) ? s.name : baseName(s.dir)

/** What Claude Code knows a skill by: its directory's name, a plugin's as `<plugin>:<dir>`. */
export const claudeKey = (s: Pick<DiscoveredSkill, "dir" | "scope" | "root" | "name" | "plugin">): string => (s.scope === "plugin" && s.plugin !== undefined ? `${s.plugin}:${claudeDirName(s)}` : claudeDirName(s))

/** The label of a skill's line in Claude Code's listing: what it knows the skill by, with ` (name)` when the frontmatter `name` differs. */
export const claudeLabel = (s: Pick<DiscoveredSkill, "dir" | "scope" | "root" | "name" | "plugin">): string => (claudeDirName(s) === s.name ? claudeKey(s) : `${claudeKey(s)} (${s.name})`)

/**
 * The skills in Claude Code's order: by the profile's order of scopes (the user's, then the project's, then
 * plugins'), each skills directory in discovery order (the project's nearest first), a directory's skills
 * by name; the shadowed copies come last in `skills`, so they are put back in place.
 */
const claudeOrder = <S extends DiscoveredSkill>(profile: AgentProfile, skills: ReadonlyArray<S>): ReadonlyArray<{ readonly s: S }> => {
  const roots = new Map<string, number>()
  for (const s of skills) if (!roots.has(s.root ?? "")) roots.set(s.root ?? "", roots.size)
  const rank = profile.dirs.scopeRank ?? SCOPE_RANK
  return skills
    .map((s, i) => ({ s, i }))
    .sort(
      (a, b) =>
        rank[a.s.scope] - rank[b.s.scope] ||
        roots.get(a.s.root ?? "")! - roots.get(b.s.root ?? "")! ||
        compareBytewise(claudeDirName(a.s), claudeDirName(b.s)) ||
        a.i - b.i
    )
}

/**
 * Skills another of a different name hides from Claude Code: it knows a skill by its directory's name, so of
 * `~/.claude/skills/baz` (name `qux`) and the project's `.claude/skills/baz` (name `baz`) it lists the
 * user's alone, which no precedence by name sees. Each with the skill listed in its place.
 */
export const hiddenByDirectoryName = (
  profile: AgentProfile,
  skills: ReadonlyArray<DiscoveredSkill>
): ReadonlyArray<{ readonly hidden: DiscoveredSkill; readonly by: DiscoveredSkill }> => {
  const first = new Map<string, DiscoveredSkill>()
  const hidden: Array<{ readonly hidden: DiscoveredSkill; readonly by: DiscoveredSkill }> = []
  for (const { s } of claudeOrder(profile, skills)) {
    if (s.scope === "plugin" && s.plugin === null) continue
    const by = first.get(claudeKey(s))
    if (by === undefined) first.set(claudeKey(s), s)
    else hidden.push({ hidden: s, by })
  }
  return hidden
}

/**
 * Claude Code's listing (src/domain/agents/claudeListing.ts): the user's skills first, then the
 * project's (the working directory's first, then each ancestor's up to the repository root), then
 * plugins', each directory's by name, as discovery finds them. Claude Code knows a skill by its
 * directory's name, and the user's copy of a name wins over the project's; `skills` holds every copy
 * (the shadowed ones too), so the first of each directory name in that order is listed.
 */
const claudeModelListing = (
  profile: AgentProfile,
  limits: ListingLimits,
  skills: ReadonlyArray<DiscoveredSkill>,
  overrides: ReadonlyMap<string, SkillOverride>,
  commands: ReadonlyArray<ClaudeCommand>
): ModelListing => {
  const ordered = claudeOrder(profile, skills)
  const seen = new Set<string>()
  const manual: Array<string> = []
  const conditional: Array<string> = []
  const off: Array<string> = []
  const listed: Array<{ s: DiscoveredSkill; c: ClaudeSkill }> = []
  const slashCommands: Array<{ command: string; path: string }> = []
  for (const { s } of ordered) {
    // A plugin's skill is `plugin:skill` to Claude Code, so it never collides with another's; the skills
    // of a plugin whose manifest it cannot read are not loaded.
    if (s.scope === "plugin" && s.plugin === null) continue
    const dir = claudeKey(s)
    if (seen.has(dir)) continue
    seen.add(dir)
    const override = s.scope === "plugin" ? undefined : overrides.get(dir)
    if (override === "off") {
      off.push(s.name)
      continue
    }
    if (s.listing.command) slashCommands.push({ command: dir, path: s.path })
    if (!s.listing.model || override === "user-invocable-only") {
      manual.push(s.name)
      continue
    }
    // Claude Code 2.1.332 keeps a skill with `paths:` back until a matching file is touched.
    if (s.listing.paths !== null) {
      conditional.push(s.name)
      continue
    }
    listed.push({
      s,
      c: { label: claudeLabel(s), text: claudeOneLine(entryText(profile, s)), ...(override === "name-only" ? { nameOnly: true } : {}) }
    })
  }
  // Then the legacy commands, all by name: the first of a name, none named like a skill, none manual only.
  const named = new Set<string>()
  const listedCommands: Array<ClaudeCommand> = []
  for (const c of commands) {
    if (seen.has(c.name) || named.has(c.name)) continue
    named.add(c.name)
    if (!c.manual) listedCommands.push(c)
  }
  listedCommands.sort((a, b) => a.name.localeCompare(b.name, "en"))
  const lines = claudeListing(
    [...listed.map((x) => x.c), ...listedCommands.map((c): ClaudeSkill => ({ label: c.name, text: claudeOneLine(c.text) }))],
    limits.budget_chars,
    limits.max_description_chars
  )
  const entries = lines.map((l, i): ListingEntry => {
    // What a line costs as listed, whoever it lists: one newline between lines, so each after the first pays for one.
    const counted = {
      text: l.shown,
      text_chars: codePoints(l.skill.text),
      truncated: l.cut,
      entry_chars: l.fullWidth + 1,
      whole_chars: l.fullWidth + 1,
      bare_chars: l.bareWidth + 1,
      listed: l.state,
      cost: (l.state === "full" ? l.fullWidth : l.bareWidth) + (i === 0 ? 0 : 1),
      line: l.line,
      ...(l.skill.nameOnly === true ? { nameOnlySetting: true as const } : {})
    }
    const c = i >= listed.length ? listedCommands[i - listed.length] : undefined
    if (c !== undefined) return { name: c.name, kind: "command", location: c.path, description_chars: codePoints(c.text), ...counted, command: true, paths: null }
    const s = listed[i]!.s
    return { name: s.name, location: s.path, description_chars: codePoints(s.description), ...counted, command: s.listing.command, paths: s.listing.paths }
  })
  return { entries, unit: "characters", layout: "claude", manual_only: manual, conditional, off, slashCommands }
}

/** A skill found in the agent's own bundled skills directory (the profile's `dirs.system`). */
const inSystemDir = (profile: AgentProfile, s: DiscoveredSkill): boolean =>
  profile.dirs.system !== undefined && s.root !== undefined && s.root.replace(/\\/g, "/").endsWith(`/${profile.dirs.system}`)

/** Codex's listing order: system, then repository, then user (and plugin) skills. */
const codexRank = (profile: AgentProfile, s: DiscoveredSkill) => (inSystemDir(profile, s) ? 0 : s.scope === "project" ? 1 : 2)

/**
 * The order of Codex's skill roots, which numbers their aliases (`r0`, `r1`, …): the project's
 * `.codex/skills`, the user's `.codex/skills` and `.agents/skills`, the system skills, plugins, then the
 * project's `.agents/skills` from the repository root down. Only the number of digits costs anything.
 */
const rootOrder = (profile: AgentProfile, s: DiscoveredSkill): number => {
  const root = (s.root ?? "").replace(/\\/g, "/")
  if (inSystemDir(profile, s)) return 3
  if (s.scope === "plugin") return 4
  if (root.endsWith("/.codex/skills")) return s.scope === "project" ? 0 : 1
  return s.scope === "project" ? 5 : 2
}

/**
 * Where Codex's line says the SKILL.md is: `r<k>/<path below the skills directory>`, the skills
 * directory named once in its table of roots (Codex 0.171: the path as found, through a link, never
 * its target); the path itself when the skills directory is not known. `roots`: that table, in alias order.
 */
const aliasedPaths = (profile: AgentProfile, skills: ReadonlyArray<DiscoveredSkill>): { readonly roots: ReadonlyArray<string>; readonly files: Map<DiscoveredSkill, string> } => {
  const order = (s: DiscoveredSkill) => rootOrder(profile, s)
  const roots = [...new Set(skills.filter((s) => s.root !== undefined).sort((a, b) => order(a) - order(b) || a.root!.length - b.root!.length).map((s) => s.root!))]
  const files = new Map<DiscoveredSkill, string>()
  for (const s of skills) {
    const file = s.path.replace(/\\/g, "/")
    const root = s.root?.replace(/\\/g, "/")
    files.set(s, root !== undefined && file.startsWith(`${root}/`) ? `r${roots.indexOf(s.root!)}/${file.slice(root.length + 1)}` : file)
  }
  return { roots: roots.map((r) => r.replace(/\\/g, "/")), files }
}

const codexModelListing = (profile: AgentProfile, limits: ListingLimits, skills: ReadonlyArray<DiscoveredSkill>): ModelListing => {
  const manual = skills.filter((s) => !s.listing.model).map((s) => s.name)
  const listed = skills.filter((s) => s.listing.model)
  const { roots, files } = aliasedPaths(profile, listed)
  const bySkill = new Map<CodexSkill, DiscoveredSkill>()
  const input = listed.map((s) => {
    // Codex keeps name and description on one line: a block-scalar description's line breaks become spaces.
    // Then each description over the per-entry cap is cut to it, ending in `...` (codexCut).
    const c: CodexSkill = { name: singleLine(s.name), description: codexCut(singleLine(s.description), limits.max_description_chars), file: files.get(s)!, scopeRank: codexRank(profile, s) }
    bySkill.set(c, s)
    return c
  })
  const budget =
    limits.budget_tokens !== null
      ? ({ unit: "tokens", limit: limits.budget_tokens } as const)
      : limits.budget_chars !== null
        ? ({ unit: "characters", limit: limits.budget_chars } as const)
        : null
  const entries = codexListing(input, budget).map((l): ListingEntry => {
    const s = bySkill.get(l.skill)!
    const description = l.skill.description
    const uncapped = singleLine(s.description)
    const whole = codePoints(`- ${l.skill.name}: ${description} (file: ${l.skill.file})`) + 1
    const listedText = l.state === "full" || l.state === "cut" ? [...description].slice(0, l.kept).join("") : description
    return {
      name: s.name,
      location: s.path,
      text: listedText,
      description_chars: codePoints(s.description),
      text_chars: codePoints(uncapped),
      truncated: l.state === "cut" || description !== uncapped,
      entry_chars: l.state === "full" || l.state === "cut" ? codePoints(l.line) + 1 : whole,
      whole_chars: whole,
      bare_chars: codePoints(`- ${l.skill.name}: (file: ${l.skill.file})`) + 1,
      listed: l.state === "cut" ? "full" : l.state,
      cost: l.cost,
      command: s.listing.command,
      paths: s.listing.paths,
      file: l.skill.file
    }
  })
  return { entries, unit: budget?.unit ?? "characters", layout: "codex", manual_only: manual, conditional: [], off: [], roots }
}

const entryListing = (profile: AgentProfile, limits: ListingLimits, skills: ReadonlyArray<DiscoveredSkill>): ModelListing => {
  const cap = limits.max_description_chars
  const budget = limits.budget_chars
  const entries: Array<ListingEntry> = []
  const manual: Array<string> = []
  let fullUsed = 0
  let open = true
  for (const s of skills) {
    if (!s.listing.model) {
      manual.push(s.name)
      continue
    }
    const joined = entryText(profile, s)
    const text = cutAt(joined, cap)
    const entry = entryChars(s.name, text)
    if (open && (budget === null || fullUsed + entry <= budget)) fullUsed += entry
    else open = false
    entries.push({
      name: s.name,
      location: s.path,
      text,
      description_chars: codePoints(s.description),
      text_chars: codePoints(joined),
      truncated: text !== joined,
      entry_chars: entry,
      whole_chars: entry,
      bare_chars: entryChars(s.name, null),
      listed: open ? "full" : "name-only",
      cost: open ? entry : entryChars(s.name, null),
      command: s.listing.command,
      paths: s.listing.paths
    })
  }
  return { entries, unit: "characters", layout: "entry", manual_only: manual, conditional: [], off: [] }
}
