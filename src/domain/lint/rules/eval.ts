/**
 * The evaluation rules (SKL7xx, issue 27, docs/eval.md): the trigger and
 * evals files parse in the documented shape, so a broken file is caught by
 * `skc lint` before `skc eval` runs in CI; and a description is not longer
 * than Claude Code cuts it in the skill listing.
 */
import {
  contradictoryQueries,
  EVAL_FILE_DEFAULT_MAX_BYTES,
  EVALS_FILE,
  notUtf8,
  onceEach,
  bothSplitsNote,
  parseEvalsFile,
  parseTriggerSet,
  queryKey,
  TRIGGERS_FILE,
  type TriggerQuery
} from "../../eval/triggerSet.js"
import { CLAUDE_MAX_DESCRIPTION, CLAUDE_LIMITS_SOURCE } from "../../protocol/budget.js"
import { capLength, listedText } from "../../agents/listing.js"
import { activeProfiles, listedToModel } from "../profiles.js"
import { frontmatterData, keyAt, positiveInteger, withOptions, type Finding, type MarkdownFile, type Rule } from "../types.js"
import { thousands } from "../../thousands.js"
import { lineColumnAt, valueOffset } from "../../jsonSyntax.js"
import { utf8Bytes } from "../../utf8.js"

/** An eval file's parse, once per file of a snapshot: SKL701 reports its problem, SKL703 reads its queries. */
const parses = new WeakMap<MarkdownFile, ReturnType<typeof parseEvalFile>>()
const parseEvalFile = (f: MarkdownFile) => (f.path === TRIGGERS_FILE ? parseTriggerSet(f.source) : f.path === EVALS_FILE ? parseEvalsFile(f.source) : undefined)
const parsedEvalFile = (f: MarkdownFile) => {
  if (!parses.has(f)) parses.set(f, parseEvalFile(f))
  return parses.get(f)
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
    "file is not JSON at all (a syntax error, with its line) or JSON of another shape (naming the entry and field, at the line where that entry starts; a query holding a NUL byte is one, as `skc eval` refuses it, and so are an empty query or prompt and two output evaluations with one `id`), or not UTF-8 (naming the line of the first such byte), or larger than the 1 MiB `skc eval` reads without `--max-file-bytes`. Either file, or the " +
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
      // What `skc eval` refuses without --max-file-bytes: lint said nothing, and CI's eval step then failed (a judge probe).
      const bytes = utf8Bytes(f.source)
      if (bytes > EVAL_FILE_DEFAULT_MAX_BYTES) {
        out.push({ file: f.path, line: 1, message: `${thousands(bytes)} bytes, over the ${thousands(EVAL_FILE_DEFAULT_MAX_BYTES)}-byte cap skc eval reads unless --max-file-bytes raises it` })
      }
      const parsed = parsedEvalFile(f)
      if (parsed === undefined || parsed._tag === "Ok") continue
      const { kind, message, line } = parsed.problem
      out.push(
        kind === "syntax"
          ? { file: f.path, line: line ?? 1, message: `syntax error: ${message}` }
          : { file: f.path, line: lineAtPath(f.source, parsed.problem.path), message: `valid JSON of another shape: ${message}` }
      )
    }
    // Across the two files, as `skc eval` reads them together (each file alone refuses such a pair): the query
    // asked to fire in one and not in the other, placed where the evals file lists it. Lint passed a set
    // that eval then refused (a judge probe).
    const both = bothFilesQueries(s)
    if (both !== undefined) {
      for (const query of contradictoryQueries([...both.triggers, ...both.evals])) {
        out.push({
          file: EVALS_FILE,
          line: lineOf(both.evalsFile.source, query, 0),
          message: `${JSON.stringify(shortQuery(query))} should trigger in one of ${TRIGGERS_FILE} and ${EVALS_FILE} and not in the other, so it can never pass (skc eval refuses it)`
        })
      }
    }
    return out
  }
}

/** The line where the value at `path` starts (the entry a shape problem names), else 1. */
const lineAtPath = (source: string, path: ReadonlyArray<string | number> | undefined): number => {
  const at = path === undefined ? undefined : valueOffset(source, path)
  return at === undefined ? 1 : lineColumnAt(source, at).line
}

/** A query as a message quotes it: its first 60 characters. */
const shortQuery = (query: string): string => (query.length > 60 ? `${query.slice(0, 60)}…` : query)

/** Both eval files' queries when both are present, UTF-8 and parse (what `skc eval` reads together); else undefined. */
const bothFilesQueries = (
  s: Parameters<Rule["check"]>[0]
): { readonly triggers: ReadonlyArray<TriggerQuery>; readonly evals: ReadonlyArray<TriggerQuery>; readonly evalsFile: MarkdownFile } | undefined => {
  const files = s.evalFiles ?? []
  const triggersFile = files.find((f) => f.path === TRIGGERS_FILE)
  const evalsFile = files.find((f) => f.path === EVALS_FILE)
  if (triggersFile === undefined || evalsFile === undefined || triggersFile.invalidUtf8 !== undefined || evalsFile.invalidUtf8 !== undefined) return undefined
  if (parsedEvalFile(triggersFile)?._tag !== "Ok" || parsedEvalFile(evalsFile)?._tag !== "Ok") return undefined
  return { triggers: queriesOf(triggersFile), evals: queriesOf(evalsFile), evalsFile }
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
    "`skc budget` shows the whole listing's cost. A skill an agent keeps out of its model's listing (manual only: Claude Code's `disable-model-invocation: true`, Codex's `policy.allow_implicit_invocation: false`) is not checked for that agent.",
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
        // A skill the agent keeps out of its model's listing (manual only): no cut reaches the model.
        if (cap === null || !listedToModel(s, p, data, description)) continue
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

/**
 * The trigger queries of an eval file that parses; of one with ill-formed entries (SKL701's), those that are
 * well-formed, so a repeat among them is named in the same run; else none.
 */
const queriesOf = (f: MarkdownFile): ReadonlyArray<TriggerQuery> => {
  const parsed = parsedEvalFile(f)
  if (parsed === undefined) return []
  if (parsed._tag === "Problem") return parsed.problem.queries ?? []
  return Array.isArray(parsed.value) ? (parsed.value as ReadonlyArray<TriggerQuery>) : (parsed.value as { readonly queries: ReadonlyArray<TriggerQuery> }).queries
}

/** The line of the `nth` (0-based) time `query` is written in `source` (as JSON writes it, trimmed, in any case), else 1. */
const lineOf = (source: string, query: string, nth: number): number => {
  const lower = source.toLowerCase()
  const written = JSON.stringify(query.trim().toLowerCase()).slice(1, -1)
  let at = lower.indexOf(written)
  for (let i = 0; i < nth && at >= 0; i++) at = lower.indexOf(written, at + written.length)
  return at < 0 ? 1 : source.slice(0, at).split("\n").length
}

/** The line of the second time `query` is written in `source`, else 1. */
const repeatLine = (source: string, query: string): number => lineOf(source, query, 1)

export const skl703: Rule = {
  id: "SKL703",
  name: "eval-query-repeated",
  defaultSeverity: "warning",
  category: "eval",
  summary: "No trigger query is listed twice (the same words, in any case, asked to fire or not alike).",
  doc:
    "`skc eval` judges each trigger query once however often it is listed: counted each time, a repeat weighed double in the pass rate " +
    "(three copies of one passing query beside one failing negative read 75 % where the set measures 50 %). A query listed twice is " +
    "most often a copy left while editing, or the same request meant for both splits; the same query asked both to fire and not to " +
    "fire is SKL701's error (it can never pass). A query listed in both splits is named as such: it counts in its first copy's split alone, and a query the description is tuned on " +
    "(train) tests nothing in validation. In a file with entries of another shape (SKL701's), the repeats among its well-formed entries are named too.",
  fix: "Remove the repeats, or reword one of them into the other request you meant to test.",
  source: "issue 27; docs/eval.md",
  appliesTo: (s) => (s.evalFiles ?? []).length > 0,
  check: (s) => {
    const out: Array<Finding> = []
    for (const f of s.evalFiles ?? []) {
      if (f.invalidUtf8 !== undefined) continue
      for (const r of onceEach(queriesOf(f)).repeated) {
        out.push({ file: f.path, line: repeatLine(f.source, r.query), message: `${JSON.stringify(shortQuery(r.query))} is listed ${r.times} times; skc eval judges it once${bothSplitsNote(r)}` })
      }
    }
    // A query of the evals file already in the triggers file (with the same verdict): `skc eval` reads the two as
    // one set and judges it once, as it says; lint named only the repeats inside one file (a judge probe).
    const both = bothFilesQueries(s)
    if (both !== undefined) {
      const inTriggers = new Set(both.triggers.map(queryKey))
      for (const q of onceEach(both.evals).kept) {
        if (!inTriggers.has(queryKey(q))) continue
        out.push({ file: EVALS_FILE, line: lineOf(both.evalsFile.source, q.query, 0), message: `${JSON.stringify(shortQuery(q.query))} is also listed in ${TRIGGERS_FILE}; skc eval judges it once` })
      }
    }
    return out
  }
}

export const evalRules: ReadonlyArray<Rule> = [skl701, skl702, skl703]
