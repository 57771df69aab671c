// Issue 44 item 6: a command's output is a value. The specs under
// src/commands return results and write them through the Output port
// (src/ports/Output.ts); none of them touches the process itself (its
// streams, environment or exit). Comments may name `process.`; code may not.
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { describe, expect, it } from "vitest"
import { ROOT } from "../helpers/cli.js"

const sources = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.(ts|mts|cts|js|mjs)$/.test(e.name) ? [join(dir, e.name)] : []
  )

/** The source without its comments (block and line), line breaks kept so line numbers stay right. */
const withoutComments = (text: string): string =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, " "))
    .replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1")

describe("output as a value (issue 44 item 6)", () => {
  it("no source under src/commands/ uses `process.`", () => {
    const offenders = sources(join(ROOT, "src", "commands")).flatMap((file) =>
      withoutComments(readFileSync(file, "utf8"))
        .split("\n")
        .map((line, i) => ({ line, i }))
        .filter(({ line }) => /\bprocess\s*\./.test(line))
        .map(({ line, i }) => `${relative(ROOT, file)}:${i + 1}: ${line.trim()}`)
    )
    expect(offenders).toEqual([])
  })
})
