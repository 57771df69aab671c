/**
 * Issue 44 item 3: src/app is one folder per capability (shared, skills,
 * usage, build, search, tools, eval, lint), each with a small `index.ts`
 * face. The import graph keeps that shape: no import circle (type imports
 * included: a circle of types is still two modules that cannot be
 * understood apart), a capability reaches another only through its face,
 * and faces re-export their own folder only. Read from the sources, so a
 * new file is checked the day it is written.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { describe, expect, it } from "vitest"

const SRC = join(__dirname, "..", "..", "src")

const tsFiles = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((e) => {
    const p = join(dir, e)
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith(".ts") ? [p] : []
  })

/** Relative imports and re-exports of every file below `dir`, as absolute paths of files that exist. */
const importGraph = (dir: string): Map<string, ReadonlyArray<string>> => {
  const files = tsFiles(dir)
  const known = new Set(files)
  const graph = new Map<string, ReadonlyArray<string>>()
  for (const f of files) {
    const deps = [...readFileSync(f, "utf8").matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+"(\.[^"]+)"/gm)]
      .map((m) => resolve(dirname(f), m[1]!.replace(/\.js$/, ".ts")))
      .filter((d) => known.has(d))
    graph.set(f, deps)
  }
  return graph
}

/** The strongly connected components with more than one file (Tarjan). */
const circles = (graph: Map<string, ReadonlyArray<string>>): Array<Array<string>> => {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: Array<string> = []
  const onStack = new Set<string>()
  const out: Array<Array<string>> = []
  const visit = (v: string) => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) === index.get(v)) {
      const component: Array<string> = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        component.push(relative(SRC, w))
      } while (w !== v)
      if (component.length > 1) out.push(component.sort())
    }
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return out
}

describe("issue 44: the shape of src/app", () => {
  const app = importGraph(join(SRC, "app"))

  it("no import circle among use cases and services", () => {
    expect(circles(app)).toEqual([])
  })

  it("a capability imports another only through its index.ts face", () => {
    const capabilityOf = (f: string) => relative(join(SRC, "app"), f).split("/")[0]!
    // recorded.ts, at the root of src/app, is the library's wrapper over several capabilities' use cases, not one of them.
    const around = [...app].filter(([f]) => dirname(f) !== join(SRC, "app")).flatMap(([f, deps]) =>
      deps
        .filter((d) => capabilityOf(d) !== capabilityOf(f) && !d.endsWith("/index.ts") && dirname(d) !== join(SRC, "app"))
        .map((d) => `${relative(SRC, f)} -> ${relative(SRC, d)}`)
    )
    expect(around).toEqual([])
  })

  it("the capabilities are the folders the architecture names, each with a face", () => {
    const folders = readdirSync(join(SRC, "app")).filter((e) => statSync(join(SRC, "app", e)).isDirectory()).sort()
    expect(folders).toEqual(["build", "eval", "lint", "search", "shared", "skills", "tools", "usage"])
    for (const f of folders) expect(statSync(join(SRC, "app", f, "index.ts")).isFile(), f).toBe(true)
  })

  it("a face re-exports its own folder only", () => {
    const faces = [...app].filter(([f]) => f.endsWith("/index.ts"))
    const outside = faces.flatMap(([f, deps]) => deps.filter((d) => dirname(d) !== dirname(f)).map((d) => `${relative(SRC, f)} -> ${relative(SRC, d)}`))
    expect(outside).toEqual([])
  })

  it("the domain has no circle of values (a circle of type-only imports is allowed there)", () => {
    const domain = importGraph(join(SRC, "domain"))
    const valuesOnly = new Map(
      [...domain].map(([f, deps]) => {
        const typeOnly = new Set(
          [...readFileSync(f, "utf8").matchAll(/^\s*import\s+type\s[^;]*?\sfrom\s+"(\.[^"]+)"/gm)].map((m) => resolve(dirname(f), m[1]!.replace(/\.js$/, ".ts")))
        )
        return [f, deps.filter((d) => !typeOnly.has(d))] as const
      })
    )
    expect(circles(valuesOnly)).toEqual([])
  })
})
