// The MCP server's memory of which indexes matched their sources (src/adapters/node/WatchingFreshness.ts,
// issue 16, DECISIONS #22), on real directories with real watchers: a cross-skill search asks about every
// skill in scope on every call, so the records in use must all stay, however many skills there are; the
// bound still holds for records no call uses, and at the ceiling.
import { Effect } from "effect"
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { makeWatchingFreshness } from "../../src/adapters/node/WatchingFreshness.js"
import type { FreshnessKey } from "../../src/ports/SourceFreshness.js"
import { tempDir } from "../helpers/cli.js"

const root = tempDir("skc-fresh-")

/** A skill directory and an index file beside it, as the server would check them. */
const skill = (name: string): FreshnessKey => {
  const sourceDir = join(root, name)
  mkdirSync(sourceDir, { recursive: true })
  writeFileSync(join(sourceDir, "SKILL.md"), `# ${name}\n`)
  const indexPath = join(root, `${name}.db`)
  writeFileSync(indexPath, "index")
  return { indexPath, sourceDir, sourceHash: `h-${name}` }
}

/** One call over `keys` as `openForQuery` makes it: a record answers, or the full check runs and matches. */
const call = (f: ReturnType<typeof makeWatchingFreshness>, keys: ReadonlyArray<FreshnessKey>) =>
  Effect.runPromise(
    Effect.gen(function* () {
      yield* f.settle
      const fresh: Array<boolean> = []
      for (const key of keys) {
        if (yield* f.isFresh(key)) fresh.push(true)
        else {
          yield* f.checking(key)
          yield* f.matched(key, [])
          fresh.push(false)
        }
      }
      return fresh
    })
  )

describe("watched freshness records (issue 16)", () => {
  it("a call using more records than the bound keeps them all: from the third call on every skill is answered from its record", async () => {
    let now = 1_000_000
    const f = makeWatchingFreshness({ max: 2, ceiling: 10, now: () => now })
    const keys = ["a", "b", "c", "d"].map(skill)
    try {
      expect(await call(f, keys)).toEqual([false, false, false, false]) // arms the watchers
      now += 100
      expect(await call(f, keys)).toEqual([false, false, false, false]) // verifies under armed watchers
      expect(f.size()).toBe(4)
      now += 100
      expect(await call(f, keys)).toEqual([true, true, true, true])
      // Records no call used for a while go again by least recent use, at the grown bound.
      now += 60_000
      await call(f, [skill("e")])
      expect(f.size()).toBe(4)
      expect(await call(f, keys.slice(1))).toEqual([true, true, true])
    } finally {
      f.close()
    }
  })

  it("the bound grows no further than its ceiling", async () => {
    const f = makeWatchingFreshness({ max: 1, ceiling: 2, now: () => 5_000 })
    try {
      await call(f, ["x", "y", "z"].map(skill))
      expect(f.size()).toBe(2)
    } finally {
      f.close()
    }
  })
})

describe("a skill's folder replaced under its path (an MCP probe: a branch switch left the server answering from the old index)", () => {
  it("its record is checked in full again after the replacement, and a change after it is seen", async () => {
    const f = makeWatchingFreshness({ now: () => 1_000 })
    const key = skill("swapped")
    /** Events take a turn of the loop and a moment of the kernel's: waited for, never timed. */
    const settled = async (want: boolean) => {
      for (let i = 0; i < 200; i++) {
        const [fresh] = await call(f, [key])
        if (fresh === want) return fresh
        await new Promise((r) => setTimeout(r, 10))
      }
      return !want
    }
    try {
      expect(await call(f, [key])).toEqual([false]) // arms
      expect(await call(f, [key])).toEqual([false]) // verifies under armed watchers
      expect(await call(f, [key])).toEqual([true])
      // Deleted and made again, the same content: an event (the old watcher's last), then a full check.
      rmSync(key.sourceDir, { recursive: true, force: true })
      mkdirSync(key.sourceDir)
      writeFileSync(join(key.sourceDir, "SKILL.md"), "# swapped\n")
      expect(await settled(true)).toBe(true)
      // Now an edit of the new folder must be seen: the record is no longer trusted.
      writeFileSync(join(key.sourceDir, "SKILL.md"), "# swapped\n\n## Otter\n")
      await new Promise((r) => setTimeout(r, 50))
      expect(await call(f, [key])).toEqual([false])
    } finally {
      f.close()
    }
  })

  it("an editor's swap or backup file written beside SKILL.md leaves the record fresh; a change of the skill's own does not (a build probe)", async () => {
    const f = makeWatchingFreshness({ max: 8, ceiling: 10 })
    const [a, b] = [skill("edited"), skill("sentinel")]
    const fresh = (key: FreshnessKey) => Effect.runPromise(Effect.andThen(f.settle, f.isFresh(key)))
    try {
      await call(f, [a, b])
      await call(f, [a, b])
      expect(await call(f, [a, b])).toEqual([true, true])
      writeFileSync(join(a.sourceDir, ".SKILL.md.swp"), "b0VIM 9.0")
      writeFileSync(join(a.sourceDir, "SKILL.md~"), "old")
      // A file of the sentinel skill, written after: once its record is no longer fresh, the events before it were seen.
      writeFileSync(join(b.sourceDir, "notes.md"), "new")
      for (let i = 0; i < 500 && (await fresh(b)); i++) await new Promise((r) => setTimeout(r, 10))
      expect(await fresh(b)).toBe(false)
      expect(await fresh(a)).toBe(true)
    } finally {
      f.close()
    }
  })
})
