/**
 * Issue 26 item 3: an outline over its result budget keeps its top levels
 * and counts every heading it left out under the nearest kept heading —
 * never a silently cut list.
 */
import { describe, expect, it } from "vitest"
import { costOf, fitOutline, headingCost, TRUNCATION_RESERVE, truncationLines, truncationReserve, type BudgetHeading } from "../../src/domain/outlineBudget.js"

const h = (file: string, level: number, text: string, line: number): BudgetHeading => ({ file, level, text, line })

/** One file: a title, `parts` level-2 sections with `subs` level-3 headings each. */
const tree = (file: string, parts: number, subs: number) => {
  const out = [h(file, 1, "Title", 1)]
  let line = 2
  for (let p = 0; p < parts; p++) {
    out.push(h(file, 2, `Part ${p}`, line++))
    for (let s = 0; s < subs; s++) out.push(h(file, 3, `Detail ${p}.${s}`, line++))
  }
  return out
}

describe("fitOutline (issue 26 item 3)", () => {
  it("an outline within the budget is returned whole, with no truncation", () => {
    const all = tree("a.md", 3, 3)
    const fitted = fitOutline(all, costOf(all, () => true))
    expect(fitted.kept).toEqual(all)
    expect(fitted.truncation).toBeUndefined()
  })

  it("over the budget, the deepest complete level is kept and the rest counted under its parents", () => {
    // 60 parts: levels 1-2 alone are over the 3,072-byte reserve, so the room is theirs and 10 bytes.
    const all = tree("a.md", 60, 100)
    const upTo2 = costOf(all, (x) => x.level <= 2)
    expect(upTo2).toBeGreaterThan(TRUNCATION_RESERVE)
    const fitted = fitOutline(all, upTo2 + TRUNCATION_RESERVE + 10)
    expect(fitted.kept.map((x) => x.level)).toEqual([1, ...Array(60).fill(2)])
    expect(fitted.truncation?.omitted).toBe(6000)
    expect(fitted.truncation?.level).toBe(2)
    expect(fitted.truncation?.under.slice(0, 4)).toEqual([0, 1, 2, 3].map((p) => ({ file: "a.md", section: `Part ${p}`, line: 2 + p * 101, count: 100 })))
    // Kept + omitted is every heading: nothing disappears unsaid.
    expect(fitted.kept.length + fitted.truncation!.omitted).toBe(all.length)
    const [line] = truncationLines(fitted.truncation!)
    expect(line).toMatch(/^… 6000 more headings not shown \(result budget; levels 1-2 complete\): 100 under a\.md#Part 0, /)
    expect(line).toMatch(/pass file \(one file\) or max_bytes \(a larger budget\) to see the rest$/)
  })

  it("the room the complete levels leave is filled with the next level in outline order: a level-2 outline just over its budget keeps most of its files (an agent's probe: 4 of 74 before)", () => {
    // Four files with a title and sections, then 70 rule files with one level-2 heading each (react-best-practices' rules/).
    const all = [
      ...["AGENTS.md", "README.md", "SKILL.md", "rules/_sections.md"].flatMap((f) => tree(f, 8, 0)),
      ...Array.from({ length: 70 }, (_, i) => h(`rules/r${String(i).padStart(2, "0")}.md`, 2, `Rule ${i}: avoid re-renders in lists`, 1))
    ]
    const whole = costOf(all, () => true)
    const fitted = fitOutline(all, Math.floor(whole * 0.95))
    expect(fitted.truncation?.level).toBe(1)
    const files = new Set(fitted.kept.map((x) => x.file))
    expect(files.size).toBeGreaterThan(74 / 2)
    // Every title, and the level-2 headings a prefix in outline order.
    expect(fitted.kept.filter((x) => x.level === 1)).toHaveLength(4)
    const order = all.filter((x) => x.level === 2)
    const keptTwos = fitted.kept.filter((x) => x.level === 2)
    expect(keptTwos).toEqual(order.slice(0, keptTwos.length))
    expect(fitted.kept.length + fitted.truncation!.omitted).toBe(all.length)
  })

  it("costs count each heading's JSON and text line, and each file's line once", () => {
    const one = h("a.md", 2, "Title", 1)
    expect(headingCost(one)).toBe(JSON.stringify(one).length + 1 + '"Title"'.length + 2 + 3)
    expect(costOf([one, h("a.md", 2, "Next", 2)], () => true)).toBe('"a.md"'.length + headingCost(one) + headingCost(h("a.md", 2, "Next", 2)))
  })

  it("when not even the top level fits, top-level headings are kept in order while they fit and whole files are counted", () => {
    const files = Array.from({ length: 60 }, (_, i) => `f${String(i).padStart(2, "0")}.md`)
    const all = files.flatMap((f) => tree(f, 20, 20))
    // A budget whose room (the budget less its reserve) holds the first 50 titles and 5 bytes.
    const want = costOf(all, (x) => x.level === 1 && files.indexOf(x.file) < 50) + 5
    expect(want).toBeGreaterThan(TRUNCATION_RESERVE)
    const fitted = fitOutline(all, want + TRUNCATION_RESERVE)
    expect(fitted.kept.map((x) => `${x.file}:${x.text}`)).toEqual(files.slice(0, 50).map((f) => `${f}:Title`))
    expect(fitted.truncation?.level).toBe(0)
    expect(fitted.truncation?.omitted).toBe(all.length - 50)
    expect(fitted.truncation?.under).toContainEqual({ file: "f59.md", count: 421 })
    expect(fitted.truncation?.under).toContainEqual({ file: "f00.md", section: "Title", line: 1, count: 420 })
  })

  it("a 300,000-heading outline is cut without overflowing the stack", () => {
    const many = Array.from({ length: 300_000 }, (_, i) => h(`f${i % 1000}.md`, 1 + (i % 3), `Heading ${i}`, i + 1))
    const fitted = fitOutline(many, 4096)
    expect(fitted.truncation?.omitted).toBe(300_000 - fitted.kept.length)
    expect(fitted.kept.length).toBeGreaterThan(0)
  })

  it("the smallest budget (1,024 bytes) still shows the top level, and the truncation stays within the budget", () => {
    // 6 files of one top heading and 3 below it: level 1 alone takes about 40 % of 1,024 bytes.
    const all = Array.from({ length: 6 }, (_, i) => tree(`f${i}.md`, 1, 3)).flat()
    expect(costOf(all, (x) => x.level === 1)).toBeLessThan(512)
    const fitted = fitOutline(all, 1024)
    expect(fitted.kept.filter((x) => x.level === 1)).toHaveLength(6)
    expect(fitted.truncation?.level).toBe(1)
    const t = fitted.truncation!
    // Kept headings, the structured truncation and its text line: within the budget asked for.
    expect(costOf(fitted.kept, () => true) + JSON.stringify(t).length + truncationLines(t)[0]!.length).toBeLessThanOrEqual(1024)
    expect(t.under.reduce((n, g) => n + g.count, 0)).toBeLessThanOrEqual(t.omitted)
    expect(truncationLines(t)[0]).toMatch(/; pass file \(one file\) or max_bytes \(a larger budget\) to see the rest$/)
  })

  it("the hint offers one file only when the outline is not of one file, and names the CLI's options at a terminal", () => {
    const all = tree("a.md", 4, 100)
    const cut = fitOutline(all, 4096)
    expect(truncationLines(cut.truncation!, "cli")[0]).toMatch(/; pass --file \(one file\) or --max-bytes \(a larger budget\) to see the rest$/)
    const oneFile = fitOutline(all, 4096, { oneFile: true })
    expect(oneFile.truncation?.hint).toBe("pass max_bytes (a larger budget) to see the rest")
    expect(truncationLines(oneFile.truncation!, "cli")[0]).toMatch(/; pass --max-bytes \(a larger budget\) to see the rest$/)
  })

  it("the hint never offers fewer levels, which shows no heading left out: 1,500 top-level headings of one file get a larger budget only", () => {
    const flat: Array<BudgetHeading> = Array.from({ length: 1500 }, (_, i) => ({ file: "list.md", level: 1, text: `Heading ${i + 1} ocelot`, line: 1 + 4 * i }))
    const cut = fitOutline(flat, 4096, { oneFile: true })
    expect(cut.truncation).toMatchObject({ level: 0 })
    expect(cut.truncation?.hint).toBe("pass max_bytes (a larger budget) to see the rest")
    expect(truncationLines(cut.truncation!, "cli")[0]).toMatch(/; pass --max-bytes \(a larger budget\) to see the rest$/)
    // Of several files, one file may still help.
    expect(fitOutline(flat, 4096).truncation?.hint).toBe("pass file (one file) or max_bytes (a larger budget) to see the rest")
  })

  it("names at most 12 groups and says how many headings are elsewhere", () => {
    const all = Array.from({ length: 30 }, (_, i) => tree(`f${String(i).padStart(2, "0")}.md`, 1, 3)).flat()
    const fitted = fitOutline(all, TRUNCATION_RESERVE + costOf(all, (x) => x.level === 1))
    expect(fitted.truncation?.under).toHaveLength(12)
    expect(truncationLines(fitted.truncation!)[0]).toMatch(/, \d+ elsewhere; /)
  })
})
