/** Text rendering of `skc tools`, `skc run` and `skc approve` results (pure; reused by MCP). */
import { visible, visibleLines } from "../domain/visible.js"
import { authoredPattern, promptManifest } from "../domain/tools/manifest.js"
import { APPROVED_FILES_CHANGED } from "../domain/tools/approval.js"
import type { ApproveResult } from "../app/tools/approve.js"
import type { RunResult } from "../app/tools/run.js"
import type { ToolsResult } from "../app/tools/tools.js"

const approvalText = (r: ToolsResult) =>
  r.trust === "untrusted"
    ? "untrusted (outside the source stores): every run is confirmed"
    : r.approval === "approved"
      ? "approved"
      : r.approval === "changed"
        ? `${APPROVED_FILES_CHANGED} since approval; run 'skc approve ${r.skill}'`
        : `not approved; run 'skc approve ${r.skill}'`

/**
 * A parameter's `Values` and `Pattern` columns (docs/tool-skills.md), which `skc run` checks before
 * anything runs: without them the listing hid why a value is refused. For an array they sit on its items;
 * the pattern is shown as the author wrote it, without the anchors the JSON Schema adds.
 */
const constraintText = (schema: Readonly<Record<string, unknown>>): string => {
  const items = (schema.items ?? {}) as Readonly<Record<string, unknown>>
  const values = (schema.enum ?? items.enum) as ReadonlyArray<unknown> | undefined
  const pattern = (schema.pattern ?? items.pattern) as string | undefined
  return (
    (values === undefined ? "" : `, values: ${values.map((v) => String(v)).join(", ")}`) +
    (pattern === undefined ? "" : `, pattern: ${authoredPattern(pattern)}`)
  )
}

export const renderTools = (r: ToolsResult): string => {
  const out: Array<string> = [
    `${r.skill}${r.version ? ` ${r.version}` : ""} — ${r.description}`,
    `modes: ${r.modes.join(", ")}; timeout: ${r.timeout} s${r.network ? "; network" : ""}; ${approvalText(r)}`
  ]
  if (!r.available) {
    out.push("", `No tools in mode ${r.mode} (the skill's modes: ${r.modes.join(", ")}).`)
    return visibleLines(out) + "\n"
  }
  for (const t of r.tools) {
    const flags = [t.read_only ? "read-only" : undefined, t.always_ask ? "always asks" : undefined].filter(Boolean)
    out.push("", `${t.name}${flags.length ? ` (${flags.join(", ")})` : ""}`, `  ${t.description}`)
    const props = Object.entries(t.parameters.properties)
    if (props.length === 0) out.push("  parameters: none")
    else {
      out.push("  parameters:")
      for (const [name, schema] of props) {
        const type = schema.type === "array" ? "array" : String(schema.type)
        const req = t.parameters.required.includes(name) ? "required" : "optional"
        const dflt = schema.default !== undefined ? `, default ${JSON.stringify(schema.default)}` : ""
        out.push(`    ${name} (${type}, ${req}${dflt}${constraintText(schema)})${schema.description ? `: ${schema.description}` : ""}`)
      }
    }
    if (t.command !== null) out.push(`  command: ${t.command}`)
    // Each reason, as JSON's `errors` give it: "the skill has errors … run 'skc lint'" sent a user to a lint
    // whose SKL517 is a warning, for a script the skill lacks (a hostile probe).
    for (const e of t.errors) out.push(`  cannot run (SKILL.md:${e.line}): ${e.message}`)
  }
  // Descriptions and commands are the skill's: control characters shown escaped (src/domain/visible.ts).
  return visibleLines(out) + "\n"
}

/**
 * The spec §7.1 manifest text. Names and descriptions are the skill's: their control characters are
 * escaped as in the text format (an ESC sequence would reach the terminal, a newline would fake a
 * `- tool:` line of its own), so each tool stays one line.
 */
export const renderToolsPrompt = (r: ToolsResult): string =>
  promptManifest(r.tools.filter((t) => t.errors.length === 0).map((t) => ({ name: visible(t.name), description: visible(t.description) })))

/**
 * Why the manifest holds fewer tools than the skill declares: the tools lint errors stop (spec §9.1, fatal)
 * are left out of it, since a model offered one would call a tool `skc run` refuses. Undefined: none left out.
 */
export const toolsPromptNotice = (r: ToolsResult): string | undefined => {
  // Each name once: two tools of one name (SKL509) read "dup, dup".
  const stopped = [...new Set(r.tools.filter((t) => t.errors.length > 0).map((t) => visible(t.name)))]
  if (stopped.length === 0) return undefined
  return `warning: left out of the manifest, lint errors stop them: ${stopped.join(", ")} (skc lint ${r.skill})`
}

/** Plain output of `skc run`: what the tool printed, bounded by the §4.2 rule. */
export const renderRunOutput = (r: RunResult): string => r.envelope.output

export const renderApprove = (r: ApproveResult): string =>
  visibleLines([
    r.previous === "approved"
      ? `Skill '${r.skill}' was already approved (neither SKILL.md nor a file its tools run changed).`
      : `Approved skill '${r.skill}'${r.previous === "changed" ? ` (${APPROVED_FILES_CHANGED} since the last approval)` : ""}.`,
    `  path:    ${r.path}`,
    `  sha256:  ${r.sha256}`,
    `  tools:   ${r.tools.join(", ")}`,
    // What the approval lets run, each control character escaped by visibleLines.
    ...r.commands.map((c) => `  command: ${c.tool}: ${c.command ?? "(none: the tool cannot run)"}`),
    ...r.declarations.map((d) => `  declared: ${d}`)
  ]) + "\n"
