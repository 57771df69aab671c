import { listingFacts } from "../../agents/listing.js"
import { scalarAt } from "../frontmatterEdits.js"
import type { Fix } from "../fix.js"
import { activeProfiles, listedToModel } from "../profiles.js"
import { frontmatterData, keyAt, stringList, withOptions, type Rule, type SkillSnapshot, suggested } from "../types.js"

/** RFC-0008's six patterns plus DECISIONS #20's three. */
export const TRIGGER_PATTERNS: ReadonlyArray<string> = [
  "use when",
  "when to use",
  "use for",
  "triggers on",
  "triggers:",
  "activate when",
  "use this skill",
  "when the user",
  "whenever"
]

/** Words that end in "ing" without being a gerund ("for anything" says no use). */
const NOT_GERUNDS = new Set(["thing", "nothing", "something", "anything", "everything", "string", "strings", "king", "ring", "spring", "during"])

/**
 * How published descriptions say when to use a skill, beyond the explicit
 * phrases (issue 13 item 4): a "when" or "if" clause ("… when building new
 * UI", "Use it if …"), a "use … before/after" ("Use after a bug is found"),
 * and a purpose "for <verb>ing" ("Toolkit for creating PDFs"). Word-based,
 * one pass, linear in the description.
 */
const hasClause = (words: ReadonlyArray<string>): string | undefined => {
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!
    if (w === "when" || w === "if") return w
    // "Use after one issue is found", "You MUST use this before any creative work": a time to use it,
    // as published skills write it (trailofbits', superpowers'); "before"/"after" right after "use" or one word later ("use this before").
    if (w === "use") {
      const at = words.slice(i + 1, i + 3).findIndex((x) => x === "before" || x === "after")
      if (at >= 0) return `use ${at === 0 ? "" : "… "}${words[i + 1 + at]}`
    }
    if (w === "for" && i + 1 < words.length) {
      const next = words[i + 1]!
      if (next.length > 4 && next.endsWith("ing") && !NOT_GERUNDS.has(next)) return `for ${next}`
    }
  }
  return undefined
}

/** The trigger a description carries, or undefined (exported for the docs and tests). */
export const findTrigger = (description: string, extra: ReadonlyArray<string> = []): string | undefined => {
  const text = description.toLowerCase().replace(/\s+/g, " ")
  const phrase = [...TRIGGER_PATTERNS, ...extra.map((p) => p.toLowerCase())].find((p) => text.includes(p))
  if (phrase !== undefined) return phrase
  return hasClause(text.split(/[^a-z0-9'-]+/).filter((w) => w.length > 0))
}

/** The sentence the editor's guided edit adds: the author replaces the ellipsis with the task. */
export const TRIGGER_SENTENCE = "Use when the user asks to …"

/** Whether the backslash at `at` starts an escape: an odd run of backslashes ends there. */
const escapes = (source: string, at: number, from: number): boolean => {
  let n = 0
  while (at - n >= from && source[at - n] === "\\") n++
  return n % 2 === 1
}

/**
 * Where a quoted scalar's text ends before its closing quote at `end`, whitespace left out: spaces, tabs and
 * line breaks, and in a double-quoted one the escapes that write them (`\n`, `\t`, `\r`, `\ `) and an escaped
 * line break. `from`: the first offset inside the quotes.
 */
const beforeTrailingSpace = (source: string, from: number, end: number, double: boolean): number => {
  let at = end
  while (at > from) {
    const c = source[at - 1]!
    const space = c === " " || c === "\t" || c === "\n" || c === "\r"
    // An escape (`\n`, `\ `) or an escaped line break (`\` at a line's end): the backslash goes with it.
    if (double && (space || c === "n" || c === "t" || c === "r") && at - 2 >= from && source[at - 2] === "\\" && escapes(source, at - 2, from)) at -= 2
    else if (space) at--
    else break
  }
  return at
}

/**
 * The guided edit "add a trigger phrase" (issue 50): the sentence appended
 * to the description, inside its quotes, or after the last character of a
 * plain or block scalar's text (its last line).
 */
const addTrigger = (s: SkillSnapshot): Fix | undefined => {
  const source = s.markdownFiles.find((f) => f.path === "SKILL.md")?.source
  const span = source === undefined ? undefined : scalarAt(source, ["description"])
  if (span === undefined || typeof span.value !== "string") return undefined
  const text = `${/[.!?]\s*$/.test(span.value) ? " " : ". "}${TRIGGER_SENTENCE}`
  const title = "Add a trigger phrase ('Use when …')"
  // Quoted, on one line or several: before the closing quote, and before the whitespace that ends the text
  // there (`files\n"`, a line break before the quote): after it, the sentence followed a `\n` escape
  // (`"… files\n. Use when …"`, an editor probe) or began a new line.
  if (span.style === "QUOTE_DOUBLE" || span.style === "QUOTE_SINGLE") {
    if (source === undefined) return undefined
    const at = beforeTrailingSpace(source, span.start + 1, span.end - 1, span.style === "QUOTE_DOUBLE")
    return { title, edits: [{ start: at, end: at, text }] }
  }
  // Plain (continued over lines or not) or a block (`>`, `|`): after the last character of its text, so a
  // block's final line break and chomping stay as written. Multi-line descriptions are common in published
  // skills; the edit was offered for one-line ones only.
  if (source === undefined) return undefined
  let end = span.end
  while (end > span.start && /\s/.test(source[end - 1]!)) end--
  if (end <= span.start || (span.style !== "PLAIN" && !/[\r\n]/.test(source.slice(span.start, end)))) return undefined
  return { title, edits: [{ start: end, end, text }] }
}

export const skl108: Rule = {
  id: "SKL108",
  name: "description-triggers",
  defaultSeverity: "warning",
  category: "frontmatter",
  source: "RFC-0008:C-REGISTRY, DECISIONS #20, issue 13",
  summary: "`description` says when to use the skill.",
  doc:
    "Agents activate a skill when its description matches the task, so it should say when to use it. The description (lower-cased, whitespace collapsed) passes when it holds " +
    `one of the phrases ${TRIGGER_PATTERNS.map((p) => `\`${p}\``).join(", ")} or a \`patterns\` option phrase (as a substring); ` +
    "or, word by word (words are runs of letters, digits, `'` and `-`), the word `when` or `if` (a condition: \"Use it when …\", \"… if the user uploads a PDF\"); " +
    "or `for` followed by a word of five or more letters ending in `ing` (a purpose: \"for creating slides\"), except `thing`-words, `string`, `during` and the like. " +
    "It is written for English; other languages can add their own phrases with `patterns` or turn the rule off. " +
    "The text checked is what each agent the skill is linted for lists (DECISIONS #51): for Claude Code, `description` followed by `when_to_use`; a non-empty `when_to_use` it lists is a trigger by itself. " +
    "An agent that keeps the skill out of its model's listing (Claude Code's `disable-model-invocation: true`, Codex's `policy.allow_implicit_invocation: false` in `agents/openai.yaml`: a manual-only skill, called by name) needs no trigger.",
  fix: "Add a sentence such as `Use when the user asks to …` to the description.",
  guided: "\"Add a trigger phrase\": appends `Use when the user asks to …` to the description (inside its quotes, before the spaces, line breaks and `\\n` escapes that end it there; at the end of a block's last line), for the author to finish.",
  ...withOptions<{ patterns: ReadonlyArray<string> }>({ patterns: stringList("Extra trigger phrases (case-insensitive).") }, (s, option) => {
    const data = frontmatterData(s.frontmatter)
    if (data === undefined || typeof data.description !== "string" || data.description.trim() === "") return []
    const description = data.description
    // What each active agent lists (DECISIONS #51): Claude Code appends `when_to_use`, so a trigger there counts for Claude.
    // An agent that keeps the skill out of its model's listing (`disable-model-invocation: true` for Claude Code)
    // never selects it by its description: a person calls it by name, so no trigger is missing there.
    // Codex's `policy.allow_implicit_invocation: false` (agents/openai.yaml) likewise (`listedToModel`).
    // A `when_to_use` the agent lists after the description is the trigger, whatever its words ("User wants to
    // scaffold or deploy a coded app": its name says when; a probe of published skills found it reported).
    const missing = activeProfiles(s).filter((p) => {
      if (!listedToModel(s, p, data, description)) return false
      const facts = listingFacts(p, data, description)
      return (facts.when_to_use ?? "").trim() === "" && findTrigger(facts.text, option("patterns")) === undefined
    })
    if (missing.length === 0) return []
    // The fields that do hold a trigger, named as the author wrote them ("when-to-use" where Claude Code lists "when_to_use").
    const holding = Object.entries(data)
      .filter(([key, v]) => key !== "description" && typeof v === "string" && ((key === "when_to_use" && v.trim() !== "") || findTrigger(v, option("patterns")) !== undefined))
      .map(([key]) => `'${key}'`)
    return [
      {
        file: "SKILL.md",
        ...keyAt(s.frontmatter, "description"),
        message: holding.length > 0
          ? `missing activation trigger in what ${missing.map((p) => p.name).join(", ")} list${missing.length === 1 ? "s" : ""}: say when to use the skill in the description (${holding.join(", ")} ${holding.length === 1 ? "is" : "are"} not listed by ${missing.length === 1 ? "it" : "them"})`
          : "missing activation trigger: say when to use the skill (e.g. 'Use when …')",
        ...suggested(addTrigger(s))
      }
    ]
  })
}
