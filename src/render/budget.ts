/** Text rendering of `skc budget` (pure), shared by the CLI and the MCP tool's text content. */
import type { BudgetResult } from "../app/eval/budget.js"
import { CLAUDE_OWN_SKILLS } from "../domain/agents/claude.js"
import { notBuiltNote } from "../domain/protocol/discovery.js"
import { renderTable } from "./table.js"
import { thousands } from "../domain/thousands.js"
import { visible } from "../domain/visible.js"

const n = thousands
/** Skill names come from files skc does not control (src/domain/visible.ts); the table escapes its own cells. */
const names = (xs: ReadonlyArray<string>) => visible(xs.join(", "))

/**
 * The JSON's `listed` and `truncated` in words. `listed: full` is the entry's form (name and
 * description, against `name-only`), not the text's length: a cut description is still that form,
 * and "full; truncated" read as a contradiction. So the form names what is listed, and a cut says so.
 */
const listedAs = (s: BudgetResult["skills"][number]) => {
  const notes = [
    s.listed === "full" ? (s.truncated ? "name + cut description" : "name + description") : s.listed === "omitted" ? "left out" : "name-only"
  ]
  if (!s.command) notes.push("not in / menu")
  if (s.paths !== null) notes.push(`conditional: ${s.paths.join(", ")}`)
  return notes.join("; ")
}

/** The skills listed by name only because the listing is past its budget (the agent's settings list the others so whatever the budget). */
const pastBudget = (r: BudgetResult): ReadonlyArray<string> => r.names_only.filter((s) => !r.names_only_by_setting.includes(s))

/** The over-budget line, or undefined when every entry is listed whole. */
/** What the room left is once Claude Code's own skills take theirs (`room_after_bundled_chars`), after the figure. */
const afterBundled = (r: BudgetResult): string => {
  const after = r.room_after_bundled_chars
  if (after === undefined) return ""
  return after >= 0
    ? ` (about ${n(after)} once ${r.title}'s own skills take theirs)`
    : `, but ${r.title}'s own skills take about ${n(CLAUDE_OWN_SKILLS.chars)}: with them the listing is about ${n(-after)} characters over, and some of yours are listed by name only (skc budget counts them without)`
}

const overBudget = (r: BudgetResult): string | undefined => {
  const cutForBudget = r.shortened.length
  const past = pastBudget(r).length
  if (r.omitted.length > 0) return `over budget: ${r.omitted.length} skill(s) left out, ${past} listed by name only`
  if (past > 0) return `over budget: ${past} skill(s) listed by name only`
  if (cutForBudget > 0) return `over budget: ${cutForBudget} description(s) shortened`
  if (r.room_chars !== null && r.room_chars < 0) return "over budget"
  return undefined
}

export const renderBudget = (r: BudgetResult): string => {
  const out: Array<string> = []
  const l = r.limits
  // Past its budget Codex leaves skills out: the headline counts what the model sees, and says the
  // characters are what every skill would take (`total_chars`), not what is listed.
  const listed = r.skills.filter((s) => s.listed !== "omitted").length
  const counted =
    listed === r.skills.length
      ? `${r.skills.length} ${r.skills.length === 1 ? "skill" : "skills"}`
      : `${listed} of ${r.skills.length} ${r.skills.length === 1 ? "skill" : "skills"}`
  // Past the budget the listing sent is smaller than every text whole: both, the one the model gets first.
  const whole = `${n(r.total_chars)} characters (~${n(r.estimated_tokens)} tokens)`
  const cost = r.used_chars < r.total_chars ? `${n(r.used_chars)} characters as listed, ${whole} with every text whole` : whole
  out.push(
    r.skills.length === 0
      ? `No skills listed to ${r.agent} (${r.title}): the listing costs nothing.`
      : `${counted}${r.commands.length > 0 ? ` and ${r.commands.length} legacy command(s)` : ""} listed to ${r.agent} (${r.title}): ${
          listed === r.skills.length
            ? cost
            : // The characters as listed are the listed skills'; only the whole texts are every skill's.
              `${n(r.used_chars)} characters as listed; all ${r.skills.length} would take ${whole} with every text whole`
        }`
  )
  if (r.not_built !== undefined && r.not_built.length > 0) out.push(notBuiltNote(r.not_built))
  const cut = l.max_description_chars === null ? "entries not cut" : `each entry cut at ${n(l.max_description_chars)} characters`
  if (l.budget_chars === null) out.push(`${l.basis}; ${cut}; the cost above is what the listing takes.`)
  else if (l.budget_tokens !== null) {
    out.push(`budget: ${n(l.budget_tokens)} tokens (${l.basis}); ${cut}`)
    if (r.skills.length > 0) out.push(overBudget(r) ?? `room left: ${n(Math.floor((r.room_chars ?? 0) / 4))} tokens (the listing takes ~${n(r.used_tokens ?? 0)})`)
  } else {
    out.push(`budget: ${n(l.budget_chars)} characters (${l.basis}); ${cut}`)
    if (r.skills.length > 0) out.push(overBudget(r) ?? `room left: ${n(r.room_chars ?? 0)} characters${afterBundled(r)}`)
    // Turned off (CLAUDE_CODE_DISABLE_BUNDLED_SKILLS, disableBundledSkills: CHANGELOG 2.1.169), they take nothing.
    if (r.layout === "claude" && r.bundled_skills_off === undefined) {
      const own = CLAUDE_OWN_SKILLS
      out.push(
        `not counted: Claude Code's own ${own.skills} skills take about ${n(own.chars)} characters of this budget in ${own.version}, listed after yours and never cut (CLAUDE_CODE_DISABLE_BUNDLED_SKILLS=1 turns them off)`
      )
    }
  }
  if (r.skills.length > 0) {
    const shown = r.limit === undefined ? r.skills : r.skills.slice(0, r.limit)
    out.push("")
    out.push(
      renderTable(
        ["SKILL", "TEXT", "ENTRY", "LISTED"],
        shown.map((s) => [s.listed_as ?? s.name, `${n(s.text_chars)}${s.truncated ? " (cut)" : ""}`, n(s.entry_chars), listedAs(s)])
      )
    )
    if (shown.length < r.skills.length) out.push(`… ${n(r.skills.length - shown.length)} more skill(s) not shown (limit ${n(shown.length)}; the counts above and the notes below cover every skill)`)
    // An author's probe: one skill's ENTRY (287) above the total (286) read as an error. Said when the sum differs so.
    const entries = r.skills.reduce((k, x) => k + x.entry_chars, 0) + r.commands.reduce((k, c) => k + c.entry_chars, 0)
    if (entries > r.total_chars && entries - r.total_chars <= r.skills.length + r.commands.length) {
      out.push("(ENTRY counts the line break after each entry; the total counts only those between entries)")
    }
  }
  // At the per-entry cap: every truncated entry of an agent that cuts only there; Codex's, those longer than its cap.
  const cap = l.max_description_chars
  const capped = cap === null ? [] : r.skills.filter((s) => s.truncated && (r.layout !== "codex" || s.text_chars > cap)).map((s) => s.name)
  if (capped.length > 0) out.push("", `cut at ${n(cap!)} characters: ${names(capped)}`)
  if (r.shortened.length > 0) out.push("", `shortened to fit the budget: ${names(r.shortened)}`)
  const byBudget = pastBudget(r)
  if (byBudget.length > 0) {
    // Claude Code gives the most recently used skills their text back past the budget, which skc cannot
    // know: `match` and `eval` keep matching these on their text (matchedTexts). Other agents cut by rule.
    out.push(
      "",
      r.layout === "claude"
        ? `listed by name only unless used recently (Claude Code gives the most recently used their description back, which skc cannot know: match and eval still match them on it): ${names(byBudget)}`
        : `listed by name only (no description, so never matched on it): ${names(byBudget)}`
    )
  }
  if (r.names_only_by_setting.length > 0) {
    out.push("", `listed by name only by ${r.title}'s settings (skillOverrides: name-only; never matched on a description): ${names(r.names_only_by_setting)}`)
  }
  if (r.omitted.length > 0) out.push("", `left out of the listing (the model never sees them): ${names(r.omitted)}`)
  if (r.manual_only.length > 0) out.push("", `manual only (not listed): ${names(r.manual_only)}`)
  if (r.commands.length > 0) {
    const chars = r.commands.reduce((k, c) => k + c.entry_chars, 0)
    const bare = r.commands.filter((c) => c.listed === "name-only").length
    out.push("", `also in the listing, after the skills: ${r.commands.length} legacy command(s) of .claude/commands, ${n(chars)} characters${bare > 0 ? `, ${bare} by name only` : ""}: ${names(r.commands.map((c) => c.name))}`)
  }
  // Each agent's own key: Claude Code's `skillOverrides`, Gemini CLI's `skills.disabled` (or `skills.enabled: false`).
  const offKey = r.agent === "gemini" ? "skills.disabled, skills.enabled" : "skillOverrides"
  if (r.off.length > 0) out.push("", `turned off in ${r.title}'s settings (${offKey}): ${names(r.off)}`)
  if (r.conditional.length > 0) out.push("", `conditional (listed once a file matching their paths: is touched): ${names(r.conditional)}`)
  if (l.budget_chars !== null && r.skills.length > 0) {
    const m = r.one_more
    const fits = m.fits === true ? "fits after these" : "does not fit after these"
    out.push(
      "",
      r.layout === "codex"
        ? `one more skill (~${n(m.entry_chars)} characters): ${
            m.fits === true
              ? "fits with every description whole"
              : r.omitted.length > 0
                ? // Past the point where descriptions can shrink: Codex already leaves skills out.
                  `${r.title} already leaves ${r.omitted.length} skill(s) out: it would leave one more out`
                : `${r.title} would shorten every description to make room`
          }`
        : `one more skill (~${n(m.entry_chars)} characters): ${fits}${m.fits === true && r.room_after_bundled_chars !== undefined && r.room_after_bundled_chars < m.entry_chars ? `, but not after ${r.title}'s own skills too` : ""}` +
            (m.displaced.length === 0 ? "; listed first (used recently), it would displace none" : `; listed first, it would push ${names(m.displaced)} to name only`)
    )
  }
  if (l.source !== null) out.push(`limits: ${l.source}`)
  return out.join("\n") + "\n"
}
