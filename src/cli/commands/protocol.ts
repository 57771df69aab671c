/**
 * The agent-protocol commands: discover, match, prompt, permissions, load
 * (agent-skill-protocol; GitHub issue 9). Each maps its flags onto the use
 * case's input Schema, decodes it (E100 on failure) and renders the result.
 */
import { Args, Command, Options } from "@effect/cli"
import { Effect, Layer, Option } from "effect"
import { checkFormat, formatOption, json, positional, runWithLive, verboseOption, write } from "../shared.js"
import { agentFields, agentOption, decodeInput, pluginDirOption } from "../protocolShared.js"

const help = (lines: ReadonlyArray<string>) => lines.join("\n")

export const discoverCommand = Command.make(
  "discover",
  { agent: agentOption, pluginDir: pluginDirOption, format: formatOption(), verbose: verboseOption },
  (o) =>
    runWithLive(
      { verbose: o.verbose },
      Effect.gen(function* () {
        const format = yield* checkFormat(o.format, ["text", "json"] as const)
        const app = yield* Effect.promise(() => import("../../app/discover.js"))
        const input = yield* decodeInput(app.DiscoverInput, agentFields(o.agent, o.pluginDir))
        const result = yield* app.discover(input)
        if (format === "json") return yield* write(json(result))
        const { renderDiscover } = yield* Effect.promise(() => import("../render/protocol.js"))
        return yield* write(renderDiscover(result))
      })
    )
).pipe(
  Command.withDescription(
    help([
      "List the skills an agent runtime discovers, which copy wins, and which are shadowed or invalid.",
      "",
      "Examples:",
      "  skc discover",
      "  skc discover --agent cursor --plugin-dir ./my-plugin --format json"
    ])
  )
)

export const matchCommand = Command.make(
  "match",
  {
    query: positional("request", "The user request to match."),
    limit: Options.integer("limit").pipe(Options.withDescription("Most results (default 5)."), Options.optional),
    threshold: Options.float("threshold").pipe(Options.withDescription("Least relevance score kept."), Options.optional),
    agent: agentOption,
    pluginDir: pluginDirOption,
    format: formatOption(),
    verbose: verboseOption
  },
  (o) =>
    runWithLive(
      { verbose: o.verbose },
      Effect.gen(function* () {
        const format = yield* checkFormat(o.format, ["text", "json"] as const)
        const app = yield* Effect.promise(() => import("../../app/match.js"))
        const { LazySqliteUsageHistoryLayer } = yield* Effect.promise(() => import("../../adapters/sqlite/LazyUsageHistory.js"))
        const input = yield* decodeInput(app.MatchInput, {
          query: o.query,
          ...(Option.isSome(o.limit) ? { limit: o.limit.value } : {}),
          ...(Option.isSome(o.threshold) ? { threshold: o.threshold.value } : {}),
          ...agentFields(o.agent, o.pluginDir)
        })
        const result = yield* app.match(input).pipe(Effect.provide(LazySqliteUsageHistoryLayer as Layer.Layer<never>))
        if (format === "json") return yield* write(json(result))
        const { renderMatch } = yield* Effect.promise(() => import("../render/protocol.js"))
        return yield* write(renderMatch(result))
      })
    )
).pipe(
  Command.withDescription(
    help([
      "Rank the discovered skills a request would activate: mention, relevance (BM25), recent use, scope.",
      "",
      "Examples:",
      '  skc match "fill in this PDF form"',
      '  skc match "review my pull request" --limit 3 --format json'
    ])
  )
)

export const promptCommand = Command.make(
  "prompt",
  {
    skills: Args.text({ name: "skill" }).pipe(Args.withDescription("Skill names (default: all discovered)."), Args.repeated),
    agent: agentOption,
    pluginDir: pluginDirOption,
    format: formatOption(),
    verbose: verboseOption
  },
  (o) =>
    runWithLive(
      { verbose: o.verbose },
      Effect.gen(function* () {
        const format = yield* checkFormat(o.format, ["text", "json"] as const)
        const app = yield* Effect.promise(() => import("../../app/prompt.js"))
        const input = yield* decodeInput(app.PromptInput, {
          ...(o.skills.length > 0 ? { skills: o.skills } : {}),
          ...agentFields(o.agent, o.pluginDir)
        })
        const result = yield* app.prompt(input)
        return yield* write(format === "json" ? json(result) : result.xml)
      })
    )
).pipe(
  Command.withDescription(
    help([
      "Print the <available_skills> block an agent loads at start-up (name, description, location of each skill).",
      "",
      "Examples:",
      "  skc prompt",
      "  skc prompt pdf-forms git-helper"
    ])
  )
)

export const permissionsCommand = Command.make(
  "permissions",
  {
    skill: positional("skill", "Skill name (as discovered) or path."),
    check: Options.text("check").pipe(Options.withDescription('A tool request to decide, e.g. "Bash(git status)" (repeatable).'), Options.repeated),
    agent: agentOption,
    pluginDir: pluginDirOption,
    format: formatOption(),
    verbose: verboseOption
  },
  (o) =>
    runWithLive(
      { verbose: o.verbose },
      Effect.gen(function* () {
        const format = yield* checkFormat(o.format, ["text", "json"] as const)
        const app = yield* Effect.promise(() => import("../../app/permissions.js"))
        const input = yield* decodeInput(app.PermissionsInput, {
          skill: o.skill,
          ...(o.check.length > 0 ? { check: o.check } : {}),
          ...agentFields(o.agent, o.pluginDir)
        })
        const result = yield* app.permissions(input)
        if (format === "json") return yield* write(json(result))
        const { renderPermissions } = yield* Effect.promise(() => import("../render/protocol.js"))
        return yield* write(renderPermissions(result))
      })
    )
).pipe(
  Command.withDescription(
    help([
      "Show a skill's allowed-tools and decide tool requests as the protocol enforces them.",
      "",
      "Examples:",
      "  skc permissions git-helper",
      '  skc permissions git-helper --check "Bash(git status)" --check Write'
    ])
  )
)

export const loadCommand = Command.make(
  "load",
  {
    skill: positional("skill", "Skill name (as discovered) or path."),
    budget: Options.integer("budget").pipe(Options.withDescription("Context budget in estimated tokens (default 10000)."), Options.optional),
    depth: Options.integer("depth").pipe(Options.withDescription("Reference levels to follow (default 1)."), Options.optional),
    agent: agentOption,
    pluginDir: pluginDirOption,
    format: formatOption(),
    verbose: verboseOption
  },
  (o) =>
    runWithLive(
      { verbose: o.verbose },
      Effect.gen(function* () {
        const format = yield* checkFormat(o.format, ["text", "json"] as const)
        const app = yield* Effect.promise(() => import("../../app/load.js"))
        const input = yield* decodeInput(app.LoadInput, {
          skill: o.skill,
          ...(Option.isSome(o.budget) ? { budget: o.budget.value } : {}),
          ...(Option.isSome(o.depth) ? { depth: o.depth.value } : {}),
          ...agentFields(o.agent, o.pluginDir)
        })
        const result = yield* app.load(input)
        if (format === "json") return yield* write(json(result))
        const { renderLoadContent, renderLoadSummary } = yield* Effect.promise(() => import("../render/protocol.js"))
        return yield* write(renderLoadContent(result) + "\n" + renderLoadSummary(result))
      })
    )
).pipe(
  Command.withDescription(
    help([
      "Load a skill as an agent runtime does: SKILL.md body, then referenced files, within a token budget.",
      "",
      "Examples:",
      "  skc load pdf-forms",
      "  skc load pdf-forms --budget 4000 --depth 2 --format json"
    ])
  )
)
