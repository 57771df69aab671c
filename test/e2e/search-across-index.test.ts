// DECISIONS #44 (issue 25): `search --all` queries one index over every
// searched skill, kept in the cache (`<home>/.skillc/cache/across/`). The
// real CLI on real indexes: the file is made once and left alone while no
// skill changes, follows a rebuilt skill on the next question, and when it
// cannot be had the answer is the same, from each index in turn.
import { readdirSync, rmSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { writeTree } from "../helpers/tree.js"

const skill = (name: string, description: string, sections: Record<string, string>) =>
  [
    "---",
    `name: ${name}`,
    `description: ${description}`,
    "---",
    "",
    `# ${name}`,
    "",
    ...Object.entries(sections).flatMap(([h, body]) => [`## ${h}`, "", body, ""])
  ].join("\n")

interface Doc {
  readonly results: ReadonlyArray<{ readonly skill: string; readonly file: string; readonly section: string; readonly snippet: string }>
}

describe("DECISIONS #44: one index over every skill for search --all", () => {
  const s = sandbox()
  const store = join(s.work, ".skillc", "skills")
  const write = (name: string, description: string, sections: Record<string, string>) =>
    writeTree(join(store, name), { "SKILL.md": skill(name, description, sections) })
  const across = join(s.home, ".skillc", "cache", "across")
  const combined = () => readdirSync(across).filter((n) => /^search-[0-9a-f]{16}\.db$/.test(n))
  const ask = async (query: string, extra: ReadonlyArray<string> = []) => {
    const r = await s.runAsync(["search", "--all", query, "--format", "json", ...extra])
    expect(r.code, r.stderr).toBe(0)
    return { doc: JSON.parse(r.stdout) as Doc, stderr: r.stderr }
  }
  const where = (doc: Doc) => doc.results.map((r) => `${r.skill}:${r.section}`)

  beforeAll(() => {
    write("deploys", "Shipping services. Use when deploying.", { "Blue green": "Switch traffic between two deployments.", Rollback: "Roll back a bad release." })
    write("databases", "Database care. Use for migrations.", { Migrations: "Run migrations before the release.", Backups: "Nightly backups of every database." })
    write("reviews", "Code review. Use when reviewing a change.", { Checklist: "Read the release notes of every dependency." })
    for (const name of ["deploys", "databases", "reviews"]) expect(s.run(["build", name]).code).toBe(0)
  })

  it("answers from the one index, kept in the cache, and leaves it alone while no skill changed", async () => {
    const first = await ask("release")
    expect(new Set(first.doc.results.map((r) => r.skill))).toEqual(new Set(["deploys", "databases", "reviews"]))
    expect(first.doc.results.every((r) => r.snippet.includes("[MATCH]"))).toBe(true)
    const files = combined()
    expect(files).toHaveLength(1)
    const before = statSync(join(across, files[0]!))
    const again = await ask("release")
    expect(where(again.doc)).toEqual(where(first.doc))
    const after = statSync(join(across, files[0]!))
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs])
  })

  it("follows a rebuilt skill on the next question: its new sections, none of its old ones", async () => {
    write("deploys", "Shipping services. Use when deploying.", { Canary: "Send a tenth of the traffic to the release first." })
    expect(s.run(["build", "deploys"]).code).toBe(0)
    const { doc } = await ask("traffic")
    expect(where(doc)).toContain("deploys:Canary")
    expect(where(doc)).not.toContain("deploys:Blue green")
  })

  it("a combined index that fails while answering: the same answer, from each index in turn (-v says so)", async () => {
    const before = await ask("release")
    const [file] = combined()
    expect(combined()).toHaveLength(1)
    // Its members still look current, and its tables are all there, but one the answer needs lacks a column
    // (a missing table itself is corruption found on opening, and rebuilt then).
    const db = new DatabaseSync(join(across, file!))
    db.exec("ALTER TABLE section_places DROP COLUMN level")
    db.close()
    const after = await ask("release", ["-v"])
    expect(where(after.doc)).toEqual(where(before.doc))
    expect(after.stderr).toContain("the index over every skill failed")
    // Removed then, and built afresh by the next question.
    const next = await ask("release", ["-v"])
    expect(where(next.doc)).toEqual(where(before.doc))
    expect(next.stderr).not.toContain("failed")
    expect(combined()).toEqual([file])
  })

  it("a set of skills of its own (--skill a,b) gets a file of its own; the whole set's file stays", async () => {
    const whole = combined()
    const { doc } = await ask("release", ["--skill", "databases,reviews"])
    expect(new Set(doc.results.map((r) => r.skill))).toEqual(new Set(["databases", "reviews"]))
    expect(combined()).toHaveLength(whole.length + 1)
    expect(combined()).toEqual(expect.arrayContaining(whole))
  })

  it("when the cache cannot hold it, the answer is the same, from each index in turn (-v says why)", async () => {
    const viaCombined = await ask("release backups")
    rmSync(across, { recursive: true, force: true })
    // A file where the directory should be: no one, root included, can create the combined index there.
    writeFileSync(across, "not a directory")
    try {
      const viaEach = await ask("release backups", ["-v"])
      expect(where(viaEach.doc)).toEqual(where(viaCombined.doc))
      expect(viaEach.stderr).toContain("asking each index")
    } finally {
      rmSync(across, { force: true })
    }
  })
})

describe("issue 25: what a section holds across skills, on real indexes (porter, BM25)", () => {
  const s = sandbox()
  const store = join(s.work, ".skillc", "skills")
  beforeAll(() => {
    writeTree(join(store, "brand"), { "SKILL.md": skill("brand", "House style for documents.", { "Colour Palette": "Primary and accent colours.", Typography: "Fonts: Styrene and Tiempos." }) })
    writeTree(join(store, "docs"), { "SKILL.md": skill("docs", "Word documents.", { "Creating a document": "Create a new file with a template.", Fonts: "Pick fonts for a file." }) })
    writeTree(join(store, "maker"), {
      "SKILL.md": skill("maker", "Guide for creating skills.", { Overview: "See the reference." }),
      "reference/anatomy.md": "# Anatomy\n\n## Anatomy of a skill\n\nA skill is a folder with a SKILL.md file and scripts.\n"
    })
    for (const name of ["brand", "docs", "maker"]) expect(s.run(["build", name]).code).toBe(0)
  })
  const ask = (query: string) => {
    const r = s.run(["search", "--all", query, "--format", "json", "--limit", "2"])
    expect(r.code, r.stderr).toBe(0)
    return (JSON.parse(r.stdout) as Doc).results.map((x) => `${x.skill}:${x.file}#${x.section}`)
  }

  it("American spelling finds the British heading, in one skill and across skills", () => {
    expect(ask("what colors does the brand use")[0]).toBe("brand:SKILL.md#Colour Palette")
    const one = s.run(["search", "brand", "colors", "--format", "json"])
    expect((JSON.parse(one.stdout) as Doc).results.map((x) => x.section)).toEqual(["Colour Palette"])
  })

  it("'skill' and 'SKILL.md' held only as the name of every skill's main file decide nothing", () => {
    // docs' "Creating a document" holds create, new and file itself, and skill and SKILL.md only as its file name.
    expect(ask("create a new skill with a SKILL.md file")[0]).toBe("maker:reference/anatomy.md#Anatomy of a skill")
  })
})
