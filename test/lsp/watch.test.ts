/**
 * The server's own watch of a skill directory (issue 50, for clients that
 * watch no files: Neovim 0.7, 0.10+ on Linux) stays bounded: one watcher per
 * directory up to MAX_WATCHED_DIRS, none in version control or dependency
 * trees, none left after close, and a removed directory's watchers go.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { MAX_WATCHED_DIRS, watchSkill } from "../../src/lsp/watch.js"
import { tempDir } from "../helpers/cli.js"

/** A watch whose `until` resolves once a change leaves it in the state asked for. */
const watched = (root: string) => {
  const waiting: Array<{ check: () => boolean; resolve: () => void }> = []
  const w = watchSkill(
    root,
    () => {
      for (const x of waiting.splice(0)) if (x.check()) x.resolve()
      else waiting.push(x)
    },
    { recursive: false }
  )
  const until = (check: () => boolean) => new Promise<void>((resolve) => (check() ? resolve() : waiting.push({ check, resolve })))
  return { w, until }
}

describe("watchSkill (issue 50)", () => {
  it("watches each directory up to the bound, never .git or node_modules, and closes them all", () => {
    const root = tempDir()
    for (let i = 0; i < MAX_WATCHED_DIRS + 10; i++) mkdirSync(join(root, `d${i}`))
    mkdirSync(join(root, ".git", "objects"), { recursive: true })
    mkdirSync(join(root, "node_modules", "x"), { recursive: true })
    const { w } = watched(root)
    expect(w.size()).toBe(MAX_WATCHED_DIRS)
    w.close()
    expect(w.size()).toBe(0)
    const small = tempDir()
    mkdirSync(join(small, ".git"))
    mkdirSync(join(small, "node_modules"))
    mkdirSync(join(small, "references"))
    const s = watched(small)
    expect(s.w.size()).toBe(2)
    s.w.close()
  })

  it("watches a directory made after it started, and forgets one removed", async () => {
    const root = tempDir()
    const { w, until } = watched(root)
    expect(w.size()).toBe(1)
    mkdirSync(join(root, "refs"))
    await until(() => w.size() === 2)
    writeFileSync(join(root, "refs", "a.md"), "# A\n")
    rmSync(join(root, "refs"), { recursive: true })
    await until(() => w.size() === 1)
    mkdirSync(join(root, "refs"))
    await until(() => w.size() === 2)
    w.close()
    expect(w.size()).toBe(0)
  })
})
