// `skc stats`'s flags checked in process (issue 28 item 4: the checks moved from the command spec to
// src/app/usage/statsRequest.ts; docs/stats.md has the messages): E100 for each inconsistent combination,
// and the request a valid one makes (text lists 10 entries unless --limit, JSON all, HTML its own view).
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { renderError } from "../../src/domain/errors.js"
import { statsRequestOf, type StatsFlags } from "../../src/app/usage/statsRequest.js"

const flags = (o: Partial<StatsFlags> = {}): StatsFlags => ({
  skill: "demo",
  groupBy: "summary",
  since: undefined,
  until: undefined,
  project: [],
  reader: [],
  includeAuthor: false,
  limit: undefined,
  all: false,
  format: "text",
  from: undefined,
  team: false,
  machine: [],
  user: [],
  ...o
})

const refused = (o: Partial<StatsFlags>) => Effect.map(Effect.flip(statsRequestOf(flags(o))), renderError)
/** How the CLI prints an InvalidOption (RFC-0005 E100). */
const e100 = (message: string) => `error[E100]: invalid option: '${message}'`

describe("statsRequestOf: skc stats flags (RFC-0003, issue 17, issue 18)", () => {
  it.effect("inconsistent flags are E100 with what is wrong", () =>
    Effect.gen(function* () {
      expect(yield* refused({ all: true })).toBe(e100("--all takes no skill: it reports every skill that resolves from here"))
      expect(yield* refused({ skill: undefined })).toBe(e100("missing skill (or --all for every skill)"))
      expect(yield* refused({ skill: undefined, all: true, groupBy: "sections" })).toBe(e100("--group-by sections is for one skill in text or JSON; --all shows its own view"))
      expect(yield* refused({ format: "html", groupBy: "files" })).toBe(e100("--group-by files is for one skill in text or JSON; --format html shows its own view"))
      expect(yield* refused({ machine: ["build-07"] })).toBe(e100("--machine and --user filter the team database: add --from <postgres-url> or --team"))
      expect(yield* refused({ limit: 0 })).toBe(e100("--limit must be at least 1"))
      expect(yield* refused({ from: "postgres://db/team", team: true })).toMatch(/^error\[E100\]: /)
    })
  )

  it.effect("a valid request: text lists 10 unless --limit, JSON everything, team filters kept", () =>
    Effect.gen(function* () {
      expect(yield* statsRequestOf(flags())).toMatchObject({ skill: "demo", group_by: "summary", limit: 10, given_limit: null, all: false, html: false })
      expect((yield* statsRequestOf(flags({ format: "json" }))).limit).toBeUndefined()
      expect((yield* statsRequestOf(flags({ limit: 3 }))).limit).toBe(3)
      expect(yield* statsRequestOf(flags({ from: "postgres://db/team", machine: ["build-07"] }))).toMatchObject({
        from: "postgres://db/team",
        team: false,
        machines: ["build-07"],
        users: []
      })
      expect(yield* statsRequestOf(flags({ skill: undefined, all: true, format: "html" }))).toMatchObject({ all: true, html: true, limit: undefined })
    })
  )
})
