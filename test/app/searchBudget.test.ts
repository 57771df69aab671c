// The result budget of a search (`max_bytes`; over MCP 16 KB by default, docs/mcp.md "Payload budgets"),
// in process on the memory world: the best results that fit, whole and in score order, what was left out
// counted per file, and the access-log rows of a search across skills (DECISIONS #44) counting only the
// results returned.
import { describe, expect, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import { indexSkill } from "../../src/app/build/indexing.js"
import { resolveSkill } from "../../src/app/skills/resolve.js"
import { search, type SearchResult } from "../../src/app/search/search.js"
import { loggedCall } from "../../src/app/usage/accessLog.js"
import { printedScore } from "../../src/render/search.js"
import { makeMemorySearchIndex } from "../../src/layers.js"
import { makeMemoryAccessLog, memoryWorld } from "../../src/testing.js"

/** A skill whose every section (in two files) speaks of watermarks, in words of its own. */
const skillFiles = (name: string, sections: number) => {
  const body = (file: string) =>
    Array.from({ length: sections }, (_, i) => `## Stamp ${file} ${i}\n\nPut a watermark on page ${i} of the ${file} document, then check the ${"layout ".repeat(i % 7)}result.\n`).join("\n")
  return {
    [`/proj/.skillc/skills/${name}/SKILL.md`]: `---\nname: ${name}\ndescription: Notes ${name} keeps for tests.\n---\n# ${name}\n\n${body("main")}`,
    [`/proj/.skillc/skills/${name}/reference.md`]: `# Reference\n\n${body("reference")}`
  }
}

const logOf = (name: string) => `/proj/.skillc/runtime/${name}/.skillc-meta/logs.db`

const setup = (names: ReadonlyArray<string>) => {
  const log = makeMemoryAccessLog()
  const w = memoryWorld({ files: Object.assign({}, ...names.map((n) => skillFiles(n, 30))), accessLog: log })
  const build = async () => {
    for (const n of names) Result.getOrThrow(await w.run(Effect.flatMap(resolveSkill(n), indexSkill)))
  }
  const run = async (effect: Parameters<typeof w.run>[0]) => Result.getOrThrow(await w.run(effect)) as SearchResult
  return { log, w, build, run }
}

const bytes = (x: unknown) => Buffer.byteLength(JSON.stringify(x), "utf8")

describe("search: the result budget (max_bytes)", () => {
  it("one skill: the first results that fit, whole and in printed-score order; the rest counted per file", async () => {
      const s = setup(["marks"])
      await s.build()
      const all = await s.run(search({ skill: "marks", query: "watermark", limit: 1000 }))
      expect(all.results.length).toBe(60)
      expect(all.truncated).toBeUndefined()
      expect(bytes(all)).toBeGreaterThan(8192)
      const cut = await s.run(search({ skill: "marks", query: "watermark", limit: 1000, max_bytes: 8192 }))
      const kept = cut.results.length
      expect(kept).toBeGreaterThan(0)
      expect(kept).toBeLessThan(all.results.length)
      // Whole results, the best ones, in their order.
      expect(cut.results).toEqual(all.results.slice(0, kept))
      const printed = cut.results.map((r) => Number(printedScore(r.score)))
      expect([...printed].sort((a, b) => b - a)).toEqual(printed)
      // What was left out: how many, where (the largest groups first), and how to ask for it.
      expect(cut.truncated!.omitted).toBe(all.results.length - kept)
      const named = cut.truncated!.under.reduce((n, g) => n + g.count, 0)
      expect(named).toBeLessThanOrEqual(cut.truncated!.omitted)
      expect(cut.truncated!.under.length).toBeGreaterThan(0)
      const counts = cut.truncated!.under.map((g) => g.count)
      expect([...counts].sort((a, b) => b - a)).toEqual(counts)
      expect(cut.truncated!.hint).toBe("pass max_bytes (a larger budget) to see the rest")
      // The document alone stays well inside the budget (the text and notices take the rest).
      expect(bytes(cut)).toBeLessThanOrEqual(8192)
      // A budget the whole answer fits: nothing left out, no `truncated`.
      const roomy = await s.run(search({ skill: "marks", query: "watermark", limit: 1000, max_bytes: 4_000_000 }))
      expect(roomy).toEqual(all)
  })

  it("DECISIONS #44 across skills: a row per skill with a returned result, counting only those returned", async () => {
      const names = ["alpha", "beta", "gamma"]
      const s = setup(names)
      await s.build()
      const before = new Map(names.map((n) => [n, (s.log.databases.get(logOf(n)) ?? []).length]))
      const all = await s.run(search({ query: "watermark", limit: 1000 }))
      // Every skill answers when nothing is left out.
      expect(new Set(all.results.map((r) => r.skill))).toEqual(new Set(names))
      // The smallest budget keeps the best result alone.
      const cut = await s.run(search({ query: "watermark", limit: 1000, max_bytes: 1024 }).pipe(loggedCall({ command: "search" })))
      expect(cut.results).toEqual(all.results.slice(0, 1))
      expect(cut.truncated!.omitted).toBe(all.results.length - 1)
      expect(cut.truncated!.under.every((g) => g.skill !== undefined)).toBe(true)
      for (const name of names) {
        const rows = (s.log.databases.get(logOf(name)) ?? []).slice(before.get(name)!)
        const returned = cut.results.filter((r) => r.skill === name).length
        if (returned === 0) expect(rows, name).toEqual([])
        else {
          expect(rows, name).toHaveLength(1)
          expect(JSON.parse(rows[0]!.args)).toMatchObject({ query: "watermark", result_count: returned, scope: "all" })
        }
      }
  })
})

describe("search: only the results a budget keeps are excerpted", () => {
  // A probe froze `skc mcp` with one `skc_search` of `limit: 100000` over a 60,000-section skill: every
  // match was excerpted (FTS5's `snippet`, 2.3 s of 7.8 s) for an answer of 34 within 16 KB. The answer is
  // the same; what the index is asked to excerpt is counted here.
  const counting = () => {
    const inner = makeMemorySearchIndex()
    const asked = { rows: 0 }
    const index: typeof inner = {
      ...inner,
      open: (path) =>
        Effect.map(inner.open(path), (ix) => ({
          ...ix,
          excerpts: (q, ids) => Effect.suspend(() => ((asked.rows += ids.length), ix.excerpts(q, ids))),
          ownExcerpts: (q, ids) => Effect.suspend(() => ((asked.rows += ids.length), ix.ownExcerpts(q, ids)))
        }))
    }
    return { index, asked }
  }
  const world = (names: ReadonlyArray<string>, sections: number) => {
    const { index, asked } = counting()
    const w = memoryWorld({ files: Object.assign({}, ...names.map((n) => skillFiles(n, sections))), searchIndex: index })
    const run = async (effect: Parameters<typeof w.run>[0]) => Result.getOrThrow(await w.run(effect)) as SearchResult
    const build = async () => {
      for (const n of names) Result.getOrThrow(await w.run(Effect.flatMap(resolveSkill(n), indexSkill)))
    }
    return { asked, run, build }
  }

  it("one skill: 1,200 matches under 8 KB excerpt a few dozen, and answer as excerpting all of them did", async () => {
    const s = world(["marks"], 600)
    await s.build()
    const every = await s.run(search({ skill: "marks", query: "watermark", limit: 100_000 }))
    expect(every.results.length).toBe(1200)
    const whole = s.asked.rows
    expect(whole).toBeGreaterThanOrEqual(1200)
    s.asked.rows = 0
    const cut = await s.run(search({ skill: "marks", query: "watermark", limit: 100_000, max_bytes: 8192 }))
    expect(cut.results).toEqual(every.results.slice(0, cut.results.length))
    expect(cut.truncated!.omitted).toBe(1200 - cut.results.length)
    // Left out, still counted by file: both files' matches are there.
    expect(cut.truncated!.under.reduce((n, g) => n + g.count, 0)).toBe(1200 - cut.results.length)
    expect(s.asked.rows).toBeGreaterThanOrEqual(cut.results.length)
    expect(s.asked.rows).toBeLessThanOrEqual(128)
  })

  it("across skills: the same, and a budget the whole answer fits excerpts every result", async () => {
    const s = world(["alpha", "beta"], 300)
    await s.build()
    const every = await s.run(search({ query: "watermark", limit: 100_000 }))
    expect(every.results.length).toBe(1200)
    s.asked.rows = 0
    const cut = await s.run(search({ query: "watermark", limit: 100_000, max_bytes: 8192 }))
    expect(cut.results).toEqual(every.results.slice(0, cut.results.length))
    expect(cut.truncated!.omitted).toBe(1200 - cut.results.length)
    expect(new Set(cut.truncated!.under.map((g) => g.skill))).toEqual(new Set(["alpha", "beta"]))
    expect(s.asked.rows).toBeLessThanOrEqual(128)
    s.asked.rows = 0
    const roomy = await s.run(search({ query: "watermark", limit: 100_000, max_bytes: 4_000_000 }))
    expect(roomy).toEqual(every)
    expect(s.asked.rows).toBeGreaterThanOrEqual(1200)
  })
})
