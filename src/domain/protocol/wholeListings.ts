/**
 * The listings of the agents that list every skill whole, with no cap and
 * no budget, each as its real client was seen to build it (docs/agents.md):
 * Gemini CLI 0.61.0, OpenCode 1.18.33 and GitHub Copilot CLI 1.0.102. They
 * differ in which copy of a name they keep, in their order and in the XML
 * element each writes for a skill, whose length is what `skc budget`
 * reports. Pure; `modelListing` (listing.ts) picks one by the profile's
 * `layout`.
 */
import { geminiEntry, geminiListingOrder, type GeminiCopy } from "../agents/geminiListing.js"
import { openCodeEntry } from "../agents/opencodePrompt.js"
import { codePoints } from "../agents/listing.js"
import type { AgentProfile } from "../agents/profile.js"
import { compareBytewise } from "../sourcePaths.js"
import type { DiscoveredSkill } from "./discovery.js"
import type { ListingEntry, ModelListing } from "./listing.js"

/** The last segment of a path, `/` or `\\` separated. */
export const baseName = (p: string) => p.replace(/[\\/]+$/, "").split(/[\\/]/).pop() ?? p

const slash = (p: string) => p.replace(/\\/g, "/")

/**
 * Which of the profile's directories of its scope (`dirs.project`, `dirs.user`) a skill was found in,
 * by position; past the last for a plugin's skill or one found elsewhere.
 */
const dirIndexOf = (profile: AgentProfile, s: DiscoveredSkill): number => {
  const rels = s.scope === "project" ? profile.dirs.project : s.scope === "user" ? profile.dirs.user : []
  const i = rels.findIndex((rel) => slash(s.root ?? "").endsWith(`/${rel}`))
  return i < 0 ? rels.length : i
}

/**
 * Gemini CLI's listing (src/domain/agents/geminiListing.ts): every copy of every skill (the shadowed ones
 * too) in the order Gemini CLI loads them, a name listed once at its first place with its last copy's
 * text; a name its settings disable is not loaded. No cap and no budget: every entry is listed whole.
 */
export const geminiModelListing = (profile: AgentProfile, skills: ReadonlyArray<DiscoveredSkill>, disabled: ReadonlySet<string> | "all"): ModelListing => {
  const copies = skills.map(
    (s): GeminiCopy<DiscoveredSkill> => ({
      item: s,
      name: s.name,
      level: s.scope === "plugin" ? 0 : s.scope === "user" ? 1 : 2,
      dirIndex: dirIndexOf(profile, s),
      entry: s.root !== undefined && s.dir === s.root ? "" : baseName(s.dir)
    })
  )
  const off: Array<string> = []
  const entries: Array<ListingEntry> = []
  for (const { name, item: s } of geminiListingOrder(copies)) {
    if (disabled === "all" || disabled.has(name.toLowerCase())) off.push(name)
    else entries.push(wholeEntry(name, s, geminiEntry(name, s.description, s.path)))
  }
  return { entries, unit: "characters", layout: "gemini", manual_only: [], conditional: [], off }
}

/** An entry of an agent that lists every skill whole (no cap, no budget): `element` is what it writes for it. */
const wholeEntry = (name: string, s: DiscoveredSkill, element: string): ListingEntry => {
  const whole = codePoints(element) + 1
  return {
    name,
    location: s.path,
    text: s.description,
    description_chars: codePoints(s.description),
    text_chars: codePoints(s.description),
    truncated: false,
    entry_chars: whole,
    whole_chars: whole,
    bare_chars: whole,
    listed: "full",
    cost: whole,
    command: s.listing.command,
    paths: s.listing.paths
  }
}

/** XML's five escapes, `'` as `&apos;` (GitHub Copilot CLI escapes a description so). */
const xmlEscaped = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&apos;")

/** OpenCode's listing (1.18.33): every skill whole, by name, as the XML element `skc prompt` prints (opencodePrompt.ts). */
export const openCodeModelListing = (skills: ReadonlyArray<DiscoveredSkill>): ModelListing => ({
  entries: [...skills]
    .sort(byOpenCodeName)
    .map((s) => wholeEntry(s.name, s, openCodeEntry({ name: s.name, description: s.description, location: s.path }))),
  unit: "characters",
  layout: "opencode",
  manual_only: [],
  conditional: [],
  off: []
})

/**
 * GitHub Copilot CLI's listing (1.0.102), checked against its system prompt: the project's skills, one
 * directory name at a time (`.github/skills`, then `.agents/skills`, then `.claude/skills`): the working
 * directory's by name, then those of every ancestor up to the git root together, by name; then the user's
 * `~/.copilot/skills` and `~/.agents/skills`, each by name. Names in code-unit order (`Bb` before `aa`);
 * the first copy of a name wins (discovery's winners). Each an XML element whose description is escaped
 * and whose location is its scope (`project`, `user`). No cap, no budget.
 */
export const copilotModelListing = (profile: AgentProfile, skills: ReadonlyArray<DiscoveredSkill>, cwd: string | undefined): ModelListing => {
  const place = (s: DiscoveredSkill): readonly [number, number, number] => {
    const here = s.scope === "project" && cwd !== undefined && profile.dirs.project.some((rel) => slash(s.root ?? "") === `${slash(cwd)}/${rel}`) ? 0 : 1
    return [s.scope === "project" ? 0 : s.scope === "user" ? 1 : 2, dirIndexOf(profile, s), here]
  }
  const ordered = skills
    .map((s) => ({ s, at: place(s) }))
    .sort((a, b) => a.at[0] - b.at[0] || a.at[1] - b.at[1] || a.at[2] - b.at[2] || compareBytewise(a.s.name, b.s.name))
    .map(({ s }) => s)
  return {
    entries: ordered.map((s) =>
      wholeEntry(s.name, s, `<skill>\n  <name>${s.name}</name>\n  <description>${xmlEscaped(s.description)}</description>\n  <location>${s.scope}</location>\n</skill>`)
    ),
    unit: "characters",
    layout: "copilot",
    manual_only: [],
    conditional: [],
    off: []
  }
}

/**
 * OpenCode's order (1.18.33): by name, as JavaScript's `localeCompare` orders them (letters before their
 * case: `bee`, `Other`, `zed`); the code-unit order breaks a tie, so the order never depends on the input's.
 */
const byOpenCodeName = (a: DiscoveredSkill, b: DiscoveredSkill): number => a.name.localeCompare(b.name, "en") || compareBytewise(a.name, b.name)
