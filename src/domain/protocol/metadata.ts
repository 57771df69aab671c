/**
 * Skill metadata as the Agent Skill Protocol validates it at discovery
 * ("Metadata Schema"): a skill whose metadata fails is not registered; the
 * discovery report lists it with its problems instead (never fatal).
 */
import { parseAllowedTools, type AllowedTools } from "./tools.js"
import { readSkillSource } from "./frontmatter.js"

export const NAME_PATTERN = /^[a-z0-9-]+$/
export const MAX_NAME = 64
export const MAX_DESCRIPTION = 1024
export const RESERVED_WORDS = ["anthropic", "claude"] as const

/** Anything that looks like an XML/HTML tag: `<x>`, `</x>`, `<x attr="">`, `<x/>`. */
const XML_TAG = /<\/?[A-Za-z][\w:.-]*(\s[^<>]*)?\/?>/

export interface SkillMetadata {
  readonly name: string
  readonly description: string
  /** `undefined`: no `allowed-tools` field (standard permission model). */
  readonly allowedTools: AllowedTools | undefined
  readonly version: string | undefined
}

export type MetadataResult =
  | { readonly _tag: "Valid"; readonly metadata: SkillMetadata; readonly body: string }
  | { readonly _tag: "Invalid"; readonly name: string | undefined; readonly problems: ReadonlyArray<string> }

const codePoints = (s: string) => [...s].length

export const nameProblems = (name: string): ReadonlyArray<string> => {
  const problems: Array<string> = []
  const n = codePoints(name)
  if (n === 0) problems.push("name is empty")
  if (n > MAX_NAME) problems.push(`name is ${n} characters (at most ${MAX_NAME})`)
  if (XML_TAG.test(name)) problems.push("name contains an XML tag")
  if (n > 0 && !NAME_PATTERN.test(name)) problems.push("name must match ^[a-z0-9-]+$ (lowercase letters, digits, hyphens)")
  for (const word of RESERVED_WORDS) {
    if (name.toLowerCase().includes(word)) problems.push(`name contains the reserved word '${word}'`)
  }
  return problems
}

export const descriptionProblems = (description: string): ReadonlyArray<string> => {
  const problems: Array<string> = []
  const n = codePoints(description.trim())
  if (n === 0) problems.push("description is empty")
  if (codePoints(description) > MAX_DESCRIPTION) problems.push(`description is ${codePoints(description)} characters (at most ${MAX_DESCRIPTION})`)
  if (XML_TAG.test(description)) problems.push("description contains an XML tag")
  return problems
}

/** Parse and validate one SKILL.md text. */
export const validateSkillSource = (source: string): MetadataResult => {
  const parsed = readSkillSource(source)
  if (parsed._tag === "Absent") return { _tag: "Invalid", name: undefined, problems: ["no YAML frontmatter"] }
  if (parsed._tag === "Invalid") return { _tag: "Invalid", name: undefined, problems: [`frontmatter: ${parsed.message}`] }
  const data = parsed.data
  const problems: Array<string> = []
  const rawName = data["name"]
  const rawDescription = data["description"]
  const name = typeof rawName === "string" ? rawName : undefined
  if (rawName === undefined) problems.push("missing field 'name'")
  else if (name === undefined) problems.push("field 'name' is not a string")
  else problems.push(...nameProblems(name))
  if (rawDescription === undefined) problems.push("missing field 'description'")
  else if (typeof rawDescription !== "string") problems.push("field 'description' is not a string")
  else problems.push(...descriptionProblems(rawDescription))
  const tools = data["allowed-tools"] === undefined ? undefined : parseAllowedTools(data["allowed-tools"])
  if (tools !== undefined && tools._tag === "Invalid") problems.push(`allowed-tools: ${tools.message}`)
  if (problems.length > 0) return { _tag: "Invalid", name, problems }
  const version = data["version"]
  return {
    _tag: "Valid",
    metadata: {
      name: name!,
      description: (rawDescription as string).trim(),
      allowedTools: tools?._tag === "Parsed" ? tools.tools : undefined,
      version: typeof version === "string" || typeof version === "number" ? String(version) : undefined
    },
    body: parsed.body
  }
}
