// Incremental builds (issue 16, RFC-0004:C-INDEX all-or-nothing visibility),
// in process on real SQLite files in temp dirs: after adding, changing,
// renaming and deleting files, the index an incremental build leaves equals
// the one a cold build writes; unchanged files are not read again; the stub
// and manifest are rewritten only when their content changes; a build
// killed with SIGKILL mid-write leaves a usable old index.
import { Database } from "../../src/adapters/sqlite/nodeSqlite.js"
import { Effect, Result } from "effect"
import { spawn } from "node:child_process"
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs"
import { basename, dirname, join } from "node:path"
import { describe, expect, it } from "vitest"
import { makeLiveLayer } from "../../src/index.js"
import { build } from "../../src/app/build/build.js"
import { search } from "../../src/app/search/search.js"
import { settledPathOf } from "../../src/app/build/settledRecords.js"
import { recordedSourceHash } from "../../src/app/shared/sourceTree.js"
import type { IndexedSourceFile } from "../../src/ports/SearchIndex.js"
import { Hasher } from "../../src/ports/Hasher.js"
import { nodeHasher } from "../../src/adapters/node/NodeHasher.js"
import { sandbox } from "../helpers/cli.js"

const SKILL = "---\nname: demo\ndescription: A skill for tests. Use when testing.\n---\n\n# Demo\n\n## Usage\n\nalpha words here\n"

/** An hour ago, then later by `step` minutes: mtimes old enough to be trusted (outside the racy window). */
const T0 = Math.floor(Date.now() / 1000) - 3600
const past = (step = 0) => new Date((T0 + step * 60) * 1000)

const setup = () => {
  const sb = sandbox()
  const skill = join(sb.work, ".skillc", "skills", "demo")
  const put = (rel: string, text: string, step = 0) => {
    const p = join(skill, rel)
    mkdirSync(dirname(p), { recursive: true })
    writeFileSync(p, text)
    utimesSync(p, past(step), past(step))
  }
  put("SKILL.md", SKILL)
  put("references/a.md", "---\ndescription: About A\n---\n# Alpha ref\n\n## One\n\nbravo text\n\n## Two\n\ncharlie text\n")
  put("references/b.md", "# Beta ref\n\ndelta text\n")
  put("notes.txt", "echo plain text\n")
  put("data.bin", "not indexed\n")
  const layer = makeLiveLayer({ cwd: sb.work, env: { HOME: sb.home, SKILLC_HOME: sb.home } })
  const run = <A, E>(e: Effect.Effect<A, E, never>) =>
    Effect.runPromise(Effect.result(e)).then((r) => (Result.isFailure(r) ? Promise.reject(r.failure) : r.success))
  const runtime = join(sb.work, ".skillc", "runtime", "demo")
  const indexFile = () => {
    const meta = join(runtime, ".skillc-meta")
    const f = readdirSync(meta).find((n) => /^search-[0-9a-f]{16}\.db$/.test(n))
    return join(meta, f!)
  }
  return {
    sb,
    skill,
    put,
    runtime,
    indexFile,
    build: () => run(Effect.provide(build({ skill: "demo" }), layer)),
    search: (query: string) => run(Effect.provide(search({ skill: "demo", query }), layer)),
    /** The same search with every hash input noted (as text). */
    searchNotingHashes: (query: string, hashed: Array<string>) =>
      run(
        Effect.provide(
          Effect.provideService(search({ skill: "demo", query }), Hasher, {
            sha256Hex: (data) => {
              hashed.push(typeof data === "string" ? data : Buffer.from(data).toString("utf8"))
              return nodeHasher.sha256Hex(data)
            }
          }),
          layer
        )
      )
  }
}

/** The index's content, independent of rowids and build time. */
const snapshot = (path: string) => {
  const db = new Database(path, { readonly: true })
  try {
    const all = (sql: string) => db.prepare(sql).all()
    return {
      sections: all("SELECT file, section, content FROM sections ORDER BY file, section, content"),
      headings: all("SELECT file, text, level, start_line, end_line FROM headings ORDER BY file, start_line"),
      files: all("SELECT path, size, mtime_ms, hash, trusted, title, description, last_rowid - first_rowid AS rows FROM source_files ORDER BY path"),
      meta: all("SELECT key, value FROM index_meta WHERE key <> 'indexed_at' ORDER BY key"),
      // Issue 14's tables share the rowids of `sections`: they must move with them.
      places: all(
        "SELECT p.file, p.section, p.line, p.end_line, p.level, p.subsections, s.content FROM section_places p JOIN sections s ON s.rowid = p.id ORDER BY p.file, p.line, p.level"
      ),
      own: all("SELECT p.file, p.line, o.own FROM section_own o JOIN section_places p ON p.id = o.rowid ORDER BY p.file, p.line"),
      counts: all(
        "SELECT (SELECT count(*) FROM sections) AS sections, (SELECT count(*) FROM section_places) AS places, (SELECT count(*) FROM section_own) AS own"
      ),
      // Every section row belongs to exactly one file's recorded range.
      orphans: all(
        "SELECT rowid FROM sections s WHERE NOT EXISTS (SELECT 1 FROM source_files f WHERE s.rowid BETWEEN f.first_rowid AND f.last_rowid AND f.path = s.file)"
      )
    }
  } finally {
    db.close()
  }
}

const coldSnapshot = async (t: ReturnType<typeof setup>) => {
  rmSync(t.indexFile())
  const r = await t.build()
  expect(r.file_count).toBeGreaterThan(0)
  return snapshot(t.indexFile())
}

describe("issue 16 incremental build (RFC-0004:C-INDEX)", () => {
  it("add, change, rename and delete files: the index equals a cold build's", async () => {
    const t = setup()
    await t.build()
    t.put("references/a.md", "---\ndescription: About A, changed\n---\n# Alpha ref\n\n## One\n\nbravo echo text\n", 5)
    t.put("references/new.md", "# New ref\n\nfoxtrot text\n", 5)
    renameSync(join(t.skill, "references/b.md"), join(t.skill, "references/b2.md"))
    rmSync(join(t.skill, "notes.txt"))
    const r = await t.build()
    expect(r.markdown_count).toBe(4)
    const incremental = snapshot(t.indexFile())
    expect(incremental.orphans).toEqual([])
    expect(incremental.sections.map((s: any) => s.file)).not.toContain("notes.txt")
    expect(incremental.sections.map((s: any) => s.file)).toContain("references/b2.md")
    const cold = await coldSnapshot(t)
    expect(incremental).toEqual(cold)
    // The stub lists the changed description and the renamed and added files.
    const stub = readFileSync(join(t.runtime, "SKILL.md"), "utf8")
    expect(stub).toContain("About A, changed")
    expect(stub).toContain("Beta ref")
    expect(stub).toContain("New ref")
    // Search answers from the changed rows, not the old ones.
    const hits = await t.search("echo")
    expect(new Set(hits.results.map((h) => h.file))).toEqual(new Set(["references/a.md"]))
  })

  it("a touched file with the same bytes keeps its rows; a same-size edit with a new mtime is seen", async () => {
    const t = setup()
    await t.build()
    utimesSync(join(t.skill, "references/b.md"), past(7), past(7))
    t.put("references/a.md", readFileSync(join(t.skill, "references/a.md"), "utf8").replace("bravo", "BRAVO"), 8)
    await t.build()
    const incremental = snapshot(t.indexFile())
    expect(incremental.sections.some((s: any) => s.content.includes("BRAVO"))).toBe(true)
    expect(incremental).toEqual(await coldSnapshot(t))
  })

  it("a no-op build does not read unchanged files and leaves index, stub and manifest untouched", async () => {
    const t = setup()
    await t.build()
    const files = [t.indexFile(), join(t.runtime, "SKILL.md"), join(t.runtime, ".skillc-meta", "manifest.json")]
    // Written once more so records of freshly built files settle (all mtimes here are old: nothing to settle).
    const before = files.map((f) => statSync(f).mtimeMs)
    // Bytes changed behind an unchanged size and mtime prove the file is not read: its record answers.
    const b = join(t.skill, "references/b.md")
    const text = readFileSync(b)
    writeFileSync(b, Buffer.alloc(text.length, 0x78))
    utimesSync(b, past(0), past(0))
    const r = await t.build()
    expect(files.map((f) => statSync(f).mtimeMs)).toEqual(before)
    expect(r.markdown_count).toBe(3)
  })

  it("an index without file records (an older skc) is left alone while up to date, rebuilt whole with records at the next change (issue 25 item 4)", async () => {
    const t = setup()
    await t.build()
    const db = new Database(t.indexFile())
    db.exec("DROP TABLE source_files")
    db.close()
    const before = statSync(t.indexFile(), { bigint: true })
    await t.build()
    const after = statSync(t.indexFile(), { bigint: true })
    expect([after.ino, after.mtimeNs]).toEqual([before.ino, before.mtimeNs])
    t.put("references/b.md", "# Beta ref\n\nepsilon text\n", 5)
    await t.build()
    expect(snapshot(t.indexFile()).files.length).toBe(5)
    expect((await t.search("epsilon")).results.length).toBe(1)
  })

  it("SIGKILL during an incremental build leaves a usable old index (RFC-0004:C-INDEX)", async () => {
    const t = setup()
    await t.build()
    const good = snapshot(t.indexFile())
    // A large change, so the child is killed while it writes.
    for (let i = 0; i < 12; i++) t.put(`references/big-${i}.md`, `# Big ${i}\n\n${"golf words here. ".repeat(12_000)}\n`, 9)
    const bin = join(process.cwd(), "bin", "skc.mjs")
    for (const delay of [200, 600]) {
      const child = spawn(process.execPath, [bin, "build", "demo"], {
        cwd: t.sb.work,
        env: { ...process.env, HOME: t.sb.home, SKILLC_HOME: t.sb.home },
        stdio: "ignore"
      })
      const exited = new Promise((resolve) => child.once("exit", resolve))
      await new Promise((resolve) => setTimeout(resolve, delay))
      child.kill("SIGKILL")
      await exited
      // Either the old index or a complete new one, never a mix; always readable.
      const now = snapshot(t.indexFile())
      expect(now.orphans).toEqual([])
      const bigRows = now.sections.filter((s: any) => s.file.startsWith("references/big-")).length
      if (bigRows === 0) expect(now).toEqual(good)
      else expect(now.files.length).toBe(17)
    }
    // The next build completes, removes the killed builds' temporary copies, and equals a cold one.
    // (One more left by a process that no longer exists, in case the kills above came too late to leave one.)
    const deadPid = 4_000_000 + (process.pid % 1000)
    writeFileSync(join(dirname(t.indexFile()), `.${basename(t.indexFile())}.${deadPid}.0badc0de.tmp`), "partial")
    t.put("references/big-0.md", "# Big 0\n\nchanged again\n", 11)
    await t.build()
    expect(readdirSync(dirname(t.indexFile())).filter((n) => n.endsWith(".tmp") || n.endsWith(".tmp-journal"))).toEqual([])
    const incremental = snapshot(t.indexFile())
    expect(incremental).toEqual(await coldSnapshot(t))
  }, 180_000)
})

describe("issue 30: records settled after the index was written (src/app/build/settledRecords.ts)", () => {
  /** What a build racily close to the files' last change leaves: every record untrusted. */
  const builtRacily = (t: ReturnType<typeof setup>) => {
    const db = new Database(t.indexFile())
    db.exec("UPDATE source_files SET trusted = 0")
    db.close()
  }
  const settledFile = (t: ReturnType<typeof setup>) => t.indexFile().replace(/search-([0-9a-f]{16})\.db$/, "settled-$1.json")
  /** Other bytes behind the same size and mtime: only a command that reads the file can tell. */
  const swapBytesBehindStat = (t: ReturnType<typeof setup>, rel: string) => {
    const p = join(t.skill, rel)
    const { size, mtime } = statSync(p)
    writeFileSync(p, Buffer.alloc(size, 0x78))
    utimesSync(p, mtime, mtime)
  }
  const exists = (p: string) => {
    try {
      statSync(p)
      return true
    } catch {
      return false
    }
  }

  it("a search that had to hash files keeps what it learnt: the next one reads none of them", async () => {
    const t = setup()
    await t.build()
    builtRacily(t)
    expect((await t.search("delta")).results.map((r) => r.file)).toEqual(["references/b.md"])
    const kept = JSON.parse(readFileSync(settledFile(t), "utf8")).files
    expect(Object.keys(kept).sort()).toEqual(["SKILL.md", "data.bin", "notes.txt", "references/a.md", "references/b.md"])
    // Read again, b.md would now hash differently and the index would be stale (E002).
    swapBytesBehindStat(t, "references/b.md")
    expect((await t.search("delta")).results.map((r) => r.file)).toEqual(["references/b.md"])
  })

  it("a no-op build keeps them too, leaving the index file as it is; a change of content rewrites the index and drops them", async () => {
    const t = setup()
    await t.build()
    builtRacily(t)
    const before = statSync(t.indexFile(), { bigint: true })
    await t.build()
    expect(exists(settledFile(t))).toBe(true)
    swapBytesBehindStat(t, "references/b.md")
    await t.build()
    const after = statSync(t.indexFile(), { bigint: true })
    // Not read, so not re-indexed: the same file, inode and mtime (RFC-0004:C-INDEX, issue 25 item 4).
    expect([after.ino, after.mtimeNs]).toEqual([before.ino, before.mtimeNs])
    t.put("references/a.md", "# Alpha ref\n\nzulu text\n", 9)
    await t.build()
    expect(exists(settledFile(t))).toBe(false)
    expect((await t.search("zulu")).results.map((r) => r.file)).toEqual(["references/a.md"])
  })

  // Found upgrading a store: the rebuild E002 asked for (an older index, a changed `[search] max_file_bytes`)
  // took the settled records as reasons not to read files, so their sections never reached the new index,
  // and every later build said "unchanged" (RFC-0004:C-INDEX: a rebuilt index holds every file).
  it("an index written whole again (max_file_bytes changed) indexes every file, settled ones included", async () => {
    const t = setup()
    await t.build()
    builtRacily(t)
    expect((await t.search("delta")).results.map((r) => r.file)).toEqual(["references/b.md"])
    expect(exists(settledFile(t))).toBe(true)
    mkdirSync(join(t.sb.work, ".skillc"), { recursive: true })
    writeFileSync(join(t.sb.work, ".skillc", "config.toml"), "[search]\nmax_file_bytes = 2000000\n")
    await t.build()
    expect((await t.search("delta")).results.map((r) => r.file)).toEqual(["references/b.md"])
    expect((await t.search("charlie")).results.map((r) => r.section)).toEqual(["Two"])
    const db = new Database(t.indexFile())
    const empty = db.prepare("SELECT path FROM source_files WHERE path LIKE '%.md' AND first_rowid IS NULL").all()
    db.close()
    expect(empty).toEqual([])
  })

  it("the settled file sits beside its index under a name no search-* pattern meets, and is never the index itself", () => {
    expect(settledPathOf("/r/.skillc-meta/search-0123456789abcdef.db")).toBe("/r/.skillc-meta/settled-0123456789abcdef.json")
    expect(settledPathOf("/r/search-x/index")).toBe("/r/search-x/index.settled.json")
  })

  it("a damaged settled file is ignored: the files are hashed as before and a real change is still seen", async () => {
    const t = setup()
    await t.build()
    builtRacily(t)
    for (const junk of ["not json", "{\"files\": [1, 2]}", "{\"files\": {\"references/b.md\": [1, 2, \"zz\", null, null]}}", "null"]) {
      writeFileSync(settledFile(t), junk)
      expect((await t.search("delta")).results.map((r) => r.file)).toEqual(["references/b.md"])
    }
    swapBytesBehindStat(t, "references/b.md")
    writeFileSync(settledFile(t), "not json")
    await expect(t.search("delta")).rejects.toMatchObject({ _tag: "IndexUnusable" })
  })
})

describe("issue 30: a build whose files hash as the index recorded takes the index's source hash (RFC-0001:C-MANIFEST)", () => {
  const record = (path: string, hash: string): [string, IndexedSourceFile] => [
    path,
    { path, size: 1, mtimeMs: 0, hash, trusted: true, title: undefined, description: undefined }
  ]

  it("recordedSourceHash answers only when the (path, hash) pairs are exactly the recorded ones", () => {
    const previous = new Map([record("SKILL.md", "h1"), record("references/a.md", "h2")])
    const pairs: Array<readonly [string, string]> = [["SKILL.md", "h1"], ["references/a.md", "h2"]]
    expect(recordedSourceHash(pairs, previous, "S")).toBe("S")
    expect(recordedSourceHash([["SKILL.md", "h1"], ["references/a.md", "CHANGED"]], previous, "S")).toBeUndefined()
    expect(recordedSourceHash([...pairs, ["references/new.md", "h3"]], previous, "S")).toBeUndefined()
    expect(recordedSourceHash([["SKILL.md", "h1"]], previous, "S")).toBeUndefined()
    expect(recordedSourceHash([["SKILL.md", "h1"], ["references/b.md", "h2"]], previous, "S")).toBeUndefined()
    expect(recordedSourceHash(pairs, previous, undefined)).toBeUndefined()
  })

  it("a query's freshness check over files hashing as recorded takes the recorded source hash: the listing is not hashed again", async () => {
    const t = setup()
    await t.build()
    utimesSync(join(t.skill, "references/b.md"), past(9), past(9)) // same bytes: read and hashed again
    const hashed: Array<string> = []
    expect((await t.searchNotingHashes("delta", hashed)).results.map((r) => r.file)).toEqual(["references/b.md"])
    expect(hashed).toContain("# Beta ref\n\ndelta text\n")
    // The source-hash input lists every file: none of the inputs does.
    expect(hashed.filter((h) => h.includes("SKILL.md") && h.includes("references/a.md"))).toEqual([])
    // An edit is still seen: its pair differs, the listing is hashed and the index is stale.
    t.put("references/b.md", "# Beta ref\n\ndelta text, edited\n", 10)
    const again: Array<string> = []
    await expect(t.searchNotingHashes("delta", again)).rejects.toMatchObject({ _tag: "IndexUnusable" })
    expect(again.filter((h) => h.includes("SKILL.md") && h.includes("references/a.md"))).toHaveLength(1)
  })

  it("the manifest's source hash is a cold build's after a no-op build, a touch and an edit", async () => {
    const t = setup()
    const manifestHash = () => JSON.parse(readFileSync(join(t.runtime, ".skillc-meta", "manifest.json"), "utf8")).source_hash as string
    const coldHash = async () => {
      rmSync(join(t.runtime, ".skillc-meta"), { recursive: true, force: true })
      await t.build()
      return manifestHash()
    }
    await t.build()
    const first = manifestHash()
    await t.build()
    expect(manifestHash()).toBe(first)
    utimesSync(join(t.skill, "references/b.md"), past(9), past(9)) // same bytes, read again
    await t.build()
    expect(manifestHash()).toBe(first)
    t.put("references/b.md", "# Beta ref\n\ndelta text, edited\n", 10)
    await t.build()
    const edited = manifestHash()
    expect(edited).not.toBe(first)
    expect(await coldHash()).toBe(edited)
  })
})
