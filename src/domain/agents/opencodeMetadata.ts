/**
 * Whether OpenCode can read a SKILL.md's frontmatter (OpenCode 1.18.33's
 * binary, ConfigMarkdown: `parse(q){try{return matter(q)}catch{return
 * matter(sanitize(q))}}`). Its YAML parse fails on a value holding an
 * unquoted `: ` (`argument-hint: usage: foo`); the sanitiser then rewrites
 * such a line as a block scalar, but only for a key matching
 * `/^([a-zA-Z_][a-zA-Z0-9_]*)\s*:\s*(.*)$/`: a key with a hyphen keeps its
 * line, the second parse fails too, and OpenCode skips the skill. Pure.
 */
import { parse } from "yaml"

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---/
const IDENTIFIER_KEY = /^([a-zA-Z_][a-zA-Z0-9_]*)\s*:\s*(.*)$/
/** Any top-level key and its value, for naming the line OpenCode's sanitiser leaves alone. */
const ANY_KEY = /^([^\s#:][^:]*?)\s*:\s+(.*)$/

const parses = (yaml: string): boolean => {
  try {
    parse(yaml)
    return true
  } catch {
    return false
  }
}

/** OpenCode's `sanitize` over the frontmatter's lines: an identifier key's unquoted value holding `:` becomes `key: |-` and the value indented. */
export const opencodeSanitize = (frontmatter: string): string =>
  frontmatter
    .split(/\r?\n/)
    .flatMap((line) => {
      if (line.trim().startsWith("#") || line.trim() === "" || /^\s+/.test(line)) return [line]
      const m = IDENTIFIER_KEY.exec(line)
      if (m === null) return [line]
      const value = m[2]!.trim()
      if (value === "" || value === ">" || value === "|" || value.startsWith('"') || value.startsWith("'") || !value.includes(":")) return [line]
      return [`${m[1]}: |-`, `  ${value}`]
    })
    .join("\n")

/**
 * js-yaml 3's implicit types beyond YAML 1.2's core schema (gray-matter parses with it): a date or timestamp
 * (`2024-01-01`, `2024-1-1 10:00:00`) and a base-60 number (`12:30`, `1:30:00`). The `yaml` package reads them as
 * text; OpenCode's `isSkillFrontmatter` requires `name` and `description` to be strings and skips the skill.
 */
const JS_YAML_TIMESTAMP = /^\d{4}-\d\d-\d\d$|^\d{4}-\d\d?-\d\d?(?:[Tt]|[ \t]+)\d\d?:\d\d:\d\d(?:\.\d*)?(?:[ \t]*(?:Z|[-+]\d\d?(?::\d\d)?))?$/
const JS_YAML_BASE60 = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/
const TEXT_FIELD = /^(name|description)[ \t]*:[ \t]+(.*)$/

/** The `name` or `description` whose plain value js-yaml 3 reads as no text, with what it reads it as. */
const typedByJsYaml = (frontmatter: string): { readonly key: string; readonly value: string; readonly as: string } | undefined => {
  for (const line of frontmatter.split(/\r?\n/)) {
    const m = TEXT_FIELD.exec(line)
    if (m === null) continue
    const value = m[2]!.replace(/[ \t]+#.*$/, "").trim()
    if (JS_YAML_TIMESTAMP.test(value)) return { key: m[1]!, value, as: "a date" }
    if (JS_YAML_BASE60.test(value)) return { key: m[1]!, value, as: "a base-60 number" }
  }
  return undefined
}

/** Why OpenCode skips this SKILL.md, or undefined when it reads its frontmatter (or finds none: the generic reading decides). */
export const opencodeSkipReason = (text: string): string | undefined => {
  const m = FRONTMATTER.exec(text)
  if (m !== null && parses(m[1]!)) {
    const typed = typedByJsYaml(m[1]!)
    return typed === undefined
      ? undefined
      : `OpenCode reads '${typed.key}: ${typed.value}' as ${typed.as} (gray-matter's js-yaml 3, YAML 1.1 types), not text, and skips the skill; quote it`
  }
  if (m === null || parses(opencodeSanitize(m[1]!))) return undefined
  const left = m[1]!
    .split(/\r?\n/)
    .map((line) => ANY_KEY.exec(line))
    .find((k) => k !== null && !IDENTIFIER_KEY.test(k[0]) && !/^["']/.test(k[2]!.trim()) && k[2]!.includes(": "))
  return left === undefined || left === null
    ? "OpenCode cannot parse the frontmatter as YAML and skips the skill"
    : `OpenCode cannot parse the frontmatter: the value of '${left[1]}' holds an unquoted ': ', which OpenCode quotes only for keys of letters, digits and '_', so it skips the skill`
}
