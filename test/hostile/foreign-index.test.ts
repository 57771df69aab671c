// Issue 29 items 3 and 5: the on-demand index of a foreign skill (DECISIONS
// #38: a skill an agent sees that skc did not build; its index and log in
// `$SKILLC_HOME/.skillc/cache/<name>-<hash8>`).
//
// - Indexing runs off the MCP server's request path: `ping` is answered
//   while the index of a 20k-file foreign skill is being written.
// - A cache that cannot be written (read-only home, a 250-character name)
//   falls back to an index in memory for the call, with one warning.
// - The cache directory records the skill's real path: two skills whose
//   paths share the 8 hex digits never share an index or a log.
// - One outward symlink no longer makes show/search E012.
// - `build` replaces an index file that records another skill (search keeps E003).
import { createHash } from "node:crypto"
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { BIN, sandbox } from "../helpers/cli.js"
import { connectMcp, textOf } from "../helpers/mcpClient.js"
import { canDropPrivileges, runUnprivileged, shareForUnprivileged } from "./unprivileged.js"

const SKILL = (name: string) =>
  `---\nname: ${name}\ndescription: Gears and levers. Use when building machines.\n---\n# Machines\n\n## Gears\n\nTurn the crank slowly.\n`

const hash = (p: string) => createHash("sha256").update(p).digest("hex")

/** `<home>/.skillc/cache/<name>-<n hex digits of the real path's hash>`. */
const cacheDir = (home: string, name: string, dir: string, digits = 8) => join(home, ".skillc", "cache", `${name}-${hash(realpathSync(dir)).slice(0, digits)}`)

const foreignSkill = (work: string, name: string) => {
  const dir = join(work, ".claude", "skills", name)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), SKILL(name))
  return dir
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 2))

describe("issue 29 item 3: indexing a foreign skill never stops the MCP server", () => {
  it("ping is answered while the index of a 20k-file foreign skill is written; the search then answers", async () => {
    const sb = sandbox()
    const dir = foreignSkill(sb.work, "big")
    for (let d = 0; d < 100; d++) {
      mkdirSync(join(dir, "refs", `d${d}`), { recursive: true })
      for (let f = 0; f < 200; f++) {
        writeFileSync(join(dir, "refs", `d${d}`, `f${f}.md`), `# Part ${d}-${f}\n\nThe lever number ${f}.\n\n## Notes ${f}\n\nPull gently on lever ${d}.\n`)
      }
    }
    const meta = join(cacheDir(sb.home, "big", dir), ".skillc-meta")
    const temp = () => (existsSync(meta) ? readdirSync(meta).find((n) => n.endsWith(".tmp")) : undefined)
    const writing = () => temp() !== undefined
    /** The size of the index being written (SQLite spills pages to it as the transaction grows). */
    const written = () => {
      const t = temp()
      try {
        return t === undefined ? undefined : statSync(join(meta, t)).size
      } catch {
        return undefined
      }
    }
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home })
    try {
      const order: Array<string> = []
      let settled = false
      const search = mcp.call("skc_search", { skill: "big", query: "crank" }).finally(() => {
        settled = true
        order.push("search")
      })
      // The write of the index begins (its temporary file appears)…
      while (!settled && !writing()) await tick()
      expect(settled, "the indexing ended before its write was seen: make the skill larger").toBe(false)
      // …and while it goes on, pings are answered: before the index has
      // all its rows (a write in one synchronous piece would answer them
      // only once the file is complete).
      const sizesAtAnswers: Array<number> = []
      while (!settled && writing()) {
        await mcp.client.ping()
        order.push("ping")
        const size = written()
        if (size !== undefined) sizesAtAnswers.push(size)
      }
      const r = await search
      const index = readdirSync(meta).find((n) => /^search-[0-9a-f]{16}\.db$/.test(n))!
      const complete = statSync(join(meta, index)).size
      expect(sizesAtAnswers.filter((size) => size < complete).length, `index of ${complete} bytes; answers at ${sizesAtAnswers.join(", ")}`).toBeGreaterThan(0)
      // Pings answered before the search ended (the last ping may cross the search's answer).
      expect(order.indexOf("ping")).toBeGreaterThanOrEqual(0)
      expect(order.indexOf("ping")).toBeLessThan(order.indexOf("search"))
      expect(r.isError, textOf(r)).not.toBe(true)
      expect(textOf(r)).toContain("Gears")
    } finally {
      await mcp.close()
    }
  }, 120_000)
})

describe("issue 29 item 5: a foreign skill's cache that cannot be written", () => {
  it.skipIf(!canDropPrivileges())("read-only home (the sandbox case): search and show answer from an index in memory, with one warning", () => {
    const sb = sandbox()
    foreignSkill(sb.work, "machines")
    shareForUnprivileged(sb.root)
    chmodSync(sb.home, 0o555)
    try {
      const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" }
      const search = runUnprivileged([process.execPath, BIN, "search", "machines", "crank"], { cwd: sb.work, env })
      expect(search.stderr).not.toContain("E999")
      expect(search.status, search.stderr).toBe(0)
      expect(search.stdout).toContain("Gears")
      const warnings = search.stderr.split("\n").filter((l) => l.includes("indexed in memory for this call"))
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatch(/^warning: cannot keep the search index of 'machines' in .*cache\/machines-[0-9a-f]{8} \(/)
      const show = runUnprivileged([process.execPath, BIN, "show", "machines", "--section", "Gears"], { cwd: sb.work, env })
      expect(show.status, show.stderr).toBe(0)
      expect(show.stdout).toContain("Turn the crank slowly.")
      expect(existsSync(join(sb.home, ".skillc"))).toBe(false)
    } finally {
      chmodSync(sb.home, 0o755)
    }
  })

  it("a 250-character name (a cache directory name too long for the file system): searched in memory, one warning", async () => {
    const sb = sandbox()
    const name = "m".repeat(250)
    foreignSkill(sb.work, name)
    const r = await sb.runAsync(["search", name, "crank"])
    expect(r.stderr).not.toContain("E999")
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toContain("Gears")
    expect(r.stderr.match(/indexed in memory for this call/g)).toHaveLength(1)
  })
})

describe("issue 29 item 5: the cache directory records whose it is", () => {
  it("two skills whose real paths share the 8 hex digits get separate caches (the second <name>-<hash16>): no shared index or log", async () => {
    const sb = sandbox()
    const base = realpathSync(sb.root)
    // A real 32-bit collision, found by the birthday bound (~2^16 tries).
    const seen = new Map<string, number>()
    let pair: readonly [number, number] | undefined
    for (let i = 0; pair === undefined && i < 1_000_000; i++) {
      const key = hash(join(base, `p${i}`, ".claude", "skills", "twin")).slice(0, 8)
      const j = seen.get(key)
      if (j !== undefined) pair = [j, i]
      else seen.set(key, i)
    }
    expect(pair).toBeDefined()
    const [one, two] = pair!.map((i) => join(base, `p${i}`))
    const dirOne = foreignSkill(one!, "twin")
    const dirTwo = foreignSkill(two!, "twin")
    writeFileSync(join(dirTwo, "other.md"), "# Other\n\nSprockets only.\n")
    expect(cacheDir(sb.home, "twin", dirOne)).toBe(cacheDir(sb.home, "twin", dirTwo))

    expect((await sb.runAsync(["search", "twin", "crank"], one)).code).toBe(0)
    const r = await sb.runAsync(["search", "twin", "sprockets", "--format", "json"], two)
    expect(r.code, r.stderr).toBe(0)
    expect(JSON.parse(r.stdout).results.map((x: { file: string }) => x.file)).toEqual(["other.md"])

    const short = cacheDir(sb.home, "twin", dirOne)
    const long = cacheDir(sb.home, "twin", dirTwo, 16)
    expect(readFileSync(join(short, ".skillc-meta", "skill_path"), "utf8")).toBe(`${realpathSync(dirOne)}\n`)
    expect(readFileSync(join(long, ".skillc-meta", "skill_path"), "utf8")).toBe(`${realpathSync(dirTwo)}\n`)
    const files = (d: string) => readdirSync(join(d, ".skillc-meta")).sort()
    expect(files(short).filter((f) => f.startsWith("search-"))).toHaveLength(1)
    expect(files(long).filter((f) => f.startsWith("search-"))).toHaveLength(1)
    // Each log holds its own skill's row only.
    const statsOne = JSON.parse((await sb.runAsync(["stats", "twin", "--format", "json"], one)).stdout)
    const statsTwo = JSON.parse((await sb.runAsync(["stats", "twin", "--format", "json"], two)).stdout)
    expect(statsOne.data.total_accesses).toBe(1)
    expect(statsTwo.data.total_accesses).toBe(1)
  }, 180_000)
})

describe("issue 29 item 5: an outward symlink in a foreign skill", () => {
  it("show and search skip it, as outline and sources do (no E012)", async () => {
    const sb = sandbox()
    const dir = foreignSkill(sb.work, "linked")
    writeFileSync(join(sb.root, "outside.md"), "# Outside\n\nThe crank secret.\n")
    symlinkSync(join(sb.root, "outside.md"), join(dir, "leak.md"))
    const search = await sb.runAsync(["search", "linked", "crank", "--format", "json"])
    expect(search.stderr).not.toContain("E012")
    expect(search.code, search.stderr).toBe(0)
    expect(JSON.parse(search.stdout).results.map((x: { file: string }) => x.file)).toEqual(["SKILL.md"])
    const show = await sb.runAsync(["show", "linked", "--section", "Gears"])
    expect(show.code, show.stderr).toBe(0)
    expect((await sb.runAsync(["show", "linked", "--section", "Outside"])).stderr).not.toContain("secret")
    expect((await sb.runAsync(["outline", "linked"])).stdout).not.toContain("Outside")
  })

  it("a SKILL.md that itself leads out of the skill: outline and sources are E012, as build and open are, not an empty listing", async () => {
    const sb = sandbox()
    const dir = join(sb.work, ".skillc", "skills", "lk")
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(sb.root, "outside-skill.md"), "---\nname: lk\ndescription: Use when x.\n---\n# lk\n## Part\n")
    symlinkSync(join(sb.root, "outside-skill.md"), join(dir, "SKILL.md"))
    for (const args of [["outline", "lk"], ["outline", "lk", "--format", "json"], ["sources", "lk"], ["open", "lk", "SKILL.md"]]) {
      const r = await sb.runAsync(args)
      expect([args.join(" "), r.code, r.stdout, r.stderr]).toEqual([args.join(" "), 1, "", "error[E012]: path escapes skill root: 'SKILL.md'\n"])
    }
  })
})

describe("issue 29 item 5: build replaces an index file that records another skill", () => {
  it("search stays E003 (RFC-0004); build rebuilds it and search answers", async () => {
    const sb = sandbox()
    for (const name of ["alpha", "beta"]) {
      const dir = join(sb.work, ".skillc", "skills", name)
      mkdirSync(dir, { recursive: true })
      writeFileSync(join(dir, "SKILL.md"), SKILL(name))
      expect((await sb.runAsync(["build", name])).code).toBe(0)
    }
    const indexOf = (name: string) => {
      const meta = join(sb.work, ".skillc", "runtime", name, ".skillc-meta")
      return join(meta, readdirSync(meta).find((f) => /^search-[0-9a-f]{16}\.db$/.test(f))!)
    }
    copyFileSync(indexOf("alpha"), indexOf("beta"))
    const refused = await sb.runAsync(["search", "beta", "crank"])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/^error\[E003\]: index hash collision; delete \.skillc-meta\/search-[0-9a-f]{16}\.db and rebuild$/m)
    // DECISIONS #49: outline, which reads the files, fails with E003 too, in text and JSON.
    for (const args of [["outline", "beta"], ["outline", "beta", "--format", "json"]]) {
      const o = await sb.runAsync(args)
      expect([o.code, o.stdout]).toEqual([1, ""])
      expect(o.stderr).toMatch(/^error\[E003\]: index hash collision; delete \.skillc-meta\/search-[0-9a-f]{16}\.db and rebuild$/m)
    }
    const built = await sb.runAsync(["build", "beta"])
    expect(built.code, built.stderr).toBe(0)
    // …and build, the index being a cache, replaces it and says so on stderr.
    expect(built.stderr).toMatch(/^warning: search index .*search-[0-9a-f]{16}\.db was recorded for .*alpha, whose index is not this file: replaced with this skill's own$/m)
    expect((await sb.runAsync(["outline", "beta"])).code).toBe(0)
    const r = await sb.runAsync(["search", "beta", "crank"])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toContain("Gears")
    // alpha's own index is untouched.
    expect((await sb.runAsync(["search", "alpha", "crank"])).code).toBe(0)
  })
})
