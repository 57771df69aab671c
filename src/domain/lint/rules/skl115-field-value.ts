import { fieldKeys, knownFields } from "../../agents/index.js"
import { isMap, isScalar, parseDocument } from "yaml"
import { fieldValueProblemsAt } from "../../agents/fieldValue.js"
import { activeProfiles } from "../profiles.js"
import type { AgentProfile } from "../../agents/profile.js"
import type { Frontmatter } from "../../markdown/frontmatter.js"
import { frontmatterData, has, keyAt, type Finding, type Rule } from "../types.js"

/**
 * The specification's own fields, whose values SKL101–SKL114 check: an `allowed-tools: 7` was reported
 * twice, by SKL114 and here, in two wordings (an author's probe).
 */
const SPEC_CHECKED = new Set(["name", "description", "license", "compatibility", "metadata", "allowed-tools"])

/**
 * Each field whose value an agent of `profiles` does not read as intended,
 * with the message naming those agents (issue 43): lint's SKL115 and the
 * warning `skc build` gives for its targets.
 */
export const fieldValueProblems = (
  data: Readonly<Record<string, unknown>>,
  profiles: ReadonlyArray<AgentProfile>
): ReadonlyArray<{ readonly field: string; readonly path: ReadonlyArray<string | number>; readonly atKey: boolean; readonly message: string }> => {
  // Field → one finding per place in its value and problem, naming every profile that sees it (fields in the
  // order first met, so two agents with one reading give one finding where one agent alone would).
  const problems = new Map<string, Map<string, { path: ReadonlyArray<string | number>; atKey: boolean; problem: string; names: Array<string> }>>()
  for (const profile of profiles) {
    // Each key written that the agent reads as a checked field (its other spellings too), reported under that key.
    const written = knownFields(profile).flatMap((spec) =>
      spec.value.kind === "any" || SPEC_CHECKED.has(spec.name)
        ? []
        : fieldKeys(spec).flatMap((key) => (has(data, key) && data[key] !== null ? [{ key, kind: spec.value }] : []))
    )
    for (const { key, kind } of written) {
      for (const { path, atKey, message } of fieldValueProblemsAt(kind, data[key])) {
        const ofField = problems.get(key) ?? new Map()
        problems.set(key, ofField)
        const id = JSON.stringify([path, message])
        const seen = ofField.get(id) ?? { path, atKey: atKey === true, problem: message, names: [] }
        ofField.set(id, seen)
        if (!seen.names.includes(profile.name)) seen.names.push(profile.name)
      }
    }
  }
  return [...problems].flatMap(([field, ofField]) =>
    [...ofField.values()].map(({ path, atKey, problem, names }) => ({ field, path, atKey, message: `${field}: ${problem} (${names.join(", ")})` }))
  )
}

/**
 * Where each problem inside a field's value is (a hook three levels down): the line and column of that part
 * in SKILL.md, read from the frontmatter's YAML (parsed once, and only when a problem lies inside a value);
 * the field's own key when the part cannot be placed.
 */
const partLocator = (fm: Frontmatter) => {
  let doc: ReturnType<typeof parseDocument> | undefined
  return (field: string, path: ReadonlyArray<string | number>, atKey: boolean): Pick<Finding, "line" | "column" | "endLine" | "endColumn"> => {
    if (path.length === 0 || fm._tag !== "Parsed") return keyAt(fm, field)
    doc ??= parseDocument(fm.raw)
    // A problem with a key (a misspelt hook event, a hook's 'timeout') is placed at that key, where the author
    // wrote the name: the value's first line was given, the list under an event on the line below it, the
    // 'type' line of a hook whose 'timeout' was wrong.
    const last = path[path.length - 1]
    const parent = atKey ? doc.getIn([field, ...path.slice(0, -1)], true) : undefined
    const pair = typeof last === "string" && isMap(parent) ? parent.items.find((p) => isScalar(p.key) && p.key.value === last) : undefined
    const node = (isScalar(pair?.key) ? pair.key : doc.getIn([field, ...path], true)) as { range?: readonly [number, number, number] } | undefined
    const offset = node?.range?.[0]
    if (offset === undefined) return keyAt(fm, field)
    const before = fm.raw.slice(0, offset)
    // The YAML text starts on file line 2 (after the opening `---`).
    return { line: 2 + (before.match(/\n/g)?.length ?? 0), column: offset - before.lastIndexOf("\n") }
  }
}

export const skl115: Rule = {
  id: "SKL115",
  name: "field-value",
  defaultSeverity: "error",
  category: "frontmatter",
  source: "DECISIONS #51 (issue 43); each agent's frontmatter reference, in docs/agents.md",
  summary: "A field's value is one the agents it is linted for read as intended.",
  doc: "Each active agent profile (`--agent`, else the project's `[build] targets`, else `claude`) says what value each of its fields takes: `effort` one of Claude Code's levels, `context` only `fork`, booleans, lists of strings, the `hooks` map of the settings format. A value outside that is ignored or misread by the agent (`context: forked` runs the skill inline; a misspelt hook event never fires), so lint reports it as an error, naming the agent. An empty field (`effort:`) is left alone, and the specification's own fields are checked by SKL101–SKL114.",
  fix: "Write the value the message lists (docs/agents.md has every field's values), or remove the field.",
  check: (s) => {
    const data = frontmatterData(s.frontmatter)
    if (data === undefined) return []
    const at = partLocator(s.frontmatter)
    return fieldValueProblems(data, activeProfiles(s)).map((p): Finding => ({ file: "SKILL.md", ...at(p.field, p.path, p.atKey), message: p.message }))
  }
}
