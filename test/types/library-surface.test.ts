/**
 * The library's public surface, pinned (issue 28 item 1): the names each
 * package entry exports (`skillc`, its subpath entries, `skillc/testing`),
 * as package.json maps them. A name added or removed changes this snapshot,
 * so the change is seen in review and written in the CHANGELOG (run vitest
 * with -u to accept it). The top level stays small: at most 60 names,
 * types included.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { ROOT } from "../helpers/cli.js"

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { exports: Record<string, { types?: string; import?: string } | string> }

/** package.json's entry `name` → its source file (dist/lib/x.js ← src/x.ts). */
const sourceOf = (name: string): string => {
  const target = pkg.exports[name]
  if (typeof target !== "object" || target.import === undefined) throw new Error(`no import target for ${name}`)
  return join(ROOT, target.import.replace(/^\.\/dist\/lib\//, "src/").replace(/\.js$/, ".ts"))
}

const entries = Object.keys(pkg.exports).filter((e) => e !== "./package.json")

describe("library surface (issue 28)", () => {
  it("package.json maps these entries", () => {
    expect(entries).toEqual(["."].concat(["build", "config", "lint", "search", "stats", "protocol", "tools", "ports", "testing"].map((e) => `./${e}`)))
  })

  for (const entry of entries) {
    it(`skillc${entry.slice(1)} exports these names`, async () => {
      const names = Object.keys(await import(sourceOf(entry))).sort()
      expect(names).toMatchSnapshot()
    })
  }

  // dist/lib is compiled from the entries alone (tsconfig.lib.json's `files`; tsc follows their imports), so
  // the CLI's, the MCP server's and the language server's modules stay out of it: an entry package.json
  // maps must be one of those files, or it would be missing from the package.
  it("tsconfig.lib.json compiles exactly the entries package.json maps (and the declarations they need)", () => {
    const lib = JSON.parse(readFileSync(join(ROOT, "tsconfig.lib.json"), "utf8")) as { files: Array<string>; include?: Array<string> }
    expect(lib.include ?? []).toEqual([])
    const compiled = lib.files.filter((f) => !f.endsWith(".d.ts")).map((f) => join(ROOT, f)).sort()
    expect(compiled).toEqual(entries.map(sourceOf).sort())
  })

  it("skillc exports at most 60 names, types included, and no module wholesale", () => {
    const source = readFileSync(sourceOf("."), "utf8")
    expect(source).not.toMatch(/^export \*/m)
    // Every `export { … } from` and `export type { … } from` list: one name per item (`a as b` is b).
    const names = [...source.matchAll(/^export (?:type )?\{([^}]*)\}/gm)].flatMap((m) =>
      m[1]!
        .split(",")
        .map((item) => item.replace(/^\s*type\s+/, "").trim())
        .filter((item) => item !== "")
        .map((item) => item.split(/\s+as\s+/).pop()!)
    )
    expect(new Set(names).size).toBe(names.length)
    expect(names.length).toBeGreaterThan(0)
    expect(names.length).toBeLessThanOrEqual(60)
  })
})
