// The library's VERSION (dist/lib, compiled by tsc without the bundle's define) is the literal of
// src/domain/version.ts: it must be package.json's, or embedders' manifests record another version.
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { PACKAGE_VERSION, VERSION } from "../../src/domain/version.js"

describe("the version skc reports", () => {
  it("src/domain/version.ts's literal is package.json's version (the library has no bundler define)", () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "package.json"), "utf8")) as { version: string }
    expect(PACKAGE_VERSION).toBe(pkg.version)
    // In the sources, as in the library, VERSION is that literal.
    expect(VERSION).toBe(pkg.version)
  })
})
