/**
 * A skill folder holding entries whose names are not UTF-8 (Latin-1 names
 * from an old archive, a Windows zip): Node lists them with U+FFFD, a name
 * that opens nothing, so they were left out of build, search, show and
 * sources without a word: a file its author believed agents could read.
 * Every command that reads the tree now says so once, naming them
 * (RFC-0001:C-INPUT: the skill's files are its input). A name that really
 * holds U+FFFD is an ordinary file. File systems that refuse such names
 * skip with the reason.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { BIN, sandbox, spawnAsync } from "../helpers/cli.js"

const sb = sandbox()
const src = join(sb.work, ".skillc", "skills", "latin")
mkdirSync(src, { recursive: true })
writeFileSync(
  join(src, "SKILL.md"),
  "---\nname: latin\ndescription: Coffee notes kept in odd files. Use when brewing.\n---\n# Latin\n\nSee [notes](notes.md) and [replacement](repl\uFFFDced.md).\n"
)
writeFileSync(join(src, "notes.md"), "# Notes\n\nThe grind.\n")
// A valid UTF-8 name that holds U+FFFD itself (bytes EF BF BD): it opens, it is read.
writeFileSync(join(src, "repl\uFFFDced.md"), "# Replaced\n\nThe kettle temperature.\n")
const latin1 = (name: string) => Buffer.from(name, "latin1")
let refused = ""
try {
  writeFileSync(Buffer.concat([Buffer.from(src + "/"), latin1("caf\u00e9.md")]), "# Caf\u00e9\n\nThe espresso setting.\n")
  mkdirSync(Buffer.concat([Buffer.from(src + "/"), latin1("r\u00e9f")]))
  writeFileSync(Buffer.concat([Buffer.from(src + "/"), latin1("r\u00e9f"), Buffer.from("/deep.md")]), "# Deep\n\nMilk.\n")
} catch (e) {
  refused = `this file system refuses names that are not UTF-8 (${(e as Error).message})`
  console.warn(`undecodable-names: skipped: ${refused}`)
}

const run = (args: ReadonlyArray<string>) =>
  spawnAsync(process.execPath, [BIN, ...args], {
    cwd: sb.work,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" },
    timeoutMs: 120_000
  })

const NOTICE = /^warning: 2 entries are left out: their names are not valid UTF-8 .*rename them \('caf\uFFFD\.md', 'r\uFFFDf'\) in UTF-8$/m

describe.skipIf(refused !== "")("entries whose names are not UTF-8 are named, not silently left out", () => {
  beforeAll(async () => {
    const b = await run(["build", "latin"])
    expect(b.code, b.stderr).toBe(0)
    expect(b.stderr).toMatch(NOTICE)
  })

  it("sources, search, show and outline say it once each, and still answer from the rest", async () => {
    for (const args of [["sources", "latin"], ["search", "latin", "grind"], ["show", "latin", "--section", "Notes"], ["outline", "latin"]]) {
      const r = await run(args)
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(0)
      expect(r.stderr.match(new RegExp(NOTICE.source, "gm")) ?? [], args.join(" ")).toHaveLength(1)
    }
    const s = await run(["search", "latin", "grind"])
    expect(s.stdout).toContain("notes.md")
  })

  it("a name that really holds U+FFFD is read like any other and not named in the warning", async () => {
    const s = await run(["search", "latin", "kettle", "--format", "json"])
    expect(s.code, s.stderr).toBe(0)
    expect(JSON.parse(s.stdout).results[0].file).toBe("repl\uFFFDced.md")
    expect(s.stderr).not.toContain("repl\uFFFDced")
  })

  it("lint says it too, beside its findings", async () => {
    const r = await run(["lint", "latin"])
    expect(r.stderr + r.stdout).toMatch(NOTICE)
  })
})
