/**
 * Text view of `skc stats` (RFC-0003:C-CLI: implementation-defined, same
 * information as the JSON): aligned tables, counts, relative dates and the
 * sections of the current outline nobody has read. Pure: `now` is given.
 */
import { terminalWidth as width } from "../domain/terminalWidth.js"
import { visible, visibleLines } from "../domain/visible.js"
import { thousands } from "../domain/thousands.js"
import { pct } from "./percent.js"
import type { StatsOutcome } from "../app/usage/stats.js"
import { narrowsRows, roleOf, type LatestEval, type OutlineSection, type StatsAllReport, type StatsFilters, type TeamSource, type UnansweredItem } from "../domain/stats.js"

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

const padEnd = (s: string, n: number) => s + " ".repeat(Math.max(0, n - width(s)))
const padStart = (s: string, n: number) => " ".repeat(Math.max(0, n - width(s))) + s

/** Aligned columns; `right` marks numeric columns. The last column is not padded. */
export const table = (headers: ReadonlyArray<string>, given: ReadonlyArray<ReadonlyArray<string>>, right: ReadonlyArray<boolean>): Array<string> => {
  // Logged queries, sections and files are untrusted: escaped before the widths are taken (src/domain/visible.ts).
  const rows = given.map((r) => r.map(visible))
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
  search: "search queries",
  unanswered: "searches that found nothing",
  users: "accesses by token (skc mcp --http)",
  clients: "accesses by MCP client",
  funnel: "activated (Claude Code telemetry) and read"
}

/** The line closing a capped list (issue 17: `--limit`, "… and N more"). */
const moreLine = (more: number | undefined): Array<string> => (more === undefined || more <= 0 ? [] : [`  … and ${more} more`])

const unusedBlock = (unused: ReadonlyArray<OutlineSection>, more: number): Array<string> =>
  unused.length === 0
    ? []
    : [
        "",
        `Unused sections (in the current outline, never shown): ${unused.length + more}`,
        // A line only for a heading whose text another of its file shares: which of them nobody read.
        ...unused.map(
          (s) =>
            `  - ${shownHeading(s.section)} (${s.file}${s.line === undefined ? "" : `, line ${s.line}`}${s.within === undefined ? "" : `; inside ${shownHeading(s.within)}, which was shown, unless a page cut it short`})`
        ),
        ...moreLine(more)
      ]

const KIND = { search: "search", show: "show  ", open: "open  " } as const
/** What a failed lookup asked, as the log has it. */
const lookedUp = (u: UnansweredItem): string => (u.kind === "search" ? `"${shownQuery(u.target)}"` : u.file === undefined ? u.target : `${u.target} (in ${u.file})`)
/** What a misnamed lookup meant: the section and its file, or the file. */
export const meantText = (m: NonNullable<UnansweredItem["meant"]>): string => (m.section === undefined ? m.file : `${m.section} (${m.file})`)
const lookedForBlock = (total: number, items: ReadonlyArray<UnansweredItem>, more: number): Array<string> =>
  total === 0
    ? []
    : [
        "",
        `Agents looked for ${plural(total, "thing")} this skill does not have:`,
        ...table(["COUNT", "KIND", "WHAT"], items.map((u) => [String(u.count), KIND[u.kind].trim(), lookedUp(u)]), [true]).slice(1),
        ...moreLine(more)
      ]
/** Failed lookups of things the skill has, named in a form skc does not take: not missing content, but how agents ask. */
const misnamedBlock = (items: ReadonlyArray<UnansweredItem>, more: number): Array<string> =>
  items.length === 0
    ? []
    : [
        "",
        `Agents asked for ${plural(items.length + more, "thing")} this skill has, in a form skc does not take:`,
        ...table(["COUNT", "KIND", "WHAT", "MEANT"], items.map((u) => [String(u.count), KIND[u.kind].trim(), lookedUp(u), meantText(u.meant!)]), [true]).slice(1),
        ...moreLine(more)
      ]

const ratio = (x: number | null) => (x === null ? "-" : x.toFixed(2))

/**
 * The skill's latest `skc eval` in one line (issue 27), e.g. `Latest eval:
 * 96.2 % of 26 trigger queries (match judge, precision 1.00, recall 0.92) on
 * 2026-11-26 — meets --min-pass 0.8`. Shared with the HTML report.
 */
export const latestEvalText = (e: LatestEval): string =>
  `Latest eval: ${pct(e.pass_rate)} of ${plural(e.queries, "trigger query", "trigger queries")} ` +
  `(${e.judge} judge, precision ${ratio(e.precision)}, recall ${ratio(e.recall)}) on ${e.timestamp.slice(0, 10)} — ` +
  `${e.meets_min_pass ? "meets" : "below"} --min-pass ${e.min_pass}`

const filtersText = (f: StatsFilters): string | undefined => {
  const filters = [
    f.since === null ? undefined : `since ${f.since}`,
    f.until === null ? undefined : `until ${f.until}`,
    f.projects.length === 0 ? undefined : `project ${f.projects.join(" or ")}`,
    f.readers.length === 0 ? undefined : `reader ${f.readers.join(" or ")}`
  ].filter((x): x is string => x !== undefined)
  return filters.length > 0 ? `Filters: ${filters.join(", ")}` : undefined
}

/** Who reads a report: a shell (the CLI's flags) or an MCP client (the skc_stats parameters). */
export type StatsReader = "cli" | "tools"

const audienceText = (f: StatsFilters, reader: StatsReader) =>
  f.include_author
    ? "Counting agent reads and author work (build, lint, stats, eval; reads at a terminal)."
    : // The switch as its caller gives it: an agent told `--include-author` over MCP had no such flag to pass.
      `Counting agent reads (outline, show, open, sources, search, load); ${reader === "tools" ? "include_author: true" : "--include-author"} adds the author's build, lint, stats, eval and terminal reads.`

/** The most code points of a logged question a text report shows: the log keeps it whole, as JSON does. */
export const SHOWN_QUERY_MAX = 200

/**
 * A logged question as a report line shows it: at most SHOWN_QUERY_MAX code
 * points, then `…` (its control characters, a newline included, are escaped
 * with the rest of the line by `visibleLines`). A question sent by an agent
 * can be most of an MCP request's megabyte; printed whole it flooded the
 * terminal.
 */
/**
 * A heading in a table's column: its first SHOWN_HEADING_MAX code points and an ellipsis. A 2,000-character
 * heading padded every row of "Top sections" to its width, `Normal` included (a stats probe).
 */
const SHOWN_HEADING_MAX = 80
const shownHeading = (h: string): string => shortened(h, SHOWN_HEADING_MAX)

/** `text`'s first `max` code points and an ellipsis, or `text` when it is no longer (never half a pair). */
const shortened = (text: string, max: number): string => {
  if (text.length <= max) return text
  const points = [...text]
  return points.length <= max ? text : `${points.slice(0, max).join("")}…`
}

export const shownQuery = (q: string): string => shortened(q, SHOWN_QUERY_MAX)

/**
 * A QUERY cell of a table: a question of blanks only (an empty query refused with E004 is still a logged
 * search) is shown quoted (`""`, `"   "`); an empty cell read as a row whose question was lost (a new-user probe).
 */
const queryCell = (q: string): string => (q.trim() === "" ? JSON.stringify(q) : shownQuery(q))

export const renderStats = ({ report, insights }: StatsOutcome, now: number, reader: StatsReader = "cli"): string => {
  const out: Array<string> = [`${report.skill} — ${TITLES[report.query]}`]
  // A team view (issue 18) says where its rows came from.
  const team = report as TeamSource
  if (team.source !== undefined) out.push(teamSourceText(team))
  const { start, end } = report.period
  if (start !== null && end !== null) {
    out.push(`Period: ${start} (${relativeTime(start, now)}) to ${end} (${relativeTime(end, now)})`)
  }
  const filters = filtersText(report.filters)
  if (filters !== undefined) out.push(filters)
  if (report.query !== "commands") out.push(audienceText(report.filters, reader))
  out.push("")
  const n = String

  switch (report.query) {
    case "summary": {
      const d = report.data
      // Author work beside it (not counted) is an access all the same: "No recorded accesses." sat above "Author work: 4".
      if (d.total_accesses === 0) out.push(d.author_accesses > 0 && report.filters.include_author !== true ? "No agent read (author work alone)." : "No recorded accesses.")
      const rows: Array<[string, number]> = [
        ["Total accesses", d.total_accesses],
        ["Unique sections", d.unique_sections],
        ["Unique files", d.unique_files],
        ["Errors", d.error_count],
        ["Agent reads", d.agent_accesses],
        [report.filters.include_author ? "Author work" : "Author work (not counted)", d.author_accesses]
      ]
      const w = Math.max(...rows.map(([, v]) => n(v).length))
      const labelWidth = Math.max(...rows.map(([label]) => label.length)) + 2
      for (const [label, v] of rows) out.push(`${padEnd(label + ":", labelWidth)}${padStart(n(v), w)}`)
      if (report.latest_eval !== undefined) out.push("", latestEvalText(report.latest_eval))
      if (insights.topSections.length > 0) {
        out.push("", "Top sections:")
        out.push(
          ...table(
            ["#", "SECTION", "FILE", "COUNT"],
            insights.topSections.map((s, i) => [`${i + 1}.`, `${shownHeading(s.section)}${s.gone === true ? " (no longer in the outline)" : ""}`, s.file ?? "", n(s.count)]),
            [true, false, false, true]
          ).slice(1),
          ...moreLine(insights.topSectionsMore)
        )
      }
      const commands = Object.entries(insights.commands)
      if (commands.length > 0) {
        // issue 46 item 4: each row's role (DECISIONS #45), as "Agent reads" counts them
        const split = (c: string, k: number) => insights.commandRoles?.[c] ?? (roleOf(c) === "agent" ? { agent: k, author: 0 } : { agent: 0, author: k })
        out.push("", "Access by command:")
        out.push(
          ...table(
            ["COMMAND", "AGENT", "AUTHOR"],
            commands.map(([c, k]) => [c, n(split(c, k).agent), n(split(c, k).author)]),
            [false, true, true]
          )
        )
      }
      out.push(...unusedBlock(insights.unusedSections, insights.unusedMore))
      {
        const misnamed = (insights.misnamed?.length ?? 0) + (insights.misnamedMore ?? 0)
        out.push(...lookedForBlock(d.unanswered - misnamed, insights.unanswered, insights.unansweredMore))
        out.push(...misnamedBlock(insights.misnamed ?? [], insights.misnamedMore ?? 0))
      }
      break
    }
    case "sections":
      if (report.data.length === 0) out.push("No section has been shown.")
      else
        out.push(
          ...table(
            ["COUNT", "SECTION", "FILE"],
            report.data.map((r, i) => [n(r.count), `${r.section}${insights.sectionsGone?.[i] === true ? " (no longer in the outline)" : ""}`, r.file ?? ""]),
            [true]
          )
        )
      out.push(...moreLine(report.more))
      out.push(...unusedBlock(insights.unusedSections, insights.unusedMore))
      break
    case "files":
      if (report.data.length === 0) out.push("No file has been read.")
      else out.push(...table(["COUNT", "FILE"], report.data.map((r) => [n(r.count), r.file]), [true]))
      out.push(...moreLine(report.more))
      break
    case "commands": {
      const entries = Object.entries(report.data)
      if (entries.length === 0) out.push("No recorded accesses.")
      else {
        // Both sides, labelled (issue 17), with the channel of each call.
        // Each row's role (DECISIONS #45, issue 46 item 4): the summary's "Agent reads" on the same rows.
        const via = report.via ?? {}
        const split = (c: string, k: number) => report.by_role?.[c] ?? (roleOf(c) === "agent" ? { agent: k, author: 0 } : { agent: 0, author: k })
        out.push(
          ...table(
            ["COMMAND", "COUNT", "AGENT", "AUTHOR", "CLI", "MCP"],
            entries.map(([c, k]) => [c, n(k), n(split(c, k).agent), n(split(c, k).author), n(via[c]?.cli ?? 0), n(via[c]?.mcp ?? 0)]),
            [false, true, true, true, true, true]
          )
        )
        const sum = (role: "agent" | "author") => entries.reduce((t, [c, k]) => t + split(c, k)[role], 0)
        out.push("", `Agent reads: ${sum("agent")}   Author work: ${sum("author")}`)
      }
      break
    }
    case "projects":
      if (report.data.length === 0) out.push("No recorded accesses.")
      else out.push(...table(["COUNT", "PROJECT"], report.data.map((r) => [n(r.count), r.project]), [true]))
      out.push(...moreLine(report.more))
      break
    case "funnel": {
      // Issue 49 item 4: activated (by trigger) → read, and what the two say together.
      const f = report.data
      const triggers = Object.entries(f.by_trigger).map(([t, k]) => `${t} ${n(k)}`)
      out.push(
        "listed     every session of an agent the skill is deployed to (not exported: not counted)",
        // An export without `session.id` counts no session: "in 0 sessions" read as a contradiction.
        `activated  ${n(f.activated)}${f.activated > 0 && f.sessions === 0 ? ", no session recorded" : ` in ${n(f.sessions)} session${f.sessions === 1 ? "" : "s"}`}${triggers.length === 0 ? "" : ` (${triggers.join(", ")})`}`,
        `read       ${n(f.reads)} read${f.reads === 1 ? "" : "s"}, ${n(f.sections_read)} section${f.sections_read === 1 ? "" : "s"} shown`
      )
      for (const s of f.signals) {
        out.push(
          "",
          s === "activated_but_nothing_read"
            ? "Activated but nothing read: the agent loaded the skill and never asked skc for more (SKILL.md alone answered, or the agent did not reach the server)."
            : "Read without activation: agents read the skill through skc, but no activation was recorded (no telemetry imported for this period, or reads found it by search)."
        )
      }
      if (f.activated === 0 && f.reads === 0) out.push("", "No activation and no read recorded (skc stats --import-otel <file>, or point OTEL_EXPORTER_OTLP_ENDPOINT at skc mcp --http).")
      break
    }
    case "users":
    case "clients": {
      // Issue 49 item 2: who read (the HTTP token's name) and with what (the client's clientInfo).
      const rows = report.query === "users" ? report.data.map((r) => [n(r.count), r.user ?? "(no token: CLI, stdio, or HTTP without tokens)"]) : report.data.map((r) => [n(r.count), r.client ?? "(none: the CLI, or an MCP call that named no client)"])
      if (rows.length === 0) out.push("No recorded accesses.")
      else out.push(...table(["COUNT", report.query === "users" ? "USER" : "CLIENT"], rows, [true]))
      out.push(...moreLine(report.more))
      break
    }
    case "errors":
      if (report.data.length === 0) out.push("No failed accesses.")
      else
        out.push(
          ...table(["COUNT", "COMMAND", "TARGET", "ERROR"], report.data.map((r) => [n(r.count), r.command, r.target, r.error]), [true])
        )
      out.push(...moreLine(report.more))
      break
    case "search":
      if (report.data.length === 0) out.push("No search queries.")
      else
        out.push(
          ...table(
            ["COUNT", "RESULTS", "QUERY"],
            report.data.map((r) => [n(r.count), r.result_count === null ? "-" : `${r.result_count}${r.partial ? " partial" : ""}`, queryCell(r.query)]),
            [true, true]
          )
        )
      out.push(...moreLine(report.more))
      break
    case "unanswered":
      // Said of a skill never searched too (or a filter matching no row): nothing here claims a search ran.
      if (report.data.length === 0) out.push("No unanswered search.")
      else out.push(...table(["COUNT", "LAST", "QUERY"], report.data.map((r) => [n(r.count), r.last, queryCell(r.query)]), [true]))
      out.push(...moreLine(report.more))
      // `stats --all`'s UNANSWERED (and the summary's) also counts sections and files asked for that the skill
      // lacks; this view lists searches: the two disagreed without a word (an agent's probe).
      out.push("(searches only: the sections and files asked for that the skill lacks are in the errors view)")
      break
  }
  // Every line, names and queries included, with its control characters escaped.
  return visibleLines(out) + "\n"
}

/** Text view of `skc stats --all`: one row per skill, busiest first, then the skills no agent read. */
/** The team database a view was answered from (issue 18), with the machine/user filters given. */
const teamSourceText = (r: TeamSource): string =>
  `From the team database ${r.source}` +
  (r.machines && r.machines.length > 0 ? `; machines ${r.machines.join(", ")}` : "") +
  // `--user` is who pushed (an operating-system user); a team server's readers are token names, which `--reader`
  // filters: `--user alice` for the token alice answered "No recorded accesses" with no word why.
  (r.users && r.users.length > 0 ? `; pushed by the operating-system users ${r.users.join(", ")} (a team server's readers are token names: --reader, --group-by users)` : "") +
  "."

export const renderStatsAll = (report: StatsAllReport, now: number, reader: StatsReader = "cli"): string => {
  const out: Array<string> = [`All skills — agent reads (${plural(report.total_skills, "skill")})`]
  if (report.source !== undefined) out.push(teamSourceText(report))
  const filters = filtersText(report.filters)
  if (filters !== undefined) out.push(filters)
  out.push(audienceText(report.filters, reader), "")
  // Filtered (a period, a project, a reader), "never" is of the rows that pass: said so, as the JSON's
  // `never_read` means ("no agent read in the period"); a skill read last week read as never read at all.
  const filtered = narrowsRows(report.filters)
  const neverWord = filtered ? "-" : "never"
  if (report.total_skills === 0) out.push("No skill resolves from here.")
  else {
    // With --include-author, the author's own work (the JSON's `author`) has a column: the header said it was
    // counted and the only number was still the agents' reads. ERRORS is each skill's, as the JSON's `errors`.
    const author = report.filters.include_author
    out.push(
      ...table(
        ["SKILL", "READS", ...(author ? ["AUTHOR"] : []), "LAST READ", "TOP SECTION", "UNANSWERED", "ERRORS"],
        report.skills.map((s) => [
          s.skill,
          String(s.reads),
          ...(author ? [String(s.author)] : []),
          s.last_read === null ? neverWord : relativeTime(s.last_read, now),
          s.top_section === null ? "-" : `${s.top_section.section} (${s.top_section.count})${s.top_section.gone === true ? " (no longer in the outline)" : ""}`,
          String(s.unanswered),
          String(s.errors)
        ]),
        [false, true, ...(author ? [true] : []), false, false, true, true]
      ),
      ...moreLine(report.more)
    )
  }
  if (report.never_read.length > 0) {
    const shown = report.limit === undefined ? report.never_read : report.never_read.slice(0, report.limit)
    out.push(
      "",
      `${filtered ? "Not read (with these filters)" : "Never read"}: ${report.never_read.length}`,
      ...shown.map((s) => `  - ${s}`),
      ...moreLine(report.never_read.length - shown.length)
    )
  }
  if (report.unanswered_all.length > 0) {
    out.push(
      "",
      // Every question, not only those the cap kept (--limit).
      `Questions no skill answered (search --all): ${report.unanswered_all.length + (report.unanswered_all_more ?? 0)}`,
      ...report.unanswered_all.map((q) => `  ${String(q.count).padStart(4)}  '${shownQuery(q.query)}'  (last ${relativeTime(q.last, now)})`),
      ...moreLine(report.unanswered_all_more)
    )
  }
  return visibleLines(out) + "\n"
}

/** `skc stats --import-otel` (issue 49 item 4): what was recorded, and what was not. */
export const renderActivationImport = (r: {
  readonly recorded: number
  readonly skills: Readonly<Record<string, number>>
  readonly unknown_skills: Readonly<Record<string, number>>
  readonly ignored: number
  readonly rejected: number
}): string => {
  const lines = [`Recorded ${thousands(r.recorded)} skill activation${r.recorded === 1 ? "" : "s"}${Object.keys(r.skills).length === 0 ? "" : ":"}`]
  for (const [skill, k] of Object.entries(r.skills)) lines.push(`  ${visible(skill)}  ${thousands(k)}`)
  const unknown = Object.entries(r.unknown_skills)
  if (unknown.length > 0) {
    lines.push(`Not recorded (no such skill from here): ${unknown.map(([s, k]) => `${visible(s)} ${thousands(k)}`).join(", ")}`)
  }
  if (r.rejected > 0) lines.push(`Rejected ${thousands(r.rejected)} record${r.rejected === 1 ? "" : "s"} (no skill name or time, or not JSON)`)
  lines.push(`Other events ignored: ${thousands(r.ignored)}`)
  return lines.join("\n") + "\n"
}
