/**
 * What `skc tools` and MCP show of a tool skill: function-calling definitions
 * with a JSON Schema built from the parameter table (spec §3.3 JSON
 * mapping), and the prompt manifest text of spec §7.1.
 */
import { renderTemplate } from "./template.js"
import type { Mode, ParameterDefinition, ToolDefinition, ToolSkill } from "./model.js"

export interface JsonSchemaObject {
  readonly type: "object"
  readonly properties: Readonly<Record<string, Readonly<Record<string, unknown>>>>
  readonly required: ReadonlyArray<string>
  readonly additionalProperties: false
}

export const parameterSchema = (p: ParameterDefinition): Readonly<Record<string, unknown>> => ({
  ...(p.type === "array"
    ? { type: "array", items: { type: "string", ...constraintSchema(p) } }
    : { type: p.type ?? "string", ...constraintSchema(p) }),
  ...(p.description ? { description: p.description } : {}),
  ...(p.default !== undefined ? { default: p.default } : {})
})

/** `Values` and `Pattern` (issue 45 item 1) as JSON Schema `enum` and `pattern`. */
const constraintSchema = (p: ParameterDefinition): Readonly<Record<string, unknown>> => ({
  ...(p.values === undefined ? {} : { enum: p.values }),
  ...(p.pattern === undefined ? {} : { pattern: anchoredPattern(p.pattern) })
})

/** A `Pattern` as the schema holds it: the whole value must match, as `skc run` checks it. */
const anchoredPattern = (pattern: string): string => `^(?:${pattern})$`

/** The `Pattern` as its author wrote it, from the schema's `anchoredPattern` (any other pattern as it is). */
export const authoredPattern = (schemaPattern: string): string => /^\^\(\?:([\s\S]*)\)\$$/.exec(schemaPattern)?.[1] ?? schemaPattern

export const parametersSchema = (parameters: ReadonlyArray<ParameterDefinition>): JsonSchemaObject => ({
  type: "object",
  properties: Object.fromEntries(parameters.map((p) => [p.name, parameterSchema(p)])),
  required: parameters.filter((p) => p.required && p.default === undefined).map((p) => p.name),
  additionalProperties: false
})

export interface ToolListing {
  readonly name: string
  readonly description: string
  /** JSON Schema of the arguments: the function-calling definition's `parameters`. */
  readonly parameters: JsonSchemaObject
  readonly read_only: boolean
  readonly always_ask: boolean
  /** The command template as written, for people. */
  readonly command: string | null
}

export const toolListing = (skill: ToolSkill, tool: ToolDefinition): ToolListing => ({
  name: tool.name,
  description: tool.description,
  parameters: parametersSchema(tool.parameters),
  read_only: skill.readOnly,
  always_ask: skill.alwaysAsk,
  command: tool.command === undefined ? null : renderTemplate(tool.command)
})

/** Whether a skill is available in a mode (spec §7.2; `modes` defaults to `["Global"]`). */
export const availableIn = (skill: ToolSkill, mode: Mode): boolean => skill.modes.includes(mode)

/** The manifest text of spec §7.1 for the given tools. */
export const promptManifest = (tools: ReadonlyArray<{ readonly name: string; readonly description: string }>): string =>
  [
    "You are a model that can do function calling with the following functions:",
    "",
    "[Skills]",
    ...tools.map((t) => `- ${t.name}: ${t.description}`)
  ].join("\n") + "\n"
