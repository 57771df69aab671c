/**
 * Text view of `skc stats` (RFC-0003:C-CLI: implementation-defined, same
 * information as the JSON): aligned tables, counts, relative dates and the
 * sections of the current outline nobody has read. Pure: `now` is given.
 */
import type { StatsOutcome } from "../app/stats.js"
import type { OutlineSection } from "../domain/stats.js"

const plural = (n: number, one: string, many = one + "s") => `${n} ${n === 1 ? one : many}`

/** "just now", "5 minutes ago", "3 days ago", "in 2 hours" (clock skew). */
export const relativeTime = (iso: string, now: number): string => {
  const t = Date.parse(iso)
  if (Number.isNaN(t)) return ""
  const delta = now - t
  const s = Math.abs(delta) / 1000
  const phrase =
    s < 45
      ? undefined
      : s < 3600
        ? plural(Math.max(1, Math.round(s / 60)), "minute")
        : s < 86_400
          ? plural(Math.round(s / 3600), "hour")
          : s < 86_400 * 60
            ? plural(Math.round(s / 86_400), "day")
            : s < 86_400 * 730
              ? plural(Math.round(s / (86_400 * 30.44)), "month")
              : plural(Math.round(s / (86_400 * 365.25)), "year")
  if (phrase === undefined) return "just now"
  return delta >= 0 ? `${phrase} ago` : `in ${phrase}`
}

const width = (s: string) => [...s].length
const padEnd = (s: string, n: number) => s + " ".repeat(Math.max(0, n - width(s)))
const padStart = (s: string, n: number) => " ".repeat(Math.max(0, n - width(s))) + s

/** Aligned columns; `right` marks numeric columns. The last column is not padded. */
export const table = (headers: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>, right: ReadonlyArray<boolean>): Array<string> => {
  const widths = headers.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ""))))
  const line = (cells: ReadonlyArray<string>) =>
    "  " +
    cells
      .map((c, i) => (right[i] ? padStart(c, widths[i]!) : i === cells.length - 1 ? c : padEnd(c, widths[i]!)))
      .join("  ")
      .trimEnd()
  return [line(headers), ...rows.map(line)]
}

const TITLES: Record<string, string> = {
  summary: "usage summary",
  sections: "sections by access count",
  files: "files by access count",
  commands: "accesses by command",
  projects: "accesses by project directory",
  errors: "failed accesses",
  search: "search queries"
}

const unusedBlock = (unused: ReadonlyArray<OutlineSection>): Array<string> =>
  unused.length === 0
    ? []
    : ["", `Unused sections (in the current outline, never shown): ${unused.length}`, ...unused.map((s) => `  - ${s.section} (${s.file})`)]

export const renderStats = ({ report, insights }: StatsOutcome, now: number): string => {
  const out: Array<string> = [`${report.skill} — ${TITLES[report.query]}`]
  const { start, end } = report.period
  if (start !== null && end !== null) {
    out.push(`Period: ${start} (${relativeTime(start, now)}) to ${end} (${relativeTime(end, now)})`)
  }
  const f = report.filters
  const filters = [
    f.since === null ? undefined : `since ${f.since}`,
    f.until === null ? undefined : `until ${f.until}`,
    f.projects.length === 0 ? undefined : `project ${f.projects.join(" or ")}`
  ].filter((x): x is string => x !== undefined)
  if (filters.length > 0) out.push(`Filters: ${filters.join(", ")}`)
  out.push("")
  const n = String

  switch (report.query) {
    case "summary": {
      const d = report.data
      if (d.total_accesses === 0) out.push("No recorded accesses.")
      const rows: Array<[string, number]> = [
        ["Total accesses", d.total_accesses],
        ["Unique sections", d.unique_sections],
        ["Unique files", d.unique_files],
        ["Errors", d.error_count]
      ]
      const w = Math.max(...rows.map(([, v]) => n(v).length))
      for (const [label, v] of rows) out.push(`${padEnd(label + ":", 17)}${padStart(n(v), w)}`)
      if (insights.topSections.length > 0) {
        out.push("", "Top sections:")
        out.push(
          ...table(
            ["#", "SECTION", "FILE", "COUNT"],
            insights.topSections.map((s, i) => [`${i + 1}.`, s.section, s.file ?? "", n(s.count)]),
            [true, false, false, true]
          ).slice(1)
        )
      }
      const commands = Object.entries(insights.commands)
      if (commands.length > 0) {
        out.push("", "Access by command:")
        out.push(...table(["COMMAND", "COUNT"], commands.map(([c, k]) => [c, n(k)]), [false, true]).slice(1))
      }
      out.push(...unusedBlock(insights.unusedSections))
      break
    }
    case "sections":
      if (report.data.length === 0) out.push("No section has been shown.")
      else out.push(...table(["COUNT", "SECTION", "FILE"], report.data.map((r) => [n(r.count), r.section, r.file ?? ""]), [true]))
      out.push(...unusedBlock(insights.unusedSections))
      break
    case "files":
      if (report.data.length === 0) out.push("No file has been read.")
      else out.push(...table(["COUNT", "FILE"], report.data.map((r) => [n(r.count), r.file]), [true]))
      break
    case "commands": {
      const entries = Object.entries(report.data)
      if (entries.length === 0) out.push("No recorded accesses.")
      else out.push(...table(["COMMAND", "COUNT"], entries.map(([c, k]) => [c, n(k)]), [false, true]))
      break
    }
    case "projects":
      if (report.data.length === 0) out.push("No recorded accesses.")
      else out.push(...table(["COUNT", "PROJECT"], report.data.map((r) => [n(r.count), r.project]), [true]))
      break
    case "errors":
      if (report.data.length === 0) out.push("No failed accesses.")
      else
        out.push(
          ...table(["COUNT", "COMMAND", "TARGET", "ERROR"], report.data.map((r) => [n(r.count), r.command, r.target, r.error]), [true])
        )
      break
    case "search":
      if (report.data.length === 0) out.push("No search queries.")
      else out.push(...table(["COUNT", "QUERY"], report.data.map((r) => [n(r.count), r.query]), [true]))
      break
  }
  return out.join("\n") + "\n"
}
