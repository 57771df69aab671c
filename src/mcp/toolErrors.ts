/**
 * The text of a failed `skc_*` call, as its agent reads it. The errors are the CLI's (RFC-0005:C-CODES,
 * first line to the letter), and their hints name CLI commands. Two of them send an agent the wrong way:
 *
 * - E001's "run 'skc list' to see the skills that resolve here": over HTTP a team member's machine has no
 *   skc, or another project; over stdio skc may not be on the agent's PATH (an `npx` configuration) and an
 *   agent with tools only runs no shell. The hint names `skc_list` when the session serves it, on both
 *   transports (the first line stays the CLI's to the letter, RFC-0005:C-CODES).
 * - E002 over HTTP (a team server, docs/team.md): "run 'skc build <skill>' to rebuild" is for the
 *   operator, on the server; the session serves no tool that writes, and an agent that runs `skc build`
 *   on its own machine builds nothing the server reads. One more line says whose it is, and the operator
 *   is told on stderr (`say`, at most once a minute per skill), since no client can mend it.
 *
 * - A next step of the error's detail (a file or directory not found, a directory opened, a file named as a
 *   section: `src/domain/nextStep.ts`) is named as the tool call (`skc_sources skill="pdf" dir="reference"`)
 *   on both transports: the agent holds that tool; the CLI command sent it to a shell, where over HTTP no
 *   skc reads the server's skills and over stdio skc may not be on PATH (an `npx` configuration). Found by
 *   an agent driving `skc mcp` over the published anthropics/skills.
 *
 * - E031 (a malformed `skc_stats` filter) names the argument the agent passed (`since 3x: expected …`),
 *   not the CLI's flag (`--since`), which the agent never typed: the error's own `textFor("tools")`.
 *
 * A search across skills that skipped some is no error, so no client reports it: over HTTP its operator
 * is told (`tellOperatorOfSkipped`).
 *
 * Found by running Claude Code 2.1.332 and Codex 0.171.0 against `skc mcp --http` (docs/mcp.md,
 * "Text and structured content").
 */
import { didYouMean } from "../domain/suggest.js"
import { reasonWithoutBuildCommand } from "../render/search.js"
import { IndexUnusable, renderError, SkillNotFound, type SkcError } from "../domain/errors.js"
import { NO_TRIGGERS_HINT } from "../domain/eval/triggerSet.js"
import { NOT_BUILT_YET } from "../app/skills/index.js"
import { buildStep, stepText } from "../domain/nextStep.js"

/** Where a failed call's text goes besides its agent: the server's stderr, `key` limiting how often. */
export type OperatorLine = (key: string, line: string) => void

export interface ToolErrorContext {
  /** The tools the session serves. */
  readonly served: ReadonlySet<string>
  /** The session is a team server's (HTTP): its operator builds, its clients read. */
  readonly remote: boolean
  readonly tool: string
  readonly operator?: OperatorLine | undefined
  /** The session's project directory, which the operator's line names (a server may serve several). */
  readonly project?: string | undefined
}

/** A reason an index is unusable that passes by itself: a foreign skill indexed on first use ("try again"). */
const PASSING = new Set(["being indexed"])

export const OPERATOR_BUILDS = "this team server's skills are built by its operator, on the server: ask them to run that command there (or 'skc build --watch' beside the server; docs/team.md)"

export const toolErrorText = (error: SkcError, context: ToolErrorContext): string => {
  if (
    error._tag === "SkillNotFound" &&
    error.hint === undefined &&
    error.suggestions !== undefined &&
    didYouMean(error.suggestions) === undefined &&
    context.served.has("skc_list")
  ) {
    const hint = context.remote ? "call skc_list to see the skills this server serves" : "call skc_list to see the skills that resolve here"
    return renderError(new SkillNotFound({ skill: error.skill, suggestions: error.suggestions, hint }), "tools")
  }
  // A team server's client can neither write a trigger file on the server nor name a skill by path (E100):
  // told what can be done instead (an MCP probe: it followed the hint and was refused).
  if (error._tag === "UsageError" && context.remote && error.detail?.includes(NO_TRIGGERS_HINT) === true) {
    return renderError(error, "tools").replace(
      NO_TRIGGERS_HINT,
      "a skill's author adds its trigger queries (evals/triggers.json beside its SKILL.md, docs/eval.md); this team server then evaluates them"
    )
  }
  if (error._tag === "IndexUnusable" && context.remote && !PASSING.has(error.reason)) {
    const of = context.project === undefined ? "" : ` of ${context.project}`
    context.operator?.(
      `E002 ${error.skill}${of}`,
      `${context.tool}: skill '${error.skill}'${of}: search index unusable (${error.reason}): clients cannot read it until 'skc build ${error.skill}' is run here (or 'skc build --watch' beside the server)`
    )
    // The server's "never built here" is the operator's business, which the line after it says to a client.
    const said = error.hint === NOT_BUILT_YET ? new IndexUnusable({ skill: error.skill, reason: error.reason }) : error
    return `${renderError(said, "tools")}\n  ${OPERATOR_BUILDS}`
  }
  // The RFC-0005 template names the shell command; the client is given the tool call that rebuilds too, as
  // every other error's next step over MCP is one (and `skc` may not be on its PATH: an npx configuration).
  if (error._tag === "IndexUnusable" && !PASSING.has(error.reason) && context.served.has("skc_build")) {
    return `${renderError(error, "tools")}\n  rebuild it with: ${stepText(buildStep(error.skill), "tools")}`
  }
  return renderError(error, "tools")
}

/**
 * What a team server's operator is told of a search that skipped skills (HTTP): a skill never built, or
 * whose index is unusable, is left out of every client's search across skills without an error, so no
 * client reports it; the operator, who builds on the server, gets one stderr line a minute per skill
 * (the E002 line's words).
 */
export const tellOperatorOfSkipped = (structured: unknown, context: ToolErrorContext): void => {
  if (!context.remote || context.operator === undefined) return
  const skipped = (structured as { readonly skipped?: unknown } | undefined)?.skipped
  if (!Array.isArray(skipped)) return
  const of = context.project === undefined ? "" : ` of ${context.project}`
  for (const s of skipped as ReadonlyArray<{ readonly skill?: unknown; readonly reason?: unknown }>) {
    if (typeof s?.skill !== "string" || typeof s.reason !== "string" || PASSING.has(s.reason)) continue
    const reason = reasonWithoutBuildCommand(s.reason)
    context.operator(
      `skipped ${s.skill}${of}`,
      `${context.tool}: skill '${s.skill}'${of}: ${reason}: clients' searches skip it until 'skc build ${s.skill}' is run here (or 'skc build --watch' beside the server)`
    )
  }
}

/**
 * What a team server's operator is told when a call's read could not be logged (W002, RFC-0007:C-LOGGING):
 * the warning goes to the agent, who can do nothing about it ("run 'skc sync' after session" means the
 * server's logs), and the read is missing from every statistic, `--log-to` included. The usual cause is
 * the server's user, who may not write the runtime directories another user's `skc build` made. One
 * stderr line a minute per skill (docs/team.md, "Keep the server's host name and user fixed").
 */
export const tellOperatorOfUnlogged = (warnings: ReadonlyArray<string>, args: unknown, context: ToolErrorContext): void => {
  if (!context.remote || context.operator === undefined) return
  if (!warnings.some((w) => w.startsWith("warning[W002]"))) return
  const skill = (args as { readonly skill?: unknown } | undefined)?.skill
  const named = typeof skill === "string" ? ` of skill '${skill}'` : ""
  const of = context.project === undefined ? "" : ` (project ${context.project})`
  context.operator(
    `W002 ${typeof skill === "string" ? skill : ""}${of}`,
    `${context.tool}: a read${named}${of} was not logged (W002: neither its runtime's logs.db nor the fallback log could be written): reads go uncounted, in the team database too, until the user this server runs as may write them (build the skills as that user)`
  )
}
