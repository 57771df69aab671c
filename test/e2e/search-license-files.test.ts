// License files rank below every other section (src/domain/search/licenseFiles.ts, docs/search.md "License
// files last"): Anthropic's published skills each carry a LICENSE.txt, canvas-design thirty font licenses, and
// RFC-0004 indexes .txt files whole. Real CLI, real SQLite index (BM25, the AND query's window of the best
// rows), isolated SKILLC_HOME.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

const OFL = (font: string) =>
  `Copyright 2020 The ${font} Project Authors\n\nThis Font Software is licensed under the SIL Open Font License, Version 1.1.\n` +
  "Permission is hereby granted to use, study, copy, merge, embed, modify, redistribute, and sell the Font Software, " +
  "and to copy the source files of the font, provided that each copy of the Font Software contains the above copyright notice.\n"

describe("license files last", () => {
  const s = sandbox()
  const dir = join(s.work, ".skillc", "skills", "posters")
  beforeAll(() => {
    mkdirSync(join(dir, "fonts"), { recursive: true })
    writeFileSync(
      join(dir, "SKILL.md"),
      "---\nname: posters\ndescription: Design posters as PNG. Use when asked for a poster.\n---\n# Posters\n\nStart from a grid.\n\n" +
        "## Type\n\nPick one typeface for headlines and one for body text; the files are in the fonts folder.\n\n" +
        "## Sources\n\nCopy the source files of a design into the output folder before you export.\n"
    )
    writeFileSync(join(dir, "LICENSE.txt"), "Apache License\n\nYou may copy the source files and the Work, provided you include this notice.\n")
    // More license files than the AND query's window (40 rows) holds, each saying "font" more than SKILL.md does.
    for (let i = 0; i < 45; i++) writeFileSync(join(dir, "fonts", `Font${i}-OFL.txt`), OFL(`Font${i}`))
    expect(s.run(["build", "posters"]).code).toBe(0)
  })
  const search = (...args: Array<string>) => {
    const r = s.run(["search", ...args, "--format", "json"])
    expect(r.code, r.stderr).toBe(0)
    return (JSON.parse(r.stdout) as { results: Array<{ file: string; section: string; score: number }> }).results
  }

  it("a question about a task is answered by the skill's sections before any license", () => {
    const copy = search("posters", "copy the source files", "--limit", "3")
    expect(`${copy[0]?.file}#${copy[0]?.section}`).toBe("SKILL.md#Sources")
    for (const r of copy.slice(1)) expect(r.file === "SKILL.md" || r.score < copy[0]!.score / 10).toBe(true)
  })

  it("past the AND query's window: the one section saying 'fonts' comes before 45 font licenses that say it more", () => {
    const fonts = search("posters", "fonts", "--limit", "3")
    expect(`${fonts[0]?.file}#${fonts[0]?.section}`).toBe("SKILL.md#Type")
    expect(fonts.slice(1).every((r) => r.file.endsWith("-OFL.txt"))).toBe(true)
    // Still answers, sorted by the printed score (issue 47 item 1).
    expect(fonts.map((r) => r.score)).toEqual([...fonts.map((r) => r.score)].sort((a, b) => b - a))
  })

  it("a question about licensing ranks the license files as any file, and across skills too", () => {
    expect(search("posters", "which license covers the fonts", "--limit", "1")[0]?.file).toMatch(/-OFL\.txt$/)
    const across = search("--all", "copy the source files", "--limit", "1")
    expect(`${across[0]?.file}#${across[0]?.section}`).toBe("SKILL.md#Sources")
  })
})
