// A question typed in fullwidth letters, or pasted with a ligature out of a PDF, finds what its plain letters
// find (src/domain/search/indexQuery.ts, `compatibilityForm`). Real CLI, real SQLite index (unicode61, which
// folds case and diacritics but not width), isolated SKILLC_HOME.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

describe("compatibility forms in a search", () => {
  it("'ｆｉｌｌ ａ ｆｏｒｍ' and 'ﬁll a form' answer as 'fill a form' does, in one skill and across skills", async () => {
    const sb = sandbox()
    const dir = join(sb.work, ".skillc", "skills", "pdf")
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "SKILL.md"), "---\nname: pdf\ndescription: PDF documents. Use when reading PDFs.\n---\n# PDF\n\nSee forms.md.\n")
    writeFileSync(join(dir, "forms.md"), "# Forms\n\n## A.4: Validate Bounding Boxes\n\nCheck each box.\n\n## Step 3: Fill the Form\n\nEnter the values, then save.\n")
    expect((await sb.runAsync(["build", "pdf"])).code).toBe(0)
    const sections = async (...args: Array<string>) => {
      const r = await sb.runAsync(["search", ...args, "--format", "json"])
      expect(r.code).toBe(0)
      return (JSON.parse(r.stdout) as { results: Array<{ section: string }> }).results.map((x) => x.section)
    }
    const plain = await sections("pdf", "fill a form")
    expect(plain[0]).toBe("Step 3: Fill the Form")
    // Before: no section held the fullwidth tokens, so the answer was empty.
    expect(await sections("pdf", "ｆｉｌｌ ａ ｆｏｒｍ")).toEqual(plain)
    expect(await sections("pdf", "ﬁll a form")).toEqual(plain)
    expect(await sections("--all", "ｆｉｌｌ ａ ｆｏｒｍ")).toEqual(await sections("--all", "fill a form"))
    // Bidirectional isolates and the Arabic letter mark, which the tokenizer keeps inside a word (sixty-first
    // pass: "\u2066fill\u2069 a form" answered with the skill's top section only).
    expect(await sections("pdf", "\u2066fill\u2069 a \u061cform")).toEqual(plain)
    // The soft hyphen too (a search probe: "fi\u00adll form" held no section).
    expect(await sections("pdf", "fi\u00adll a form")).toEqual(plain)
    expect(await sections("--all", "fi\u00adll a form")).toEqual(await sections("--all", "fill a form"))
  })
})
