/**
 * `skc stats` / `skc_stats` (RFC-0003; issue 17: agent reads apart from
 * author work, unanswered questions, `--limit`, `--all`, `--format html`).
 * The rules are in docs/stats.md.
 */
import { MCP_LIST_LIMIT } from "./list.js"
import { Effect, Option } from "effect"
import { arg, common, defineCommand, flag } from "./spec.js"
import { withTeamStore } from "../layers.js"

export const statsCommand = defineCommand({
  name: "stats",
  summary: ["Usage analytics from the skill's access log: what agents read, and what they looked for without finding it."],
  examples: [
    "skc stats my-skill                          # agent reads, top and unused sections, unanswered questions",
    "skc stats my-skill --group-by sections      # sections by access count",
    "skc stats my-skill --since 7d               # the last seven days (also 12h, 2w, or a date)",
    "skc stats my-skill --since 2026-01-01 --project ~/code/webapp",
    "skc stats my-skill --group-by search --format json",
    "skc stats my-skill --group-by unanswered    # searches that found nothing",
    "skc stats my-skill --include-author         # count the author's own calls too",
    "skc stats --all --since 2026-01-01          # every skill; which were never read",
    "skc stats my-skill --format html > report.html",
    "skc stats my-skill --from postgres://skc@db.internal/team --machine build-07   # the team's reads",
    "skc stats my-skill --team --reader alice --group-by sections   # what alice's agent read (a team server's token)",
    "skc stats --all --team                      # every skill over the config's [team] database",
    "skc stats --import-otel claude-otel.json    # record Claude Code's skill activations from an OTLP export",
    "skc stats my-skill --group-by funnel        # activated (by trigger) → read"
  ],
  args: { skill: arg.optional("skill", "Skill name or path (omit with --all).") },
  flags: {
    groupBy: flag.textWithDefault(
      "group-by",
      "What to aggregate by.",
      "summary",
      ["summary", "sections", "files", "commands", "projects", "errors", "search", "unanswered", "users", "clients", "funnel"]
    ),
    since: flag.text("since", "Only accesses on or after (RFC 3339, YYYY-MM-DD UTC, or back from now: 12h, 7d, 2w)."),
    until: flag.text("until", "Only accesses on or before (RFC 3339, YYYY-MM-DD UTC, or back from now: 12h, 7d, 2w)."),
    project: flag.repeated("project", "Only accesses from this directory or below (any of them matches).", "dir"),
    reader: flag.repeated(
      "reader",
      "Only calls made with this skc mcp --http token (its name, exact; any of them matches): what one reader's agent read.",
      "name"
    ),
    includeAuthor: flag.boolean("include-author", "Also count the author's own work: build, lint, stats and eval calls, and reads made at a terminal (SKC_ROLE; default: agent reads only)."),
    limit: flag.integer("limit", "Most entries per list (default 10 in text, all in JSON)."),
    all: flag.boolean("all", "One row per skill that resolves from here, and the skills never read."),
    from: flag.text("from", "Answer from the team PostgreSQL database that `skc sync --to` fills (postgres://user@host/db)."),
    team: flag.boolean("team", "Answer from the team database named by [team] database in the config (as --from would)."),
    machine: flag.repeated("machine", "With --from or --team: only rows pushed from this host (name or hash; any of them matches)."),
    user: flag.repeated("user", "With --from or --team: only rows pushed by this operating-system user (name or hash; any of them matches); a team server's readers are token names: --reader, --group-by users."),
    importOtel: flag.text("import-otel", "Record the skill activations of an OTLP/JSON logs export of Claude Code's telemetry (claude_code.skill_activated), then see them with --group-by funnel.", { placeholder: "file" }),
    ...common(["text", "json", "html"])
  },
  fast: true,
  mcp: {
    title: "Usage analytics of a skill",
    description:
      "Aggregate a skill's access log by group_by, filtered by since/until and project. Agent reads only unless include_author.",
    readOnly: true
  },
  load: async () => {
    const [{ StatsInput, statsDocument, statsLogArgs }, request, { renderStats, renderStatsAll, renderActivationImport }, html, { jsonText, printText }] = await Promise.all([
      import("../app/usage/stats.js"),
      import("../app/usage/statsRequest.js"),
      import("../render/stats.js"),
      import("../render/statsHtml.js"),
      import("./output.js")
    ])
    type Request = import("../app/usage/statsRequest.js").StatsRequest
    type Outcome = import("../app/usage/statsRequest.js").StatsView
    /** `--from`/`--team`: the team store (issue 18), its adapter loaded only when asked for. */
    const onTeamStore = (r: Request) => withTeamStore(r.from, r.team === true, "--from", (source) => request.statsFromTeam(r, source))
    const text = (r: Outcome, now: number, reader: "cli" | "tools" = "cli"): string =>
      r.kind === "import"
        ? renderActivationImport(r.result)
        : r.kind === "one"
          ? renderStats(r.outcome, now, reader)
          : r.kind === "all"
            ? renderStatsAll(r.report, now, reader)
            : html.renderSkillHtml(r.report, now)
    const json = (r: Outcome): unknown => (r.kind === "one" ? statsDocument(r.outcome.report) : r.kind === "import" ? r.result : r.report)
    return {
      fromFlags: (o) =>
        request.statsRequestOf({
          ...o,
          skill: Option.getOrUndefined(o.skill),
          since: Option.getOrUndefined(o.since),
          until: Option.getOrUndefined(o.until),
          limit: Option.getOrUndefined(o.limit),
          from: Option.getOrUndefined(o.from),
          importOtel: Option.getOrUndefined(o.importOtel)
        }),
      run: (r: Request) => (request.fromTeam(r) ? onTeamStore(r) : request.statsLocal(r)),
      log: {
        args: (r: Request) =>
          statsLogArgs({ ...(r as typeof StatsInput.Type), limit: r.given_limit === undefined ? r.limit : (r.given_limit ?? undefined) })
      },
      text: (r: Outcome, ctx: { readonly now: number }) => text(r, ctx.now),
      json,
      emit: (r: Outcome, ctx: { readonly format: string; readonly now: number }) =>
        ctx.format === "html"
          ? printText(r.kind === "all" ? html.renderAllHtml(r.report, ctx.now) : r.kind === "html" ? html.renderSkillHtml(r.report, ctx.now) : "")
          : printText(ctx.format === "json" ? jsonText(json(r)) : text(r, ctx.now)),
      mcp: {
        input: StatsInput,
        // Over MCP each list has a bound unless the call names its own (docs/mcp.md "Payload budgets"): a log of
        // 889 long questions made one `group_by: search` answer of 1.1 MB (a stats probe).
        defaults: (input: typeof StatsInput.Type) => (input.limit === undefined ? { ...input, limit: MCP_LIST_LIMIT } : input),
        output: () => import("../app/usage/stats.js").then((r) => r.StatsDocument),
        structured: (r: Outcome) => ({ ...(json(r) as Record<string, unknown>) }),
        text: (r: Outcome, ctx: { readonly now: number }) => text(r, ctx.now, "tools")
      }
    }
  }
})
