/**
 * Tool skills over MCP (issue 8 part 6), ready for `skc mcp --tools`: each
 * tool of the project and global tool skills becomes an MCP tool named
 * `<skill>__<tool>` with its parameter table as input schema and
 * `readOnlyHint` from `read_only`. Approved tools run through the same
 * runner and envelope as `skc run`; unapproved, changed or `always_ask` ones
 * are listed with a description saying how to approve them and refuse to
 * run (there is nobody to ask over MCP).
 *
 * No MCP SDK here: the server adapter maps these descriptors and results
 * onto the SDK's `tools/list` and `tools/call`.
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { isSkcError, renderError, UsageError } from "../../domain/errors.js"
import { APPROVED_FILES_CHANGED, mcpRunnable } from "../../domain/tools/approval.js"
import { parametersSchema, type JsonSchemaObject } from "../../domain/tools/manifest.js"
import type { RunEnvelope } from "../../domain/tools/output.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { CANCELLED_EXIT, execute, prepareRun, runLogArgs, unrunnableReason } from "./run.js"
import { loggedCall } from "../usage/index.js"
import { visible } from "../../domain/visible.js"
import { nameProblem } from "../../domain/skillName.js"
import { Settings, servedGlobalSkills } from "../shared/index.js"
import { blockingProblems, loadToolSkill } from "./toolSkill.js"

export const MCP_TOOL_SEPARATOR = "__"

export interface McpToolDescriptor {
  readonly name: string
  readonly description: string
  readonly inputSchema: JsonSchemaObject
  readonly annotations: { readonly title: string; readonly readOnlyHint: boolean; readonly openWorldHint: boolean }
  /** Whether a call will run (approved and not always_ask). */
  readonly runnable: boolean
}

export interface McpToolCallResult {
  readonly isError: boolean
  readonly text: string
  readonly structuredContent?: RunEnvelope
}

/** Skill names of the project store shadowing the global one (RFC-0007:C-RESOLUTION order). */
const storeSkillNames = Effect.gen(function* () {
  const fs = yield* FileSystem
  const { stores } = yield* Settings
  const names: Array<string> = []
  for (const store of [stores.projectSkills, servedGlobalSkills(stores)]) {
    if (store === undefined) continue
    const entries = yield* fs.readDir(store).pipe(unseenAs([]))
    for (const e of [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if ((e.type === "directory" || e.type === "symlink") && !e.name.startsWith(".") && !names.includes(e.name)) names.push(e.name)
    }
  }
  return names
})

/**
 * A skill whose tools may be MCP tools: its name follows the naming rules (SKL102), so it holds no `__` and
 * `<skill>__<tool>` names one tool. A skill named `x__y` made `x__y__z` name both its tool `z` and skill
 * `x`'s tool `y__z`, and a call ran the other one (found by a tool-skill probe).
 */
const servesTools = (skill: string): boolean => nameProblem(skill) === undefined && !skill.includes(MCP_TOOL_SEPARATOR)

/** The most characters of a tool-skill tool's own description `tools/list` carries (the Agent Skills cap of a skill's). */
export const MCP_TOOL_DESCRIPTION_MAX = 1_024

const boundedDescription = (description: string): string => {
  const chars = [...description]
  return chars.length <= MCP_TOOL_DESCRIPTION_MAX ? description : `${chars.slice(0, MCP_TOOL_DESCRIPTION_MAX - 1).join("")}…`
}

export const mcpToolDescriptors = Effect.gen(function* () {
  const out: Array<McpToolDescriptor> = []
  for (const name of yield* storeSkillNames) {
    if (!servesTools(name)) continue
    // Skills that are not tool skills (or cannot be read) simply contribute no tools.
    const loaded = yield* loadToolSkill(name).pipe(Effect.option)
    if (loaded._tag === "None" || loaded.value.trust !== "user") continue
    const l = loaded.value
    const runnable = mcpRunnable(l.trust, l.approval, l.skill.alwaysAsk)
    const why = l.skill.alwaysAsk
      ? `[not runnable over MCP: skill '${l.resolved.name}' sets always_ask; run it in a terminal with 'skc run ${l.resolved.name} <tool>']`
      : l.approval === "changed"
        ? `[not runnable until approved again: ${APPROVED_FILES_CHANGED}; run 'skc approve ${l.resolved.name}']`
        : `[not runnable until approved: run 'skc approve ${l.resolved.name}']`
    // A name is one tool (MCP: a tool's name identifies it): of two blocks of one name (SKL509) the first is
    // listed (as not runnable: duplicates stop every tool of the skill, spec §9.1), both were before. A tool whose command cannot be read (SKL512: a shell pipeline, no command
    // block) is listed as not runnable, as a tool other errors stop: it was left out, and nobody learnt of it.
    const named = new Set<string>()
    for (const t of l.skill.tools) {
      if (named.has(t.name)) continue
      named.add(t.name)
      // A tool lint errors stop (SKL515, SKL516, …) refuses every call, approved or not: say so where the agent reads.
      const stopped = t.command === undefined || blockingProblems(l, t.name).length > 0
      // A script its command names that the skill lacks (and the like): every call refused, as `skc run` does.
      const unrunnable = stopped ? undefined : yield* unrunnableReason(l, t)
      const note = stopped
        ? `[not runnable: the skill has errors that stop this tool; run 'skc lint ${l.resolved.name}']`
        : unrunnable !== undefined
          ? `[not runnable: ${unrunnable}]`
          : runnable
            ? undefined
            : why
      out.push({
        name: `${l.resolved.name}${MCP_TOOL_SEPARATOR}${t.name}`,
        // A client may show it in a terminal or a prompt: control characters escaped (ESC [8m hid text).
        // Bounded, the note first (payload budgets, docs/mcp.md): a 54,000-character description made tools/list
        // 70 KB, and a client cutting long descriptions cut the note that says why a call is refused.
        description: visible(note === undefined ? boundedDescription(t.description) : `${note} ${boundedDescription(t.description)}`),
        inputSchema: parametersSchema(t.parameters),
        annotations: { title: `${l.resolved.name}: ${t.name}`, readOnlyHint: l.skill.readOnly, openWorldHint: l.skill.network },
        runnable: runnable && !stopped && unrunnable === undefined
      })
    }
  }
  return out
})

const unknownTool = (name: string): McpToolCallResult => ({ isError: true, text: `unknown tool '${name}'` })

/** Call `<skill>__<tool>`; every refusal and failure is a result with `isError`, never a protocol error. */
export const callMcpTool = Effect.fn("skc.callMcpTool")(function* (name: string, args: unknown) {
  const path = yield* Path
  const at = name.indexOf(MCP_TOOL_SEPARATOR)
  if (at <= 0) return unknownTool(name)
  const skill = name.slice(0, at)
  const tool = name.slice(at + MCP_TOOL_SEPARATOR.length)
  if (skill.includes(path.sep) || skill.startsWith(".") || !servesTools(skill)) return unknownTool(name)
  const attempt = Effect.gen(function* () {
    const prepared = yield* prepareRun({ skill, tool, args: args ?? {} })
    const l = prepared.loaded
    if (!mcpRunnable(l.trust, l.approval, l.skill.alwaysAsk)) {
      // A skill outside the source stores (an agent's directory) cannot be approved: `skc approve` refuses it, so
      // naming that command sent the person to a refusal (a tool-skill probe). Said as `skc approve` says it.
      const text = l.skill.alwaysAsk
        ? `tool '${name}' asks for confirmation on every run (always_ask); run it in a terminal: skc run ${skill} ${tool}`
        : l.trust === "untrusted"
          ? `tool '${name}' is not runnable over MCP: skill '${skill}' is outside the source stores, and untrusted skills are confirmed on every run; import it into a store (.skillc/skills/ or ~/.skillc/skills/), then approve it, or run it in a terminal: skc run ${skill} ${tool}`
          : `tool '${name}' is not approved${l.approval === "changed" ? ` (${APPROVED_FILES_CHANGED} since approval)` : ""}; approve it with: skc approve ${skill}`
      // A failure, so that its row carries the refusal in `error` (RFC-0007:C-LOGGING), as `skc run`'s does: as a
      // result it was logged with `error` NULL, a refused call indistinguishable from one that ran.
      return yield* Effect.fail(new UsageError({ message: text }))
    }
    const result = yield* execute(prepared)
    const env = result.envelope
    const done: McpToolCallResult = { isError: !env.success, text: env.success ? env.output : `${env.error}\n${env.output}`, structuredContent: env }
    return done
  })
  // RFC-0007:C-MCP-SERVER "All tool invocations MUST be logged", DECISIONS #17: a row in the skill's log, as
  // `skc run` writes (runLogArgs); a refusal (not approved) is a row with no exit code.
  const outcome = yield* attempt.pipe(
    loggedCall({
      command: "run",
      skill,
      via: "mcp",
      argsOf: (o) => runLogArgs(tool, o._tag === "Success" ? (o.value.structuredContent as { readonly exit_code?: number } | undefined) : undefined),
      // A call the client cancelled (notifications/cancelled) or the server's stop interrupted: its program may
      // have run, so it is logged, as cancelled (docs/tool-skills.md: exit code 130).
      interruptedArgs: () => runLogArgs(tool, { exit_code: CANCELLED_EXIT })
    }),
    Effect.catch((e) => Effect.succeed<McpToolCallResult>({ isError: true, text: isSkcError(e) ? renderError(e) : String(e) }))
  )
  return outcome
})
