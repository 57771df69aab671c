/**
 * The JSON Schema validator the MCP SDK's `Server` wants: it validates a
 * client's answer to elicitation (`elicitInput`, a server asking the user a
 * question through the client), and nothing else in the low-level `Server`.
 * skc's server never elicits, so no schema is ever validated; passing this
 * one keeps the SDK from constructing its default, Ajv, which scripts/bundle.mjs
 * then leaves out of dist/commands/mcp.cjs (about 125 KB of every install,
 * and modules a server would initialise at each start for nothing).
 */
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js"

/** Refuses any answer: were skc ever to elicit, no unvalidated answer could pass for a valid one. */
export const noElicitation: jsonSchemaValidator = {
  getValidator: () => () => ({ valid: false, data: undefined, errorMessage: "skc's MCP server asks no client for input (elicitation)" })
}
