/** `skc sync` (RFC-0007:C-SYNC). */
import { Effect, Option } from "effect"
import { allWithNames, InternalError, InvalidOption, renderError } from "../domain/errors.js"
import { printJson, printStderr, printText } from "./output.js"
import { arg, common, defineCommand, flag } from "./spec.js"
import { chosenTeamDatabase, withTeamStore } from "../layers.js"

export const syncCommand = defineCommand({
  name: "sync",
  summary: [
    "Merge fallback access logs into each skill's primary log.",
    "Fallback logs (.skillc/logs/) are written when the runtime directory was read-only, e.g. in a sandbox."
  ],
  examples: [
    "skc sync                      # every skill under ./.skillc/logs/ (also: skc sync --all)",
    "skc sync my-skill --dry-run   # what would be synced, nothing written",
    "skc sync --project ~/code/webapp",
    "skc sync --to postgres://skc@db.internal/team   # push every local log row to the team database",
    "skc sync --team                                 # the same, to the config's [team] database"
  ],
  args: { skill: arg.optional("skill", "Only this skill's local logs.") },
  flags: {
    // What no skill name does already; taken too, as build, lint, eval, search and stats take it.
    all: flag.boolean("all", "Sync every skill's local logs, as with no skill named."),
    project: flag.text("project", "Sync from this project directory instead of the current one.", { placeholder: "dir" }),
    dryRun: flag.boolean("dry-run", "Show what would be synced without writing or deleting."),
    to: flag.text(
      "to",
      "Push the local access logs to this team PostgreSQL database (postgres://user@host/db; password from PGPASSWORD or ~/.pgpass)."
    ),
    team: flag.boolean("team", "Push the local access logs to the team database named by [team] database in the config (as --to would)."),
    ...common()
  },
  // A large fallback streams through the merge a span at a time: the heap's young generation is kept small.
  batch: true,
  load: async () => {
    const [{ sync, inProjectDir }, { renderSync, syncJson }, { bothTeamDatabases }] = await Promise.all([
      import("../app/usage/sync.js"),
      import("../render/sync.js"),
      import("../app/usage/teamDatabase.js")
    ])
    type Request = {
      readonly skill?: string
      readonly project?: string
      readonly dry_run?: boolean
      readonly to?: string
      /** `--team`: the config's `[team] database` instead of `--to`'s URL. */
      readonly team?: boolean
    }
    type Outcome =
      | { readonly kind: "local"; readonly result: Effect.Success<ReturnType<typeof sync>> }
      | { readonly kind: "team"; readonly result: import("../app/usage/teamPush.js").TeamPushResult }
      | { readonly kind: "plan"; readonly result: import("../app/usage/teamPush.js").TeamPushPlan }
    /**
     * `--to`/`--team`: the team push (issue 18), its modules loaded only when asked for, in the `--project`
     * directory when one is given. With `--dry-run` nothing is written: the rows each skill would offer are
     * counted locally and the database is not reached (reaching it creates its tables).
     */
    const pushTo = (input: Request) =>
      inProjectDir(input.project)(
        input.dry_run === true
          ? Effect.gen(function* () {
              const { teamPushPlan } = yield* Effect.promise(() => import("../app/usage/teamPush.js"))
              const { shown } = yield* chosenTeamDatabase(input.to, input.team === true, "--to")
              return { kind: "plan", result: yield* teamPushPlan({ skill: input.skill, to: shown }) } as Outcome
            })
          : withTeamStore(input.to, input.team === true, "--to", (to) =>
              Effect.flatMap(Effect.promise(() => import("../app/usage/teamPush.js")), ({ teamPush }) => teamPush({ skill: input.skill, to }))
            ).pipe(Effect.map((result): Outcome => ({ kind: "team", result })))
      )
    return {
      fromFlags: (o): Effect.Effect<Request, InvalidOption> =>
        Option.isSome(o.to) && o.team
          ? Effect.fail(new InvalidOption({ message: bothTeamDatabases("--to") }))
          : o.all && Option.isSome(o.skill)
            ? Effect.fail(allWithNames(true))
            : Effect.succeed({
                skill: Option.getOrUndefined(o.skill),
                project: Option.getOrUndefined(o.project),
                dry_run: o.dryRun,
                to: Option.getOrUndefined(o.to),
                team: o.team
              }),
      run: (input: Request) =>
        input.to !== undefined || input.team === true ? pushTo(input) : Effect.map(sync(input), (result): Outcome => ({ kind: "local", result })),
      text: (o: Outcome) => (o.kind === "team" ? renderTeamPushLine(o.result) : o.kind === "plan" ? renderTeamPlanLine(o.result) : renderSync(o.result)),
      json: (o: Outcome) => (o.kind === "local" ? syncJson(o.result) : o.result),
      // Successes go to stdout; each failed skill is an error line on stderr and the command
      // fails (exit 1) with the last one, printed by the CLI (RFC-0007:C-SYNC partial failure).
      emit: (o: Outcome, ctx) =>
        Effect.gen(function* () {
          if (o.kind === "plan") return yield* ctx.format === "json" ? printJson(o.result) : printText(renderTeamPlanLine(o.result))
          if (o.kind === "team") {
            yield* ctx.format === "json" ? printJson(o.result) : printText(renderTeamPushLine(o.result))
            // Issue 45 item 5: a row the store refused is named; every other row was pushed; exit 1.
            const refused = o.result.rejected
            if (refused.length === 0) return
            for (const r of refused) yield* printStderr(`warning: ${r.skill}: row ${r.row_id} not pushed: ${r.reason.replace(/[\u0000-\u001f\u007f]/g, " ")}`)
            return yield* Effect.fail(
              new InternalError({
                message: `${refused.length} row${refused.length === 1 ? "" : "s"} not pushed to ${o.result.to}; every other row was (a rerun tries them again)`
              })
            )
          }
          const result = o.result
          yield* ctx.format === "json" ? printJson(syncJson(result)) : printText(renderSync(result))
          const failures = result.failed.map((f) => f.error)
          const last = failures.at(-1)
          if (last === undefined) return
          for (const e of failures.slice(0, -1)) yield* printStderr(renderError(e))
          return yield* Effect.fail(last)
        })
    }
  }
})

/**
 * "3 skills", and " and the cross-skill questions nothing answered" when the global log (skill `*`,
 * DECISIONS #44) is among the logs pushed: it is no skill.
 */
const pushedWhat = (skills: ReadonlyArray<{ readonly skill: string }>): string => {
  const n = skills.filter((s) => s.skill !== "*").length
  return `${n} skill${n === 1 ? "" : "s"}${skills.some((s) => s.skill === "*") ? " and the cross-skill questions nothing answered" : ""}`
}

/** `skc sync --to`'s summary line (kept here so the local sync's renderer stays untouched). */
export const renderTeamPushLine = (r: import("../app/usage/teamPush.js").TeamPushResult): string => {
  // Logs another user wrote (a team server's, pushed by an operator) go as their writer: said, with the name.
  const writers = [...new Set(r.skills.flatMap((s) => (s.writer === undefined ? [] : [s.writer])))]
  const others = writers.length === 0 ? "" : `; logs ${writers.join(", ")} wrote pushed as ${writers.length === 1 ? "that user" : "those users"}`
  // The hashes the rows went under (what `stats --machine/--user` filter by): a log keeps the identity of
  // its first push, so after a host rename they are not this host's.
  const list = (xs: ReadonlyArray<string>) => [...new Set(xs)].join(", ")
  const machines = list(r.skills.length === 0 ? [r.machine] : r.skills.map((s) => s.machine ?? r.machine))
  const users = list(r.skills.length === 0 ? [r.user] : r.skills.filter((s) => s.writer === undefined).map((s) => s.user ?? r.user))
  const recorded = machines !== r.machine ? `, as recorded at the logs' first push (this host now hashes to ${r.machine})` : ""
  return (
    `Pushed ${r.added} new rows of ${pushedWhat(r.skills)} to ${r.to} ` +
    `(${r.rows - r.added - r.rejected.length} already there; ${machines.includes(",") ? "machines" : "machine"} ${machines}` +
    `${users === "" ? "" : `, ${users.includes(",") ? "users" : "user"} ${users}`}${recorded}${others})\n`
  )
}

/** `skc sync --to --dry-run`'s summary line: the rows a push would offer; the store, not reached, skips those it holds. */
const renderTeamPlanLine = (r: import("../app/usage/teamPush.js").TeamPushPlan): string =>
  `Would push up to ${r.rows} rows of ${pushedWhat(r.skills)} to ${r.to} ` +
  `(rows it already holds are skipped; nothing was sent; machine ${r.machine}, user ${r.user})\n`
