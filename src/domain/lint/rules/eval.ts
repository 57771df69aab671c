/**
 * The evaluation rules (SKL7xx, issue 27, docs/eval.md): the trigger and
 * evals files parse in the documented shape, so a broken file is caught by
 * `skc lint` before `skc eval` runs in CI; and a description is not longer
 * than Claude Code cuts it in the skill listing.
 */
import { EVALS_FILE, notUtf8, parseEvalsFile, parseTriggerSet, TRIGGERS_FILE } from "../../eval/triggerSet.js"
import { CLAUDE_MAX_DESCRIPTION, CLAUDE_LIMITS_SOURCE } from "../../protocol/budget.js"
import { capLength, listedText } from "../../agents/listing.js"
import { activeProfiles } from "../profiles.js"
import { frontmatterData, keyAt, positiveInteger, withOptions, type Finding, type Rule } from "../types.js"
import { thousands } from "../../thousands.js"

/** The line of a JSON syntax error: V8 says "(line L column C)" or "at position P". */
const syntaxLine = (message: string, source: string): number => {
  const lc = /\(line (\d+) column \d+\)/.exec(message)
  if (lc !== null) return Number(lc[1])
  const pos = /at position (\d+)/.exec(message)
  return pos === null ? 1 : source.slice(0, Number(pos[1])).split("\n").length
}

/** `evals`, `evals/triggers.json`, `evals/evals.json`: the paths skc eval reads. */
const isEvalPath = (p: string): boolean => p === "evals" || p === TRIGGERS_FILE || p === EVALS_FILE

export const skl701: Rule = {
  id: "SKL701",
  name: "eval-files-valid",
  defaultSeverity: "error",
  category: "eval",
  summary: "`evals/triggers.json` and `evals/evals.json`, when present, are valid JSON in the documented shape.",
  doc:
    "`skc eval` reads a skill's trigger queries from `evals/triggers.json` (`[{ \"query\", \"should_trigger\", \"split\"? }]`) and " +
    "`evals/evals.json` (`{ \"skill_name\", \"evals\": [...] }`); a file it cannot read stops the evaluation. The message says whether the " +
    "file is not JSON at all (a syntax error, with its line) or JSON of another shape (naming the entry and field; a query holding a NUL byte is one, as `skc eval` refuses it), or not UTF-8 (naming the line of the first such byte). Either file, or the " +
    "`evals/` directory, as a symlink leading outside the skill is an error too: `skc eval` reads eval files as skill files (E012).",
  fix: "Fix the JSON syntax, or the entry the message names; docs/eval.md shows both formats.",
  source: "issue 27; docs/eval.md",
  appliesTo: (s) => (s.evalFiles ?? []).length > 0 || s.entries.some((e) => e.escapes === true && isEvalPath(e.path)),
  check: (s) => {
    const out: Array<Finding> = []
    // Issue 45 item 2: a symlink (the file, or the evals/ directory) that leaves the skill is refused by skc eval (E012).
    for (const e of s.entries) {
      if (e.escapes === true && isEvalPath(e.path)) {
        out.push({ file: e.path, line: 1, message: `'${e.path}' is a symlink that leads outside the skill; skc eval refuses it (E012: path escapes skill root)` })
      }
    }
    for (const f of s.evalFiles ?? []) {
      if (f.invalidUtf8 !== undefined) {
        out.push({ file: f.path, line: f.invalidUtf8.line, message: notUtf8(f.invalidUtf8) })
        continue
      }
      const parsed = f.path === TRIGGERS_FILE ? parseTriggerSet(f.source) : f.path === EVALS_FILE ? parseEvalsFile(f.source) : undefined
      if (parsed === undefined || parsed._tag === "Ok") continue
      const { kind, message } = parsed.problem
      out.push(
        kind === "syntax"
          ? { file: f.path, line: syntaxLine(message, f.source), message: `syntax error: ${message}` }
          : { file: f.path, line: 1, message: `valid JSON of another shape: ${message}` }
      )
    }
    return out
  }
}

export const skl702: Rule = {
  id: "SKL702",
  name: "description-truncated",
  defaultSeverity: "warning",
  category: "eval",
  summary: `\`description\` fits Claude Code's skill listing (${thousands(CLAUDE_MAX_DESCRIPTION)} characters).`,
  doc:
    "Claude Code lists every skill's name and description, followed by its `when_to_use`, in its context and cuts each entry at 1,536 characters " +
    `(${CLAUDE_LIMITS_SOURCE}); what follows the cut never reaches the model, so triggers written there never fire. ` +
    "Checked for each agent the skill is linted for that documents a cap (docs/agents.md), the entry counted as that agent counts it, " +
    "as the editor's hover and `skc budget` count it: Claude Code in UTF-16 units (JavaScript's `length`: an emoji is 2), the others in characters (code points). " +
    "`skc budget` shows the whole listing's cost.",
  fix: "Shorten the description; put the trigger phrases first.",
  source: "issue 27; Claude Code docs (Skills)",
  ...withOptions<{ "max-length": number }>(
    { "max-length": positiveInteger("Where the agent cuts a listing entry, in the unit it counts (UTF-16 units for Claude Code, else characters; default: each profile's cap).", CLAUDE_MAX_DESCRIPTION) },
    (s, option) => {
      const data = frontmatterData(s.frontmatter)
      if (data === undefined || typeof data.description !== "string") return []
      const description = data.description
      // A configured max-length other than the default replaces every profile's cap.
      const configured = option("max-length") !== CLAUDE_MAX_DESCRIPTION
      const out: Array<Finding> = []
      // Per active profile with a cap (DECISIONS #51): what it lists of the skill (Claude: description, then when_to_use).
      for (const p of activeProfiles(s)) {
        const cap = configured ? option("max-length") : p.listing.perEntryCap
        if (cap === null) continue
        const { text, fields } = listedText(p, data, description)
        // Counted as the agent counts its cap (and as the hover and `skc budget` do): Claude Code compares
        // JavaScript's `length`, UTF-16 units, so 1,000 emoji are 2,000 and over 1,536; the others code points.
        const { length: n, unit } = capLength(p, text)
        if (n <= cap) continue
        const what = fields.join(" + ")
        out.push({ file: "SKILL.md", ...keyAt(s.frontmatter, "description"), message: `${what} is ${n} ${unit}; ${p.title} cuts it at ${cap} in its skill listing` })
      }
      return out
    }
  )
}

export const evalRules: ReadonlyArray<Rule> = [skl701, skl702]
