// The operator's log of `skc mcp` (stderr): each message the SDK reports is one readable line (src/mcp/server.ts
// `oneLogLine`). A team-server probe found the SDK's own words for a client gone before its answer in the log.
import { describe, expect, it } from "vitest"
import { oneLogLine } from "../../src/mcp/server.js"

describe("oneLogLine", () => {
  it("an answer whose client closed its connection is said as what happened to the request", () => {
    expect(oneLogLine("Failed to send response: Error: No connection established for request ID: 11")).toBe(
      "request 11: the client closed its connection before the answer; the answer was dropped"
    )
    expect(oneLogLine("Failed to send response: Error: No connection established for request ID: req-7")).toBe(
      "request req-7: the client closed its connection before the answer; the answer was dropped"
    )
  })

  it("any other message stays as it is, on one line, at most 300 characters", () => {
    expect(oneLogLine("Failed to send response: Error: write EPIPE")).toBe("Failed to send response: Error: write EPIPE")
    expect(oneLogLine("a\n  b")).toBe("a b")
    expect(oneLogLine("x".repeat(400))).toHaveLength(300)
  })
})
