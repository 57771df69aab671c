/**
 * Issue 50: renaming a heading re-points the links to it (src/lsp/features.ts `renameHeading`), on a
 * snapshot in process. A link may write its anchor percent-encoded (`#caf%C3%A9-setup`), which lint and go
 * to definition read as `#café-setup`: it was left alone and broke. A new heading text with markup (`See
 * [the manual](notes.md)`) has the anchor of its text, not of its source.
 */
import { describe, expect, it } from "vitest"
import type { TextEdit } from "vscode-languageserver"
import { TextDocument } from "vscode-languageserver-textdocument"
import { makeSnapshot } from "../../src/domain/lint/snapshot.js"
import type { SkillEntry } from "../../src/domain/lint/types.js"
import { definitions, renameHeading } from "../../src/lsp/features.js"
import { lintText } from "../../src/lsp/text.js"

const renamed = (files: Record<string, string>, line: number, newName: string): Record<string, string> => {
  const entries: Array<SkillEntry> = Object.keys(files).map((path) => ({ path, type: "file" as const }))
  const snapshot = makeSnapshot({ dirName: "demo", entries, markdownFiles: Object.entries(files).map(([path, source]) => ({ path, source })) })
  const edits = renameHeading(snapshot, "SKILL.md", line, newName, (p) => (files[p] === undefined ? undefined : lintText(files[p]!)))
  expect(edits).toBeDefined()
  const out: Record<string, string> = { ...files }
  for (const [path, list] of edits!) out[path] = TextDocument.applyEdits(TextDocument.create(`file:///${path}`, "markdown", 1, files[path]!), list as Array<TextEdit>)
  return out
}

const HEAD = "---\nname: demo\ndescription: Demo. Use when testing.\n---\n# Demo\n\n"

describe("renameHeading", () => {
  it("re-points a percent-encoded anchor too, in the file and in another one", () => {
    const files = {
      "SKILL.md": `${HEAD}## Café Setup\n\nSee [a](#café-setup) and [b](#caf%C3%A9-setup).\n`,
      "notes.md": "# Notes\n\n[enc](SKILL.md#caf%C3%A9-setup)\n"
    }
    const out = renamed(files, 6, "Thé Setup")
    // The GitHub slug, which GitHub renders (`#th-setup`, the RFC slug, drops the é: no anchor there).
    expect(out["SKILL.md"]).toContain("## Thé Setup\n\nSee [a](#thé-setup) and [b](#thé-setup).")
    expect(out["notes.md"]).toBe("# Notes\n\n[enc](SKILL.md#thé-setup)\n")
  })

  it("renames a setext heading (Setup over -----), from its text or its underline; it answered nothing (an editor probe)", () => {
    const files = { "SKILL.md": `${HEAD}Setup\n-----\n\n[a](#setup)\n\n  Usage Notes  \n===\n\n[b](#usage-notes)\n` }
    expect(renamed(files, 6, "Install")["SKILL.md"]).toBe(`${HEAD}Install\n-----\n\n[a](#install)\n\n  Usage Notes  \n===\n\n[b](#usage-notes)\n`)
    expect(renamed(files, 7, "Install")["SKILL.md"]).toContain("Install\n-----\n\n[a](#install)")
    expect(renamed(files, 11, "How to use")["SKILL.md"]).toContain("  How to use  \n===\n\n[b](#how-to-use)")
  })

  it("each link keeps its slug style; a new heading with letters outside ASCII gives RFC-style links its GitHub slug (fifty-eighth pass)", () => {
    const files = { "SKILL.md": `${HEAD}## Café Déjà\n\n[a](#café-déjà)\n\n## Setup Steps\n\n[b](#setup-steps)\n` }
    expect(renamed(files, 6, "Café Déjà Vu")["SKILL.md"]).toContain("[a](#café-déjà-vu)")
    // An ASCII heading renamed into CJK: `#setup-` (the RFC slug) is no anchor GitHub renders.
    expect(renamed(files, 10, "Setup 步骤")["SKILL.md"]).toContain("[b](#setup-步骤)")
    // Still ASCII: the RFC slug, as before.
    expect(renamed(files, 10, "Install Steps")["SKILL.md"]).toContain("[b](#install-steps)")
  })

  it("a new text with a link takes the anchor of its text", () => {
    const files = { "SKILL.md": `${HEAD}## See [the guide](notes.md)\n\nGo to [d](#see-the-guide).\n`, "notes.md": "# Notes\n" }
    const out = renamed(files, 6, "See [the manual](notes.md)")
    expect(out["SKILL.md"]).toContain("## See [the manual](notes.md)\n\nGo to [d](#see-the-manual).")
  })

  it("a link whose text holds its own anchor: the destination is re-pointed, the text left alone (an editor probe, seventy-fourth pass)", () => {
    const files = {
      "SKILL.md": `${HEAD}[see #setup](#setup)\n\n## Setup\n\nText.\n`,
      "notes.md": "# Notes\n\n[the #setup step](SKILL.md#setup) and [r][s]\n\n[s]: SKILL.md#setup\n"
    }
    const out = renamed(files, 8, "Install")
    expect(out["SKILL.md"]).toContain("[see #setup](#install)\n\n## Install\n")
    expect(out["notes.md"]).toBe("# Notes\n\n[the #setup step](SKILL.md#install) and [r][s]\n\n[s]: SKILL.md#install\n")
  })
})

describe("go to definition on a link (an editor probe, seventy-fourth pass)", () => {
  const files: Record<string, string> = {
    "SKILL.md": `${HEAD}Read [references/a.md#two](references/a.md#two) now.\nRead [x][r] and [r] and [y][].\n\n[r]: references/a.md#two\n[y]: references/a.md\n`,
    "references/a.md": "# A\n\n## One\n\n## Two\n"
  }
  const entries: Array<SkillEntry> = [
    { path: "SKILL.md", type: "file" },
    { path: "references", type: "directory" },
    { path: "references/a.md", type: "file" }
  ]
  const snapshot = makeSnapshot({ dirName: "demo", entries, markdownFiles: Object.entries(files).map(([path, source]) => ({ path, source })) })
  const at = (line: number, character: number) => definitions(snapshot, "SKILL.md", lintText(files["SKILL.md"]!), { line, character })

  it("inside the destination of a link whose text repeats it: the heading its anchor names", () => {
    // Line 6: `Read [references/a.md#two](references/a.md#two) now.`; `## Two` is line 4 of a.md (0-based).
    for (const character of [8, 30, 45]) expect(at(6, character), `character ${character}`).toEqual([{ path: "references/a.md", line: 4 }])
    // Past the link: no link there.
    expect(at(6, 50)).toEqual([])
  })

  it("on a reference link, full, collapsed or shortcut: where its definition goes", () => {
    expect(at(7, 7)).toEqual([{ path: "references/a.md", line: 4 }])
    expect(at(7, 17)).toEqual([{ path: "references/a.md", line: 4 }])
    expect(at(7, 26)).toEqual([{ path: "references/a.md", line: 0 }])
  })
})
