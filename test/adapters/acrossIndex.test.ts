// DECISIONS #44 (issue 25): the one index over several skills' indexes, on
// real SQLite files in a temp dir: built from the members, queried as one
// index, each row knowing its member; refreshed when a member's file is
// replaced or the set changes, left alone (same file) when nothing changed;
// a damaged file is rebuilt, an unwritable place is a failure the caller
// falls back from.
import { Effect, type Scope } from "effect"
import { chmodSync, existsSync, mkdirSync, statSync, utimesSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sqliteSearchIndex as index } from "../../src/adapters/sqlite/SqliteSearchIndex.js"
import { ACROSS_FILES_KEPT, MEMBER_SPAN, noteAcrossUse, pruneAcross } from "../../src/adapters/sqlite/acrossIndex.js"
import { IN_USE_MS } from "../../src/adapters/node/recentlyUsed.js"
import { markdownRows } from "../../src/domain/search/documents.js"
import { indexQueryOf } from "../../src/domain/search/indexQuery.js"
import { SCHEMA_VERSION } from "../../src/domain/search/indexState.js"
import { tokenizerChoice } from "../../src/domain/search/tokenizer.js"
import { COLUMN_WEIGHTS } from "../../src/domain/search/rank.js"
import type { IndexContents } from "../../src/ports/SearchIndex.js"
import { tempDir } from "../helpers/cli.js"
import { headingsDoc } from "../helpers/headingsDoc.js"

const ascii = tokenizerChoice("ascii", true)
const dir = tempDir("skc-across-")
let n = 0

/** A one-file skill index: `# <title>` then one `## <heading>` section per entry. */
const contents = (title: string, sections: Record<string, string>): IndexContents => {
  const lines = [`# ${title}`, "", ...Object.entries(sections).flatMap(([h, body]) => [`## ${h}`, "", body, ""])]
  return {
    files: [{ path: "SKILL.md", ...markdownRows("SKILL.md", lines, headingsDoc(lines), ascii) }],
    sourceFiles: [],
    meta: { skill_path: `/skills/${title}`, source_hash: title, schema_version: String(SCHEMA_VERSION), tokenizer: ascii.recorded }
  }
}

const member = async (title: string, sections: Record<string, string>) => {
  const path = join(dir, `skill-${n++}`, ".skillc-meta", "search-0123456789abcdef.db")
  await Effect.runPromise(index.write(path, ascii, contents(title, sections)))
  return path
}

const run = <A, E>(e: Effect.Effect<A, E, Scope.Scope>) => Effect.runPromise(Effect.scoped(e))

/** The matching `##` sections of the combined index (a title's section holds them too, DECISIONS #15): member, heading, excerpt. */
const ask = (file: string, members: ReadonlyArray<string>, word: string) =>
  run(
    Effect.gen(function* () {
      const match = indexQueryOf(word, ascii)!
      const across = yield* index.across!(file, members, ascii)
      const ranked = yield* across.index.rank(match, COLUMN_WEIGHTS)
      const places = yield* across.index.places(ranked.map((r) => r.rowid))
      const excerpts = yield* across.index.excerpts(match, ranked.map((r) => r.rowid))
      return places
        .filter((p) => p.level === 2)
        // The excerpt's last line: the section's own text (its first is its heading).
        .map((p) => ({ member: across.memberOf(p.rowid), section: p.section, excerpt: excerpts.get(p.rowid)?.trim().split("\n").pop() }))
        .sort((a, b) => a.member - b.member || a.section.localeCompare(b.section))
    })
  )

describe("DECISIONS #44: one index over several skills' indexes", () => {
  it("holds every member's rows, each knowing its member, queried as one index", async () => {
    const a = await member("alpha", { "Rotate keys": "rotate the signing keys weekly" })
    const b = await member("beta", { "Key storage": "store keys in the vault", Unrelated: "nothing here" })
    const file = join(dir, "across-1", "search-aaaaaaaaaaaaaaaa.db")
    const rows = await ask(file, [a, b], "keys")
    expect(rows).toEqual([
      { member: 0, section: "Rotate keys", excerpt: "rotate the signing [MATCH]keys[/MATCH] weekly" },
      { member: 1, section: "Key storage", excerpt: "store [MATCH]keys[/MATCH] in the vault" }
    ])
    // The members given in another order: positions follow the list given, not the file's ordinals.
    const swapped = await ask(file, [b, a], "keys")
    expect(swapped.map((r) => [r.member, r.section])).toEqual([
      [0, "Key storage"],
      [1, "Rotate keys"]
    ])
  })

  it("is left alone while no member changed, and refreshed when one is rebuilt: the new text, the other member kept", async () => {
    const a = await member("alpha", { Deploy: "deploy with the blue green switch" })
    const b = await member("beta", { Rollback: "roll back the deploy" })
    const file = join(dir, "across-2", "search-bbbbbbbbbbbbbbbb.db")
    await ask(file, [a, b], "deploy")
    const before = statSync(file)
    await ask(file, [a, b], "deploy")
    const same = statSync(file)
    expect([same.ino, same.mtimeMs]).toEqual([before.ino, before.mtimeMs])

    // A build renames a new index over beta's: the combined file follows on the next call.
    await Effect.runPromise(index.write(b, ascii, contents("beta", { Canary: "deploy a canary first" })))
    const rows = await ask(file, [a, b], "deploy")
    expect(rows.map((r) => [r.member, r.section])).toEqual([
      [0, "Deploy"],
      [1, "Canary"]
    ])
    expect(statSync(file).ino).not.toBe(before.ino)
    // Rows keep their member's span: alpha's rowids are still those of its ordinal.
    const ranked = await run(Effect.flatMap(index.across!(file, [a, b], ascii), (x) => x.index.rank(indexQueryOf("blue", ascii)!, COLUMN_WEIGHTS)))
    expect(new Set(ranked.map((r) => Math.floor(r.rowid / MEMBER_SPAN)))).toEqual(new Set([1]))
  })

  it("drops a member that left the set and adds a new one", async () => {
    const a = await member("alpha", { Cache: "cache the build outputs" })
    const b = await member("beta", { Cache: "cache invalidation rules" })
    const c = await member("gamma", { Cache: "cache warming" })
    const file = join(dir, "across-3", "search-cccccccccccccccc.db")
    await ask(file, [a, b], "cache")
    const rows = await ask(file, [a, c], "cache")
    expect(rows.map((r) => [r.member, r.excerpt])).toEqual([
      [0, "[MATCH]cache[/MATCH] the build outputs"],
      [1, "[MATCH]cache[/MATCH] warming"]
    ])
    const count = await run(Effect.flatMap(index.across!(file, [a, c], ascii), (x) => x.index.rowCount))
    // Two sections per skill: the title's preamble and the one `##` section.
    expect(count).toBe(4)
  })

  it("a damaged combined file is built again from the members", async () => {
    const a = await member("alpha", { Logs: "ship the logs" })
    const b = await member("beta", { Metrics: "ship the metrics" })
    const file = join(dir, "across-4", "search-dddddddddddddddd.db")
    mkdirSync(join(dir, "across-4"), { recursive: true })
    writeFileSync(file, "not a database at all, just some bytes that are long enough to look like a header".repeat(100))
    const rows = await ask(file, [a, b], "ship")
    expect(rows.map((r) => r.section)).toEqual(["Logs", "Metrics"])
  })

  it("a member index that is gone, or a directory that cannot be written, is a failure (the caller asks each index instead)", async () => {
    const a = await member("alpha", { One: "one" })
    const gone = join(dir, "nowhere", "search-0123456789abcdef.db")
    const file = join(dir, "across-5", "search-eeeeeeeeeeeeeeee.db")
    const missing = await Effect.runPromise(Effect.scoped(Effect.flip(index.across!(file, [a, gone], ascii))))
    expect(missing._tag).toBe("IndexWriteFailed")
    if (process.getuid?.() === 0) return // root writes anywhere: the read-only case cannot be made here
    const locked = join(dir, "across-6")
    mkdirSync(locked)
    chmodSync(locked, 0o500)
    const b = await member("beta", { Two: "two" })
    const refused = await Effect.runPromise(Effect.scoped(Effect.flip(index.across!(join(locked, "search-ffffffffffffffff.db"), [a, b], ascii))))
    expect(refused._tag).toBe("IndexWriteFailed")
  })
})

describe("DECISIONS #44: the directory of combined files", () => {
  /** `count` combined-file names in a fresh directory, the first written most recently. */
  const files = (count: number) => {
    const cache = join(dir, `prune-${n++}`)
    mkdirSync(cache, { recursive: true })
    return Array.from({ length: count }, (_, i) => {
      const p = join(cache, `search-${String(i).padStart(16, "0")}.db`)
      writeFileSync(p, "")
      const t = new Date(Date.UTC(2026, 0, 1) - i * 60_000)
      utimesSync(p, t, t)
      return p
    })
  }

  it(`keeps the ${ACROSS_FILES_KEPT} most recently written, and every one this process answered from in the last ${IN_USE_MS / 1000} s`, () => {
    const now = Date.UTC(2026, 0, 1)
    const paths = files(12)
    // A server asking more sets than that in turn: the oldest written were used a moment ago.
    for (const p of paths.slice(9)) noteAcrossUse(p, now - 1_000)
    pruneAcross(join(paths[0]!, ".."), paths[0]!, now)
    expect(paths.map(existsSync)).toEqual([true, true, true, true, true, true, true, true, false, true, true, true])
    // Once no call used them for a while, they go by the time they were written.
    pruneAcross(join(paths[0]!, ".."), paths[0]!, now + IN_USE_MS)
    expect(paths.map(existsSync)).toEqual([true, true, true, true, true, true, true, true, false, false, false, false])
  })
})
