/**
 * Issue 19 item 2: lint's cost grows linearly with hostile inputs (long
 * unbroken tokens, a huge description). Each case lints the input at 1× and
 * 16× its size in the same run and compares the median CPU times; the bound
 * of 40 and why are in test/helpers/growth.ts (a linear lint of a 1 MB
 * description once measured 5.16 for 4× in CI, against a bound of 6 then).
 * A ratio over the bound is measured again, up to three times in all: a
 * super-linear rule fails every attempt. No absolute time is asserted.
 */import { describe, expect, it } from "vitest"
import { configureRules, runRules } from "../../src/domain/lint/runner.js"
import { RULES } from "../../src/domain/lint/registry.js"
import { makeSnapshot } from "../../src/domain/lint/snapshot.js"
import { cpuMsPerCall, GROWTH_STEP, MAX_GROWTH_RATIO } from "../helpers/growth.js"

const lintOnce = (files: Record<string, string>): void => {
  const entries = Object.keys(files).map((path) => ({ path, type: "file" as const }))
  const snapshot = makeSnapshot({ dirName: "demo", entries, markdownFiles: entries.map((e) => ({ path: e.path, source: files[e.path]! })) })
  runRules(snapshot, configureRules(RULES, {}).rules)
}

/** CPU milliseconds per lint, averaged over as many runs as fill 40 ms, so sub-millisecond runs are measurable. */
const perRun = (files: Record<string, string>): number => cpuMsPerCall(() => lintOnce(files), 40)

const median = (xs: Array<number>): number => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!

/**
 * Median time per lint of the 16× input over the 1× input, measured in
 * alternation (1×, 16×, 1×, 16×, …) so that load from other processes on a
 * shared machine falls on both sides alike.
 */
const ratio = (make: (scale: number) => Record<string, string>): number => {
  const small = make(1)
  const large = make(GROWTH_STEP)
  lintOnce(small) // warm-up: JIT and caches
  lintOnce(large)
  const a: Array<number> = []
  const b: Array<number> = []
  for (let round = 0; round < 5; round++) {
    a.push(perRun(small))
    b.push(perRun(large))
  }
  return median(b) / median(a)
}

const MAX_RATIO = MAX_GROWTH_RATIO
const ATTEMPTS = 3

/** The ratio of the first attempt within the bound, or of the last attempt: what the test asserts on. */
const linearRatio = (make: (scale: number) => Record<string, string>): number => {
  let r = Infinity
  for (let attempt = 0; attempt < ATTEMPTS && r > MAX_RATIO; attempt++) r = ratio(make)
  return r
}

const skill = (description: string, body: string) => `---\nname: demo\ndescription: "${description}"\n---\n# Demo\n\n${body}\n`
const hex = (n: number) => {
  let s = ""
  while (s.length < n) s += Math.random().toString(16).slice(2)
  return s.slice(0, n)
}

describe("issue 19: lint is linear in hostile inputs", () => {
  it("an unbroken hex line (20 KB vs 320 KB)", () => {
    const r = linearRatio((k) => ({ "SKILL.md": skill("Use when testing.", hex(20_000 * k)) }))
    expect(r).toBeLessThanOrEqual(MAX_RATIO)
  })
  it("an unbroken path-like token ending in .md (16 KB vs 256 KB)", () => {
    const r = linearRatio((k) => ({ "SKILL.md": skill("Use when testing.", "a/".repeat(8_000 * k) + "x.md") }))
    expect(r).toBeLessThanOrEqual(MAX_RATIO)
  })
  it("a long description (64 KB vs 1 MB)", () => {
    const r = linearRatio((k) => ({ "SKILL.md": skill(`Use when ${"word ".repeat(12_800 * k)}`, "Body.") }))
    expect(r).toBeLessThanOrEqual(MAX_RATIO)
  })
  it("issue 29 item 5: nested '[…]' pairs in one paragraph (16 KB vs 256 KB)", () => {
    const r = linearRatio((k) => ({ "SKILL.md": skill("Use when testing.", "[".repeat(8_000 * k) + "]".repeat(8_000 * k)) }))
    expect(r).toBeLessThanOrEqual(MAX_RATIO)
  })
  it("a description of one unbroken token with tag-like brackets (64 KB vs 1 MB)", () => {
    const r = linearRatio((k) => ({ "SKILL.md": skill(`Use when <a${"b".repeat(64_000 * k)}`, "Body.") }))
    expect(r).toBeLessThanOrEqual(MAX_RATIO)
  })
})
