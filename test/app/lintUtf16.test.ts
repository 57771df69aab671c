// A reference saved as UTF-16 (Windows PowerShell 5.1's `>`, Notepad's "Unicode") is binary to agents and to
// skc: lint says so (SKL207, RFC-0008:C-EXTENSIONS), where it skipped the file as binary without a word, its
// headings unlisted and links to its anchors unchecked. A real binary file is said to be binary (seventy-ninth pass).
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { lintSkills } from "../../src/app/lint/lint.js"
import { memoryLayer } from "../helpers/worlds.js"

const utf16le = (text: string) => new Uint8Array([0xff, 0xfe, ...Buffer.from(text, "utf16le")])
const SKILL = "---\nname: doc\ndescription: Documents. Use when asked.\n---\n# doc\n\nSee [the guide](guide.md#heading-two) and [the image](logo.md).\n"

describe("SKL207: a Markdown file saved as UTF-16", () => {
  it("is reported at its first line; a link to its anchor is SKL302; a binary .md is binary", async () => {
    const o = await Effect.runPromise(
      lintSkills({ skill: "x/doc" }).pipe(
        Effect.provide(
          memoryLayer({
            files: {
              "/proj/x/doc/SKILL.md": SKILL,
              "/proj/x/doc/guide.md": utf16le("# Guide\n\n## Heading Two\n\nText.\n"),
              "/proj/x/doc/logo.md": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x01, 0x02, 0xff, 0x00])
            }
          })
        )
      )
    )
    const ds = o.reports[0]!.diagnostics.map((d) => `${d.file}:${d.line} ${d.rule}`)
    expect(ds).toContain("guide.md:1 SKL207")
    expect(ds).toContain("SKILL.md:7 SKL302")
    expect(ds.filter((d) => d.startsWith("logo.md"))).toEqual(["logo.md:1 SKL207"])
    const message = o.reports[0]!.diagnostics.find((d) => d.rule === "SKL207" && d.file === "guide.md")!.message
    expect(message).toContain("UTF-16 text, not UTF-8")
  })
})
