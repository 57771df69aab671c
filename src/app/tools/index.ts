/**
 * The face of the `tools` capability (issue 44 item 3): Tool skills: their tools, running one, approving them, and tools over MCP.
 * Other capabilities import this module, never a file behind it.
 */
export { tools } from "./tools.js"
export { approve } from "./approve.js"
