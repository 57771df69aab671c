// `[search] max_file_bytes` decides which files the index holds, so the
// index records the limit it was built with and an index of another limit
// is stale (RFC-0004:C-INDEX staleness, as for the tokenizer in DECISIONS
// #7): a changed limit reaches the next build without deleting the runtime
// directory, and an unchanged one keeps builds incremental.
import { type Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import { build } from "../../src/app/build/build.js"
import { search, type SearchResult } from "../../src/app/search/search.js"
import { memoryWorld, type MemoryServices } from "../../src/testing.js"

const SKILL = "---\nname: demo\ndescription: A skill for tests. Use when testing.\n---\n# Demo\n\n## Usage\n\nalpha words here\n"
const BIG = "# Huge\n\n" + "flywheel momentum ".repeat(200) // about 3,600 bytes
const CONFIG = "/proj/.skillc/config.toml"
const limit = (bytes: number) => `[search]\nmax_file_bytes = ${bytes}\n`

const setup = () => {
  const w = memoryWorld({
    files: { "/proj/.skillc/skills/demo/SKILL.md": SKILL, "/proj/.skillc/skills/demo/references/big.md": BIG, [CONFIG]: limit(1000) }
  })
  const ok = async <A, E>(e: Effect.Effect<A, E, MemoryServices>) => Result.getOrThrow(await w.run(e))
  const found = async (query: string) => ((await ok(search({ skill: "demo", query }))) as SearchResult).results.map((r) => r.section)
  /** The build's verdict on the index, from its verbose trace. */
  const built = async (input: { force?: boolean } = {}) => {
    w.diagnostics.traces.splice(0)
    await ok(build({ skill: "demo", ...input }))
    return w.diagnostics.traces.find((t) => /^search index (created|rebuilt|updated|up-to-date)\b/.test(t))?.replace(/: \/.*$/, "")
  }
  return { w, found, built, setLimit: (bytes: number) => w.fs.seed({ [CONFIG]: limit(bytes) }) }
}

describe("RFC-0004:C-INDEX the index follows [search] max_file_bytes", () => {
  it("RFC-0004:C-INDEX DECISIONS #7: raising the limit indexes the file left out, lowering it leaves it out again", async () => {
    const s = setup()
    expect(await s.built()).toBe("search index created")
    expect(await s.found("flywheel")).toEqual([])
    s.setLimit(100_000)
    expect(await s.built()).toBe("search index rebuilt (stale-max-file-bytes)")
    expect(await s.found("flywheel")).toEqual(["Huge"])
    s.setLimit(1000)
    expect(await s.built({ force: true })).toBe("search index rebuilt (stale-max-file-bytes)")
    expect(await s.found("flywheel")).toEqual([])
    expect(await s.found("alpha")).toEqual(["Usage"])
  })

  it("RFC-0004:C-INDEX an index of another limit is stale for search (E002) until rebuilt", async () => {
    const s = setup()
    await s.built()
    s.setLimit(100_000)
    const r = await s.w.run(search({ skill: "demo", query: "flywheel" }))
    expect(Result.isFailure(r) && r.failure).toMatchObject({ _tag: "IndexUnusable", reason: "stale-max-file-bytes" })
  })

  it("RFC-0004:C-INDEX issue 16: with the limit unchanged, builds stay up to date and incremental", async () => {
    const s = setup()
    await s.built()
    expect(await s.built()).toBe("search index up-to-date")
    s.w.fs.seed({ "/proj/.skillc/skills/demo/references/small.md": "# Small\n\nbravo text\n" })
    expect(await s.built()).toBe("search index updated (stale-source)")
    expect(await s.found("bravo")).toEqual(["Small"])
    expect(await s.found("flywheel")).toEqual([])
  })
})

/**
 * Bounded work: a Markdown file over the limit is not read whole by outline or lint either (a 600 MB
 * reference file failed both with E999 after a gigabyte of memory, found by a robustness probe); each says
 * which file it left out, and the skill's other files are answered.
 */
describe("[search] max_file_bytes bounds what outline and lint read", () => {
  it("outline leaves the file out with a warning naming it; lint too, and lints the rest", async () => {
    const { outline } = await import("../../src/app/search/outline.js")
    const { lint } = await import("../../src/app/lint/lint.js")
    const s = setup()
    await s.built()
    const outlined = Result.getOrThrow(await s.w.run(outline({ skill: "demo" })))
    expect(outlined.headings.map((h) => h.file)).toEqual(["SKILL.md", "SKILL.md"])
    expect(s.w.warnings().filter((w) => w.includes("not outlined"))).toEqual([`warning: 'demo/references/big.md' is not outlined: ${BIG.length} bytes, above [search] max_file_bytes (1000); skc open still reads it`])
    const linted = Result.getOrThrow(await s.w.run(lint({ skills: ["demo"] })))
    expect(JSON.stringify(linted)).toContain(`"skill":"demo"`)
    expect(s.w.warnings()).toContain(`warning: 'demo/references/big.md' is not linted: ${BIG.length} bytes, above [search] max_file_bytes (1000)`)
  })
})
