/** Text rendering of `skc budget` (pure), shared by the CLI and the MCP tool's text content. */
import type { BudgetResult } from "../app/budget.js"
import { renderTable } from "./table.js"
import { thousands } from "../domain/thousands.js"

const n = thousands

export const renderBudget = (r: BudgetResult): string => {
  const out: Array<string> = []
  const l = r.limits
  if (r.skills.length === 0) return `No skills discovered for ${r.agent}: the listing costs nothing.\n`
  out.push(`${r.skills.length} skills listed to ${r.agent}: ${n(r.total_chars)} characters (~${n(r.estimated_tokens)} tokens)`)
  if (l.budget_chars === null) out.push(`${r.agent}: ${l.basis}; the cost above is what the listing takes.`)
  else {
    out.push(`budget: ${n(l.budget_chars)} characters (${l.basis}); descriptions cut at ${n(l.max_description_chars ?? 0)}`)
    out.push(r.room_chars !== null && r.room_chars >= 0 && r.names_only.length === 0 ? `room left: ${n(r.room_chars)} characters` : `over budget: ${r.names_only.length} skill(s) listed by name only`)
  }
  out.push("")
  out.push(
    renderTable(
      ["SKILL", "DESCRIPTION", "ENTRY", "LISTED"],
      r.skills.map((s) => [s.name, `${n(s.description_chars)}${s.truncated ? " (cut)" : ""}`, n(s.entry_chars), s.listed])
    )
  )
  if (r.truncated.length > 0) out.push("", `cut at ${n(l.max_description_chars ?? 0)} characters: ${r.truncated.join(", ")}`)
  if (r.names_only.length > 0) out.push("", `listed by name only (no description, so never matched on it): ${r.names_only.join(", ")}`)
  if (l.budget_chars !== null) {
    const m = r.one_more
    out.push(
      "",
      `one more skill (~${n(m.entry_chars)} characters): ${m.fits === true ? "fits after these" : "does not fit after these"}` +
        (m.displaced.length === 0 ? "; listed first (used recently), it would displace none" : `; listed first, it would push ${m.displaced.join(", ")} to name only`)
    )
    if (l.source !== null) out.push(`limits: ${l.source}`)
  }
  return out.join("\n") + "\n"
}
