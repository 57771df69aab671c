// Issue 44 item 2: an MCP session's project is a service of the session
// (its Env's working directory), never the process's. One process serves
// many sessions, so no source may move the whole process: the issue's own
// check, `grep -rn "process.chdir" src`, finds nothing.
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { describe, expect, it } from "vitest"
import { ROOT } from "../helpers/cli.js"

const sources = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.(ts|mts|cts|js|mjs)$/.test(e.name) ? [join(dir, e.name)] : []
  )

describe("the working directory of the process (issue 44 item 2)", () => {
  it("no source under src/ calls process.chdir", () => {
    const offenders = sources(join(ROOT, "src")).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, i) => ({ line, i }))
        .filter(({ line }) => /process\s*\.\s*chdir\b|\bchdir\s*\(/.test(line))
        .map(({ line, i }) => `${relative(ROOT, file)}:${i + 1}: ${line.trim()}`)
    )
    expect(offenders).toEqual([])
  })
})
