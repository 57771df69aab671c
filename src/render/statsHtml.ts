/**
 * The HTML report of `skc stats --format html` (issue 17): ONE self-contained
 * file — inline CSS and SVG, no script, no font, no image, no URL — so it
 * opens offline, can be mailed or archived, and shows the same in every
 * browser. Light and dark follow `prefers-color-scheme`; `@media print`
 * keeps the bars and avoids splitting a card across pages.
 *
 * Pure: the data comes from `statsReport`/`statsAll` (src/app), `now` is given.
 * Every value from a log or a skill is escaped: a heading or a search query
 * is text an agent or an author typed, never markup.
 */
import { narrowsRows, type SkillReport, type StatsAllReport, type StatsFilters, type TeamSource } from "../domain/stats.js"
import { latestEvalText, meantText, shownQuery } from "./stats.js"
import { thousands } from "../domain/thousands.js"
import { visible } from "../domain/visible.js"

/**
 * Escape text for element content and double-quoted attribute values. Control characters and
 * bidirectional overrides are shown escaped first, as the text views show them (src/domain/visible.ts):
 * an ESC byte went into the page as is, and a U+202E made a browser show a query reversed.
 */
export const escapeHtml = (s: string): string =>
  visible(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)

const e = escapeHtml
const n = thousands

const STYLE = `
:root{color-scheme:light dark;--bg:#ffffff;--fg:#1f2328;--muted:#59636e;--card:#f6f8fa;--border:#d1d9e0;--bar:#0969da;--track:#e7ebef;--warn:#cf222e;--zero:#9a6700}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--card:#151b23;--border:#3d444d;--bar:#4493f8;--track:#262c36;--warn:#f85149;--zero:#d29922}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:1040px;margin:0 auto;padding:24px 20px 48px}
h1{font-size:24px;margin:0 0 4px}h2{font-size:17px;margin:0 0 12px}
.meta{color:var(--muted);margin:0 0 20px;word-break:break-all}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(140px,1fr));gap:12px;margin-bottom:20px}
.card{background:var(--card);border:1px solid var(--border);border-radius:8px;padding:12px 14px}
.card .num{display:block;font-size:24px;font-weight:600;font-variant-numeric:tabular-nums}
.card .label{color:var(--muted);font-size:12px}
.card.warn .num{color:var(--warn)}
section.panel{background:var(--card);border:1px solid var(--border);border-radius:8px;padding:16px;margin-bottom:20px;overflow-x:auto}
.empty{color:var(--muted);margin:0}
ul.tree,ul.tree ul{list-style:none;margin:0;padding:0}
ul.tree ul{padding-left:18px;border-left:1px solid var(--border);margin-left:6px}
.file>.path{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-weight:600;display:block;margin:8px 0 2px}
.file>.path .freads{font:12px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--muted)}
.row{display:grid;grid-template-columns:minmax(0,1fr) 180px 56px;gap:10px;align-items:center;padding:2px 0}
.row .name{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.row.unread .name{color:var(--muted)}
.bar{display:block;height:10px;background:var(--track);border-radius:5px;overflow:hidden}
.bar>span{display:block;height:100%;background:var(--bar);border-radius:5px}
.count{text-align:right;font-variant-numeric:tabular-nums}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:5px 8px;border-bottom:1px solid var(--border);vertical-align:top;unicode-bidi:plaintext;overflow-wrap:break-word}
td.text{overflow-wrap:anywhere;min-width:10em}
th{color:var(--muted);font-weight:600;font-size:12px}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.zero{color:var(--zero);font-weight:600}
td.barcell{width:40%;min-width:80px}td.sub{padding-left:24px}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
svg.timeline{width:100%;height:auto;display:block}
svg.timeline .b{fill:var(--bar)}svg.timeline text{fill:var(--muted);font-size:11px}svg.timeline line{stroke:var(--border)}
footer{color:var(--muted);font-size:12px}
@media (max-width:600px){main{padding:16px 10px 32px}.row{grid-template-columns:minmax(0,1fr) 64px 40px;gap:6px}ul.tree ul{padding-left:8px;margin-left:2px}}
@media print{:root{--bg:#fff;--fg:#000;--muted:#444;--card:#fff;--border:#bbb;--bar:#1f5fbf;--track:#e5e5e5}
*{-webkit-print-color-adjust:exact;print-color-adjust:exact}main{max-width:none;padding:0}
section.panel,.card,tr{break-inside:avoid}}
`

const page = (title: string, body: string): string =>
  `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="skc">
<title>${e(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`

const card = (key: string, value: number, label: string, warn = false) =>
  `<div class="card${warn && value > 0 ? " warn" : ""}" data-key="${key}"><span class="num">${n(value)}</span><span class="label">${e(label)}</span></div>`

const bar = (count: number, max: number) =>
  `<span class="bar" aria-hidden="true"><span style="width:${max === 0 ? 0 : Math.max(count > 0 ? 2 : 0, Math.round((count / max) * 100))}%"></span></span>`

const filtersLine = (f: StatsFilters, period?: { start: string | null; end: string | null }) => {
  const parts = [
    period === undefined ? undefined : period.start === null ? "no recorded access" : `period ${period.start} to ${period.end}`,
    f.since === null ? undefined : `since ${f.since}`,
    f.until === null ? undefined : `until ${f.until}`,
    f.projects.length === 0 ? undefined : `projects ${f.projects.join(", ")}`,
    f.readers.length === 0 ? undefined : `readers ${f.readers.join(", ")}`,
    f.include_author ? "author work included" : "agent reads only"
  ].filter((x): x is string => x !== undefined)
  return parts.map(e).join(" · ")
}

/** The outline as nested lists: a file, then its headings nested by level. */
const outlineTree = (outline: SkillReport["outline"], fileReads: ReadonlyMap<string, number>): string => {
  if (outline.length === 0) return `<p class="empty">The skill has no headings.</p>`
  const max = Math.max(0, ...outline.map((s) => s.count))
  const files = new Map<string, Array<SkillReport["outline"][number]>>()
  for (const s of outline) {
    const list = files.get(s.file)
    if (list === undefined) files.set(s.file, [s])
    else list.push(s)
  }
  const out: Array<string> = [`<ul class="tree">`]
  for (const [file, sections] of files) {
    // A file opened whole is read though none of its headings shows a read: its own count says so.
    const reads = fileReads.get(file) ?? 0
    out.push(
      `<li class="file" data-file="${e(file)}" data-reads="${reads}"><span class="path">${e(file)}` +
        `<span class="freads" title="sections shown, or the file opened whole"> · ${n(reads)} ${reads === 1 ? "read" : "reads"}</span></span><ul>`
    )
    // The open <li>s, outermost first; a deeper heading opens a <ul> inside the one before it.
    const open: Array<{ level: number; hasList: boolean }> = []
    const close = () => {
      const top = open.pop()!
      out.push(top.hasList ? "</ul></li>" : "</li>")
    }
    for (const s of sections) {
      while (open.length > 0 && open[open.length - 1]!.level >= s.level) close()
      const parent = open[open.length - 1]
      if (parent !== undefined && !parent.hasList) {
        out.push("<ul>")
        parent.hasList = true
      }
      open.push({ level: s.level, hasList: false })
      out.push(
        `<li class="sec" data-file="${e(s.file)}" data-section="${e(s.section)}" data-level="${s.level}"${s.line === undefined ? "" : ` data-line="${s.line}"`} data-reads="${s.count}">` +
          `<div class="row${s.count === 0 ? " unread" : ""}"><span class="name" title="${e(s.section)}${s.line === undefined ? "" : ` (line ${s.line})`}">${e(s.section)}</span>` +
          `${bar(s.count, max)}<span class="count">${n(s.count)}</span></div>`
      )
    }
    while (open.length > 0) close()
    out.push(`</ul></li>`)
  }
  out.push(`</ul>`)
  return out.join("")
}

const DAY = 86_400_000
/** Days with no read are drawn as gaps up to this span; beyond it only days with reads are drawn. */
const MAX_FILLED_DAYS = 400

/** Reads per day as an inline SVG bar chart (no script: each bar's `<title>` is its tooltip). */
const timelineSvg = (timeline: SkillReport["timeline"]): string => {
  if (timeline.length === 0) return `<p class="empty">No reads in the period.</p>`
  const first = Date.parse(`${timeline[0]!.day}T00:00:00Z`)
  const last = Date.parse(`${timeline[timeline.length - 1]!.day}T00:00:00Z`)
  const span = Math.round((last - first) / DAY) + 1
  const byDay = new Map(timeline.map((t) => [t.day, t.count]))
  const days =
    span <= MAX_FILLED_DAYS && Number.isFinite(span)
      ? Array.from({ length: span }, (_, i) => {
          const day = new Date(first + i * DAY).toISOString().slice(0, 10)
          return { day, count: byDay.get(day) ?? 0 }
        })
      : [...timeline]
  const max = Math.max(...days.map((d) => d.count))
  const W = 1000
  const H = 160
  const top = 8
  const bottom = 22
  const step = W / days.length
  const barW = Math.min(40, Math.max(1, step * 0.8))
  const rects = days
    .map((d, i) => {
      const h = max === 0 ? 0 : ((H - top - bottom) * d.count) / max
      return `<rect class="b" x="${(i * step + (step - barW) / 2).toFixed(2)}" y="${(H - bottom - h).toFixed(2)}" width="${barW.toFixed(2)}" height="${h.toFixed(2)}" data-day="${d.day}" data-count="${d.count}"><title>${d.day}: ${n(d.count)}</title></rect>`
    })
    .join("")
  return (
    `<svg class="timeline" viewBox="0 0 ${W} ${H}" role="img" aria-label="Reads per day (UTC), ${e(days[0]!.day)} to ${e(days[days.length - 1]!.day)}, at most ${max} a day">` +
    `<line x1="0" y1="${H - bottom}" x2="${W}" y2="${H - bottom}"/>` +
    rects +
    `<text x="0" y="${H - 6}">${e(days[0]!.day)}</text>` +
    `<text x="${W}" y="${H - 6}" text-anchor="end">${e(days[days.length - 1]!.day)}</text>` +
    `<text x="0" y="${top + 4}">max ${n(max)}/day</text></svg>`
  )
}

/**
 * The rows a list of the report shows without `--limit`: a log of 2,000 distinct 4,000-character questions
 * (an agent's dozens of calls a task add up) made a 24 MB page, 16 MB of it one list, `--limit` ignored.
 */
export const HTML_LIST_ROWS = 200

const tableOf = (id: string, headers: ReadonlyArray<[string, boolean]>, rows: ReadonlyArray<string>, empty: string, limit: number = HTML_LIST_ROWS) => {
  if (rows.length === 0) return `<p class="empty">${e(empty)}</p>`
  const shown = rows.slice(0, limit)
  const more = rows.length - shown.length
  return (
    `<table id="${id}-table"><thead><tr>${headers.map(([h, num]) => `<th${num ? ' class="num"' : ""}>${e(h)}</th>`).join("")}</tr></thead><tbody>${shown.join("")}</tbody></table>` +
    (more > 0 ? `<p class="empty">… and ${more.toLocaleString("en-US")} more</p>` : "")
  )
}

const panel = (id: string, title: string, content: string) => `<section class="panel" id="${id}"><h2>${e(title)}</h2>${content}</section>`

const KIND_LABEL = { search: "search found nothing", show: "heading not found", open: "file not found" } as const

/** Issue 49 item 4: the funnel as bars — activations split by trigger, then reads — and its signals. */
const funnelHtml = (f: NonNullable<SkillReport["funnel"]>): string => {
  const max = Math.max(f.activated, f.reads, 1)
  const triggers = Object.entries(f.by_trigger)
  const row = (key: string, label: string, count: number, detail: string) =>
    // The bar's cell has a width of its own (a bar in a cell sized by its content drew as a dot); a trigger's
    // row is indented by its class, as spaces collapse in HTML.
    `<tr data-step="${key}"><td${key.startsWith("trigger-") ? ' class="sub"' : ""}>${e(label.trim())}</td><td class="num">${n(count)}</td><td class="barcell">${bar(count, max)}</td><td class="text">${e(detail)}</td></tr>`
  const rows = [
    `<tr data-step="listed"><td>listed</td><td class="num">–</td><td></td><td>every session of an agent the skill is deployed to (not exported)</td></tr>`,
    row("activated", "activated", f.activated, `${n(f.sessions)} session${f.sessions === 1 ? "" : "s"}`),
    ...triggers.map(([t, k]) => row(`trigger-${t}`, `  ${t}`, k, "")),
    row("read", "read", f.reads, `${n(f.sections_read)} section${f.sections_read === 1 ? "" : "s"} shown`)
  ]
  const said = f.signals.map((s) =>
    s === "activated_but_nothing_read"
      ? "Activated but nothing read: the agent loaded the skill and never asked skc for more."
      : "Read without activation: reads, but no activation recorded for this period."
  )
  const none = f.activated === 0 && f.reads === 0 ? ["No activation and no read recorded (skc stats --import-otel <file>, or Claude Code's OTLP export pointed at skc mcp --http)."] : []
  return `<table id="funnel-table"><thead><tr><th>Step</th><th class="num">Count</th><th>Share</th><th>Detail</th></tr></thead><tbody>${rows.join("")}</tbody></table>` +
    [...said, ...none].map((t) => `<p class="empty" data-signal>${e(t)}</p>`).join("")
}

export const renderSkillHtml = (r: SkillReport, now: number): string => {
  const s = r.summary
  // A lookup that named something the skill has (in a form skc does not take) is listed, marked, but not counted as missing.
  const looked = r.lookedFor.filter((u) => u.meant === undefined).length
  const body = [
    `<header><h1>${e(r.skill)}</h1><p class="meta"><code>${e(r.skill_path)}</code><br>${filtersLine(r.filters, r.period)}</p>` +
      // The skill's latest `skc eval` (issue 27), beside its reads; nothing when it was never evaluated.
      (r.latestEval === undefined ? "" : `<p class="meta" id="latest-eval">${e(latestEvalText(r.latestEval))}</p>`) +
      `</header>`,
    `<section class="cards" id="summary">` +
      [
        card("agent_accesses", s.agent_accesses, "agent reads"),
        card("unique_sections", s.unique_sections, "sections read"),
        card("unique_files", s.unique_files, "files read"),
        card("unanswered", s.unanswered, "looked for, not found", true),
        card("error_count", s.error_count, "failed calls", true),
        card("author_accesses", s.author_accesses, "author work (build, lint, stats, eval; reads at a terminal)")
      ].join("") +
      `</section>`,
    panel(
      "outline",
      `Outline — reads per section (${r.outline.filter((o) => o.count > 0).length} of ${r.outline.length} read)`,
      outlineTree(r.outline, new Map((r.files ?? []).map((f) => [f.file, f.count]))) +
        (r.gone.length === 0
          ? ""
          : `<p class="empty">Read but no longer in the outline: ${r.gone.map((g) => `${e(g.section)} (${n(g.count)})`).join(", ")}</p>`)
    ),
    panel(
      "files",
      "Files read",
      tableOf(
        "files",
        [["File", false], ["Reads (sections shown, or opened whole)", true]],
        (r.files ?? []).map((f) => `<tr data-file="${e(f.file)}" data-count="${f.count}"><td class="text"><code>${e(f.file)}</code></td><td class="num">${n(f.count)}</td></tr>`),
        "No file was read.",
        r.limit
      )
    ),
    ...(r.funnel === undefined ? [] : [panel("funnel", "Activated → read (Claude Code's telemetry)", funnelHtml(r.funnel))]),
    // Logged timestamps are UTC (RFC-0003:C-FILTERS), so are the days: say so, a reader east or west of UTC would take them for local ones.
    panel("timeline", "Reads per day (UTC)", timelineSvg(r.timeline)),
    panel(
      "unanswered",
      // With no agent read at all (a skill nobody used yet, a period with no row) nothing was found either.
      looked === 0
        ? s.agent_accesses === 0
          ? "No agent read this skill in the period"
          : r.lookedFor.length === 0
            ? "Agents found everything they looked for"
            : "The skill has everything agents looked for; some asked for it in a form skc does not take"
        : `Agents looked for ${looked} ${looked === 1 ? "thing" : "things"} this skill does not have`,
      tableOf(
        "unanswered",
        [["What", false], ["Kind", false], ["Times", true]],
        r.lookedFor.map(
          (u) =>
            `<tr data-kind="${u.kind}" data-target="${e(u.target)}"><td class="text">${e(shownQuery(u.target))}${u.file === undefined ? "" : ` <span class="file">(in ${e(u.file)})</span>`}` +
            `${u.meant === undefined ? "" : ` <span class="file">(the skill has it, asked another way: ${e(meantText(u.meant))})</span>`}</td>` +
            `<td>${KIND_LABEL[u.kind]}</td><td class="num">${n(u.count)}</td></tr>`
        ),
        "No search came back empty and no lookup missed.",
        r.limit
      )
    ),
    panel(
      "searches",
      "Top searches",
      tableOf(
        "searches",
        [["Query", false], ["Times", true], ["Results (latest)", true]],
        r.searches.map(
          (q) =>
            `<tr data-query="${e(q.query)}"><td class="text">${e(shownQuery(q.query))}</td><td class="num">${n(q.count)}</td>` +
            `<td class="num${q.result_count === 0 ? " zero" : ""}">${q.result_count === null ? "–" : n(q.result_count)}${q.partial ? " (partial)" : ""}</td></tr>`
        ),
        "No searches.",
        r.limit
      )
    ),
    panel(
      "errors",
      "Failed calls",
      tableOf(
        "errors",
        [["Command", false], ["Target", false], ["Error", false], ["Times", true]],
        r.errors.map(
          (x) =>
            // Shortened as every other list's text: a failed show of a 4,000-character heading filled the screen
            // twice, and 200 of them made most of a 15 MB page (the JSON keeps them whole).
            `<tr><td>${e(x.command)}</td><td class="text">${e(shownQuery(x.target))}</td><td class="text"><code>${e(shownQuery(x.error))}</code></td><td class="num">${n(x.count)}</td></tr>`
        ),
        "No failed calls.",
        r.limit
      )
    ),
    `<footer>Generated by skc on ${e(new Date(now).toISOString().replace(/\.\d{3}Z$/, "Z"))}${origin(r, " from the skill's access log")}. Agent reads are outline, show, open, sources, search and load, over the CLI or MCP.</footer>`
  ]
  return page(`${r.skill} — skc usage report`, body.join("\n"))
}

/** Where the rows came from: the local log, or the team database (issue 18) with its machine/user filters. */
const origin = (r: TeamSource, local: string): string =>
  r.source === undefined
    ? local
    : ` from the team database <code data-source>${e(r.source)}</code>` +
      (r.machines && r.machines.length > 0 ? ` (machines ${e(r.machines.join(", "))})` : "") +
      (r.users && r.users.length > 0 ? ` (users ${e(r.users.join(", "))})` : "")

export const renderAllHtml = (r: StatsAllReport, now: number): string => {
  const max = Math.max(0, ...r.skills.map((s) => s.reads))
  // Filtered, "never" is of the rows that pass, as the text view says it: a skill read last week is not
  // "never read" in a report since yesterday.
  const filtered = narrowsRows(r.filters)
  // With --include-author the author's own work has a column, as in the text view; errors always, as the JSON's.
  const author = r.filters.include_author
  const rows = r.skills.map(
    (s) =>
      `<tr data-skill="${e(s.skill)}" data-reads="${s.reads}"><td><strong>${e(s.skill)}</strong><br><span class="label">${e(s.scope)}</span></td>` +
      `<td class="num">${n(s.reads)}</td><td style="min-width:140px">${bar(s.reads, max)}</td>` +
      (author ? `<td class="num" data-author="${s.author}">${n(s.author)}</td>` : "") +
      `<td>${s.last_read === null ? (filtered ? "–" : "never") : e(s.last_read)}</td>` +
      `<td class="text">${s.top_section === null ? "–" : `${e(s.top_section.section)} <span class="label">(${n(s.top_section.count)})${s.top_section.gone === true ? " no longer in the outline" : ""}</span>`}</td>` +
      `<td class="num${s.unanswered > 0 ? " zero" : ""}">${n(s.unanswered)}</td>` +
      `<td class="num">${n(s.errors)}</td></tr>`
  )
  const body = [
    `<header><h1>Skill usage</h1><p class="meta">${n(r.total_skills)} skills · ${filtersLine(r.filters)}</p></header>`,
    `<section class="cards" id="summary">` +
      card("total_skills", r.total_skills, "skills") +
      card("read", r.total_skills - r.never_read.length, "read by agents") +
      card("never_read", r.never_read.length, filtered ? "not read (with these filters)" : "never read", true) +
      `</section>`,
    panel(
      "skills",
      "Agent reads per skill",
      tableOf(
        "skills",
        [["Skill", false], ["Reads", true], ["", false], ...(author ? [["Author work", true] as [string, boolean]] : []), ["Last read", false], ["Top section", false], ["Unanswered", true], ["Errors", true]],
        rows,
        "No skill resolves from here."
      ) + (r.more !== undefined && r.more > 0 ? `<p class="empty">… and ${n(r.more)} more</p>` : "")
    ),
    panel(
      "never-read",
      `${filtered ? "Not read (with these filters)" : "Never read"} (${r.never_read.length})`,
      r.never_read.length === 0
        ? `<p class="empty">Every skill was read${filtered ? " with these filters" : " in the period"}.</p>`
        : `<ul>${r.never_read.map((s) => `<li data-skill="${e(s)}">${e(s)}</li>`).join("")}</ul>`
    ),
    // The `search --all` questions no skill answered (DECISIONS #44), as the text and JSON of `--all` list them.
    panel(
      "unanswered-all",
      `Questions no skill answered (${r.unanswered_all.length + (r.unanswered_all_more ?? 0)})`,
      tableOf(
        "unanswered-all",
        [["Question (search --all)", false], ["Times", true], ["Last asked", false]],
        r.unanswered_all.map(
          (q) =>
            `<tr data-query="${e(q.query)}" data-count="${q.count}"><td class="text">${e(shownQuery(q.query))}</td><td class="num">${n(q.count)}</td><td>${e(q.last)}</td></tr>`
        ),
        "Every question asked of all skills found something."
      ) + (r.unanswered_all_more !== undefined && r.unanswered_all_more > 0 ? `<p class="empty">… and ${n(r.unanswered_all_more)} more</p>` : "")
    ),
    `<footer>Generated by skc on ${e(new Date(now).toISOString().replace(/\.\d{3}Z$/, "Z"))}${origin(r, "")}. Agent reads are outline, show, open, sources, search and load, over the CLI or MCP.</footer>`
  ]
  return page("skc usage report — all skills", body.join("\n"))
}
