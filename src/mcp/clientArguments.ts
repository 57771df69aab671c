/**
 * Arguments MCP clients add to every tool for their own use (src/mcp: both the `skc_*` tools and the
 * tool-skill tools drop them before decoding, unless the tool declares the name).
 */
import type { SchemaAST } from "effect"

/**
 * Arguments an MCP client adds to every tool's input schema for its own use and then sends to the
 * server with the call. Gemini CLI 0.61.0 adds `wait_for_previous` (a boolean its scheduler reads to
 * run a call after the ones before it: packages/core/src/tools/tools.ts, `addWaitForPreviousParameter`;
 * its system prompt tells the model it MUST set it on a call that depends on another) and passes the
 * model's arguments on to the MCP server unchanged (packages/core/src/tools/mcp-tool.ts). Refused as
 * unknown, every such call was E100.
 */
export const CLIENT_ARGUMENTS: ReadonlyArray<string> = ["wait_for_previous"]

/**
 * `input` without the arguments of `CLIENT_ARGUMENTS` that the tool does not declare (`declares`):
 * they are the client's, not the tool's. A declared one stays; anything but a plain object is left
 * as it is.
 */
export const withoutClientArguments = (input: unknown, declares: (name: string) => boolean): unknown => {
  if (input === null || typeof input !== "object" || Array.isArray(input)) return input
  const record = input as Record<string, unknown>
  if (!CLIENT_ARGUMENTS.some((k) => Object.hasOwn(record, k) && !declares(k))) return input
  return Object.fromEntries(Object.entries(record).filter(([k]) => !CLIENT_ARGUMENTS.includes(k) || declares(k)))
}

/** Whether an object schema declares a property of this name. */
export const declaresProperty = (ast: SchemaAST.AST, name: string): boolean =>
  ast._tag === "Objects" && ast.propertySignatures.some((ps) => String(ps.name) === name)
