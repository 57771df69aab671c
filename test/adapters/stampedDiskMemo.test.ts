// Issue 25 (src/ports/DiskMemo.ts): the MCP server's memo of what a call
// found on disk, on a real temp-dir tree. A value is given again while every
// path its computation read stats the same, and computed afresh after an
// edit, an entry added to or removed from a listed directory, or a link
// replaced anywhere on a real path it asked for. A computation that wrote,
// failed, or read a path changed a moment ago is not kept.
import { Effect } from "effect"
import { mkdirSync, renameSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { makeStampedDiskMemo } from "../../src/adapters/node/StampedDiskMemo.js"
import { NodeFileSystemLive } from "../../src/adapters/node/NodeFileSystem.js"
import { FileSystem } from "../../src/ports/FileSystem.js"
import { tempDir } from "../helpers/cli.js"

const root = tempDir("skc-memo-")
let n = 0
const fresh = () => {
  const dir = join(root, `t${n++}`)
  mkdirSync(join(dir, "skills", "alpha"), { recursive: true })
  writeFileSync(join(dir, "skills", "alpha", "SKILL.md"), "alpha")
  return dir
}

/** A computation like the skills in scope: list a directory, read each entry's file, ask one real path. */
const scan = (dir: string, runs: { count: number }) =>
  Effect.gen(function* () {
    runs.count++
    const fs = yield* FileSystem
    const names = (yield* fs.readDir(join(dir, "skills"))).map((e) => e.name).sort()
    const texts = yield* Effect.forEach(names, (name) => fs.readFileString(join(dir, "skills", name, "SKILL.md")))
    const real = yield* fs.realPath(join(dir, "skills", "alpha"))
    return { names, texts, real }
  })

const run = <A, E>(effect: Effect.Effect<A, E, FileSystem>) => Effect.runPromise(Effect.provide(effect, NodeFileSystemLive))

describe("issue 25 StampedDiskMemo: a value kept while what it read is unchanged", () => {
  it("gives the kept value without computing while nothing changed", async () => {
    const dir = fresh()
    const memo = makeStampedDiskMemo({ racyMs: 0 })
    const runs = { count: 0 }
    const first = await run(memo.remember("k", scan(dir, runs)))
    const second = await run(memo.remember("k", scan(dir, runs)))
    expect(second).toBe(first)
    expect(runs.count).toBe(1)
    // Another key is another value.
    await run(memo.remember("other", scan(dir, runs)))
    expect(runs.count).toBe(2)
  })

  it("computes again after a file it read is edited, and after an entry is added to or removed from a listed directory", async () => {
    const dir = fresh()
    const memo = makeStampedDiskMemo({ racyMs: 0 })
    const runs = { count: 0 }
    await run(memo.remember("k", scan(dir, runs)))
    writeFileSync(join(dir, "skills", "alpha", "SKILL.md"), "alpha, edited")
    expect((await run(memo.remember("k", scan(dir, runs)))).texts).toEqual(["alpha, edited"])
    mkdirSync(join(dir, "skills", "beta"))
    writeFileSync(join(dir, "skills", "beta", "SKILL.md"), "beta")
    expect((await run(memo.remember("k", scan(dir, runs)))).names).toEqual(["alpha", "beta"])
    rmSync(join(dir, "skills", "beta"), { recursive: true })
    expect((await run(memo.remember("k", scan(dir, runs)))).names).toEqual(["alpha"])
    expect(runs.count).toBe(4)
    await run(memo.remember("k", scan(dir, runs)))
    expect(runs.count).toBe(4)
  })

  it("computes again when a link on a real path it asked for is replaced, even one above the listed directory", async () => {
    const dir = fresh()
    mkdirSync(join(dir, "elsewhere", "skills", "alpha"), { recursive: true })
    writeFileSync(join(dir, "elsewhere", "skills", "alpha", "SKILL.md"), "alpha elsewhere")
    // <dir>/via -> <dir>; the computation asks for the real path of <dir>/via/skills/alpha.
    symlinkSync(dir, join(dir, "via"))
    const memo = makeStampedDiskMemo({ racyMs: 0 })
    const runs = { count: 0 }
    const first = await run(memo.remember("k", scan(join(dir, "via"), runs)))
    expect(first.real).toBe(join(dir, "skills", "alpha"))
    unlinkSync(join(dir, "via"))
    symlinkSync(join(dir, "elsewhere"), join(dir, "via"))
    const second = await run(memo.remember("k", scan(join(dir, "via"), runs)))
    expect(second.real).toBe(join(dir, "elsewhere", "skills", "alpha"))
    expect(second.texts).toEqual(["alpha elsewhere"])
    expect(runs.count).toBe(2)

    // A real path alone, of a link (in one directory) to a link (in another): each link on the way is noted.
    // A path's lstat resolves the links above its last component but not the last one, and replacing the
    // second link changes only its own directory.
    mkdirSync(join(dir, "links"))
    mkdirSync(join(dir, "other"))
    symlinkSync(join(dir, "elsewhere"), join(dir, "links", "hop"))
    symlinkSync(join(dir, "links", "hop"), join(dir, "other", "start"))
    const realOnly = Effect.gen(function* () {
      runs.count++
      return yield* (yield* FileSystem).realPath(join(dir, "other", "start"))
    })
    expect(await run(memo.remember("real", realOnly))).toBe(join(dir, "elsewhere"))
    expect(await run(memo.remember("real", realOnly))).toBe(join(dir, "elsewhere"))
    expect(runs.count).toBe(3)
    unlinkSync(join(dir, "links", "hop"))
    symlinkSync(join(dir, "skills"), join(dir, "links", "hop"))
    expect(await run(memo.remember("real", realOnly))).toBe(join(dir, "skills"))
    expect(runs.count).toBe(4)
  })

  it("an entry added beside a directory on a real path (in the home directory, in /tmp) is no change: the kept value is given", async () => {
    const dir = fresh()
    const memo = makeStampedDiskMemo({ racyMs: 0 })
    const runs = { count: 0 }
    await run(memo.remember("k", scan(dir, runs)))
    // The parent of <dir> (a component of every real path asked) gains and loses an entry.
    writeFileSync(join(dir, "..", `beside-${n}`), "x")
    rmSync(join(dir, "..", `beside-${n}`))
    mkdirSync(join(dir, "sibling"))
    await run(memo.remember("k", scan(dir, runs)))
    expect(runs.count).toBe(1)
    // The directory on the way replaced by another of the same name is a change.
    renameSync(join(dir, "skills"), join(dir, "gone"))
    renameSync(join(dir, "gone"), join(dir, "skills-old"))
    mkdirSync(join(dir, "skills", "alpha"), { recursive: true })
    writeFileSync(join(dir, "skills", "alpha", "SKILL.md"), "alpha")
    await run(memo.remember("k", scan(dir, runs)))
    expect(runs.count).toBe(2)
  })

  it("sees a directory moved away and another put in its place", async () => {
    const dir = fresh()
    const memo = makeStampedDiskMemo({ racyMs: 0 })
    const runs = { count: 0 }
    await run(memo.remember("k", scan(dir, runs)))
    renameSync(join(dir, "skills"), join(dir, "old"))
    mkdirSync(join(dir, "skills", "alpha"), { recursive: true })
    writeFileSync(join(dir, "skills", "alpha", "SKILL.md"), "alpha")
    await run(memo.remember("k", scan(dir, runs)))
    expect(runs.count).toBe(2)
  })

  it("keeps nothing from a computation that wrote, failed, or read a path changed a moment ago", async () => {
    const dir = fresh()
    const runs = { count: 0 }
    const writing = makeStampedDiskMemo({ racyMs: 0 })
    const scanAndWrite = Effect.gen(function* () {
      const found = yield* scan(dir, runs)
      yield* (yield* FileSystem).writeFile(join(dir, "note"), "x")
      return found
    })
    await run(writing.remember("k", scanAndWrite))
    await run(writing.remember("k", scanAndWrite))
    expect(runs.count).toBe(2)
    expect(writing.size()).toBe(0)

    const failing = makeStampedDiskMemo({ racyMs: 0 })
    const missing = Effect.gen(function* () {
      return yield* (yield* FileSystem).readFileString(join(dir, "absent"))
    })
    await expect(run(failing.remember("k", missing))).rejects.toThrow()
    expect(failing.size()).toBe(0)

    // The default window: a file whose time is not yet past (here: set ahead, so no delay of a busy machine
    // can age it) is too recent to trust.
    const racy = makeStampedDiskMemo()
    const other = fresh()
    const ahead = new Date(Date.now() + 3_600_000)
    utimesSync(join(other, "skills", "alpha", "SKILL.md"), ahead, ahead)
    await run(racy.remember("k", scan(other, runs)))
    await run(racy.remember("k", scan(other, runs)))
    expect(runs.count).toBe(4)
  })

  it("holds at most eight keys no call used in the last 10 s, the least recently used dropped", async () => {
    const dir = fresh()
    let now = 0
    const memo = makeStampedDiskMemo({ racyMs: 0, now: () => (now += 20_000) })
    const runs = { count: 0 }
    for (let i = 0; i < 9; i++) await run(memo.remember(`k${i}`, scan(dir, runs)))
    expect(memo.size()).toBe(8)
    await run(memo.remember("k8", scan(dir, runs)))
    expect(runs.count).toBe(9)
    await run(memo.remember("k0", scan(dir, runs)))
    expect(runs.count).toBe(10)
  })

  it("keeps every key of a server asking for more of them at once than eight (one per engineer's project): the next round computes none", async () => {
    const dir = fresh()
    const memo = makeStampedDiskMemo({ racyMs: 0, now: () => 1_000 })
    const runs = { count: 0 }
    const round = async () => {
      for (let i = 0; i < 12; i++) await run(memo.remember(`project-${i}`, scan(dir, runs)))
    }
    await round()
    expect(runs.count).toBe(12)
    expect(memo.size()).toBe(12)
    await round()
    expect(runs.count).toBe(12)
  })
})
