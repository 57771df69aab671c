// File names in another Unicode form than the links to them (macOS writes names decomposed, NFD; keyboards
// type composed, NFC): `résumé.md` linked as typed is the same letters as the file, but a Linux file system
// keeps the two apart. RFC-0008:C-REGISTRY (SKL301, SKL401): the link stays an error, saying why (it said
// "not found" of a file that reads the same), and the file is not called an orphan (it is linked).
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { lintSkills } from "../../src/app/lint/lint.js"
import { memoryLayer } from "../helpers/worlds.js"

const NFC = "r\u00e9sum\u00e9.md"
const NFD = "re\u0301sume\u0301.md"

const lint = async (files: Record<string, string>) => {
  const o = await Effect.runPromise(lintSkills({ skill: "x/cv" }).pipe(Effect.provide(memoryLayer({ files }))))
  return o.reports[0]!.diagnostics.filter((d) => d.rule === "SKL301" || d.rule === "SKL401" || d.rule === "SKL402")
}

describe("SKL301 and SKL401: a link in another Unicode form than its file's name", () => {
  it("the link is SKL301 saying the forms differ; the file is no orphan", async () => {
    const ds = await lint({
      "/proj/x/cv/SKILL.md": `---\nname: cv\ndescription: Writes a CV. Use when asked for one.\n---\n# cv\n\nSee [the résumé](${NFC}) and [more](references/${NFC}).\n`,
      [`/proj/x/cv/${NFD}`]: "# Résumé\n",
      [`/proj/x/cv/references/${NFD}`]: "# More\n"
    })
    expect(ds.map((d) => d.rule)).toEqual(["SKL301", "SKL301"])
    for (const d of ds) expect(d.message).toContain("the same letters in another Unicode form, decomposed (NFD, as macOS writes names)")
  })

  it("the same form is clean, and a missing file is still plain 'not found'", async () => {
    const same = await lint({
      "/proj/x/cv/SKILL.md": `---\nname: cv\ndescription: Writes a CV. Use when asked for one.\n---\n# cv\n\nSee [the résumé](${NFD}).\n`,
      [`/proj/x/cv/${NFD}`]: "# Résumé\n"
    })
    expect(same).toEqual([])
    const missing = await lint({
      "/proj/x/cv/SKILL.md": `---\nname: cv\ndescription: Writes a CV. Use when asked for one.\n---\n# cv\n\nSee [the résumé](${NFC}).\n`
    })
    expect(missing.map((d) => d.message)).toEqual([`link target not found: '${NFC}'`])
  })
})
