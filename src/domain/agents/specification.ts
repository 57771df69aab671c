/**
 * The Agent Skills specification's six fields (agentskills.io/specification):
 * every profile knows them, and the strict `agentskills` profile knows
 * nothing else. Their value rules are lint's SKL100–SKL114 (name, lengths,
 * `metadata` as strings, `allowed-tools` entries), so they are declared here
 * as `any`: SKL115 never repeats those findings.
 */
import type { FieldSpec } from "./profile.js"

export const SPEC_SOURCE = "https://agentskills.io/specification (Frontmatter)"

export const SPECIFICATION_FIELDS: ReadonlyArray<FieldSpec> = [
  { name: "name", value: { kind: "any" }, summary: "The skill's identifier; equals its directory name (SKL101–SKL104).", source: SPEC_SOURCE },
  { name: "description", value: { kind: "any" }, summary: "What the skill does and when to use it; what agents list (SKL105–SKL108).", source: SPEC_SOURCE },
  { name: "license", value: { kind: "string" }, summary: "A licence name or the name of a bundled licence file.", source: SPEC_SOURCE },
  { name: "compatibility", value: { kind: "any" }, summary: "Environment requirements, at most 500 characters (SKL111).", source: SPEC_SOURCE },
  { name: "metadata", value: { kind: "any" }, summary: "A map of string keys to string values (SKL112).", source: SPEC_SOURCE },
  { name: "allowed-tools", value: { kind: "any" }, summary: "Pre-approved tools, experimental (SKL114).", source: SPEC_SOURCE }
]

export const SPECIFICATION_FIELD_NAMES: ReadonlyArray<string> = SPECIFICATION_FIELDS.map((f) => f.name)
