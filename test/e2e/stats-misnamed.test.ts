// `skc stats <skill>`: a failed lookup that named a section or file the skill has, in a form `show` and `open`
// do not take (a search label pasted as a section, `--file SKILL`, `open SKILL.md#Heading`), is listed apart from
// what the skill does not have, with what it meant (src/app/usage/misnamedLookups.ts). A probe as an agent: the
// summary told the author the skill lacked three sections it has, which agents read the next call.
// RFC-0002:C-SHOW keeps these E020/E021; RFC-0003's summary count of failed lookups is unchanged.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

describe("stats: lookups of things the skill has, in another form", () => {
  it("are listed apart with what they meant; the things it does not have stay where they were", async () => {
    const s = sandbox()
    const dir = join(s.work, ".skillc", "skills", "pdf")
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "SKILL.md"), "---\nname: pdf\ndescription: PDF files. Use when asked for PDFs.\n---\n# PDF\n\n## Add Watermark\n\nStamp each page.\n")
    writeFileSync(join(dir, "forms.md"), "# Forms\n\n## Step 3: Fill the Form\n\nWrite the values.\n")
    expect(s.run(["build", "pdf"]).code).toBe(0)
    const agent = { SKC_ROLE: "agent" }
    // Each asked the wrong way (E020 / E021), then once of something the skill does not have.
    expect(s.run(["show", "pdf", "--section", "Add Watermark", "--file", "SKILL"], s.work, agent).code).toBe(1)
    expect(s.run(["show", "pdf", "--section", "forms.md#Step 3: Fill the Form"], s.work, agent).code).toBe(1)
    expect(s.run(["show", "pdf", "--section", "## Step 3: Fill the Form"], s.work, agent).code).toBe(1)
    expect(s.run(["open", "pdf", "SKILL.md#Add Watermark"], s.work, agent).code).toBe(1)
    expect(s.run(["show", "pdf", "--section", "Encryption"], s.work, agent).code).toBe(1)
    expect(s.run(["open", "pdf", "missing.md"], s.work, agent).code).toBe(1)
    // A heading the file does not have, asked through open: something the skill lacks, as through show.
    expect(s.run(["open", "pdf", "SKILL.md#Encryption"], s.work, agent).code).toBe(1)

    const out = s.run(["stats", "pdf"]).stdout
    const tail = out.slice(out.indexOf("Agents looked for"))
    expect(tail).toBe(
      "Agents looked for 3 things this skill does not have:\n" +
        "      1  show  Encryption\n" +
        "      1  open  SKILL.md#Encryption\n" +
        "      1  open  missing.md\n" +
        "\n" +
        "Agents asked for 4 things this skill has, in a form skc does not take:\n" +
        "      1  show  ## Step 3: Fill the Form        Step 3: Fill the Form (forms.md)\n" +
        "      1  show  Add Watermark (in SKILL)        Add Watermark (SKILL.md)\n" +
        "      1  open  SKILL.md#Add Watermark          Add Watermark (SKILL.md)\n" +
        "      1  show  forms.md#Step 3: Fill the Form  Step 3: Fill the Form (forms.md)\n"
    )
    // The summary's count of failed lookups (RFC-0003's `unanswered`) counts all seven, as before.
    expect(JSON.parse(s.run(["stats", "pdf", "--format", "json"]).stdout).data.unanswered).toBe(7)
  })
})
