// Issue 47 item 2 (DECISIONS #37 as #44 reads it): in one skill a function
// word never matches on its own. Real CLI, real SQLite index (porter, BM25),
// isolated SKILLC_HOME: the reproduction of `skc search pdf "fill a form"`.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

const FORMS = [
  "# Forms",
  "",
  "## A.4: Validate Bounding Boxes",
  "",
  "Check that each field box of the form lies on the page before you fill it.",
  "",
  "## Step 3: Fill the Form",
  "",
  "Enter the values with pypdf, then save.",
  ""
].join("\n")

describe("issue 47 item 2: content words decide a single-skill match", () => {
  it("'fill a form' is answered by the form-filling step, and no lone 'a' is highlighted", async () => {
    const sb = sandbox()
    const dir = join(sb.work, ".skillc", "skills", "pdf")
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "SKILL.md"), "---\nname: pdf\ndescription: PDF forms. Use when filling PDF forms.\n---\n# PDF\n\nSee forms.md.\n")
    writeFileSync(join(dir, "forms.md"), FORMS)
    expect((await sb.runAsync(["build", "pdf"])).code).toBe(0)
    const search = async (query: string) => {
      const r = await sb.runAsync(["search", "pdf", query, "--format", "json"])
      expect(r.code).toBe(0)
      return JSON.parse(r.stdout) as { partial?: boolean; results: Array<{ section: string; snippet: string }> }
    }
    const r = await search("fill a form")
    // Before: the AND of fill, a and form, which only "A.4" held (its heading's "A"), so it came first and alone.
    expect(r.partial).toBeUndefined()
    expect(r.results[0]?.section).toBe("Step 3: Fill the Form")
    for (const x of r.results) expect(x.snippet).not.toMatch(/\[MATCH\]a\[\/MATCH\]/i)
    // The same answer as the question without its function word.
    expect((await search("fill form")).results.map((x) => x.section)).toEqual(r.results.map((x) => x.section))
    // A question of function words only still searches them.
    expect((await search("then the")).results.map((x) => x.section)).toContain("Step 3: Fill the Form")
    // A count in words is a function word too: no section says "two", and the answer is whole, not partial.
    const two = await search("fill two forms")
    expect(two.partial).toBeUndefined()
    expect(two.results[0]?.section).toBe("Step 3: Fill the Form")
  })
})
