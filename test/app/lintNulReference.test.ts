// An editor probe (seventy-third pass): one NUL byte pasted into references/n.md made lint skip the file as
// binary without a word: its broken link (SKL301) and a link into it naming no heading of it (SKL302) went
// unreported, and the editor's go-to-definition lost its headings. UTF-8 text holding a NUL is linted as text and
// SKL207 names the line (RFC-0008:C-EXTENSIONS); a file that is not UTF-8 either (an image named .md) is binary, said
// once at its first line (seventy-ninth pass; it was skipped without a word).
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { lintSkills } from "../../src/app/lint/lint.js"
import { memoryLayer } from "../helpers/worlds.js"

const SKILL = "---\nname: nl\ndescription: Nl things. Use when the user asks about nl.\n---\n\n# Nl\n\nSee [n](references/n.md#usage) and [m](references/n.md#nowhere).\n"

describe("SKL207: a NUL byte in a reference", () => {
  it("is named at its line, and the file is still linted as text (its links, the anchors into it)", async () => {
    const o = await Effect.runPromise(
      lintSkills({ skill: "x/nl" }).pipe(
        Effect.provide(
          memoryLayer({
            files: {
              "/proj/x/nl/SKILL.md": SKILL,
              "/proj/x/nl/references/n.md": new Uint8Array(Buffer.from("# N\n\n## Usage\n\nrun \u0000 it, see [x](missing.md)\n", "utf8")),
              "/proj/x/nl/assets/logo.md": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x01, 0x02, 0xff, 0x00])
            }
          })
        )
      )
    )
    const ds = o.reports[0]!.diagnostics.map((d) => `${d.file}:${d.line} ${d.rule}`)
    expect(ds).toContain("references/n.md:5 SKL207")
    expect(ds).toContain("references/n.md:5 SKL301")
    // The anchor that names its heading resolves; the other is reported.
    expect(ds.filter((d) => d.startsWith("SKILL.md") && d.endsWith("SKL302"))).toEqual(["SKILL.md:8 SKL302"])
    // Linked from nowhere, it is an orphan too, as any Markdown file of the skill.
    expect(ds.filter((d) => d.startsWith("assets/logo.md"))).toEqual(["assets/logo.md:1 SKL207", "assets/logo.md:1 SKL401"])
    const message = o.reports[0]!.diagnostics.find((d) => d.rule === "SKL207" && d.file === "references/n.md")!.message
    expect(message).toBe("a NUL byte on this line: git, grep and ripgrep take the file for binary; remove it")
  })
})
