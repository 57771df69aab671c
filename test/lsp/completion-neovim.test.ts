/**
 * Issue 50: completion as Neovim 0.7 (Debian 12's, the version docs/editors.md
 * runs) applies it. Its `vim.lsp.omnifunc` takes the start of the items' common
 * textEdit range only when no item has a `filterText`; otherwise it completes
 * from the start of the keyword before the cursor (after the last `/`, `.`,
 * `#` or `-`) and keeps the items whose inserted text starts with what was
 * typed from there. With a filterText on every link target and anchor,
 * `[x](scripts/fi` offered nothing, `[x](forms.` inserted
 * `forms.LICENSE.txt` and `[x](#fillable-f` inserted
 * `#fillable-fillable-fields`.
 * `omnifunc07` below is that function's selection, step by step
 * (runtime/lua/vim/lsp.lua of 0.7.2: adjust_start_col, then
 * remove_unmatch_completion_items).
 */
import { describe, expect, it } from "vitest"
import type { CompletionItem } from "vscode-languageserver"
import { makeSnapshot } from "../../src/domain/lint/snapshot.js"
import type { SkillEntry } from "../../src/domain/lint/types.js"
import { complete } from "../../src/lsp/features.js"
import { lintText } from "../../src/lsp/text.js"

const files: Record<string, string> = {
  "SKILL.md": "---\nname: pdf\ndescription: Works with PDF files.\n---\n# PDF\n\n## Overview\n\nRead forms.md.\n",
  "forms.md": "# Fillable fields\n\n# Non-fillable fields\n",
  "scripts/fill.py": "print(1)\n",
  "refs dir/a.md": "# A\n"
}
const entries: Array<SkillEntry> = [{ path: "scripts", type: "directory" }, { path: "refs dir", type: "directory" }, ...Object.keys(files).map((path) => ({ path, type: "file" as const }))]
const snapshot = makeSnapshot({
  dirName: "pdf",
  entries,
  markdownFiles: Object.entries(files)
    .filter(([p]) => p.endsWith(".md"))
    .map(([path, source]) => ({ path, source }))
})

/** The items for `typed` as the last line of SKILL.md, the cursor at its end. */
const itemsFor = (typed: string) => {
  const text = `${files["SKILL.md"]}${typed}`
  const line = text.split("\n").length - 1
  return complete(snapshot, "SKILL.md", lintText(text), { line, character: typed.length })
}

/** Neovim 0.7.2's omnifunc: the words it offers for `line` (cursor at its end) and the line the first one makes. */
const omnifunc07 = (line: string, items: ReadonlyArray<CompletionItem>) => {
  const keyword = /[\p{L}\p{N}_]*$/u.exec(line)!.index // `\k*$` with the default 'iskeyword'
  let start: number | undefined
  for (const item of items) {
    if (item.filterText !== undefined || item.textEdit === undefined || !("range" in item.textEdit)) continue
    if (start !== undefined && start !== item.textEdit.range.start.character) {
      start = undefined
      break
    }
    start = item.textEdit.range.start.character
  }
  const from = start ?? keyword
  const word = (i: CompletionItem) => (i.textEdit?.newText !== undefined && i.textEdit.newText !== "" ? i.textEdit.newText : (i.insertText ?? i.label))
  const offered = items.map(word).filter((w) => w.startsWith(line.slice(from)))
  return { offered, first: offered[0] === undefined ? undefined : line.slice(0, from) + offered[0] }
}

/** The labels an LSP 3.17 client keeps for `typed`: the filterText (else the label) starts with the text the edit replaces. */
const kept = (typed: string) =>
  itemsFor(typed)
    .filter((i) => (i.filterText ?? i.label).startsWith(typed.slice((i.textEdit as { range: { start: { character: number } } }).range.start.character)))
    .map((i) => i.label)

describe("completion in Neovim 0.7's omnifunc (issue 50)", () => {
  it("completes a link target in a subdirectory and after a dot", () => {
    expect(omnifunc07("Read [x](scripts/fi", itemsFor("Read [x](scripts/fi"))).toEqual({ offered: ["scripts/fill.py"], first: "Read [x](scripts/fill.py" })
    expect(omnifunc07("Read [x](forms.", itemsFor("Read [x](forms."))).toEqual({ offered: ["forms.md"], first: "Read [x](forms.md" })
  })

  it("completes an anchor of another file and of this one past a hyphen, the `#` written once", () => {
    expect(omnifunc07("See [f](forms.md#fillable-f", itemsFor("See [f](forms.md#fillable-f")).first).toBe("See [f](forms.md#fillable-fields")
    expect(omnifunc07("See [f](forms.md#", itemsFor("See [f](forms.md#")).offered).toEqual(["#fillable-fields", "#non-fillable-fields"])
    expect(omnifunc07("See [o](#ov", itemsFor("See [o](#ov")).first).toBe("See [o](#overview")
  })

  it("keeps what LSP 3.17 clients filter by: the filterText (else the label) starts with the text the edit replaces", () => {
    expect(kept("Read [x](scripts/f")).toEqual(["scripts/fill.py"])
    expect(kept("Read [x](refs%20")).toEqual(["refs dir/a.md"])
    expect(kept("See [f](forms.md#non")).toEqual(["#non-fillable-fields"])
    expect(kept("See [o](#")).toEqual(["#pdf", "#overview"])
    // A percent-encoded name is filtered by what is typed, shown as the file is named.
    expect(itemsFor("Read [x](refs%20").find((i) => i.label === "refs dir/a.md")).toMatchObject({ filterText: "refs%20dir/a.md", textEdit: { newText: "refs%20dir/a.md" } })
  })

  it("keeps a leading ./ or < the author wrote: the edit starts after it, so the items are kept and it stays", () => {
    // Before: the edit began at the `.` or `<`, so clients filtered by "./scripts/f", which no item starts with.
    expect(kept("Read [x](./scripts/f")).toEqual(["scripts/fill.py"])
    expect(kept("Read [x](<scripts/")).toEqual(["scripts/fill.py"])
    expect(omnifunc07("Read [x](./forms", itemsFor("Read [x](./forms"))).toEqual({ offered: ["forms.md"], first: "Read [x](./forms.md" })
    expect(omnifunc07("Read [x](<./scripts/f", itemsFor("Read [x](<./scripts/f")).first).toBe("Read [x](<./scripts/fill.py")
  })
})
