// The hexagon's rule (docs/architecture.md): adapters are wired in the
// composition root, src/layers.ts, and nowhere else. Command specs, the CLI
// and the MCP server ask it for what they need (its `load…` functions keep
// each adapter out of every other command's start-up). src/index.ts, the
// library surface, still re-exports adapters for embedders (issue 28).
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { describe, expect, it } from "vitest"
import { ROOT } from "../helpers/cli.js"

const sources = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []
  )

describe("the composition root", () => {
  it("no module outside src/layers.ts (and the library surface) imports an adapter, statically or lazily", () => {
    const src = join(ROOT, "src")
    const offenders = sources(src)
      .map((file) => relative(ROOT, file))
      .filter((file) => !file.startsWith("src/adapters/") && file !== "src/layers.ts" && file !== "src/index.ts" && file !== "src/testing.ts")
      .flatMap((file) =>
        readFileSync(join(ROOT, file), "utf8")
          .split("\n")
          .filter((line) => /(from|import\()\s*"[^"]*\/adapters\//.test(line))
          .map((line) => `${file}: ${line.trim()}`)
      )
    expect(offenders).toEqual([])
  })
})
