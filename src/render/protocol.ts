/**
 * Text renderings of the agent-protocol results (pure: result → string),
 * shared by the CLI and the MCP server's text content.
 */
import { visible, visibleBody, visibleLines } from "../domain/visible.js"
import { openStep, stepText, type StepStyle } from "../domain/nextStep.js"
import type { DiscoverResult } from "../app/skills/discover.js"
import type { LoadResult } from "../app/skills/load.js"
import type { MatchResult } from "../app/skills/match.js"
import type { PermissionsResult } from "../app/skills/permissions.js"
import type { PromptResult } from "../app/skills/prompt.js"
import { profileOf } from "../domain/agents/index.js"
import { escalationOf } from "../domain/lint/runner.js"
import { nameUnder, notBuiltHere, notBuiltNote } from "../domain/protocol/discovery.js"
import { renderPromptBlock } from "../domain/protocol/prompt.js"
import { MIN_COVERAGE } from "../domain/protocol/match.js"
import { pct } from "./percent.js"

const table = (given: ReadonlyArray<ReadonlyArray<string>>): string => {
  // Names, paths and descriptions of skills found on disk: escaped before the widths are taken (src/domain/visible.ts).
  const rows = given.map((r) => r.map(visible))
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...r[i]!].length)))
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c + " ".repeat(widths[i]! - [...c].length))).join("  ").trimEnd()).join("\n")
}

const oneLine = (s: string, max = 60) => {
  const flat = s.replace(/\s+/g, " ").trim()
  return [...flat].length > max ? [...flat].slice(0, max - 1).join("") + "…" : flat
}

/** How the agent lists a skill, where it differs from a plain entry (DECISIONS #51, issue 43). */
const listingNotes = (l: DiscoverResult["skills"][number]["listing"]): string =>
  [
    ...(l.settings === "off" ? ["off (settings)"] : l.settings === "user-invocable-only" ? ["manual only (settings)"] : l.model ? [] : ["manual only"]),
    ...(l.settings === "name-only" ? ["name only (settings)"] : []),
    ...(l.command || l.settings === "off" ? [] : ["not in / menu"]),
    ...(l.when_to_use === null ? [] : ["+when_to_use"]),
    ...(l.paths === null ? [] : [`conditional: ${l.paths.join(", ")}`])
  ].join("; ")

export const renderDiscover = (r: DiscoverResult): string => {
  const out: Array<string> = []
  if (r.skills.length === 0) out.push(`No skills discovered for ${r.agent}.`)
  else {
    // One line per row: `visibleLines` escapes a newline inside an element (a table is already escaped cell by cell).
    out.push(
      ...table([
        ["NAME", "SCOPE", "LOCATION", "DESCRIPTION", ...(r.skills.some((s) => listingNotes(s.listing) !== "") ? ["LISTING"] : [])],
        ...r.skills.map((s) => {
          const notes = listingNotes(s.listing)
          return [
            // As the agent names it: Claude Code lists (and `/` invokes) a plugin's skill as `<plugin>:<skill>`.
            nameUnder(s, r.agent === "claude"),
            s.scope,
            s.path + (s.link_target !== null ? ` -> ${s.link_target}${s.deployed_by_skc ? " (skc)" : ""}` : ""),
            oneLine(s.description),
            ...(r.skills.some((x) => listingNotes(x.listing) !== "") ? [notes] : [])
          ]
        })
      ]).split("\n")
    )
  }
  const warned = r.skills.filter((s) => s.warnings.length > 0)
  if (warned.length > 0) {
    // What the agent's profile makes an error, `skc lint --agent` reports as one: said so here too (a probe read
    // "reports the same" beside lint's error and exit 1).
    const profiles = [profileOf(r.agent)]
    const escalations = new Map<string, string>()
    // Once per rule: asked for every warning, then again as each is printed.
    const escalated = (rule: string): string => {
      if (!escalations.has(rule)) escalations.set(rule, escalationOf(profiles, rule))
      return escalations.get(rule)!
    }
    const anyError = warned.some((s) => s.warnings.some((w) => escalated(w.rule) !== ""))
    out.push("", `Warnings (loadable; \`skc lint\` reports the same${anyError ? `, as errors where marked` : ""}):`)
    for (const s of warned) {
      out.push(`  ${s.name} (${s.scope}) ${s.path}`)
      for (const w of s.warnings) {
        const why = escalated(w.rule)
        out.push(`    - ${w.rule} ${w.name}: ${w.message}${why === "" ? "" : ` (an error for ${why})`}`)
      }
    }
  }
  const hidden = r.shadowed.filter((s) => s.also_listed !== true)
  const listedToo = r.shadowed.filter((s) => s.also_listed === true)
  if (hidden.length > 0) {
    out.push("", "Shadowed:")
    for (const s of hidden) out.push(`  ${s.name} (${s.scope}) ${s.path}`, `    shadowed by ${s.winner.scope} ${s.winner.path}`)
    // The agent takes a user's copy over the project's; skc's reading commands resolve the other way (src/app/skills/readingCopy.ts).
    if (hidden.some((s) => s.scope === "project" && s.winner.scope === "user"))
      out.push("  (skc load reads the winner; show, outline, search and open resolve a name from the working directory up before the home: give the winner's path to read the copy the agent loads)")
  }
  if (listedToo.length > 0) {
    out.push(
      "",
      r.agent === "claude"
        ? "Also listed (Claude Code knows skills by their directory's name: a copy of a name in another directory is listed too; skc load reads the first, show, outline, search and open the one whose directory has the name, else the first):"
        : `Also listed (${r.agent} lists every copy of a name, each by its path; skc load reads the first, show, outline, search and open the one whose directory has the name, else the first):`
    )
    for (const s of listedToo) out.push(`  ${s.name} (${s.scope}) ${s.path}`, `    beside ${s.winner.scope} ${s.winner.path}`)
  }
  if (r.invalid.length > 0) {
    out.push("", "Invalid:")
    for (const s of r.invalid) {
      out.push(`  ${s.name ?? "(no name)"} (${s.scope}) ${s.path}`)
      for (const p of s.problems) out.push(`    - ${p}`)
    }
    // A fresh clone's committed deployment links: the next step, as `list`, `budget` and `eval` give it.
    const notBuilt = notBuiltHere(r.invalid)
    if (notBuilt.length > 0) out.push(notBuiltNote(notBuilt))
  }
  // A cut answer (limit: over MCP 100 by default) says how much it left out.
  if (r.omitted !== undefined) {
    const parts = (
      [
        [r.omitted.skills, "skills"],
        [r.omitted.shadowed, "shadowed copies"],
        [r.omitted.invalid, "invalid directories"]
      ] as const
    )
      .filter(([n]) => n > 0)
      .map(([n, what]) => `${n} more ${what}`)
    out.push("", `(${parts.join(", ")} not shown: raise the limit)`)
  }
  out.push("", `Searched (${r.agent}): ${r.searched.map((d) => `${d.scope} ${d.path}${d.via === undefined ? "" : ` (${d.via})`}${d.exists ? "" : " (missing)"}`).join("; ")}`)
  if (r.below !== undefined && r.below.dirs.length > 0) {
    // A plugin's skill is `<plugin>:<name>` to Claude Code: it takes no plain name (a nested skill of its name is no clash).
    const listed = new Set(r.skills.filter((s) => s.scope !== "plugin").map((s) => s.name))
    out.push("", `Below the working directory (${r.agent} loads these once it works on files there; a name already listed shows as <dir>:<name>):`)
    for (const d of r.below.dirs) out.push(`  ${d.path}: ${d.skills.map((n) => (listed.has(n) ? `${n} (${d.under}:${n})` : n)).join(", ")}`)
    if (r.below.truncated) out.push("  (the look below stopped at its bound: deeper directories were not read)")
    // Claude Code skips those in gitignored directories (CHANGELOG 2.1.69); skc reads no .gitignore, so it says so.
    out.push("  (skc does not read .gitignore: a directory git ignores, such as build output, is skipped by the agent)")
  }
  const root = r.project_root
  if (root !== null) {
    out.push(
      root.found
        ? `Project directories read up to the repository root ${root.path} (${r.agent} stops at the directory holding ${root.marker}).`
        : `No ${root.marker} above the working directory: ${r.agent} reads the working directory's project directories only.`
    )
  }
  return visibleLines(out) + "\n"
}

export const renderMatch = (r: MatchResult): string => {
  if (r.results.length === 0 && r.none_listed === true) {
    return visibleLines([
      `No skill is listed to ${r.agent} here: skc discover --agent ${r.agent} shows where it looks; skills in other agents' directories are matched with --agent <name>.`
    ]) + "\n"
  }
  if (r.results.length === 0 && r.no_words === true) {
    // A request of function words or punctuation only ("?!?", "how do I do this"): no gate was missed, there was
    // nothing to weigh; the gates' line sent the author to the threshold. `skc eval` says the same of such a query.
    return "No skill matches: the request holds no word the match judge weighs (only words such as 'the', 'and', 'it', or punctuation); reword it as a request.\n"
  }
  if (r.results.length === 0) {
    // Issue 47 item 4: two gates, and the nearest skill says which it missed (a higher score alone does not match).
    const gates = `No skill matches (threshold ${r.threshold}, and ${Math.round(MIN_COVERAGE * 100)} % of the request's words in a skill's name and description).`
    const n = r.nearest
    if (n === undefined) return `${gates}\n`
    const words = n.decided_by.map((w) => JSON.stringify(w)).join(", ")
    return visibleLines([gates, `Nearest: ${n.name}, score ${n.score.toFixed(3)} on ${words}, ${pct(n.coverage)} of the request's words.`]) + "\n"
  }
  // A candidate that scored above every result but missed a gate: said, so a reader sees what was held back and why.
  const held =
    r.nearest === undefined
      ? ""
      : visibleLines([
          `Held back: ${r.nearest.name}, score ${r.nearest.score.toFixed(3)} on ${r.nearest.decided_by.map((w) => JSON.stringify(w)).join(", ")}, ${pct(r.nearest.coverage)} of the request's words (${r.nearest.gate === "threshold" ? `below the threshold ${r.threshold}` : `below the ${Math.round(MIN_COVERAGE * 100)} % of the request's words a match needs`}).`
        ]) + "\n"
  return (
    table([
      // MARGIN (issue 47 item 4): the lead over the next candidate, activated or not; a small one is a near tie.
      ["#", "SKILL", "SCORE", "MARGIN", "REASON"],
      // A skill named in the request ranks first whatever its score, so its lead can be negative: "named" says why.
      // The name the other commands take, when the skill's directory names it otherwise (`call_as`).
      ...r.results.map((m, i) => [String(i + 1), m.call_as === undefined ? m.name : `${m.name} (as ${m.call_as})`, m.mentioned ? `${m.score.toFixed(3)}*` : m.score.toFixed(3), m.mentioned && m.margin < 0 ? "named" : m.margin.toFixed(3), m.reason])
    ]) +
    "\n" +
    held
  )
}

export const renderPermissions = (r: PermissionsResult): string => {
  const out: Array<string> = [`${r.skill}: ${r.path}`]
  if (r.mode === "standard") {
    // The skill may list tools the agent does not read (Codex): "(none)" read as if it declared nothing (a probe).
    const listed = r.allowed_tools === null ? undefined : r.allowed_tools.map((t) => t.entry).join(" ")
    out.push(
      listed === undefined
        ? "allowed-tools: (none) — the agent's standard approval applies to every tool"
        : `allowed-tools: ${listed || "(empty)"} (not read by ${r.agent}) — the agent's standard approval applies to every tool`
    )
  }
  else {
    if (r.unlisted === "ask") {
      // Claude Code pre-approves the listed tools; the rest keep its normal permission flow (CHANGELOG 2.1.69, 2.1.74).
      out.push(`allowed-tools: ${r.allowed_tools!.map((t) => t.entry).join(" ") || "(empty) — nothing pre-approved"}`)
      out.push(`These tools are pre-approved while the skill is active (${r.agent}); every other tool asks as usual, and interactive tools ask even when listed.`)
    } else {
      out.push(`allowed-tools: ${r.allowed_tools!.map((t) => t.entry).join(" ") || "(empty) — every tool denied"}`)
      out.push("Only these tools may be used, without approval; every other tool is denied.")
    }
  }
  if (r.disallowed_tools !== null) {
    out.push(`disallowed-tools: ${r.disallowed_tools.map((t) => t.entry).join(" ") || "(empty)"}`)
    out.push("These tools are removed while the skill is active (Claude Code): denied even where allowed-tools lists them.")
  }
  for (const u of r.unknown_tools) out.push(`unknown tool: ${u}`)
  for (const c of r.dangerous_combinations) out.push(`dangerous: ${c.tools[0]} + ${c.tools[1]} ${c.risk}`)
  if (r.checks.length > 0) {
    out.push("")
    // One line per row: the table's own newlines are layout, never escaped (issue 46 item 4).
    out.push(...table([["REQUEST", "DECISION", "WHY"], ...r.checks.map((c) => [c.request, c.decision, c.reason])]).split("\n"))
  }
  return visibleLines(out) + "\n"
}

/** The skill's text keeps its lines and tabs; other control characters are shown escaped (as `show`). */
export const renderLoadContent = (r: LoadResult): string => visibleBody(r.parts.map((p) => p.content).join("\n\n")) + "\n"

/**
 * How to read a part the budget left out, as the caller makes the call (`style`: the CLI's `skc open`,
 * an MCP client's `skc_open`): "left out: reference.md" alone left an agent to guess the tool and its
 * arguments. The first part left out is named; the others are read alike.
 */
export const loadLeftOutStep = (r: LoadResult, style: StepStyle, skill: string = r.skill): string | undefined => {
  const first = r.left_out[0]
  if (first === undefined) return undefined
  // Its path is the skill's: control characters shown escaped (also in `notices`, which no other renderer sees).
  return visible(`read ${r.left_out.length === 1 ? "the part" : "a part"} left out with: ${stepText(openStep(skill, first.path), style)}`)
}

/** `skill`: the skill as the caller named it (a name or a path), for the step that reads a part left out. */
export const renderLoadSummary = (r: LoadResult, style: StepStyle = "cli", skill: string = r.skill): string => {
  const out = [
    `--- Loaded ${r.skill}: ${r.parts.length} part(s), ~${r.total_tokens} tokens (budget ${r.budget}, depth ${r.depth}) ---`
  ]
  for (const p of r.parts) out.push(`  ${p.path}  ~${p.tokens}`)
  for (const p of r.left_out) out.push(`  left out: ${p.path}  ~${p.tokens}`)
  const step = loadLeftOutStep(r, style, skill)
  if (step !== undefined) out.push(`  ${step}`)
  for (const m of r.missing) out.push(`  missing: ${m.target} (${m.referenced_from}:${m.line})`)
  for (const m of r.refused) out.push(`  refused: ${m.target} (${m.referenced_from}:${m.line}): ${m.reason}`)
  return visibleLines(out) + "\n"
}

/**
 * `skc prompt` at a terminal (issue 46 item 4): the agent's block of skills
 * (renderPromptBlock) with each value's control characters escaped, so a
 * value cannot move the cursor; ended by a newline. A description's own line
 * breaks and tabs are kept: the agents of these layouts write it as it is
 * (docs/agents.md), and the block is what an author pastes into a prompt
 * (a literal `\n` there was no line break). Names and locations stay on their
 * line. `--format json` keeps `xml` exactly as the model receives it.
 */
export const renderPromptText = (r: PromptResult): string => {
  const layout = profileOf(r.agent).listing.layout
  // Claude Code's block is lines of its own making (each on one line already): each line escaped as a value.
  if (layout === "claude") return r.xml === "" ? "" : `${r.xml.split("\n").map(visible).join("\n")}\n`
  const block = renderPromptBlock(
    layout,
    r.skills.map((s) => ({
      name: visible(s.name),
      description: s.description === null ? null : visibleBody(s.description.replace(/\r\n?/g, "\n")),
      location: visible(s.location),
      ...(s.file === undefined ? {} : { file: visible(s.file) })
    })),
    r.roots?.map(visible)
  )
  return block === "" || block.endsWith("\n") ? block : `${block}\n`
}

