// A lint's findings for a file are published only while the file is as the lint read it (src/lsp/server.ts):
// a buffer closed during the lint got its findings back after didClose's clear, for good (seventy-ninth pass).
import { describe, expect, it } from "@effect/vitest"
import { publishable } from "../../src/lsp/server.js"

describe("publishable", () => {
  it("publishes a buffer still open at the version the lint read, and a file read from disk and still closed", () => {
    expect(publishable(3, 3)).toBe(true)
    expect(publishable(undefined, undefined)).toBe(true)
  })
  it("drops a buffer closed, changed or opened since the lint started", () => {
    expect(publishable(1, undefined)).toBe(false)
    expect(publishable(1, 2)).toBe(false)
    expect(publishable(undefined, 1)).toBe(false)
  })
})
