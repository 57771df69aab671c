// textDocument/documentSymbol on a generated reference: at most MAX_DOCUMENT_SYMBOLS headings, the upper levels
// whole (a VS Code-style probe: 46,414 headings of a 5 MB file answered one 11 MB message).
import { describe, expect, it } from "vitest"
import { makeSnapshot } from "../../src/domain/lint/snapshot.js"
import { documentSymbols, MAX_DOCUMENT_SYMBOLS } from "../../src/lsp/features.js"
import { lintText } from "../../src/lsp/text.js"
import type { DocumentSymbol } from "vscode-languageserver"

const count = (symbols: ReadonlyArray<DocumentSymbol>): number => symbols.reduce((n, s) => n + 1 + count(s.children ?? []), 0)
const snapshotOf = (source: string) =>
  makeSnapshot({ dirName: "big", entries: [{ path: "SKILL.md", type: "file" }, { path: "huge.md", type: "file" }], markdownFiles: [{ path: "SKILL.md", source: "---\nname: big\ndescription: d\n---\n# Big\n" }, { path: "huge.md", source }] })

describe("the outline of a file with more headings than an answer holds", () => {
  it("keeps the upper levels whole; a file under the cap is outlined whole", () => {
    // 100 chapters of 60 sections of 3 parts: 100 + 6,000 + 18,000 headings.
    const lines: Array<string> = []
    for (let c = 0; c < 100; c++) {
      lines.push(`# Chapter ${c}`, "")
      for (let s = 0; s < 60; s++) {
        lines.push(`## Section ${c}.${s}`, "")
        for (let p = 0; p < 3; p++) lines.push(`### Part ${c}.${s}.${p}`, "", "text", "")
      }
    }
    const source = lines.join("\n")
    const symbols = documentSymbols(snapshotOf(source), "huge.md", lintText(source))
    // Chapters and sections would be 6,100: over the cap, so the chapters alone.
    expect(count(symbols)).toBe(100)
    expect(symbols.every((s) => (s.children ?? []).length === 0)).toBe(true)
    const small = lines.slice(0, 2 + 60 * 2 + 60 * 3 * 4).join("\n")
    expect(count(documentSymbols(snapshotOf(small), "huge.md", lintText(small)))).toBe(1 + 60 + 180)
    expect(MAX_DOCUMENT_SYMBOLS).toBeGreaterThan(1000)
  })
  it("a file of one level past the cap: its first headings", () => {
    const source = Array.from({ length: MAX_DOCUMENT_SYMBOLS + 10 }, (_, i) => `## H${i}\n`).join("\n")
    expect(count(documentSymbols(snapshotOf(source), "huge.md", lintText(source)))).toBe(MAX_DOCUMENT_SYMBOLS)
  })
})
