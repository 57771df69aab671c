/**
 * The evaluation files beside a skill (docs/eval.md), parsed and checked
 * without I/O so `skc eval` and the lint rule give the same verdict:
 *
 * - `evals/triggers.json`, a trigger query set:
 *   `[{ "query": …, "should_trigger": true|false, "split"?: "train"|"validation" }]`;
 * - `evals/evals.json`, the Agent Skills output evaluations
 *   `{ "skill_name", "evals": [{ "id", "prompt", "expected_output", "files", "assertions" }] }`,
 *   whose entries may also be written in the query form above (those are the
 *   trigger queries `skc eval` runs); a bare array there is a trigger set.
 *
 * A problem is either `syntax` (not JSON at all) or `shape` (JSON, but not
 * the documented shape), so a message can tell the author which to fix.
 */

import type { InvalidUtf8 } from "../markdown/utf8.js"
import { jsonErrorOffset, lineColumnAt } from "../jsonSyntax.js"

export const SPLITS = ["train", "validation"] as const
export type Split = (typeof SPLITS)[number]

export interface TriggerQuery {
  readonly query: string
  readonly should_trigger: boolean
  readonly split?: Split
}

export interface EvalFileProblem {
  readonly kind: "syntax" | "shape"
  readonly message: string
  /** A syntax error's line (1-based). */
  readonly line?: number
  /** Where in the JSON the first shape problem is (`[3]`: the fourth entry; `["evals", 3]`), when it is about one value. */
  readonly path?: ReadonlyArray<string | number>
  /** The well-formed trigger queries of a file whose other entries are not (SKL703 reads them while SKL701 reports the rest). */
  readonly queries?: ReadonlyArray<TriggerQuery>
}

export type Parsed<A> = { readonly _tag: "Ok"; readonly value: A } | { readonly _tag: "Problem"; readonly problem: EvalFileProblem }

const ok = <A>(value: A): Parsed<A> => ({ _tag: "Ok", value })
const shape = (message: string, path?: ReadonlyArray<string | number>): Parsed<never> => ({ _tag: "Problem", problem: { kind: "shape", message, ...(path === undefined ? {} : { path }) } })

const describe = (v: unknown): string =>
  v === null ? "null" : Array.isArray(v) ? "an array" : typeof v === "string" ? `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + "…" : v)}` : typeof v === "object" ? "an object" : `${typeof v} ${JSON.stringify(v)}`

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)

/**
 * Where a JSON syntax error is, never what the file holds (issue 45 item 2): V8's message quotes the text
 * around it (`Unexpected token 'g', "ghp_SECRET"…`), and says no position at all for a short text, so the
 * place is found by `jsonErrorOffset`.
 */
const syntaxProblem = (text: string): Parsed<never> => {
  const at = jsonErrorOffset(text)
  if (at === undefined || at >= text.length) return { _tag: "Problem", problem: { kind: "syntax", message: "not valid JSON (it ends too early)", line: lineColumnAt(text, text.length).line } }
  const { line, column } = lineColumnAt(text, at)
  return { _tag: "Problem", problem: { kind: "syntax", message: `not valid JSON (line ${line} column ${column})`, line } }
}

const parseJson = (text: string): Parsed<unknown> => {
  const json = text.replace(/^\uFEFF/, "")
  try {
    return ok(JSON.parse(json) as unknown)
  } catch {
    return syntaxProblem(json)
  }
}

/** One `{ query, should_trigger, split? }` entry at `where` (e.g. `[3]`). */
const triggerQuery = (v: unknown, where: string): Parsed<TriggerQuery> => {
  if (!isRecord(v)) return shape(`${where}: expected an object { "query", "should_trigger" }, got ${describe(v)}`)
  if (typeof v.query !== "string") return shape(`${where}.query: expected a string, got ${v.query === undefined ? "nothing" : describe(v.query)}`)
  if (v.query.trim().length === 0) return shape(`${where}.query: empty query`)
  // Here, not in `skc eval` alone, so that lint's SKL701 and eval agree (issue 45 item 2): a query goes to an
  // agent's argv or stdin, where a NUL byte cannot travel, and is a mistake in a typed request.
  if (v.query.includes("\0")) return shape(`${where}.query: contains a NUL byte, which no request (nor an agent's command line) can carry`)
  if (typeof v.should_trigger !== "boolean") {
    return shape(`${where}.should_trigger: expected true or false, got ${v.should_trigger === undefined ? "nothing" : describe(v.should_trigger)}`)
  }
  if (v.split !== undefined && !(SPLITS as ReadonlyArray<unknown>).includes(v.split)) {
    return shape(`${where}.split: expected "train" or "validation", got ${describe(v.split)}`)
  }
  return ok({ query: v.query, should_trigger: v.should_trigger, ...(v.split === undefined ? {} : { split: v.split as Split }) })
}

/** Shape problems said at once, so a file is fixed in one run: the first few, then how many more. */
const MAX_PROBLEMS_SAID = 5

/** The size past which `skc eval` refuses an eval file unless `--max-file-bytes` raises the cap (about 10,000 queries). */
export const EVAL_FILE_DEFAULT_MAX_BYTES = 1024 * 1024

/** A problem of one entry: its message, and where the entry is in the JSON. */
interface EntryProblem {
  readonly message: string
  readonly path: ReadonlyArray<string | number>
}

/**
 * Every problem of a list of entries as one (`[2].split: …; [3].should_trigger: …`), placed at the first
 * one's entry, with the entries that are well-formed; or undefined.
 */
const allProblems = (problems: ReadonlyArray<EntryProblem>, queries: ReadonlyArray<TriggerQuery>): Parsed<never> | undefined => {
  if (problems.length === 0) return undefined
  const messages = problems.map((p) => p.message)
  const message = messages.slice(0, MAX_PROBLEMS_SAID).join("; ") + (messages.length > MAX_PROBLEMS_SAID ? `; and ${messages.length - MAX_PROBLEMS_SAID} more` : "")
  return { _tag: "Problem", problem: { kind: "shape", message, path: problems[0]!.path, queries } }
}

/**
 * The same query asked to fire and not to fire can never pass: a set that holds it measures nothing for
 * it (compared by their words, `sameWords`). Each such pair: the entry first listed and the later one.
 */
const contradictingPairs = <E>(entries: ReadonlyArray<E>, queryOf: (e: E) => TriggerQuery): ReadonlyArray<readonly [E, E]> => {
  const first = new Map<string, E>()
  const out: Array<readonly [E, E]> = []
  for (const e of entries) {
    const key = sameWords(queryOf(e).query)
    const seen = first.get(key)
    if (seen === undefined) first.set(key, e)
    else if (queryOf(seen).should_trigger !== queryOf(e).should_trigger) out.push([seen, e])
  }
  return out
}

/** Within one file: each contradicting pair, named by its entries, placed at the later one. */
const contradictions = (queries: ReadonlyArray<{ readonly at: string; readonly path: ReadonlyArray<string | number>; readonly q: TriggerQuery }>): ReadonlyArray<EntryProblem> =>
  contradictingPairs(queries, (e) => e.q).map(([a, b]) => ({
    path: b.path,
    message:
      a.q.query === b.q.query
        ? `${a.at} and ${b.at}: the same query should and should not trigger, so it can never pass`
        : `${a.at} and ${b.at} (${JSON.stringify(a.q.query)}, ${JSON.stringify(b.q.query)}): the same query should and should not trigger, so it can never pass`
  }))

/**
 * Across a skill's two eval files (each file alone refuses such a pair when it parses): the queries, as
 * later listed, each once. `skc eval` judged both and counted a miss that could never pass, without a word.
 */
export const contradictoryQueries = (queries: ReadonlyArray<TriggerQuery>): ReadonlyArray<string> => [
  ...new Set(contradictingPairs(queries, (q) => q).map(([, later]) => later.query))
]

/**
 * A query as the judge reads it apart from its words' order: its words in any case, whatever the spaces and
 * punctuation between them ("parse sarif", "parse  sarif" and "Parse SARIF." are one query). Compared as
 * typed, "parse sarif." was asked not to fire beside "parse sarif" asked to fire, a pair that can never pass.
 */
const sameWords = (query: string): string => {
  // Split at white space, each word's leading and trailing sentence punctuation dropped: a sign inside or at the
  // end of a word stays ("C#", "C++" are not "C": a hostile probe saw a near-miss pair refused as one query).
  // Case folded as far as JavaScript goes (upper then lower: "Straße" and "STRASSE" are one word, as the judge
  // reads them); Spanish opening marks are sentence punctuation too ("¿chart from csv?"): a probe's pairs.
  const words = query
    .normalize("NFKC")
    .toUpperCase()
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^[.,;:!?¿¡"'()[\]{}«»“”‘’]+|[.,;:!?¿¡"'()[\]{}«»“”‘’]+$/g, ""))
    .filter((w) => w !== "")
  // A query of punctuation alone keeps its characters: "???" and "!!!" are not one query.
  return words.length > 0 ? words.join(" ") : query.trim().toLowerCase()
}

/** The key two entries are the same query by: the same words (`sameWords`), asked to fire or not. */
export const queryKey = (q: TriggerQuery): string => `${q.should_trigger ? "+" : "-"}${sameWords(q.query)}`

/**
 * Each query once, as first listed, and the ones listed again with how often: a repeat counted each time
 * weighs double in the pass rate (three copies of one passing query and one failing negative: 75 % where
 * the set measures 50 %). `skc eval` judges each once and says so; SKL703 names them.
 */
export const onceEach = (
  queries: ReadonlyArray<TriggerQuery>
): { readonly kept: ReadonlyArray<TriggerQuery>; readonly repeated: ReadonlyArray<RepeatedQuery> } => {
  const times = new Map<string, { query: string; times: number; first: Split | undefined; splits: Set<Split | undefined> }>()
  const kept: Array<TriggerQuery> = []
  for (const q of queries) {
    const key = queryKey(q)
    const seen = times.get(key)
    if (seen === undefined) {
      times.set(key, { query: q.query, times: 1, first: q.split, splits: new Set([q.split]) })
      kept.push(q)
    } else {
      seen.times++
      seen.splits.add(q.split)
    }
  }
  return {
    kept,
    repeated: [...times.values()]
      .filter((t) => t.times > 1)
      .map((t) => {
        const { splits, first, ...rest } = t
        // Judged once, in the split of its first copy (none: in neither): listed in both, it is tuned on and tested by itself.
        return splits.has("train") && splits.has("validation") ? { ...rest, inBothSplits: first ?? "neither" } : rest
      })
  }
}

/** A query listed more than once; `inBothSplits`: listed in both train and validation, judged in this one. */
export interface RepeatedQuery {
  readonly query: string
  readonly times: number
  readonly inBothSplits?: Split | "neither"
}

/** What a repeat listed in both splits adds to the note that it is judged once. */
export const bothSplitsNote = (r: RepeatedQuery): string =>
  r.inBothSplits === undefined
    ? ""
    : r.inBothSplits === "neither"
      ? " (listed in both train and validation, and first without a split, so it is counted in neither: give it one split)"
      : ` (listed in both train and validation, so it is counted in ${r.inBothSplits} alone: a query the description is tuned on tests nothing in validation)`

const triggerArray = (v: ReadonlyArray<unknown>, prefix: string): Parsed<ReadonlyArray<TriggerQuery>> => {
  if (v.length === 0) return shape(`${prefix || "the file"}: no queries (a trigger set needs at least one)`)
  const out: Array<{ readonly at: string; readonly path: ReadonlyArray<string | number>; readonly q: TriggerQuery }> = []
  const problems: Array<EntryProblem> = []
  for (let i = 0; i < v.length; i++) {
    const at = `${prefix}[${i}]`
    const q = triggerQuery(v[i], at)
    if (q._tag === "Problem") problems.push({ message: q.problem.message, path: [i] })
    else out.push({ at, path: [i], q: q.value })
  }
  return allProblems([...problems, ...contradictions(out)], out.map((e) => e.q)) ?? ok(out.map((e) => e.q))
}

/** `evals/triggers.json`. */
export const parseTriggerSet = (text: string): Parsed<ReadonlyArray<TriggerQuery>> => {
  const json = parseJson(text)
  if (json._tag === "Problem") return json
  if (!Array.isArray(json.value)) {
    return shape(`expected an array of { "query", "should_trigger" } objects, got ${describe(json.value)}`)
  }
  return triggerArray(json.value, "")
}

export interface EvalsFile {
  /** The entries in the query form: what `skc eval` runs. */
  readonly queries: ReadonlyArray<TriggerQuery>
  /** Output evaluations (`prompt` form): checked, not run (they need an agent and a grader). */
  readonly outputEvals: number
}

/** One output evaluation `{ id, prompt, expected_output?, files?, assertions? }` at `where`. */
const outputEval = (v: Record<string, unknown>, where: string): EvalFileProblem | undefined => {
  if (typeof v.prompt !== "string") return { kind: "shape", message: `${where}.prompt: expected a string, got ${v.prompt === undefined ? "nothing" : describe(v.prompt)}` }
  // As an empty query is (a probe: `"prompt": ""` passed the shape check that refuses `"query": ""`).
  if (v.prompt.trim().length === 0) return { kind: "shape", message: `${where}.prompt: empty prompt` }
  if (v.id !== undefined && typeof v.id !== "string" && typeof v.id !== "number") {
    return { kind: "shape", message: `${where}.id: expected a string or a number, got ${describe(v.id)}` }
  }
  if (v.expected_output !== undefined && typeof v.expected_output !== "string") {
    return { kind: "shape", message: `${where}.expected_output: expected a string, got ${describe(v.expected_output)}` }
  }
  for (const key of ["files", "assertions"] as const) {
    const list = v[key]
    if (list !== undefined && !(Array.isArray(list) && list.every((x) => typeof x === "string" || isRecord(x)))) {
      return { kind: "shape", message: `${where}.${key}: expected an array of strings or objects, got ${describe(list)}` }
    }
  }
  return undefined
}

/** `evals/evals.json`. */
export const parseEvalsFile = (text: string): Parsed<EvalsFile> => {
  const json = parseJson(text)
  if (json._tag === "Problem") return json
  const doc = json.value
  if (Array.isArray(doc)) {
    const set = triggerArray(doc, "")
    return set._tag === "Problem" ? set : ok({ queries: set.value, outputEvals: 0 })
  }
  if (!isRecord(doc)) return shape(`expected an object { "skill_name", "evals": [...] } or an array of queries, got ${describe(doc)}`)
  if (doc.skill_name !== undefined && typeof doc.skill_name !== "string") return shape(`skill_name: expected a string, got ${describe(doc.skill_name)}`, ["skill_name"])
  if (!Array.isArray(doc.evals)) return shape(`evals: expected an array, got ${doc.evals === undefined ? "nothing" : describe(doc.evals)}`, doc.evals === undefined ? undefined : ["evals"])
  const queries: Array<{ readonly at: string; readonly path: ReadonlyArray<string | number>; readonly q: TriggerQuery }> = []
  const problems: Array<EntryProblem> = []
  let outputEvals = 0
  // An output evaluation is known by its id (the format's graders report by it): two entries with one id are
  // one result read twice, or a copy left while editing.
  const ids = new Map<string, number>()
  for (let i = 0; i < doc.evals.length; i++) {
    const entry: unknown = doc.evals[i]
    const where = `evals[${i}]`
    const path = ["evals", i]
    if (isRecord(entry) && ("query" in entry || "should_trigger" in entry)) {
      const q = triggerQuery(entry, where)
      if (q._tag === "Problem") problems.push({ message: q.problem.message, path })
      else queries.push({ at: where, path, q: q.value })
      continue
    }
    if (!isRecord(entry)) {
      problems.push({ message: `${where}: expected an object, got ${describe(entry)}`, path })
      continue
    }
    const problem = outputEval(entry, where)
    if (problem !== undefined) {
      problems.push({ message: problem.message, path })
      continue
    }
    if (entry.id !== undefined) {
      const id = JSON.stringify(entry.id)
      const first = ids.get(id)
      if (first !== undefined) {
        problems.push({ message: `${where}.id: ${id} again (evals[${first}] has it); each output evaluation needs its own id`, path })
        continue
      }
      ids.set(id, i)
    }
    outputEvals++
  }
  return allProblems([...problems, ...contradictions(queries)], queries.map((e) => e.q)) ?? ok({ queries: queries.map((e) => e.q), outputEvals })
}

/** Where the files sit, relative to the skill directory. */
export const TRIGGERS_FILE = "evals/triggers.json"
/** What `eval` says to do when no discovered skill has a trigger set (a team server says otherwise: src/mcp/toolErrors.ts). */
export const NO_TRIGGERS_HINT = `write ${TRIGGERS_FILE} in a skill's directory (see docs/eval.md), or name a skill by path`
export const EVALS_FILE = "evals/evals.json"

/**
 * An eval file that is not UTF-8 (saved as Latin-1: `caf\xE9`): decoded, its
 * queries would reach the judge with U+FFFD in place of each such byte, and
 * be judged as something nobody typed. `skc eval` refuses it and SKL701
 * reports it, with the same words.
 */
export const notUtf8 = (bad: InvalidUtf8): string =>
  `not valid UTF-8 (byte 0x${bad.byte.toString(16).toUpperCase().padStart(2, "0")} on line ${bad.line}): its queries would be judged with U+FFFD in place of such bytes; save the file as UTF-8`
