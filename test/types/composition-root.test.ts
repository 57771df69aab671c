// The hexagon's rule (docs/architecture.md): adapters are wired in the
// composition root, src/layers.ts, and nowhere else. Command specs, the CLI
// and the MCP server provide its named layers (each loaded when it is built,
// keeping the adapter out of every other command's start-up); so do the library's
// entries, src/index.ts and src/testing.ts (issue 28 item 4). The second
// test is the issue's own check, `grep -rn "adapters/" src`: not even a
// comment outside the root names an adapter's path.
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { describe, expect, it } from "vitest"
import { ROOT } from "../helpers/cli.js"

const sources = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []
  )

describe("the composition root", () => {
  it("no module outside src/layers.ts imports an adapter, statically or lazily", () => {
    const src = join(ROOT, "src")
    const offenders = sources(src)
      .map((file) => relative(ROOT, file))
      .filter((file) => !file.startsWith("src/adapters/") && file !== "src/layers.ts")
      .flatMap((file) =>
        readFileSync(join(ROOT, file), "utf8")
          .split("\n")
          .filter((line) => /(from|import\()\s*"[^"]*\/adapters\//.test(line))
          .map((line) => `${file}: ${line.trim()}`)
      )
    expect(offenders).toEqual([])
  })

  it("no file outside src/layers.ts and the adapters mentions 'adapters/' (issue 28's grep)", () => {
    const mentions = sources(join(ROOT, "src"))
      .map((file) => relative(ROOT, file))
      .filter((file) => !file.startsWith("src/adapters/") && file !== "src/layers.ts")
      .filter((file) => readFileSync(join(ROOT, file), "utf8").includes("adapters/"))
    expect(mentions).toEqual([])
  })

  // Issue 44 item 1: a command spec or the MCP server provides a named layer
  // (`SearchIndexLive`, `ProcessRunnerLive`, …) and never says which store or
  // runtime is behind it, so a new backend changes src/layers.ts alone.
  it("command specs, the CLI and the MCP server never name SQLite, Node or PostgreSQL adapters", () => {
    const adapterNames = /\b(Sqlite\w*Live|Sqlite\w*Layer|SqlitePools\w*|Node\w*(Live|Runner|Prompter)|TeamLogPg|makeNode\w+|load\w+Live)\b/
    const offenders = ["src/commands", "src/cli", "src/mcp"]
      .flatMap((dir) => sources(join(ROOT, dir)))
      .map((file) => relative(ROOT, file))
      .flatMap((file) =>
        readFileSync(join(ROOT, file), "utf8")
          .split("\n")
          .filter((line) => adapterNames.test(line))
          .map((line) => `${file}: ${line.trim()}`)
      )
    expect(offenders).toEqual([])
  })
})
