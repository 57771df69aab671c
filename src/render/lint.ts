/**
 * Text rendering of `skc lint` (validating guide, RFC-0008:C-DIAGNOSTICS):
 * per skill a summary line, then one line per diagnostic
 * `file:line:col severity[E300|W300]: SKLxxx name: message`. Pure; colour
 * only when the caller says the output is a colour terminal.
 *
 * The CLI splits the two (DECISIONS #39): diagnostics on stderr, summaries on
 * stdout (`lintTextParts`); MCP text content keeps them together.
 */
import { visible, visibleBody } from "../domain/visible.js"
import type { LintFailure, LintOutcome, LintReport } from "../app/lint/lint.js"
import type { LintDiagnostic } from "../domain/lint/types.js"
import { shellPath } from "../domain/shellWord.js"
import { type InOrder, inTargetOrder } from "../domain/lint/targetOrder.js"

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`

const paint = (on: boolean, code: string, s: string) => (on ? `\u001b[${code}m${s}\u001b[0m` : s)

/**
 * `file:line:col severity[code]: rule name: message`. `dir` (the skill's
 * folder as the user typed it) prefixes the file when several skills are
 * linted at once: `pdf/SKILL.md:3:1` says which skill a line belongs to, and
 * an editor or terminal can open the location as it is.
 */
export const diagnosticLine = (d: LintDiagnostic, colour = false, dir?: string): string => {
  const code = d.severity === "error" ? "E300" : "W300"
  const sev = paint(colour, d.severity === "error" ? "1;31" : "1;33", `${d.severity}[${code}]`)
  const file = visible(dir === undefined || dir === "" || dir === "." ? d.file : `${dir.replace(/\/+$/, "")}/${d.file}`)
  // The message may quote the skill's text: escaped, while the colours stay real.
  return `${paint(colour, "1", `${file}:${d.line}:${d.column}`)} ${sev}: ${d.rule} ${d.name}: ${visible(d.message)}`
}

/** The folder that prefixes a report's diagnostics: when the outcome covers several skills, or one named by its path. */
const prefixOf = (o: LintOutcome, r: LintReport): string | undefined => (o.single && o.namedByPath !== true ? undefined : r.path)

/** ` (for codex, cursor)`: the agent profiles, said only when they are not the default `claude` alone (issue 43). */
const forAgents = (agents: ReadonlyArray<string> | undefined): string =>
  agents === undefined || (agents.length === 1 && agents[0] === "claude") ? "" : ` (for ${agents.join(", ")})`

/**
 * The report's folder beside its name, when another report of the run has the same name (two
 * `skill-creator`s from two repositories printed two identical summary lines).
 */
const whereIfShared = (o: LintOutcome, r: LintReport): string | undefined =>
  o.single || r.path === undefined || o.reports.filter((x) => x.skill === r.skill).length < 2 ? undefined : r.path

export const summaryLine = (r: LintReport, agents?: ReadonlyArray<string>, where?: string): string => {
  // The way on, on a line of its own below RFC-0008's (SKL001): lint the source it was built from (a CI
  // glob over .claude/skills/*/ linted nothing and passed).
  if (r.skipped) return visible(`info: skipping compiled skill '${r.skill}'`) + (r.source === undefined ? "" : `\n${visible(`  lint its source: skc lint ${shellPath(r.source)}`)}`)
  // Every finding counted, those a `limit` left out too (notShownLine says how many).
  const shownErrors = r.diagnostics.filter((d) => d.severity === "error").length
  const errors = shownErrors + (r.notShown?.errors ?? 0)
  const warnings = r.diagnostics.length - shownErrors + (r.notShown?.warnings ?? 0)
  // Issue 50: with --fix, what was fixed (with --fix-dry-run, what would be).
  const fixed = r.fixed === undefined ? "" : `, ${r.fixed.length} ${r.diffs === undefined ? "fixed" : "fixable"}`
  return `${visible(r.skill)}${where === undefined ? "" : ` (${visible(where)})`}: ${plural(errors, "error")}, ${plural(warnings, "warning")}${fixed}${forAgents(agents)}`
}

/** The line after a report's findings when `limit` left some out (skc_lint: 100 unless the call says). */
const notShownLine = (r: LintReport): ReadonlyArray<string> => {
  if (r.notShown === undefined) return []
  const n = r.notShown.errors + r.notShown.warnings
  return [`… ${n} more finding${n === 1 ? "" : "s"} not shown (${plural(r.notShown.errors, "error")}, ${plural(r.notShown.warnings, "warning")}; result limit, errors first): pass limit for more`]
}

/**
 * The reports and the failed targets (`skc lint good nope`) in the order the
 * targets were named: a failure sits before the report it was found before.
 */
const inOrder = (o: LintOutcome): ReadonlyArray<InOrder<LintReport, LintFailure>> => inTargetOrder(o.reports, o.failures ?? [])

/** Whether anything was linted or failed: else lint says there was nothing to lint. */
const nothing = (o: LintOutcome): boolean => o.reports.length === 0 && (o.failures ?? []).length === 0

/** A lint over several targets ends with the total line (not one skill named alone, not an empty run). */
export const hasTotalLine = (o: LintOutcome): boolean => !o.single && !nothing(o)

/**
 * The closing line of a lint over many skills: `N skills: E errors, W warnings`,
 * then `; F failed` when targets were not linted (as `skc build a b` counts them).
 */
export const totalLine = (o: LintOutcome): string => {
  const all = o.reports.flatMap((r) => r.diagnostics)
  const errors = all.filter((d) => d.severity === "error").length
  // A compiled skill skipped (SKL001) was not linted: counted apart, not among the skills linted.
  const skipped = o.reports.filter((r) => r.skipped).length
  const linted = plural(o.reports.length - skipped, "skill")
  const failed = o.failures?.length ?? 0
  return `${linted}${skipped === 0 ? "" : ` (${skipped} compiled skipped)`}: ${plural(errors, "error")}, ${plural(all.length - errors, "warning")}${forAgents(o.agents)}${failed === 0 ? "" : `; ${failed} failed`}`
}

export const renderLintText = (o: LintOutcome, colour = false): string => {
  if (nothing(o)) return "No skills to lint"
  const body = inOrder(o)
    .map((e) =>
      "failure" in e
        ? e.failure.error.text
        : [
            summaryLine(e.report, o.single ? o.agents : undefined, whereIfShared(o, e.report)),
            ...e.report.diagnostics.map((d) => diagnosticLine(d, colour, prefixOf(o, e.report))),
            ...notShownLine(e.report)
          ].join("\n")
    )
    .join("\n")
  return o.single ? body : `${body}\n${totalLine(o)}`
}

/**
 * Per skill, in order: the summary line (stdout) and its diagnostic lines
 * (stderr), DECISIONS #39; per failed target, its error on stderr as it
 * would be printed alone (RFC-0005) and nothing on stdout (`stdout` "").
 */
export const lintTextParts = (
  o: LintOutcome,
  colour = false
): ReadonlyArray<{ readonly diff: string; readonly stdout: string; readonly stderr: ReadonlyArray<string> }> =>
  nothing(o)
    ? [{ diff: "", stdout: "No skills to lint", stderr: [] }]
    : inOrder(o).map((e) => {
        if ("failure" in e) return { diff: "", stdout: "", stderr: [e.failure.error.text] }
        const r = e.report
        return {
          // A diff is the files' own text: each line escaped like any text view, so no control character reaches a terminal.
          diff: (r.diffs ?? []).map((d) => visibleDiff(d, prefixOf(o, r) === undefined ? undefined : (r.diffDir ?? r.path))).join(""),
          stdout: summaryLine(r, o.single ? o.agents : undefined, whereIfShared(o, r)),
          stderr: r.diagnostics.map((d) => diagnosticLine(d, colour, prefixOf(o, r)))
        }
      })

/** A `--fix-dry-run` diff for a terminal: paths prefixed with the skill's folder when several skills are shown, each line made visible. */
const visibleDiff = (diff: string, dir: string | undefined): string =>
  diff
    .split("\n")
    .map((line) => {
      const prefixed = dir === undefined || dir === "" || dir === "." ? line : line.replace(/^(--- a\/|\+\+\+ b\/)/, `$1${dir.replace(/\/+$/, "")}/`)
      // A CRLF line's CR stays (it is the file's line end, which `patch` matches, and harmless before the LF).
      return prefixed.endsWith("\r") ? `${visibleBody(prefixed.slice(0, -1))}\r` : visibleBody(prefixed)
    })
    .join("\n")
