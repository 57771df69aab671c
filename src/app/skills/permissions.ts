/**
 * `skc permissions <skill> [--check "Tool(arg)"]…`: the skill's
 * `allowed-tools` and the protocol's enforcement of them ("Tool Permission
 * Model"): no field → the agent's standard approval, a listed tool → allow,
 * anything else → deny, unless the agent's profile reads the field its own
 * way (Claude Code pre-approves the listed tools and asks for the rest,
 * CHANGELOG 2.1.69, 2.1.74); and Claude Code's `disallowed-tools` (CHANGELOG
 * 2.1.152, docs/agents.md), which removes tools while the skill is active:
 * what it names is deny, whatever allowed-tools says.
 */
import { Effect, Schema } from "effect"
import { InvalidFrontmatter, UsageError, Warning } from "../../domain/errors.js"
import { frontmatterReaderOf } from "../../domain/agents/frontmatterReader.js"
import { frontmatterProblemText } from "../../domain/markdown/frontmatter.js"
import { DEFAULT_PROFILE, profileOf } from "../../domain/agents/index.js"
import type { Agent } from "../../domain/protocol/agents.js"
import {
  checkToolPermission,
  dangerousCombinations,
  isKnownTool,
  parseAllowedTools,
  type DangerousCombination,
  RESTRICTED_MODEL,
  type PermissionCheck,
  type ToolEntry,
  type ToolModel
} from "../../domain/protocol/tools.js"
import { warn } from "../../ports/Diagnostics.js"
import { Env } from "../../ports/Env.js"
import { Settings } from "../shared/index.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { Path } from "effect/Path"
import { AgentField, PluginDirsField } from "./discover.js"
import { locateSkill, touchLocated } from "./locateSkill.js"
import { PLUGIN_MANIFEST } from "./pluginLayout.js"

export const PermissionsInput = Schema.Struct({
  skill: Schema.String.annotate({ description: "Skill name (as discovered) or path." }),
  check: Schema.optional(
    Schema.Array(Schema.String).annotate({ description: 'Tool requests to decide, e.g. "Bash(git status)" or "Write".' })
  ),
  agent: Schema.optional(AgentField),
  plugin_dirs: Schema.optional(PluginDirsField)
})
export type PermissionsInput = typeof PermissionsInput.Type

export interface PermissionsResult {
  readonly skill: string
  readonly path: string
  /** The agent whose reading of the fields decided the checks. */
  readonly agent: Agent
  /** `standard`: no allowed-tools field; `restricted`: the field is present (what it does to other tools: `unlisted`). */
  readonly mode: "standard" | "restricted"
  /**
   * What a tool allowed-tools does not cover gets: `deny` in the protocol's restricted mode, `ask` where the
   * agent only pre-approves the listed tools (Claude Code); null without the field.
   */
  readonly unlisted: "deny" | "ask" | null
  readonly allowed_tools: ReadonlyArray<{ readonly entry: string; readonly tool: string; readonly pattern: string | null }> | null
  /** The `disallowed-tools` entries (Claude Code), `null` without the field; they override allowed-tools. */
  readonly disallowed_tools: ReadonlyArray<{ readonly entry: string; readonly tool: string; readonly pattern: string | null }> | null
  readonly unknown_tools: ReadonlyArray<string>
  readonly dangerous_combinations: ReadonlyArray<{ readonly tools: readonly [string, string]; readonly risk: string }>
  readonly checks: ReadonlyArray<PermissionCheck>
}

const entryJson = (t: ToolEntry) => ({ entry: t.raw, tool: t.tool, pattern: t.pattern ?? null })

/** The directory holding `.claude-plugin/plugin.json` at or above a plugin skill's directory (a few levels up), if any. */
const pluginRootOf = Effect.fnUntraced(function* (dir: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  for (let at = dir, level = 0; level < 5; level++) {
    if ((yield* fs.statOption(path.join(at, ...PLUGIN_MANIFEST)).pipe(unseenAs(undefined)))?.type === "file") return at
    const parent = path.dirname(at)
    if (parent === at) break
    at = parent
  }
  return undefined
})

/** The frontmatter with `${CLAUDE_PLUGIN_ROOT}` in its allowed-tools replaced by the plugin's root, as Claude Code reads it. */
const withPluginRoot = (data: Readonly<Record<string, unknown>>, root: string | undefined): Readonly<Record<string, unknown>> => {
  const raw = data["allowed-tools"]
  if (root === undefined || raw === undefined) return data
  const put = (v: unknown) => (typeof v === "string" ? v.split("${CLAUDE_PLUGIN_ROOT}").join(root) : v)
  return { ...data, "allowed-tools": Array.isArray(raw) ? raw.map(put) : put(raw) }
}

/** A tools field (`allowed-tools`, `disallowed-tools`): `undefined` when absent, a usage error when it does not parse. */
const toolsField = Effect.fnUntraced(function* (data: Readonly<Record<string, unknown>>, field: string, path: string) {
  const raw = data[field]
  if (raw === undefined) return undefined
  const parsed = parseAllowedTools(raw)
  if (parsed._tag === "Invalid") return yield* Effect.fail(new UsageError({ message: `invalid ${field} in ${path}: ${parsed.message}` }))
  return parsed.tools
})

export const permissions = Effect.fn("skc.permissions")(function* (input: PermissionsInput) {
  const fs = yield* FileSystem
  const located = yield* locateSkill(input.skill, input.agent, input.plugin_dirs)
  // Its access-log row (RFC-0007:C-LOGGING: every command that resolves a skill logs).
  yield* touchLocated(located)
  const agent = input.agent ?? DEFAULT_PROFILE
  const profile = profileOf(agent)
  const reading = profile.allowedTools
  // An agent that reads no allowed-tools (Codex): the field changes nothing, every tool is the standard approval's.
  const ignored = reading !== undefined && "ignored" in reading
  // An agent that pre-approves (Claude Code) reads a file rule the gitignore way and asks with absolute paths:
  // `Read(~/.ssh/**)` covers `Read(/home/me/.ssh/id_rsa)` (a Claude Code probe: compared as text it covered nothing).
  const env = yield* Env
  const { stores } = yield* Settings
  const model: ToolModel =
    reading === undefined || "ignored" in reading
      ? RESTRICTED_MODEL
      : { unlisted: reading.unlisted, alwaysAsk: reading.alwaysAsk, ...(reading.filePaths === "gitignore" ? { files: { home: env.realHome, cwd: stores.cwd, root: stores.projectRoot ?? stores.cwd } } : {}) }
  const text = yield* fs
    .readFileString(located.path)
    .pipe(Effect.mapError((e) => new UsageError({ message: `cannot read ${located.path}: ${e.code}` })))
  // The frontmatter as the agent reads it: Claude Code quotes a value YAML refuses (`argument-hint: [env]
  // [version]`, the form its own docs write), as discover, match and load read it; was an uncoded refusal.
  const read = frontmatterReaderOf(profile)(text).frontmatter
  if (read._tag === "Invalid") return yield* Effect.fail(new InvalidFrontmatter({ problem: frontmatterProblemText(read) }))
  const data = read._tag === "Parsed" ? read.data : {}
  // Claude Code substitutes `${CLAUDE_PLUGIN_ROOT}` in a plugin skill's allowed-tools (CHANGELOG 2.1.0: without
  // it, "tools incorrectly require approval"), so `Bash(${CLAUDE_PLUGIN_ROOT}/scripts/x.sh *)` pre-approves the
  // script by its real path.
  const pluginRoot = located.scope === "plugin" ? yield* pluginRootOf(located.dir) : undefined
  const written = yield* toolsField(withPluginRoot(data, pluginRoot), "allowed-tools", located.path)
  if (ignored && written !== undefined) {
    yield* warn(Warning.notice(`${profile.title} reads no allowed-tools: the tools it lists are neither granted nor restricted there, and its own approval policy decides every tool`))
  }
  const tools = ignored ? undefined : written
  const disallowed = yield* toolsField(data, "disallowed-tools", located.path)
  // A tool disallowed outright is gone from the model: it makes no dangerous pair with what stays.
  const removed = new Set((disallowed ?? []).filter((t) => t.pattern === undefined).map((t) => t.tool))
  const combos: ReadonlyArray<DangerousCombination> = tools === undefined ? [] : dangerousCombinations(tools.filter((t) => !removed.has(t.tool)))
  const result: PermissionsResult = {
    skill: located.name,
    path: located.path,
    agent,
    mode: tools === undefined ? "standard" : "restricted",
    unlisted: tools === undefined ? null : model.unlisted,
    allowed_tools: written === undefined ? null : written.map(entryJson),
    disallowed_tools: disallowed === undefined ? null : disallowed.map(entryJson),
    unknown_tools: tools === undefined ? [] : [...new Set(tools.filter((t) => !isKnownTool(t.tool)).map((t) => t.tool))],
    dangerous_combinations: combos.map((c) => ({ tools: c.tools, risk: c.risk })),
    checks: (input.check ?? []).map((request) => checkToolPermission(tools, request, disallowed ?? [], model))
  }
  return result
})

/** The `args` of a `permissions` row (DECISIONS #18): the requests decided and the agent, when given. */
export const permissionsLogArgs = (input: PermissionsInput) => ({
  ...(input.check === undefined ? {} : { check: input.check }),
  ...(input.agent === undefined ? {} : { agent: input.agent })
})
