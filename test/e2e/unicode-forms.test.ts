// One text, two Unicode forms: `é` composed (NFC, what keyboards type) or `e` and a combining accent
// (NFD, how macOS names files and what text copied from its file names holds). A heading, a file or a
// skill saved in one form is found by its name typed in the other: before, `show --section "Café
// Décor"` was E020 "Did you mean: Café Décor", `open x café.md` E021 "did you mean 'café.md'?" and
// `build café` E001 "use 'café'", each suggesting a name that looks identical (src/domain/unicodeForm.ts).
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { writeTree } from "../helpers/tree.js"
import { sandbox } from "../helpers/cli.js"

const nfc = (s: string) => s.normalize("NFC")
const nfd = (s: string) => s.normalize("NFD")

describe("names typed in one Unicode form find what is saved in the other", () => {
  it("a heading, a file and a skill directory saved decomposed, asked for composed (and the reverse for the heading)", async () => {
    const s = sandbox()
    const dir = join(s.work, ".skillc", "skills", nfd("café"))
    writeTree(dir, { "SKILL.md": `---\nname: ${nfc("café")}\ndescription: Serves coffee. Use when asked for coffee.\n---\n# Café\n\n## ${nfd("Café Décor")}\n\nChairs.\n\n## ${nfc("Crème")}\n\nMilk.\n\nSee [menu](${nfd("menü")}.md).\n` })
    writeFileSync(join(dir, `${nfd("menü")}.md`), "# Menu\n\nEspresso.\n")

    const built = await s.runAsync(["build", nfc("café")])
    expect([built.code, built.stderr]).toEqual([0, ""])

    const section = await s.runAsync(["show", nfd("café"), "--section", nfc("CAFÉ DÉCOR")])
    expect(section.stderr).toBe("")
    expect(section.stdout).toContain("Chairs.")
    const reverse = await s.runAsync(["show", nfd("café"), "--section", nfd("crème")])
    expect(reverse.stdout).toContain("Milk.")

    const file = await s.runAsync(["open", nfd("café"), `${nfc("menü")}.md`])
    expect([file.code, file.stdout]).toEqual([0, "# Menu\n\nEspresso.\n"])
    const shown = await s.runAsync(["show", nfd("café"), "--file", `${nfc("menü")}.md`, "--section", "Menu", "--format", "json"])
    // The path answered (and logged) is the file's own name.
    expect((JSON.parse(shown.stdout) as { file: string }).file).toBe(`${nfd("menü")}.md`)

    const outline = await s.runAsync(["outline", nfc("café")])
    expect([outline.code, outline.stderr]).toEqual([0, ""])
    expect(outline.stdout).toContain("Crème")
  })

  it("a directory whose name no build takes: E001 says to rename it, not to use it", async () => {
    const s = sandbox()
    const dir = join(s.work, ".skillc", "skills", "Case-Dir")
    writeTree(dir, { "SKILL.md": "---\nname: case-dir\ndescription: Cases. Use when testing.\n---\n# Cases\n" })
    const r = await s.runAsync(["build", "case-dir"])
    expect(r.code).not.toBe(0)
    expect(r.stderr).toContain("'Case-Dir' is no valid skill name: rename the directory to 'case-dir'")
  })

  it("a SKILL.md saved as UTF-16 (Windows PowerShell 5.1's '>'): every command says so, not 'a binary file' or 'no frontmatter'", async () => {
    const s = sandbox()
    const dir = join(s.work, ".skillc", "skills", "wide")
    mkdirSync(dir, { recursive: true })
    const text = "---\r\nname: wide\r\ndescription: Wide text. Use when testing.\r\n---\r\n# Wide\r\n"
    writeFileSync(join(dir, "SKILL.md"), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]))
    const said = "SKILL.md is UTF-16 text, not UTF-8 (Windows PowerShell 5.1's '>' and Out-File write it): save it as UTF-8"
    const lint = await s.runAsync(["lint", "wide"])
    expect(lint.stdout + lint.stderr).toContain(said)
    const build = await s.runAsync(["build", "wide"])
    expect(build.stderr).toContain(said)
    const list = await s.runAsync(["list"])
    expect(list.stderr).toContain(said)
    // Without its byte order mark too.
    writeFileSync(join(dir, "SKILL.md"), Buffer.from(text, "utf16le"))
    expect((await s.runAsync(["build", "wide"])).stderr).toContain(said)
  })
})
