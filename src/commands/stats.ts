/** `skc stats` / `skc_stats` (RFC-0003). */
import { Effect, Option, Schema } from "effect"
import { InvalidOption } from "../domain/errors.js"
import { arg, common, defineCommand, flag } from "./spec.js"

export const statsCommand = defineCommand({
  name: "stats",
  summary: ["Usage analytics from the skill's access log."],
  examples: [
    "skc stats my-skill                          # summary, top and unused sections",
    "skc stats my-skill --group-by sections      # sections by access count",
    "skc stats my-skill --since 2026-01-01 --project ~/code/webapp",
    "skc stats my-skill --group-by search --format json"
  ],
  args: { skill: arg.one("skill", "Skill name or path.") },
  flags: {
    groupBy: flag.textWithDefault(
      "group-by",
      "Aggregation: summary, sections, files, commands, projects, errors, search.",
      "summary",
      ["summary", "sections", "files", "commands", "projects", "errors", "search"]
    ),
    since: flag.text("since", "Only accesses on or after (RFC 3339 or YYYY-MM-DD, UTC)."),
    until: flag.text("until", "Only accesses on or before (RFC 3339 or YYYY-MM-DD, UTC)."),
    project: flag.repeated("project", "Only accesses from this directory or below (repeatable; any of them matches)."),
    ...common()
  },
  fast: true,
  mcp: {
    title: "Usage analytics of a skill",
    description:
      "Aggregate a skill's access log (every skc_* call and CLI command that read it): group_by summary (default), sections, " +
      "files, commands, projects, errors or search; since/until (RFC 3339 or YYYY-MM-DD, UTC, inclusive) and project " +
      "(directories; any matches) filter before aggregating. Returns {skill, skill_path, filters, period, query, data}. " +
      "Use it to see which sections agents read, which lookups failed and what they searched for.",
    readOnly: true
  },
  load: async () => {
    const [{ stats, StatsInput }, { renderStats }, { StatsOutput }] = await Promise.all([
      import("../app/stats.js"),
      import("../render/stats.js"),
      import("./results.js")
    ])
    return {
      input: StatsInput,
      fromFlags: (o) =>
        Schema.decodeUnknown(StatsInput)({
          skill: o.skill,
          group_by: o.groupBy,
          since: Option.getOrUndefined(o.since),
          until: Option.getOrUndefined(o.until),
          project: o.project.length === 0 ? undefined : [...o.project]
        }).pipe(Effect.mapError((e) => new InvalidOption({ message: e.message }))),
      run: (input) => stats(input),
      log: { args: (i) => ({ group_by: i.group_by ?? "summary", since: i.since, until: i.until, project: i.project ?? [] }) },
      text: (outcome, ctx) => renderStats(outcome, ctx.now),
      json: (outcome) => outcome.report,
      mcp: { output: StatsOutput, structured: (outcome) => ({ ...outcome.report }) }
    }
  }
})
