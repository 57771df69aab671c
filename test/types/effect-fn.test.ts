// Issue 44 item 7: every exported effectful function of src/app is an
// `Effect.fn("skc.<use case>")` (a span for free) or an `Effect.fnUntraced`
// step, never a bare `(…) => Effect.gen(…)` wrapper that no tracer or
// reader's tool can enter. The check reads the sources: an export whose body
// starts with `Effect.gen(` (directly, or inside `Effect.scoped(`) fails it.
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { describe, expect, it } from "vitest"
import { ROOT } from "../helpers/cli.js"

const sources = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []
  )

/** `export const name = (params) =>` (params on one line or many) followed (after optional `Effect.scoped(`) by `Effect.gen(function*`. */
const BARE_WRAPPER = /^export const (\w+) = (?:<[^>\n]*>)?\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)(?:: [^\n]+)? =>\n\s*(?:Effect\.scoped\(\n\s*)?Effect\.gen\(function\*/gm

export const bareWrappers = (text: string): Array<string> => [...text.matchAll(BARE_WRAPPER)].map((m) => m[1]!)

describe("use cases as Effect.fn (issue 44 item 7)", () => {
  it("the check finds a bare wrapper and passes an Effect.fn", () => {
    expect(bareWrappers("export const a = (x: number) =>\n  Effect.gen(function* () {\n    return x\n  })\n")).toEqual(["a"])
    expect(bareWrappers("export const b = (x: string) =>\n  Effect.scoped(\n    Effect.gen(function* () {\n    })\n  )\n")).toEqual(["b"])
    expect(bareWrappers('export const c = Effect.fn("skc.c")(function* (x: number) {\n  return x\n})\n')).toEqual([])
  })

  it("no exported function of src/app is a bare Effect.gen wrapper", () => {
    const offenders = sources(join(ROOT, "src", "app")).flatMap((file) =>
      bareWrappers(readFileSync(file, "utf8")).map((name) => `${relative(ROOT, file)}: ${name}`)
    )
    expect(offenders).toEqual([])
  })
})

/** The `orElseSucceed` calls of a source without a `// Recovery:` comment in the three lines above (issue 44 item 7). */
export const unexplainedRecoveries = (text: string): Array<number> => {
  const lines = text.split("\n")
  return lines.flatMap((line, i) =>
    line.includes("Effect.orElseSucceed(") && !lines.slice(Math.max(0, i - 3), i + 1).some((l) => /\/\/ Recovery: /.test(l)) ? [i + 1] : []
  )
}

describe("failures turned into defaults say why (issue 44 item 7)", () => {
  it("the check finds a silent orElseSucceed and passes an explained one", () => {
    expect(unexplainedRecoveries("const a = f.pipe(Effect.orElseSucceed(() => 1))")).toEqual([1])
    expect(unexplainedRecoveries("// Recovery: a probe.\nconst a = f.pipe(Effect.orElseSucceed(() => 1))")).toEqual([])
  })

  it("every Effect.orElseSucceed under src/ has a `// Recovery:` comment; probes use the typed `unseenAs`", () => {
    const offenders = sources(join(ROOT, "src")).flatMap((file) =>
      unexplainedRecoveries(readFileSync(file, "utf8")).map((line) => `${relative(ROOT, file)}:${line}`)
    )
    expect(offenders).toEqual([])
  })
})
