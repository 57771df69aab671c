// Issue 30 (mcp.memory): numbers grouped as `toLocaleString("en-US")` groups
// them, without loading ICU's number-formatting data into a long-lived
// server. The output must be exactly ICU's for every value skc writes.
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { thousands } from "../../src/domain/thousands.js"

describe("thousands", () => {
  it("writes every safe integer as toLocaleString('en-US') does", () => {
    fc.assert(fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (x) => thousands(x) === x.toLocaleString("en-US")))
    for (const x of [0, -0, 7, 999, 1000, -1000, 1234567, 1024, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]) {
      expect(thousands(x)).toBe(x.toLocaleString("en-US"))
    }
  })

  it("leaves any other number to toLocaleString", () => {
    for (const x of [1.2345, 0.5, -2.75, 1e21, Number.MAX_SAFE_INTEGER + 2, Infinity, -Infinity, NaN]) {
      expect(thousands(x)).toBe(x.toLocaleString("en-US"))
    }
  })
})
