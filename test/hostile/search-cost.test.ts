// Issue 19 (bounded costs): search time must grow at most linearly with the
// hits inside one large section. FTS5's snippet() is quadratic in the hits of
// a row and used to run on every matching row (a 1 MB section took 5 s,
// 3 MB 48 s); now excerpts are computed for the returned rows only, and a
// large row's excerpt is cut in one pass from highlight().
// Two sizes in the same run (64 KB and 16× that), compared by the ratio of their CPU times (never
// absolute times; test/helpers/growth.ts gives the bound and why: the old quadratic snippet gives 256); plus
// the excerpt function's work counted directly.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import { makeLiveLayer } from "../../src/index.js"
import { search, type SearchResult } from "../../src/app/search/search.js"
import { excerptOf, phrasesOf, tokenNormalizer } from "../../src/domain/search/excerpt.js"
import { tempDir } from "../helpers/cli.js"
import { GROWTH_STEP, MAX_GROWTH_RATIO } from "../helpers/growth.js"
import { buildIndex } from "../helpers/indexer.js"

/** A skill whose one section holds `kb` kilobytes of text, a hit every few words. */
const hostileSkill = (root: string, name: string, kb: number) => {
  const dir = join(root, ".skillc", "skills", name)
  mkdirSync(dir, { recursive: true })
  const line = "needle filler words needle and more filler text needle here.\n"
  const body = line.repeat(Math.ceil((kb * 1024) / line.length))
  writeFileSync(join(dir, "SKILL.md"), `---\nname: ${name}\ndescription: Hostile input. Use never.\n---\n\n# Title\n\nIntro.\n\n## Big\n\n${body}`)
}

const median = (xs: Array<number>) => [...xs].sort((a, b) => a - b)[xs.length >> 1]

describe("issue 19 search cost", () => {
  it(`RFC-0004:C-SEARCH one section with many hits: ${GROWTH_STEP}× the text costs at most ${MAX_GROWTH_RATIO}× the time`, async () => {
    const root = tempDir()
    const home = join(root, "home")
    mkdirSync(home, { recursive: true })
    hostileSkill(root, "small", 64)
    hostileSkill(root, "large", 64 * GROWTH_STEP)
    const options = { cwd: root, home }
    await buildIndex("small", options)
    await buildIndex("large", options)
    const layer = makeLiveLayer({ cwd: root, env: { HOME: home, SKILLC_HOME: home } })
    // CPU time of this process (not the wall clock, which on a loaded machine also counts other processes' turns).
    const run = async (skill: string) => {
      const t0 = process.cpuUsage()
      const r = await Effect.runPromise(Effect.result(Effect.provide(search({ skill, query: "needle", limit: 10 }), layer)))
      const used = process.cpuUsage(t0)
      const ms = (used.user + used.system) / 1000
      if (Result.isFailure(r)) throw new Error(String(r.failure))
      return { ms, result: r.success as SearchResult }
    }
    // Warm-up (module loading, SQLite page cache), then interleaved samples.
    await run("small")
    await run("large")
    const small: Array<number> = []
    const large: Array<number> = []
    let last: SearchResult | undefined
    for (let i = 0; i < 5; i++) {
      small.push((await run("small")).ms)
      const l = await run("large")
      large.push(l.ms)
      last = l.result
    }
    // The answer is right: the big section, a snippet of at most 32 tokens with the hits marked.
    expect(last!.results.map((r) => r.section)).toEqual(["Big"])
    const snippet = last!.results[0].snippet
    expect(snippet).toContain("[MATCH]needle[/MATCH]")
    expect(snippet.replace(/\[\/?MATCH\]|\.\.\./g, " ").trim().split(/\W+/).filter(Boolean).length).toBeLessThanOrEqual(32)
    // The fastest sample of each size: interference (a collection of another file's garbage in this shared
    // worker, another process's turn) only ever adds time, and once measured 7× on a loaded machine as medians.
    const ratio = Math.min(...large) / Math.min(...small)
    expect(ratio, `1×: ${Math.min(...small).toFixed(0)} ms, ${GROWTH_STEP}×: ${Math.min(...large).toFixed(0)} ms (medians ${median(small).toFixed(0)}, ${median(large).toFixed(0)})`).toBeLessThanOrEqual(MAX_GROWTH_RATIO)
  })

  it("issue 19 the excerpt of a large text normalizes each token once: counted work grows linearly", () => {
    const work: Array<number> = []
    for (const n of [1_000, 4_000, 16_000]) {
      let calls = 0
      const stem = tokenNormalizer(true)
      const counted = (t: string) => {
        calls++
        return stem(t)
      }
      const phrases = phrasesOf(["needles"], counted)
      const out = excerptOf("needle filler, ".repeat(n), phrases, counted, 32)
      expect(out.startsWith("[MATCH]needle[/MATCH] filler")).toBe(true)
      expect(out.endsWith("...")).toBe(true)
      // 32 tokens at most, whatever the size.
      expect(out.replace(/\[\/?MATCH\]|\.\.\./g, " ").trim().split(/\W+/).filter(Boolean).length).toBeLessThanOrEqual(32)
      work.push(calls)
    }
    expect(work[1] / work[0]).toBeLessThanOrEqual(4.01)
    expect(work[2] / work[1]).toBeLessThanOrEqual(4.01)
  })
})
