/**
 * Completion at the edges of a line (LSP 3.17 `textDocument/completion`):
 * a position past the end of its line is the line's length, and an item
 * accepted inside an existing link target replaces the rest of the target
 * when the client can say so (`insertReplaceSupport`).
 */
import { describe, expect, it } from "vitest"
import type { CompletionItem, InsertReplaceEdit, TextEdit } from "vscode-languageserver"
import { makeSnapshot } from "../../src/domain/lint/snapshot.js"
import type { SkillEntry } from "../../src/domain/lint/types.js"
import { complete } from "../../src/lsp/features.js"
import { lintText } from "../../src/lsp/text.js"

const files: Record<string, string> = {
  "SKILL.md": "---\nname: disk-skill\ndescription: Works with disks.\n---\n# Disk skill\n\n## Usage\n\nRead the forms.\n",
  "references/forms.md": "# Forms\n\n## Fill a form\n"
}
const entries: Array<SkillEntry> = [{ path: "references", type: "directory" }, ...Object.keys(files).map((path) => ({ path, type: "file" as const }))]
const snapshot = makeSnapshot({
  dirName: "disk-skill",
  entries,
  markdownFiles: Object.entries(files).map(([path, source]) => ({ path, source }))
})

const lastLine = (text: string) => text.split("\n").length - 1

/** The text `line` makes when `item` is applied as a client applies it (insert/replace: the replace range). */
const apply = (line: string, item: CompletionItem): string => {
  const edit = item.textEdit as TextEdit | InsertReplaceEdit
  const range = "range" in edit ? edit.range : edit.replace
  return line.slice(0, range.start.character) + edit.newText + line.slice(range.end.character)
}

describe("completion at a line's edges (LSP 3.17)", () => {
  it("a character past the end of the line is the line's length: the edit range stays on the line", () => {
    const line = "[z](#"
    const text = `${files["SKILL.md"]}${line}`
    const items = complete(snapshot, "SKILL.md", lintText(text), { line: lastLine(text), character: 40 })
    expect(items.map((i) => i.label)).toContain("#usage")
    for (const item of items) {
      const edit = item.textEdit as TextEdit
      expect(edit.range.start.character).toBe(4)
      expect(edit.range.end.character).toBe(5)
    }
    expect(apply(line, items.find((i) => i.label === "#usage")!)).toBe("[z](#usage")
  })

  it("inside an existing target, an item replaces the rest of it when the client supports insert/replace", () => {
    const line = "[t](references/forms.md)"
    const text = `${files["SKILL.md"]}${line}`
    const cursor = "[t](references/".length
    const items = complete(snapshot, "SKILL.md", lintText(text), { line: lastLine(text), character: cursor }, { insertReplace: true })
    const forms = items.find((i) => i.label === "references/forms.md")!
    const edit = forms.textEdit as InsertReplaceEdit
    expect(edit.insert).toEqual({ start: { line: lastLine(text), character: 4 }, end: { line: lastLine(text), character: cursor } })
    expect(edit.replace.end.character).toBe(line.length - 1)
    expect(apply(line, forms)).toBe("[t](references/forms.md)")
  })

  it("an anchor inside an existing target replaces the old anchor, up to the closing parenthesis", () => {
    const line = "[t](#us-old) and more"
    const text = `${files["SKILL.md"]}${line}`
    const items = complete(snapshot, "SKILL.md", lintText(text), { line: lastLine(text), character: "[t](#us".length }, { insertReplace: true })
    expect(apply(line, items.find((i) => i.label === "#usage")!)).toBe("[t](#usage) and more")
  })

  it("without insert/replace support the item inserts up to the cursor, as before (Neovim 0.7)", () => {
    const line = "[t](references/forms.md)"
    const text = `${files["SKILL.md"]}${line}`
    const items = complete(snapshot, "SKILL.md", lintText(text), { line: lastLine(text), character: "[t](references/".length })
    const edit = items.find((i) => i.label === "references/forms.md")!.textEdit as TextEdit
    expect(edit.range).toEqual({ start: { line: lastLine(text), character: 4 }, end: { line: lastLine(text), character: "[t](references/".length } })
  })

  it("at the end of a target nothing follows: a plain edit even with insert/replace support", () => {
    const line = "[t](ref"
    const text = `${files["SKILL.md"]}${line}`
    const items = complete(snapshot, "SKILL.md", lintText(text), { line: lastLine(text), character: line.length }, { insertReplace: true })
    expect("range" in (items[0]!.textEdit as object)).toBe(true)
  })

  it("line 0 of a buffer with a byte order mark counts the mark: past its end is clamped to it", () => {
    const text = "\uFEFF[a](#"
    const items = complete(snapshot, "references/forms.md", lintText(text), { line: 0, character: 99 })
    const edit = items.find((i) => i.label === "#forms")!.textEdit as TextEdit
    // Editor positions count the mark: `[a](#` ends at character 6, its `#` at 5.
    expect(edit.range).toEqual({ start: { line: 0, character: 5 }, end: { line: 0, character: 6 } })
  })
})

describe("anchor completion for headings in another script", () => {
  it("offers GitHub's slug where the RFC's ASCII slug keeps nothing (#, #-1, #setup-), and no empty anchor", () => {
    const own: Record<string, string> = {
      "SKILL.md": "---\nname: cjk-skill\ndescription: Works with text.\n---\n# Cjk skill\n\n## 日本語\n\n## 中文\n\n## 😀\n\n## Usage\n",
      "guide.md": "# Guide\n\n## Setup 步骤\n"
    }
    const snap = makeSnapshot({
      dirName: "cjk-skill",
      entries: Object.keys(own).map((path) => ({ path, type: "file" as const })),
      markdownFiles: Object.entries(own).map(([path, source]) => ({ path, source }))
    })
    const labels = (line: string) => {
      const text = `${own["SKILL.md"]}${line}`
      return complete(snap, "SKILL.md", lintText(text), { line: lastLine(text), character: line.length }).map((i) => i.label)
    }
    expect(labels("[u](#")).toEqual(["#cjk-skill", "#日本語", "#中文", "#usage"])
    expect(labels("[t](guide.md#")).toEqual(["#guide", "#setup-步骤"])
  })
})

describe("completion in a SKILL.md without frontmatter (an editor probe: an empty file offered nothing)", () => {
  it("offers the frontmatter at its first line, with the directory's name, while nothing but dashes is typed", () => {
    for (const [text, character] of [["", 0], ["--", 2], ["---", 3]] as const) {
      const items = complete(snapshot, "SKILL.md", lintText(text), { line: 0, character })
      expect(items.map((i) => i.label), JSON.stringify(text)).toEqual(["---"])
      expect(apply(text, items[0]!)).toBe("---\nname: disk-skill\ndescription: What this skill does. Use when …\n---\n")
    }
  })

  it("not past the first line, not over other text, not in another file, not where frontmatter is", () => {
    expect(complete(snapshot, "SKILL.md", lintText("# Title"), { line: 0, character: 7 })).toEqual([])
    expect(complete(snapshot, "references/forms.md", lintText(""), { line: 0, character: 0 })).toEqual([])
    expect(complete(snapshot, "SKILL.md", lintText("\n\n"), { line: 2, character: 0 })).toEqual([])
    expect(complete(snapshot, "SKILL.md", lintText(files["SKILL.md"]!), { line: 0, character: 3 }).map((i) => i.label)).not.toContain("---")
    // A frontmatter being typed (opened, not closed yet) is not written over (a review).
    expect(complete(snapshot, "SKILL.md", lintText("---\nname: disk-skill\ndescr"), { line: 0, character: 3 }).map((i) => i.label)).not.toContain("---")
  })
})
