// RFC-0001:C-MANIFEST source hash, RFC-0001:C-CONSTRAINTS path safety,
// DECISIONS #22 (cheap repeated hashing) on a real temp directory.
import { Effect, Result, Layer } from "effect"
import * as Path from "effect/Path"
import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { nodeFileSystem } from "../../src/adapters/node/NodeFileSystem.js"
import { NodeHasherLive } from "../../src/adapters/node/NodeHasher.js"
import { FileSystem } from "../../src/ports/FileSystem.js"
import { scanSourceTree, sourceHash, currentSourceHash } from "../../src/app/shared/sourceTree.js"
import { compareBytewise } from "../../src/domain/sourcePaths.js"
import { tempDir } from "../helpers/cli.js"

const layer = Layer.mergeAll(Layer.succeed(FileSystem, nodeFileSystem), Path.layer, NodeHasherLive)
const run = <A, E, R>(e: Effect.Effect<A, E, R>) =>
  Effect.runPromise(Effect.result(Effect.provide(e, layer as Layer.Layer<R>)) as Effect.Effect<Result.Result<A, E>>)

const write = (root: string, rel: string, data: string | Buffer) => {
  mkdirSync(join(root, rel, ".."), { recursive: true })
  writeFileSync(join(root, rel), data)
}

const skill = () => {
  const root = join(tempDir(), "skill")
  write(root, "SKILL.md", "---\nname: s\ndescription: d\n---\n# S\n")
  write(root, "references/b.md", "# B\n")
  write(root, "references/a.md", "# A\n")
  write(root, "Z.txt", "z")
  write(root, "é.md", "# accent\n")
  write(root, ".git/HEAD", "ref: x\n")
  write(root, "sub/.jj/store", "x")
  mkdirSync(join(root, "empty"))
  return root
}

describe("sourceTree", () => {
  it("RFC-0001:C-INPUT lists files bytewise with relative POSIX paths, skipping .git and .jj", async () => {
    const root = skill()
    const tree = Result.getOrThrow(await run(scanSourceTree(root)))
    expect(tree.files.map((f) => f.path)).toEqual(["SKILL.md", "Z.txt", "references/a.md", "references/b.md", "é.md"])
    expect(tree.dirs).toEqual(["empty", "references", "sub"])
    expect(tree.files[0].size).toBe(Buffer.byteLength("---\nname: s\ndescription: d\n---\n# S\n"))
  })

  it("bytewise order puts astral characters after the BMP private use area", () => {
    expect(compareBytewise("\u{1F600}", "\uFFFD")).toBeGreaterThan(0)
    expect(compareBytewise("B", "a")).toBeLessThan(0)
    expect(compareBytewise("a", "a/b")).toBeLessThan(0)
    const words = ["b", "\u{1F600}", "\uE000", "a", "A"]
    const byBytes = [...words].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)))
    expect([...words].sort(compareBytewise)).toEqual(byBytes)
  })

  it("RFC-0001:C-CONSTRAINTS a symlink escaping the root is E012; skipped on request", async () => {
    const root = skill()
    const outside = join(root, "..", "outside.txt")
    writeFileSync(outside, "secret")
    symlinkSync(outside, join(root, "references", "leak.txt"))
    const failed = await run(scanSourceTree(root))
    expect(Result.isFailure(failed) && failed.failure._tag === "PathEscapes" && failed.failure.path).toBe("references/leak.txt")
    const skipped = Result.getOrThrow(await run(scanSourceTree(root, { onEscape: "skip" })))
    expect(skipped.escaping).toEqual(["references/leak.txt"])
    expect(skipped.files.map((f) => f.path)).not.toContain("references/leak.txt")
  })

  it("RFC-0001:C-CONSTRAINTS a relative symlink climbing out with .. is E012, even when dangling", async () => {
    const root = skill()
    symlinkSync("../../nowhere", join(root, "references", "gone"))
    const failed = await run(scanSourceTree(root))
    expect(Result.isFailure(failed) && failed.failure._tag).toBe("PathEscapes")
  })

  it("symlinks inside the root are followed; a loop back to an ancestor is not walked forever", async () => {
    const root = skill()
    symlinkSync("a.md", join(root, "references", "alias.md"))
    symlinkSync("..", join(root, "references", "up"))
    const tree = Result.getOrThrow(await run(scanSourceTree(root)))
    expect(tree.files.map((f) => f.path)).toContain("references/alias.md")
    expect(tree.files.some((f) => f.path.startsWith("references/up/"))).toBe(false)
  })

  it("RFC-0001:C-MANIFEST source hash is deterministic, ignores .git/.jj and changes with content or path", async () => {
    const root = skill()
    const h1 = Result.getOrThrow(await run(currentSourceHash(root))).hash
    const h2 = Result.getOrThrow(await run(currentSourceHash(root))).hash
    expect(h1).toMatch(/^[0-9a-f]{64}$/)
    expect(h2).toBe(h1)
    write(root, ".git/index", "changed")
    expect(Result.getOrThrow(await run(currentSourceHash(root))).hash).toBe(h1)
    write(root, "Z.txt", "y")
    const h3 = Result.getOrThrow(await run(currentSourceHash(root))).hash
    expect(h3).not.toBe(h1)
  })

  it("the stat-keyed cache skips reading unchanged files and never hides a change", async () => {
    const root = skill()
    const old = new Date(Date.now() - 60_000)
    for (const f of ["SKILL.md", "Z.txt", "references/a.md", "references/b.md", "é.md"]) utimesSync(join(root, f), old, old)
    const first = Result.getOrThrow(await run(currentSourceHash(root)))
    expect(Object.keys(first.cache)).toHaveLength(5)
    // A poisoned cache entry with matching size+mtime is trusted (that is the point of the cache)…
    const tree = Result.getOrThrow(await run(scanSourceTree(root)))
    const poisoned = { ...first.cache, "Z.txt": { ...first.cache["Z.txt"], hash: "0".repeat(64) } }
    expect(Result.getOrThrow(await run(sourceHash(tree, { cache: poisoned }))).hash).not.toBe(first.hash)
    // …but a changed size or mtime forces a re-read.
    write(root, "Z.txt", "zz")
    const tree2 = Result.getOrThrow(await run(scanSourceTree(root)))
    const again = Result.getOrThrow(await run(sourceHash(tree2, { cache: first.cache })))
    const fresh = Result.getOrThrow(await run(sourceHash(tree2)))
    expect(again.hash).toBe(fresh.hash)
    expect(again.hash).not.toBe(first.hash)
    // Just-modified files are not remembered (racily clean).
    expect(again.cache["Z.txt"]).toBeUndefined()
  })

  it("a directory of more files than one stat batch lists each once with its own size; a .git file (a worktree's) is skipped too", async () => {
    const root = join(tempDir(), "many")
    const names = Array.from({ length: 600 }, (_, i) => `f${String(i).padStart(3, "0")}.md`)
    names.forEach((n, i) => write(root, `refs/${n}`, "x".repeat(i % 7)))
    write(root, "refs/.git", "gitdir: elsewhere\n")
    write(root, "refs/deeper/last.md", "# L\n")
    const tree = Result.getOrThrow(await run(scanSourceTree(root)))
    expect(tree.files.map((f) => f.path)).toEqual(["refs/deeper/last.md", ...names.map((n) => `refs/${n}`)])
    expect(tree.files.slice(1).map((f) => f.size)).toEqual(names.map((_, i) => i % 7))
    expect(tree.dirs).toEqual(["refs", "refs/deeper"])
  })

  it("lstatMany answers in the order asked and fails with the first path that cannot be stat'ed", async () => {
    const root = skill()
    const ok = Result.getOrThrow(await run(Effect.gen(function* () { return yield* (yield* FileSystem).lstatMany([join(root, "Z.txt"), join(root, "references"), join(root, "SKILL.md")]) })))
    expect(ok.map((i) => i.type)).toEqual(["file", "directory", "file"])
    expect(ok[0]!.size).toBe(1)
    const failed = await run(Effect.gen(function* () { return yield* (yield* FileSystem).lstatMany([join(root, "Z.txt"), join(root, "gone.md"), join(root, "also-gone.md")]) }))
    expect(Result.isFailure(failed) && failed.failure.path).toBe(join(root, "gone.md"))
    expect(Result.isFailure(failed) && failed.failure.code).toBe("ENOENT")
  })
})
