/**
 * `skc stats` / `skc_stats` (RFC-0003; issue 17: agent reads apart from
 * author work, unanswered questions, `--limit`, `--all`, `--format html`).
 * The rules are in docs/stats.md.
 */
import { Effect, Option, Schema } from "effect"
import { InternalError, InvalidOption } from "../domain/errors.js"
import { arg, common, defineCommand, flag } from "./spec.js"
import { loadTeamLogStore } from "../layers.js"

export const statsCommand = defineCommand({
  name: "stats",
  summary: ["Usage analytics from the skill's access log: what agents read, and what they looked for without finding it."],
  examples: [
    "skc stats my-skill                          # agent reads, top and unused sections, unanswered questions",
    "skc stats my-skill --group-by sections      # sections by access count",
    "skc stats my-skill --since 2026-01-01 --project ~/code/webapp",
    "skc stats my-skill --group-by search --format json",
    "skc stats my-skill --group-by unanswered    # searches that found nothing",
    "skc stats my-skill --include-author         # count build, lint, stats too",
    "skc stats --all --since 2026-01-01          # every skill; which were never read",
    "skc stats my-skill --format html > report.html",
    "skc stats my-skill --from postgres://skc@db.internal/team --machine build-07   # the team's reads (issue 18)",
    "skc stats --all --team                      # every skill over the config's [team] database"
  ],
  args: { skill: arg.optional("skill", "Skill name or path (omit with --all).") },
  flags: {
    groupBy: flag.textWithDefault(
      "group-by",
      "What to aggregate by.",
      "summary",
      ["summary", "sections", "files", "commands", "projects", "errors", "search", "unanswered"]
    ),
    since: flag.text("since", "Only accesses on or after (RFC 3339 or YYYY-MM-DD, UTC)."),
    until: flag.text("until", "Only accesses on or before (RFC 3339 or YYYY-MM-DD, UTC)."),
    project: flag.repeated("project", "Only accesses from this directory or below (any of them matches)."),
    includeAuthor: flag.boolean("include-author", "Also count the author's own build, lint and stats calls (default: agent reads only)."),
    limit: flag.integer("limit", "Most entries per list (default 10 in text, all in JSON)."),
    all: flag.boolean("all", "One row per skill that resolves from here, and the skills never read."),
    from: flag.text("from", "Answer from the team PostgreSQL database that `skc sync --to` fills (postgres://user@host/db)."),
    team: flag.boolean("team", "Answer from the team database named by [team] database in the config (as --from would)."),
    machine: flag.repeated("machine", "With --from or --team: only rows pushed from this host (name or hash; any of them matches)."),
    user: flag.repeated("user", "With --from or --team: only rows pushed by this user (name or hash; any of them matches)."),
    ...common(["text", "json", "html"])
  },
  fast: true,
  mcp: {
    title: "Usage analytics of a skill",
    description:
      "Aggregate a skill's access log by group_by (summary, sections, files, commands, projects, errors, search, unanswered), filtered by since/until and project. Agent reads only unless include_author.",
    readOnly: true
  },
  load: async () => {
    const [{ stats, StatsInput, statsLogArgs }, { statsAll }, { statsReport }, { renderStats, renderStatsAll }, html, { jsonText, printText }, { bothTeamDatabases }] =
      await Promise.all([
        import("../app/stats.js"),
        import("../app/statsAll.js"),
        import("../app/statsReport.js"),
        import("../render/stats.js"),
        import("../render/statsHtml.js"),
        import("./output.js"),
        import("../app/teamDatabase.js")
      ])
    type One = typeof StatsInput.Type
    /**
     * What the CLI asks for. MCP passes a plain `StatsInput` (one skill, JSON
     * view), a narrowing of this type. `skill` is absent with `all`.
     */
    type Request = Omit<One, "skill"> & {
      readonly skill?: string
      readonly all?: boolean
      readonly html?: boolean
      /** The `--limit` given (null: none), logged instead of text's default of 10 (DECISIONS #18). */
      readonly given_limit?: number | null
      /** `--from`: the team database (issue 18), with its `--machine`/`--user` filters; `--team`: the config's. */
      readonly from?: string
      readonly team?: boolean
      readonly machines?: ReadonlyArray<string>
      readonly users?: ReadonlyArray<string>
    }
    type Outcome =
      | { readonly kind: "one"; readonly outcome: Effect.Success<ReturnType<typeof stats>> }
      | { readonly kind: "html"; readonly report: Effect.Success<ReturnType<typeof statsReport>> }
      | { readonly kind: "all"; readonly report: Effect.Success<ReturnType<typeof statsAll>> }
    const invalid = (message: string) => Effect.fail(new InvalidOption({ message }))
    const fromFlags = (o: {
      readonly skill: Option.Option<string>
      readonly groupBy: string
      readonly since: Option.Option<string>
      readonly until: Option.Option<string>
      readonly project: ReadonlyArray<string>
      readonly includeAuthor: boolean
      readonly limit: Option.Option<number>
      readonly all: boolean
      readonly format: string
      readonly from: Option.Option<string>
      readonly team: boolean
      readonly machine: ReadonlyArray<string>
      readonly user: ReadonlyArray<string>
    }): Effect.Effect<Request, InvalidOption> =>
      Effect.gen(function* () {
        const skill = Option.getOrUndefined(o.skill)
        if (o.all && skill !== undefined) return yield* invalid("--all takes no skill: it reports every skill that resolves from here")
        if (!o.all && skill === undefined) return yield* invalid("missing skill (or --all for every skill)")
        if ((o.all || o.format === "html") && o.groupBy !== "summary") {
          return yield* invalid(`--group-by ${o.groupBy} is for one skill in text or JSON; ${o.all ? "--all" : "--format html"} shows its own view`)
        }
        const from = Option.getOrUndefined(o.from)
        if (from !== undefined && o.team) return yield* invalid(bothTeamDatabases("--from"))
        const team = from !== undefined || o.team
        if (!team && (o.machine.length > 0 || o.user.length > 0)) {
          return yield* invalid("--machine and --user filter the team database: add --from <postgres-url> or --team")
        }
        const given = Option.getOrUndefined(o.limit)
        if (given !== undefined && given < 1) return yield* invalid("--limit must be at least 1")
        // 10 entries per list in text, all in JSON (and in the HTML skill report) unless given.
        const limit = given ?? (o.format === "text" ? 10 : undefined)
        const request = {
          skill,
          group_by: o.groupBy,
          since: Option.getOrUndefined(o.since),
          until: Option.getOrUndefined(o.until),
          project: o.project.length === 0 ? undefined : [...o.project],
          include_author: o.includeAuthor ? true : undefined,
          limit: o.format === "html" && !o.all ? undefined : limit,
          all: o.all,
          html: o.format === "html",
          given_limit: given ?? null,
          ...(team ? { ...(from === undefined ? {} : { from }), team: o.team, machines: [...o.machine], users: [...o.user] } : {})
        }
        // One skill: the use case's own Schema decides what is valid (E100 otherwise).
        if (!o.all) yield* Schema.decodeUnknownEffect(StatsInput)({ ...request, all: undefined, html: undefined, given_limit: undefined, from: undefined, team: undefined, machines: undefined, users: undefined }).pipe(
          Effect.mapError((e) => new InvalidOption({ message: e.message }))
        )
        return request as Request
      })
    /** `--from`/`--team`: the team store (issue 18), its modules loaded only when asked for; every view. */
    const fromTeam = (r: Request) =>
      Effect.gen(function* () {
        const [{ teamDatabase }, team, pg] = yield* Effect.promise(() =>
          Promise.all([import("../app/teamDatabase.js"), import("../app/teamStats.js"), loadTeamLogStore()])
        )
        const url = yield* teamDatabase(r.from, r.team === true, "--from")
        const scope = { source: pg.describeUrl(url), machines: r.machines, users: r.users }
        const outcome =
          r.all === true
            ? Effect.map(team.teamStatsAll({ ...r, ...scope }), (report): Outcome => ({ kind: "all", report }))
            : r.html === true
              ? Effect.map(team.teamStatsReport({ ...(r as One), ...scope }), (report): Outcome => ({ kind: "html", report }))
              : Effect.map(team.teamStats({ ...(r as One), ...scope }), (outcome): Outcome => ({ kind: "one", outcome }))
        return yield* outcome.pipe(
          Effect.provide(pg.layer(url)),
          Effect.catchTag("LogStoreError", (e) =>
            Effect.fail(new InternalError({ message: `cannot reach team database ${scope.source}: ${e.code}: ${e.message}`, cause: e }))
          )
        )
      })
    const run = (r: Request) =>
      r.from !== undefined || r.team === true
        ? fromTeam(r)
        : r.all === true
          ? Effect.map(statsAll(r), (report): Outcome => ({ kind: "all", report }))
          : r.html === true
            ? Effect.map(statsReport(r as One), (report): Outcome => ({ kind: "html", report }))
            : Effect.map(stats(r as One), (outcome): Outcome => ({ kind: "one", outcome }))
    const text = (r: Outcome, now: number): string =>
      r.kind === "one" ? renderStats(r.outcome, now) : r.kind === "all" ? renderStatsAll(r.report, now) : html.renderSkillHtml(r.report, now)
    const json = (r: Outcome): unknown => (r.kind === "one" ? r.outcome.report : r.report)
    return {
      fromFlags,
      run,
      log: {
        args: (r: Request) =>
          statsLogArgs({ ...(r as One), limit: r.given_limit === undefined ? r.limit : (r.given_limit ?? undefined) })
      },
      text: (r: Outcome, ctx: { readonly now: number }) => text(r, ctx.now),
      json,
      emit: (r: Outcome, ctx: { readonly format: string; readonly now: number }) =>
        ctx.format === "html"
          ? printText(r.kind === "all" ? html.renderAllHtml(r.report, ctx.now) : r.kind === "html" ? html.renderSkillHtml(r.report, ctx.now) : "")
          : printText(ctx.format === "json" ? jsonText(json(r)) : text(r, ctx.now)),
      mcp: {
        input: StatsInput,
        output: () => import("./results.js").then((r) => r.StatsOutput),
        structured: (r: Outcome) => ({ ...(json(r) as Record<string, unknown>) })
      }
    }
  }
})
