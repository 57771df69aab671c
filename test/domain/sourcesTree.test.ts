// RFC-0002:C-SOURCES layout (DECISIONS #11, #24, #25), pure.
import { describe, expect, it } from "vitest"
import { layoutSources, renderSourcesTree } from "../../src/domain/sourcesTree.js"

const files = [
  "SKILL.md",
  "references/compilation.md",
  "references/cuda-driver-docs/a.md",
  "references/cuda-driver-docs/deep/b.md",
  "references/cuda-runtime-docs/c.md",
  "references/debugging-tools.md",
  "Zeta.txt",
  "scripts/run.sh"
]
const dirs = ["references", "references/cuda-driver-docs", "references/cuda-driver-docs/deep", "references/cuda-runtime-docs", "scripts", "empty"]

describe("RFC-0002:C-SOURCES", () => {
  it("RFC-0002:C-SOURCES directories before files, bytewise, glyphs as the RFC example", () => {
    const text = renderSourcesTree("cuda/", layoutSources(files, dirs, { dir: "", limit: 100, depth: 2 }))
    expect(text).toBe(
      [
        "cuda/",
        "├── empty/",
        "├── references/",
        "│   ├── cuda-driver-docs/ (2 files)",
        "│   ├── cuda-runtime-docs/ (1 file)",
        "│   ├── compilation.md",
        "│   └── debugging-tools.md",
        "├── scripts/",
        "│   └── run.sh",
        "├── SKILL.md",
        "└── Zeta.txt",
        ""
      ].join("\n")
    )
  })

  it("RFC-0002:C-SOURCES --limit ends with '... (N more)' at the level where the cut falls", () => {
    const text = renderSourcesTree("cuda/", layoutSources(files, dirs, { dir: "", limit: 4, depth: 2 }))
    expect(text.trimEnd().split("\n").slice(-2)).toEqual(["│   ├── cuda-runtime-docs/ (1 file)", "│   └── ... (6 more)"])
  })

  it("RFC-0002:C-SOURCES --dir scopes the listing and --depth counts from it", () => {
    const layout = layoutSources(files, dirs, { dir: "references", limit: 100, depth: 1 })
    expect(layout.entries.map((e) => e.path)).toEqual([
      "references/cuda-driver-docs",
      "references/cuda-runtime-docs",
      "references/compilation.md",
      "references/debugging-tools.md"
    ])
  })

  it("RFC-0002:C-SOURCES --pattern matches names at any depth and keeps only directories holding a match", () => {
    const layout = layoutSources(files, dirs, { dir: "", limit: 100, pattern: "*.sh" })
    expect(layout.entries.map((e) => `${e.type}:${e.path}`)).toEqual(["dir:scripts", "file:scripts/run.sh"])
    const md = layoutSources(files, dirs, { dir: "", limit: 100, pattern: "*.md", depth: 1 })
    expect(md.entries.map((e) => [e.path, e.file_count])).toEqual([["references", 5], ["SKILL.md", undefined]])
  })
})
