// The window after a lint in which changes typed during it are folded into the next (src/lsp/server.ts): as
// long as the lint took, within bounds. A fixed 15 ms after a 600 ms lint of a 5.8 MB file let three changes
// in, fewer than one types, and the editor fell further behind the longer one typed.
import { describe, expect, it } from "@effect/vitest"
import { cooldownAfter } from "../../src/lsp/server.js"

describe("cooldownAfter", () => {
  it("is at least 15 ms, as long as the lint took, at most 5 s", () => {
    expect(cooldownAfter(0)).toBe(15)
    expect(cooldownAfter(3.2)).toBe(15)
    expect(cooldownAfter(600.4)).toBe(600)
    expect(cooldownAfter(60_000)).toBe(5_000)
  })
})
