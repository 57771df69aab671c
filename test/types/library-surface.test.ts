/**
 * The library's public surface, pinned (issue 28): the names each package
 * entry exports (`skillc`, `skillc/testing`). A name added or removed
 * changes this snapshot, so the change is seen in review and written in
 * the CHANGELOG (run vitest with -u to accept it).
 */
import { describe, expect, it } from "vitest"

describe("library surface (issue 28)", () => {
  it("skillc exports these names", async () => {
    const names = Object.keys(await import("../../src/index.js")).sort()
    expect(names).toMatchSnapshot()
  })

  it("skillc/testing exports these names", async () => {
    const names = Object.keys(await import("../../src/testing.js")).sort()
    expect(names).toMatchSnapshot()
  })
})
