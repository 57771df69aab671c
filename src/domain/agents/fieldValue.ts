/**
 * One checker per field kind (profile.ts `FieldKind`): the problem with a
 * value, worded for a lint message, or undefined when the agent reads it as
 * intended. Pure and total: any YAML value in, never a throw.
 */
import type { FieldKind } from "./profile.js"
import { parseAllowedTools } from "../protocol/tools.js"

/** The strings a YAML 1.1 reader (and the agents that say so) takes as booleans. */
const BOOLEAN_WORDS: Readonly<Record<string, boolean>> = { yes: true, no: false, on: true, off: false, true: true, false: false, "1": true, "0": false }

const show = (v: unknown): string => {
  if (v === null) return "null"
  if (Array.isArray(v)) return "a list"
  if (typeof v === "object") return "a map"
  if (typeof v === "string") return `'${v.length > 40 ? `${v.slice(0, 40)}…` : v}'`
  return String(v)
}

const isMap = (v: unknown): v is Readonly<Record<string, unknown>> => typeof v === "object" && v !== null && !Array.isArray(v)

/** A boolean as the agent reads it: `true`/`false`, and the YAML 1.1 words where the kind allows them. */
export const booleanValue = (v: unknown, words = true): boolean | undefined => {
  if (typeof v === "boolean") return v
  if (words && (v === 1 || v === 0)) return v === 1
  if (words && typeof v === "string") return BOOLEAN_WORDS[v.trim().toLowerCase()]
  return undefined
}

/** A problem with one part of a value: `path` leads to it from the field (`["PreToolUse", 0, "hooks", 1]`), empty for the value itself. */
export interface ValueProblem {
  /** Where in the value: keys and list indexes from the field's value down. */
  readonly path: ReadonlyArray<string | number>
  /** The problem is the path's last key itself (a misspelt hook event) or what follows it: placed at the key (SKL115), not at its value. */
  readonly atKey?: true
  readonly message: string
}

/**
 * One hook's problem, if any: `where` names it in the message; `member` is the hook's key it is about when
 * the hook has that key (its place in SKILL.md is then that key's, not the hook's first line).
 */
const hookProblem = (h: unknown, where: string): { readonly message: string; readonly member?: string } | undefined => {
  if (!isMap(h)) return { message: `${where} must be a map { type, command }, not ${show(h)}` }
  const about = (member: string, message: string) => (member in h ? { message, member } : { message })
  if (h.type === "command") {
    if (typeof h.command !== "string" || h.command.trim() === "") return about("command", `${where}: type 'command' needs a non-empty 'command' string`)
    // The exec form (CHANGELOG 2.1.139): the command spawned without a shell, with these arguments.
    if (h.args !== undefined && !(Array.isArray(h.args) && h.args.every((a) => typeof a === "string"))) return about("args", `${where}: 'args' must be a list of strings`)
  } else if (h.type === "mcp_tool") {
    // CHANGELOG 2.1.118: a hook may call an MCP tool; the CHANGELOG names no fields of it, so none is required here.
  } else if (h.type === "prompt" || h.type === "agent") {
    if (typeof h.prompt !== "string" || h.prompt.trim() === "") return about("prompt", `${where}: type '${h.type}' needs a non-empty 'prompt' string`)
  } else if (h.type === "http") {
    if (typeof h.url !== "string" || h.url.trim() === "") return about("url", `${where}: type 'http' needs a 'url' string`)
  } else return about("type", `${where}: 'type' must be one of command, prompt, agent, http, mcp_tool, not ${show(h.type)}`)
  if (h.timeout !== undefined && !(typeof h.timeout === "number" && h.timeout > 0)) return about("timeout", `${where}: 'timeout' must be a positive number of seconds`)
  return undefined
}

/**
 * Every problem of a `hooks` map, each with the path to the part it is about (one per event, matcher or
 * hook): the first alone was reported, always at the `hooks:` line, so an author fixed one and met the next.
 */
const hooksProblems = (v: unknown, events: ReadonlyArray<string>): ReadonlyArray<ValueProblem> => {
  if (!isMap(v)) return [{ path: [], message: `must be a map of hook events to lists of matchers, not ${show(v)}` }]
  const out: Array<ValueProblem> = []
  for (const [event, matchers] of Object.entries(v)) {
    if (!events.includes(event)) {
      out.push({ path: [event], atKey: true, message: `unknown hook event '${event}' (known: ${events.join(", ")})` })
      continue
    }
    if (!Array.isArray(matchers)) {
      out.push({ path: [event], message: `'${event}' must be a list of matchers ({ matcher, hooks: [...] }), not ${show(matchers)}` })
      continue
    }
    for (const [i, m] of matchers.entries()) {
      const problem = !isMap(m)
        ? `'${event}' entry ${i + 1} must be a map with 'hooks', not ${show(m)}`
        : m.matcher !== undefined && typeof m.matcher !== "string"
          ? `'${event}' entry ${i + 1}: 'matcher' must be a string`
          : !Array.isArray(m.hooks) || m.hooks.length === 0
            ? `'${event}' entry ${i + 1} needs 'hooks', a non-empty list of { type, command }`
            : undefined
      if (problem !== undefined) {
        out.push({ path: [event, i], message: problem })
        continue
      }
      for (const [j, h] of (m as { hooks: ReadonlyArray<unknown> }).hooks.entries()) {
        const problem = hookProblem(h, `'${event}' entry ${i + 1}, hook ${j + 1}`)
        if (problem !== undefined)
          out.push(problem.member === undefined ? { path: [event, i, "hooks", j], message: problem.message } : { path: [event, i, "hooks", j, problem.member], atKey: true, message: problem.message })
      }
    }
  }
  return out
}

/** A list whose items are not all strings: which item is not ("… item 2 is 1", not "… not a list" of a list). */
const listItemProblem = (list: ReadonlyArray<unknown>, rule: string): string | undefined => {
  const at = list.findIndex((x) => typeof x !== "string")
  return at < 0 ? undefined : `${rule}: item ${at + 1} is ${show(list[at])}`
}

/** The problem with `value` for a field of `kind`, or undefined. `null` (an empty field) is left to the caller. */
export const fieldValueProblem = (kind: FieldKind, value: unknown): string | undefined => {
  switch (kind.kind) {
    case "any":
    case "text":
      return undefined
    case "string":
      return typeof value === "string" ? undefined : `must be a string, not ${show(value)}`
    case "boolean":
      return booleanValue(value, kind.words === true) !== undefined
        ? undefined
        : `must be true or false${kind.words === true ? " (or yes/no, on/off, 1/0)" : ""}, not ${show(value)}`
    case "enum": {
      if (typeof value !== "string") return `must be one of ${kind.values.join(", ")}, not ${show(value)}`
      if (kind.values.includes(value)) return undefined
      if (kind.open === true) return undefined
      return `must be one of ${kind.values.join(", ")}, not ${show(value)}`
    }
    case "string-or-list":
      if (typeof value === "string") return undefined
      if (Array.isArray(value)) return listItemProblem(value, "must be a string or a list of strings")
      return `must be a string or a list of strings, not ${show(value)}`
    case "tools": {
      // Read as `skc permissions` reads it: an entry that is no tool request removes nothing from the model.
      if (typeof value !== "string" && !Array.isArray(value)) return `must be a string or a list of strings, not ${show(value)}`
      const parsed = parseAllowedTools(value)
      return parsed._tag === "Invalid" ? parsed.message : undefined
    }
    case "list":
      return Array.isArray(value) ? listItemProblem(value, "must be a list of strings") : `must be a list of strings, not ${show(value)}`
    case "string-map":
      if (!isMap(value)) return `must be a map of strings, not ${show(value)}`
      for (const [k, v] of Object.entries(value)) if (typeof v !== "string") return `'${k}' must be a string, not ${show(v)}`
      return undefined
    case "map":
      return isMap(value) ? undefined : `must be a map, not ${show(value)}`
    case "hooks":
      return hooksProblems(value, kind.events)[0]?.message
  }
}

/** Every problem with `value` for a field of `kind`, each with where in the value it is (`fieldValueProblem` gives the first). */
export const fieldValueProblemsAt = (kind: FieldKind, value: unknown): ReadonlyArray<ValueProblem> => {
  if (kind.kind === "hooks") return hooksProblems(value, kind.events)
  const message = fieldValueProblem(kind, value)
  return message === undefined ? [] : [{ path: [], message }]
}

/** How docs/agents.md shows a kind. */
export const describeKind = (kind: FieldKind): string => {
  switch (kind.kind) {
    case "any":
      return "any value"
    case "string":
      return "string"
    case "boolean":
      return kind.words === true ? "boolean (`true`/`false`; `yes`/`no`, `on`/`off`, `1`/`0` in any case)" : "boolean (`true`/`false`)"
    case "enum":
      return `${kind.open === true ? "one of (or another) " : "one of "}${kind.values.map((v) => `\`${v}\``).join(", ")}`
    case "string-or-list":
      return "string or list of strings"
    case "tools":
      return "tool entries (`Tool` or `Tool(pattern)`), a string or list of strings"
    case "text":
      return "text (any YAML value, read as a string)"
    case "list":
      return "list of strings"
    case "string-map":
      return "map of strings"
    case "map":
      return "map"
    case "hooks":
      return `hooks map (${kind.events.map((e) => `\`${e}\``).join(", ")})`
  }
}
