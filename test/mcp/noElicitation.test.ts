// The server never elicits, and passes the SDK a validator of its own so that the SDK's default (Ajv)
// is never constructed and its bundle can leave Ajv out (src/mcp/noElicitation.ts, scripts/bundle.mjs).
import { describe, expect, it } from "vitest"
import { noElicitation } from "../../src/mcp/noElicitation.js"

describe("the server's JSON Schema validator", () => {
  it("lets no answer pass, whatever the schema: an unvalidated answer is never taken for a valid one", () => {
    const check = noElicitation.getValidator({ type: "object", properties: { name: { type: "string" } } })
    expect(check({ name: "x" })).toEqual({ valid: false, data: undefined, errorMessage: "skc's MCP server asks no client for input (elicitation)" })
    expect(check(undefined).valid).toBe(false)
  })
})
