/**
 * `docs/agents.md`, generated from the agent profiles (`npm run docs:agents`)
 * so that every fact skc relies on is written down with its source and the
 * page cannot drift from the code; a test fails when the committed file
 * differs from this rendering (DECISIONS #51).
 */
import { describeKind } from "./fieldValue.js"
import type { AgentProfile, BudgetRule } from "./profile.js"
import { SHARED_SKILLS_DIR, SHARED_TARGET, sharedDirReaders } from "./index.js"
import { SPECIFICATION_FIELDS } from "./specification.js"

const code = (s: string) => `\`${s}\``
const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ")

const budgetText = (b: BudgetRule): string => {
  if (b.kind === "unknown") return `none documented (${b.note}); \`skc budget\` says so`
  const share =
    b.unit === "tokens"
      ? `${Math.round(b.fraction * 1000) / 10} % of the context window, in tokens (each entry's UTF-8 bytes ÷ ${b.charsPerToken}, rounded up)`
      : `${Math.round(b.fraction * 1000) / 10} % of the context window (tokens × ${b.charsPerToken} characters)`
  const tokens = b.defaultContextTokens === null ? "" : `; skc assumes a ${b.defaultContextTokens.toLocaleString("en-US")}-token window unless told`
  const fallback = b.fallbackChars === null ? "" : `; ${b.fallbackChars.toLocaleString("en-US")} characters when the window is unknown`
  const env = b.envOverride === null ? "" : `; ${code(b.envOverride)} replaces it`
  return `${share}${tokens}${fallback}${env}`
}

/** Which directories' project skill directories are read, and how deep a skill may sit. */
const walkText = (d: AgentProfile["dirs"]): string => {
  const walk =
    d.cwdOnly === true
      ? "the cwd only, never an ancestor"
      : d.projectRoot === undefined
      ? "each directory from the cwd up to the root"
      : `each directory from the cwd up to the project root, the nearest holding ${d.projectRoot.map(code).join(" or ")}; ${d.outsideProject === "ancestors" ? "every ancestor without one" : "the cwd alone without one"}`
  const bounded = d.stopAtHome === true ? `${walk}; never the home directory or above it` : walk
  const ranked = d.scopeRank === undefined || d.scopeRank.user > d.scopeRank.project ? bounded : `${bounded}; the user's copy of a name wins over the project's`
  const walked = d.walkByDirectory === true ? `${ranked}; one directory name up every level before the next` : ranked
  const later = d.laterWins === true ? `${walked}; at each level the copy of a name in the later directory wins` : walked
  const rooted = d.rootSkill === true ? `${later}; a SKILL.md right in a skills directory is a skill` : later
  const deep =
    d.depth === undefined
      ? rooted
      : d.depth === Infinity
        ? `${rooted}; a SKILL.md at any depth below is a skill${d.stopAtSkill === true ? " (none inside another skill)" : ""}, so skills may be grouped in folders`
        : `${rooted}; a SKILL.md up to ${d.depth} directories down is a skill, so skills may be grouped in folders`
  const copies = d.everyCopyListed === true ? `${deep}; every copy of a name is listed, each by its path (one directory reached through links is one skill, listed once)` : deep
  return d.copiesRace === true ? `${copies}; of several copies of a name, whichever it reads last wins` : copies
}

/** What keeps a skill out of the model's listing: a frontmatter field, a policy file beside SKILL.md, or nothing. */
const leftOut = (l: AgentProfile["listing"]): string => {
  const said = [
    ...(l.manualOnlyField === null ? [] : [`${code(`${l.manualOnlyField}: true`)} (manual only)`]),
    ...(l.policyFile === undefined ? [] : [`${code("policy.allow_implicit_invocation: false")} in ${code(l.policyFile)} (manual only)`])
  ]
  return said.length === 0 ? "nothing by frontmatter" : said.join("; ")
}

const section = (p: AgentProfile): Array<string> => {
  const l = p.listing
  const out = [
    `## ${p.title} (\`--agent ${p.name}\`)`,
    "",
    `Home: ${p.homepage}`,
    "",
    "| fact | value | source |",
    "|---|---|---|",
    `| project directories | ${p.dirs.project.map(code).join(", ")} (${walkText(p.dirs)}) | ${cell(p.dirs.source)} |`,
    `| user directories | ${p.dirs.user.map((d) => code(`~/${d}`)).join(", ")}${p.dirs.system === undefined ? "" : `; its own bundled skills in ${code(`~/${p.dirs.system}`)}, listed first`} | ${cell(p.dirs.source)} |`,
    ...(p.dirs.homeEnv === undefined
      ? []
      : [`| home directory | ${code(`$${p.dirs.homeEnv.variable}`)} when set: the user directories and settings below it instead of ${code("~")} | ${cell(p.dirs.homeEnv.source)} |`]),
    ...(p.dirs.configDirEnv === undefined
      ? []
      : [`| user configuration directory | ${code(`~/${p.dirs.configDirEnv.home}`)}, or ${code(`$${p.dirs.configDirEnv.variable}`)} when set (${p.dirs.configDirEnv.reads}) | ${cell(p.dirs.configDirEnv.source)} |`]),
    ...(p.dirs.extraConfigDirEnv === undefined
      ? []
      : [`| one more configuration directory | ${code(`$${p.dirs.extraConfigDirEnv.variable}`)} when set: ${p.dirs.extraConfigDirEnv.dirs.map((d) => code(`$${p.dirs.extraConfigDirEnv!.variable}/${d}`)).join(", ")}, after the user directories | ${cell(p.dirs.extraConfigDirEnv.source)} |`]),
    `| listing text | ${l.textFields.map(code).join(" + ")}${l.textFields.length > 1 ? ` (joined by ${JSON.stringify(l.joiner)})` : ""} | ${cell(l.source)} |`,
    `| per-entry cap | ${l.perEntryCap === null ? "none documented" : `${l.perEntryCap.toLocaleString("en-US")} characters`} | ${cell(l.source)} |`,
    `| listing budget | ${cell(budgetText(l.budget))} | ${cell(l.budget.kind === "unknown" ? l.source : l.budget.source)} |`,
    `| left out of the model's listing | ${leftOut(l)} | ${cell(l.source)} |`,
    `| hidden from the command menu | ${l.commandMenuField === null ? "—" : code(`${l.commandMenuField}: false`)} | ${cell(l.source)} |`,
    `| conditional skills | ${l.conditionalField === null ? "—" : code(l.conditionalField)} | ${cell(l.source)} |`
  ]
  for (const e of p.escalate) out.push(`| lint error | ${e.rule}: ${cell(e.why)} | ${cell(p.homepage)} |`)
  for (const k of p.skips ?? []) out.push(`| lint rule not run | ${k.rule}: ${cell(k.why)} | ${cell(p.homepage)} |`)
  if (p.allowedTools !== undefined && "ignored" in p.allowedTools) {
    out.push(`| ${code("allowed-tools")} | not read: ${code("skc permissions")} decides every tool by the agent's own approval | ${cell(p.allowedTools.source)} |`)
  }
  out.push("")
  if (p.fields.length === 0) out.push(`Frontmatter: the specification's six fields only${p.escalate.some((e) => e.rule === "SKL109") ? "; any other field is an error (SKL109)" : "; other fields are ignored by the agent (SKL109 warns)"}.`, "")
  else {
    out.push("Frontmatter fields beyond the specification's six:", "", "| field | value | what the agent does | source |", "|---|---|---|---|")
    for (const f of p.fields) {
      const also = f.spellings === undefined ? "" : ` (also ${f.spellings.map(code).join(", ")})`
      out.push(`| ${code(f.name)}${also} | ${cell(describeKind(f.value))} | ${cell(f.summary)} | ${cell(f.source)} |`)
    }
    out.push("")
  }
  if (p.combinations.length > 0) {
    out.push("Combination rules:", "")
    for (const c of p.combinations) out.push(`- ${c.rule}: ${c.summary} (${c.source})`)
    out.push("")
  }
  if (p.notes !== undefined && p.notes.length > 0) {
    out.push("Notes:", "")
    for (const n of p.notes) out.push(`- ${n}`)
    out.push("")
  }
  return out
}

export const renderAgentsDoc = (profiles: ReadonlyArray<AgentProfile>): string => {
  const readers = sharedDirReaders().map((p) => p.name)
  const out = [
    "# Agent profiles",
    "",
    "<!-- Generated from src/domain/agents by `npm run docs:agents`; do not edit by hand. -->",
    "",
    "skc keeps one profile per agent runtime (DECISIONS #51): the directories it",
    "reads skills from, the frontmatter fields it knows with their value rules, and",
    "how it builds the skill listing its model reads at start. Every fact below has",
    "its source; where a source is a third party's or a fact is unsettled, the notes",
    "say so. `[agents.<name>]` in `.skillc/config.toml` overrides a listing fact",
    "(`listing_fraction`, `entry_cap`, `budget_chars`, `context_tokens`).",
    "",
    "How skc uses them:",
    "",
    "- `skc lint` checks a skill against the profiles of the agents the project",
    "  deploys to (`[build] targets`; `claude` when unset) or those named by",
    "  `--agent a,b`: a field one of them knows is not SKL109, its value is checked",
    "  by that agent's rules (SKL115 value, SKL116 combination, SKL117 arguments).",
    "  `--agent agentskills` is the strict specification profile (skills-ref parity).",
    "- `skc discover`, `prompt`, `match`, `budget` and `eval` take `--agent` and",
    "  model that agent's directories and listing: manual-only skills are never",
    "  listed to the model nor matched, `when_to_use` joins the description under",
    "  the per-entry cap, the budget follows the agent's rule. `discover`,",
    "  `budget` and `prompt` also name the skills of skc's project and global stores the agent finds",
    "  nowhere (under no name: not listed, shadowed or invalid there), with the",
    "  build that deploys them where it reads while keeping the current targets:",
    "  `--target agents` for an agent that reads `.agents/skills` at that level,",
    "  else `--target <agent>` (`src/domain/protocol/undeployed.ts`). For an",
    "  agent that does not read the shared `.agents/skills` (Claude Code, Cursor,",
    "  Kiro, Trae), they also name the other skills there, at project and user",
    "  level (grouped in folders too, as Codex finds them), that it finds under no name, and the agents that do read them",
    "  (`src/app/skills/undeployedNotice.ts`): a project whose skills were all",
    "  installed there said \"No skills discovered for claude\" without a word of why.",
    `- \`skc build --target <agent>\` deploys into the first directory of each level;`,
    `  \`--target ${SHARED_TARGET}\` deploys into the shared \`${SHARED_SKILLS_DIR}\` (DECISIONS #53),`,
    `  which ${readers.join(", ")} read. \`skc list\`, \`show\`, \`search\` and the MCP server`,
    "  resolve skills from every directory below, each skill a direct child",
    "  (`<dir>/<name>`, docs/resolution.md). A skill an agent finds grouped deeper",
    "  (Codex, GitHub Copilot CLI, OpenCode) is named by its path there; `discover`,",
    "  `prompt`, `load` and `permissions` with that `--agent` find it by name, as",
    "  they read the directories as the agent does.",
    "",
    "Every profile knows the specification's six fields:",
    "",
    "| field | checked by | source |",
    "|---|---|---|",
    ...SPECIFICATION_FIELDS.map((f) => `| ${code(f.name)} | ${cell(f.summary)} | ${cell(f.source)} |`),
    "",
    ...profiles.flatMap(section)
  ]
  return out.join("\n").replace(/\n+$/, "\n")
}
